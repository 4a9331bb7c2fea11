import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { orderPaymentStates } from '../../../shared/states'
import { listOutput, listQuery } from '../../../shared/schemas/lists'
import * as orders from './orders.service'

// /api/v1/cabinet/orders: the seller's first simple orders list (the full orders area is a later issue).

const security = [{ bearer: [] }]
const sellerOrder = z.object({
  id: z.number(), token: z.string(), product_id: z.number(), product_name: z.string(), order_type: z.string(), upsell_type: z.string().nullable(),
  payer_email: z.string(), payer_name: z.string(), total_amount: z.number(), paid_amount: z.number(), vat_amount: z.number(), currency: z.string(),
  payment_state: z.string(), payment_method: z.string(), provider: z.string(), coupon_code: z.string().nullable(), campaign_id: z.string().nullable(), created_at: z.string(),
})

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/orders', {
    config: { auth: 'required' },
    schema: { tags: ['orders'], security, querystring: listQuery.extend({ payment_state: z.enum(orderPaymentStates).optional() }), response: { 200: listOutput(sellerOrder) } },
  }, async (req) => orders.listSellerOrders(req.ctx, req.query))
}
