import type { PastDueOrderListOutput, PastDueOrderListQuery } from '../../../shared/schemas/past-due-orders'
import { owedRateStates } from '../../../shared/schemas/order-rates'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as repo from './past-due-orders.repository'

// GET /cabinet/past_due_orders (docs/decisions/0057-orders-area-remains.md): the seller's orders with owed
// rates past their due date, the oldest first by default, and totals per currency. Computed against
// ctx.now (the business clock), like the rates list's `overdue`.

const dayMs = 86_400_000

export async function listPastDueOrders(ctx: Ctx, query: PastDueOrderListQuery): Promise<PastDueOrderListOutput> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  const date = (v: string | undefined) => (v ? new Date(v) : undefined)
  const { rows, total, totalMax, totals } = await repo.listPastDue(ctx.db, sellerId, {
    productId: query.product_id, payerId: query.payer_id, paymentForms: query.payment_form, currency: query.currency,
    daysOverdueFrom: query.days_overdue_from, daysOverdueTo: query.days_overdue_to, amountFrom: query.amount_from, amountTo: query.amount_to,
    createdFrom: date(query.created_from_time), createdTill: date(query.created_till_time), query: query.query,
  }, owedRateStates, ctx.now, {
    offset: (query.page - 1) * query.per, limit: query.per, sortKey: query.sort_key ?? 'oldest_due_at', sortDir: query.sort_dir ?? 'asc',
  })
  return {
    list: rows.map((r) => {
      const payer = r.payer as { email?: string; first_name?: string; last_name?: string }
      return {
        order_id: r.orderId, order_token: r.orderToken, payment_state: r.paymentState, payment_form: r.paymentForm, product_id: r.productId,
        product_name: r.productName, payer_id: r.payerId, payer_email: payer.email ?? '', payer_name: [payer.first_name, payer.last_name].filter(Boolean).join(' '),
        currency: r.currency, overdue_rates_count: r.ratesCount, overdue_amount: r.amount, oldest_due_at: r.oldestDueAt.toISOString(),
        days_overdue: Math.max(0, Math.floor((ctx.now.getTime() - r.oldestDueAt.getTime()) / dayMs)),
      }
    }),
    total_count: total, total_count_max: totalMax,
    totals: totals.map((t) => ({ currency: t.currency, orders_count: t.orders, rates_count: t.rates, amount: t.amount })),
  }
}
