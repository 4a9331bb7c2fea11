import { isCurrencyId, toMajorUnitsString } from '../../../shared/money'
import type { ListAnswer } from '../../../shared/schemas/lists'
import {
  orderRateCsvColumns, owedRateStates, type OrderRateListQuery, type OrderRateOutput,
} from '../../../shared/schemas/order-rates'
import type { OrderRateState } from '../../../shared/states'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import { csvFromPages } from '../../csv-export'
import * as repo from './order-rates.repository'

// /cabinet/order_rates (docs/decisions/0031-rates-payers-payment-authorizations.md): every charge of the seller's installment, subscription and
// limited subscription orders with its state, the filters of docs/reference/accounts-and-orders.md §7 that apply to rates, counts
// per state and the CSV export. Read only; `overdue` and `days_overdue` are computed against ctx.now (the
// business clock), never stored. docs/decisions/0031-rates-payers-payment-authorizations.md.

function filtersOf(query: OrderRateListQuery): repo.RateListFilters {
  const date = (v: string | undefined) => (v ? new Date(v) : undefined)
  return {
    states: query.state, orderId: query.order_id, productId: query.product_id, pricingPlanId: query.pricing_plan_id, payerId: query.payer_id,
    paymentForms: query.payment_form, periodTypes: query.period_type,
    chargesCountFrom: query.charges_count_from, chargesCountTo: query.charges_count_to,
    overdue: query.overdue, daysOverdueFrom: query.days_overdue_from, daysOverdueTo: query.days_overdue_to,
    dueFrom: date(query.charge_from_time), dueTill: date(query.charge_till_time), amountFrom: query.amount_from, amountTo: query.amount_to,
    createdFrom: date(query.created_from_time), createdTill: date(query.created_till_time),
    paidFrom: date(query.success_from_time), paidTill: date(query.success_till_time), query: query.query,
  }
}

type PayerDetails = { email?: string; first_name?: string; last_name?: string }

function output(row: repo.RateListRow): OrderRateOutput {
  const r = row.rate
  const payer = row.payer as PayerDetails
  return {
    id: r.id, number: r.number, amount: r.amount, currency: row.currency, due_at: r.dueDate.toISOString(), state: r.state as OrderRateState,
    paid_at: r.paidAt?.toISOString() ?? null, paid_amount: r.paidAmount, refunded_amount: r.refundedAmount, attempts: r.attempts,
    next_attempt_at: r.nextAttemptAt?.toISOString() ?? null, last_failure_reason: r.lastFailureReason,
    overdue: row.daysOverdue !== null, days_overdue: row.daysOverdue,
    order_id: r.orderId, order_token: row.orderToken, order_payment_state: row.orderPaymentState, charges_count: row.chargesCount, rates_count: row.ratesCount,
    product_id: row.productId, product_name: row.productName, pricing_plan_id: row.pricingPlanId, period_type: row.periodType,
    payment_form: row.paymentForm, provider: row.provider, payer_id: row.payerId, payer_email: payer.email ?? '',
    payer_name: [payer.first_name, payer.last_name].filter(Boolean).join(' '), created_at: row.orderCreatedAt.toISOString(),
  }
}

/** GET /cabinet/order_rates: the filtered page, with counts per state when asked. Default sort: due date ascending within an order filter, id descending otherwise. */
export async function listOrderRates(ctx: Ctx, query: OrderRateListQuery): Promise<ListAnswer<OrderRateOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  const filters = filtersOf(query)
  const sortKey = query.sort_key ?? (query.order_id ? 'number' : 'id')
  const sortDir = query.sort_dir ?? (query.order_id ? 'asc' : 'desc')
  const { rows, total, totalMax } = await repo.listRates(ctx.db, sellerId, filters, owedRateStates, ctx.now, {
    offset: (query.page - 1) * query.per, limit: query.per, sortKey, sortDir,
  })
  const answer: ListAnswer<OrderRateOutput> = { list: rows.map(output), total_count: total, total_count_max: totalMax }
  if (query.counts) answer.counts = await repo.rateStateCounts(ctx.db, sellerId, filters, owedRateStates, ctx.now)
  return answer
}


function amountText(amount: number, currency: string): string {
  return isCurrencyId(currency) ? toMajorUnitsString(amount, currency) : String(amount)
}

/** The filtered rates as CSV (orderRateCsvColumns), amounts in major units with a dot. */
export async function exportOrderRatesCsv(ctx: Ctx, query: OrderRateListQuery): Promise<string> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  const filters = filtersOf(query)
  return csvFromPages(orderRateCsvColumns, async ({ offset, limit }) => {
    const { rows } = await repo.listRates(ctx.db, sellerId, filters, owedRateStates, ctx.now, {
      offset, limit, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'asc',
    })
    return rows.map((row) => {
      const x = output(row)
      return {
        id: String(x.id), order_id: String(x.order_id), order_token: x.order_token, number: String(x.number), state: x.state,
        amount: amountText(x.amount, x.currency), currency_key: x.currency, due_date: x.due_at, paid_at: x.paid_at ?? '',
        paid_amount: amountText(x.paid_amount, x.currency), refunded_amount: amountText(x.refunded_amount, x.currency), attempts: String(x.attempts),
        days_overdue: x.days_overdue === null ? '' : String(x.days_overdue), charges_count: String(x.charges_count), rates_count: String(x.rates_count),
        product_id: String(x.product_id), product: x.product_name, pricing_plan_id: x.pricing_plan_id === null ? '' : String(x.pricing_plan_id),
        period_type: x.period_type ?? '', payment_form: x.payment_form, provider: x.provider, payer_id: x.payer_id === null ? '' : String(x.payer_id),
        payer_email: x.payer_email, payer_name: x.payer_name, last_failure_reason: x.last_failure_reason ?? '', created_at: x.created_at,
      }
    })
  })
}
