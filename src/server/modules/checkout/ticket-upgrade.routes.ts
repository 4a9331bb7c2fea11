import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { zText } from '../../../shared/validation/storable'
import { AppError } from '../../../shared/errors'
import { createOrderOutput } from '../../../shared/schemas/checkout'
import { createTicketUpgradeInput, ticketUpgradeOptionsOutput, ticketUpgradeParams, ticketUpgradeTokenParams } from '../../../shared/schemas/ticket-upgrades'
import * as upgrades from './ticket-upgrade.service'

// Ticket upgrades (docs/reference/readings.md 8): the signed-in payer's ticket under /payer, or the ticket of the order whose
// token the caller holds under /shop/orders/{token}. Behind the seller's ticket_upgrade flag (403
// feature_disabled); another payer's ticket is 404. Creating one answers like POST /shop/orders.

const tags = ['ticket upgrades']
const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const errorBody = z.object({ error: z.object({ message: z.string(), type: z.string() }).catchall(z.unknown()) })
const idempotencyHeaders = z.object({ 'idempotency-key': zText().optional() }).passthrough()
const refusals = { 403: errorBody, 404: errorBody, 409: errorBody }

function keyOf(headers: { 'idempotency-key'?: string | undefined }, body: { idempotency_key?: string | undefined }): string {
  const key = headers['idempotency-key'] ?? body.idempotency_key
  if (!key) throw new AppError('idempotency_key_required', 'An Idempotency-Key header (or idempotency_key) is required')
  return key
}

export const ticketUpgradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/payer/payment_tickets/:id/upgrades', {
    config: auth,
    schema: {
      tags, security, params: ticketUpgradeParams, response: { 200: ticketUpgradeOptionsOutput, ...refusals },
      description: 'The better ticket types of the ticket\'s event and the difference to pay for each; none unless the ticket is unused.',
    },
  }, async (req) => upgrades.upgradeOptions(req.ctx, upgrades.payerAccess(req.ctx), req.params.id))

  app.post('/payer/payment_tickets/:id/upgrades', {
    config: auth,
    schema: {
      tags, security, headers: idempotencyHeaders, params: ticketUpgradeParams, body: createTicketUpgradeInput, response: { 201: createOrderOutput, ...refusals },
      description: 'Makes an order of type ticket_upgrade for the difference and starts its payment (next_action as POST /shop/orders).',
    },
  }, async (req, reply) => {
    const answer = await upgrades.createUpgrade(req.ctx, upgrades.payerAccess(req.ctx), req.params.id, req.body, keyOf(req.headers, req.body))
    return reply.code(answer.status as 201).send(answer.body)
  })

  app.get('/shop/orders/:token/payment_tickets/:id/upgrades', {
    schema: { tags, params: ticketUpgradeTokenParams, response: { 200: ticketUpgradeOptionsOutput, ...refusals }, description: 'As /payer/payment_tickets/{id}/upgrades, for the holder of the ticket\'s order token.' },
  }, async (req, reply) => {
    void reply.header('cache-control', 'no-store')
    return upgrades.upgradeOptions(req.ctx, { orderToken: req.params.token }, req.params.id)
  })

  app.post('/shop/orders/:token/payment_tickets/:id/upgrades', {
    schema: { tags, headers: idempotencyHeaders, params: ticketUpgradeTokenParams, body: createTicketUpgradeInput, response: { 201: createOrderOutput, ...refusals } },
  }, async (req, reply) => {
    const answer = await upgrades.createUpgrade(req.ctx, { orderToken: req.params.token }, req.params.id, req.body, keyOf(req.headers, req.body))
    return reply.code(answer.status as 201).send(answer.body)
  })
}
