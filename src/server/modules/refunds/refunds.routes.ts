import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { zIdParam, zText } from '../../../shared/validation/storable'
import { AppError } from '../../../shared/errors'
import { refundOrderInput, refundOrderOutput } from '../../../shared/schemas/refunds'
import * as refunds from './refund-order.service'

// Refunds by the seller (/cabinet) and by a manager (/admin): all or part of what an order paid goes back
// through the provider that took it (docs/decisions/0028-refunds-chargebacks-provider-events.md). Each takes
// a required Idempotency-Key header, as the checkout's orders do (docs/decisions/0016-orders-exactly-once.md):
// a client that retries after a timeout gets the first answer again and refunds once.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const params = z.object({ id: zIdParam() })
/** The engine's key shape (../../plugins/idempotency.ts). */
const keyPattern = /^[A-Za-z0-9_.:-]{8,200}$/
const headers = z.object({
  'idempotency-key': zText().regex(keyPattern).describe('8 to 200 letters, digits or -_.: chosen by the client once per refund it means, and sent again on each retry of it.'),
}).passthrough()
const keyNote = ' Requires an `Idempotency-Key` header (400 idempotency_key_required without it): the same key and body answer the first answer again, another body or order under the key 422 idempotency_key_reused, a retry while the first runs 409 idempotency_in_progress.'

/** A missing or malformed key answers its own type (400 idempotency_key_required), not the schema's INVALID_INPUT. */
async function keyRequired(req: { headers: Record<string, string | string[] | undefined> }): Promise<void> {
  const key = req.headers['idempotency-key']
  if (typeof key !== 'string' || !keyPattern.test(key)) throw new AppError('idempotency_key_required', 'An Idempotency-Key header (8 to 200 letters, digits, -_.:) is required')
}

export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/cabinet/orders/:id/refund', {
    config: auth,
    preValidation: keyRequired,
    schema: {
      tags: ['orders'], security, headers, params, body: refundOrderInput, response: { 200: refundOrderOutput },
      description: `Refunds the whole rest the order paid, or \`amount\` of it (minor units), newest charge first. 422 refund_not_possible when the order was not paid or less is left.${keyNote}`,
    },
  }, async (req) => refunds.refundOrderAsSeller(req.ctx, req.params.id, req.body, req.headers['idempotency-key']))

  app.post('/admin/orders/:id/refund', {
    config: auth,
    preValidation: keyRequired,
    schema: {
      tags: ['admin'], security, headers, params, body: refundOrderInput, response: { 200: refundOrderOutput },
      description: `A manager refunds any seller's order, as the seller would.${keyNote}`,
    },
  }, async (req) => refunds.refundOrderAsManager(req.ctx, req.params.id, req.body, req.headers['idempotency-key']))
}
