import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { payRateInput, payRateOutput, payRateParams } from '../../../shared/schemas/billing'
import * as payerArea from './payer-area.service'

// The payer area's "pay now" (decision 0026): pays one open rate of the signed-in payer's order through the
// order's provider; the dunning mails link to the manage page that offers it.

export const payerPayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/payer/orders/:token/rates/:number/pay', {
    config: { auth: 'required' },
    schema: { tags: ['payer'], security: [{ bearer: [] }], params: payRateParams, body: payRateInput.nullish(), response: { 200: payRateOutput } },
  }, async (req) => payerArea.payRate(req.ctx, req.params.token, req.params.number))
}
