import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { refundOrderInput, refundOrderOutput } from '../../../shared/schemas/refunds'
import * as refunds from './refund-order.service'

// Refunds by the seller (/cabinet) and by a manager (/admin): all or part of what an order paid goes back
// through the provider that took it (docs/decisions/0028-refunds-chargebacks-provider-events.md).

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const params = z.object({ id: z.coerce.number().int().positive() })

export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/cabinet/orders/:id/refund', {
    config: auth,
    schema: {
      tags: ['orders'], security, params, body: refundOrderInput, response: { 200: refundOrderOutput },
      description: 'Refunds the whole rest the order paid, or `amount` of it (minor units), newest charge first. 422 refund_not_possible when the order was not paid or less is left.',
    },
  }, async (req) => refunds.refundOrderAsSeller(req.ctx, req.params.id, req.body))

  app.post('/admin/orders/:id/refund', {
    config: auth,
    schema: { tags: ['admin'], security, params, body: refundOrderInput, response: { 200: refundOrderOutput }, description: 'A manager refunds any seller\'s order, as the seller would.' },
  }, async (req) => refunds.refundOrderAsManager(req.ctx, req.params.id, req.body))
}
