import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createOwedSettlementInput, owedSettlementOutput, sellerOwedOutput } from '../../../shared/schemas/payouts'
import * as owed from './owed.service'

// What a seller owes publishers and its reseller for sales its own provider account collected, and its settlements
// (docs/decisions/0049-money-out.md "Owed", docs/decisions/0051-resellers.md "Money out").

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }

export const owedRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payouts']
  app.get('/cabinet/owed', {
    config, schema: { tags, security, response: { 200: sellerOwedOutput }, description: 'What the seller owes each publisher and reseller (party_kind) for sales its own provider collected (after its platform balance netted them), and the settlements it marked.' },
  }, async (req) => owed.sellerOwedList(req.ctx))

  app.post('/cabinet/owed_settlements', {
    config, schema: { tags, security, body: createOwedSettlementInput, response: { 201: owedSettlementOutput }, description: 'The seller marks money it paid a publisher or its reseller outside the platform, with its reference; at most what is owed.' },
  }, async (req, reply) => reply.code(201).send(await owed.settleOwed(req.ctx, req.body)))
}
