import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { listOutput } from '../../../shared/schemas/lists'
import {
  payerDetailOutput, payerIdParams, payerListQuery, payerOutput, paymentAuthorizationIdParams, paymentAuthorizationListQuery, paymentAuthorizationOutput,
} from '../../../shared/schemas/payers'
import * as payers from './payers.service'
import * as authorizations from './payment-authorizations.service'

// /api/v1/cabinet/payers and /api/v1/cabinet/payment_authorizations (payers.service.ts,
// payment-authorizations.service.ts). Another seller's payer or authorization answers 404.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const errorBody = z.object({ error: z.object({ message: z.string(), type: z.string() }).catchall(z.unknown()) })

export const payersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payers']

  app.get('/cabinet/payers', {
    config: auth,
    schema: {
      tags, security, querystring: payerListQuery, response: { 200: listOutput(payerOutput) },
      description: 'Everyone who ordered from the seller, one row per payer (id = the payer\'s user id). `created_*` filters the first order; `counts` answers payers per type.',
    },
  }, async (req) => payers.listPayers(req.ctx, req.query))

  app.get('/cabinet/payers/export.csv', {
    config: auth, schema: { tags, security, querystring: payerListQuery, produces: ['text/csv'], description: 'The filtered payers as CSV, one row per payer and currency.' },
  }, async (req, reply) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="payers.csv"')
    .send(await payers.exportPayersCsv(req.ctx, req.query)))

  app.get('/cabinet/payers/:id', {
    config: auth, schema: { tags, security, params: payerIdParams, response: { 200: payerDetailOutput, 404: errorBody } },
  }, async (req) => payers.payerDetail(req.ctx, req.params.id))

  const authorizationTags = ['payment authorizations']

  app.get('/cabinet/payment_authorizations', {
    config: auth,
    schema: {
      tags: authorizationTags, security, querystring: paymentAuthorizationListQuery, response: { 200: listOutput(paymentAuthorizationOutput) },
      description: 'The saved mandates and cards behind the seller\'s orders; the id is the first order that used the method.',
    },
  }, async (req) => authorizations.listPaymentAuthorizations(req.ctx, req.query))

  app.get('/cabinet/payment_authorizations/:id', {
    config: auth, schema: { tags: authorizationTags, security, params: paymentAuthorizationIdParams, response: { 200: paymentAuthorizationOutput, 404: errorBody } },
  }, async (req) => authorizations.paymentAuthorization(req.ctx, req.params.id))

  app.post('/cabinet/payment_authorizations/:id/revoke', {
    config: auth,
    schema: {
      tags: authorizationTags, security, params: paymentAuthorizationIdParams, response: { 200: paymentAuthorizationOutput, 404: errorBody },
      description: 'Clears the saved method on every order of the seller that holds it; later rates then need the payer\'s pay link. Revoking again changes nothing.',
    },
  }, async (req) => authorizations.revokePaymentAuthorization(req.ctx, req.params.id))
}
