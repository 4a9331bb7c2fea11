import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { listOutput } from '../../../shared/schemas/lists'
import { orderRateListQuery, orderRateOutput } from '../../../shared/schemas/order-rates'
import { pastDueOrderListOutput, pastDueOrderListQuery } from '../../../shared/schemas/past-due-orders'
import * as orderRates from './order-rates.service'
import * as pastDue from './past-due-orders.service'

// /api/v1/cabinet/order_rates: the seller's rates list and its CSV export (order-rates.service.ts); and
// /api/v1/cabinet/past_due_orders, the orders with overdue rates (past-due-orders.service.ts).

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

  app.get('/cabinet/past_due_orders', {
    config: auth,
    schema: {
      tags, security, querystring: pastDueOrderListQuery, response: { 200: pastDueOrderListOutput },
      description: 'Orders with at least one owed rate (unpaid, debt, partly_paid) past its due date: overdue amount and rates, the oldest due date, '
        + 'days overdue since it; `totals` per currency over every matching order. Default sort: oldest_due_at ascending.',
    },
  }, async (req) => pastDue.listPastDueOrders(req.ctx, req.query))
}
