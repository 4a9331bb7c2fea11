import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { orderCsvQuery, orderDetailOutput, orderDetailQuery, orderIdParams, orderListOutput, orderListQuery } from '../../../shared/schemas/order-lists'
import * as orderLists from './order-lists.service'

// /api/v1/cabinet/orders: the seller's orders list with the spec's filters and counts, its CSV export and
// the order detail with the relations the spec lists (docs/decisions/0030-orders-list-detail-and-csv-exports.md). Refund, cancel, pause and
// resume are the billing and refunds modules' routes.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const errorBody = z.object({ error: z.object({ message: z.string(), type: z.string() }).catchall(z.unknown()) })

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders']

  app.get('/cabinet/orders', {
    config: auth,
    schema: {
      tags, security, querystring: orderListQuery, response: { 200: orderListOutput },
      description: 'The seller\'s orders. Filters take one value or several (repeated or comma-separated). Relative times: created_period=last|current|previous, '
        + 'created_unit=day|week|month|year, created_count=n (and success_*), in UTC, weeks from Monday. amount_* is what was paid, order_amount_* the '
        + 'total, both in minor units. counts=true adds counts per payment_state and order_type_counts for the same filters.',
    },
  }, async (req) => orderLists.listSellerOrders(req.ctx, req.query))

  app.get('/cabinet/orders/export.csv', {
    config: auth,
    schema: {
      tags, security, querystring: orderCsvQuery, produces: ['text/csv'],
      description: 'The filtered orders as CSV with the spec\'s columns; columns=a,b picks a subset in that order; decimal_separator=. or , for amounts.',
    },
  }, async (req, reply) => {
    const { columns, decimal_separator, ...query } = req.query
    const csv = await orderLists.exportSellerOrdersCsv(req.ctx, query, { columns, decimalSeparator: decimal_separator })
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="orders.csv"').send(csv)
  })

  app.get('/cabinet/orders/:id', {
    config: auth,
    schema: {
      tags, security, params: orderIdParams, querystring: orderDetailQuery, response: { 200: orderDetailOutput, 404: errorBody },
      description: 'One order of the seller with payment_state, amounts and the actions that apply now. expand=product,publisher,deal,sellables,credit_card,'
        + 'payer,funnel,affiliate_program,cancellation_term,invoices,transfers,claim_data,dunning,rates loads those relations; another seller\'s order is 404.',
    },
  }, async (req) => orderLists.orderDetail(req.ctx, req.params.id, req.query.expand))

  app.get('/admin/orders', {
    config: auth,
    schema: { tags, security, querystring: orderListQuery, response: { 200: orderListOutput }, description: 'Every seller\'s orders (managers), with the same filters.' },
  }, async (req) => orderLists.listAllOrders(req.ctx, req.query))
}
