import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { listOutput } from '../../../shared/schemas/lists'
import { orderRateListQuery, orderRateOutput } from '../../../shared/schemas/order-rates'
import * as orderRates from './order-rates.service'

// /api/v1/cabinet/order_rates: the seller's rates list and its CSV export (order-rates.service.ts).

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }

export const orderRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['order rates']

  app.get('/cabinet/order_rates', {
    config: auth,
    schema: {
      tags, security, querystring: orderRateListQuery, response: { 200: listOutput(orderRateOutput) },
      description: 'One row per charge of the seller\'s installment, subscription and limited subscription orders. '
        + '`?order_id=` answers that order\'s rates by number. `state` and `payment_form` take one value or several (repeated or comma-separated).',
    },
  }, async (req) => orderRates.listOrderRates(req.ctx, req.query))

  app.get('/cabinet/order_rates/export.csv', {
    config: auth, schema: { tags, security, querystring: orderRateListQuery, produces: ['text/csv'], description: 'The filtered rates as CSV.' },
  }, async (req, reply) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="order_rates.csv"')
    .send(await orderRates.exportOrderRatesCsv(req.ctx, req.query)))
}
