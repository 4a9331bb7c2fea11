import { z } from 'zod'
import { zIdParam } from '../validation/storable'
import { paymentMethodCodes } from '../payments/methods'
import { orderRateStates } from '../states/order-rate'
import { listQuery } from './lists'

// The seller's order rates (docs/reference/accounts-and-orders.md §3 "Order rate", /cabinet/order_rates): one row per charge of every
// installment, subscription and limited subscription order, with the filters of docs/reference/accounts-and-orders.md §7 that
// apply to rates and the bounds of section 5 (charges count 0 to 10000, overdue days 0 to 365).

export const chargesCountMax = 10_000
export const daysOverdueMax = 365

/** The plan forms that have rates (docs/reference/readings.md 1: kinds 1, 2 and 3). */
export const ratePeriodTypes = ['installment', 'limited_subscription', 'subscription'] as const

/**
 * The states in which a rate is owed: past its due date it is overdue and counts its days overdue.
 * partly_paid is owed too (the rest of it), so it counts as overdue like unpaid and debt.
 */
export const owedRateStates = ['unpaid', 'debt', 'partly_paid'] as const

const isoTime = z.iso.datetime({ offset: true })
const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
const id = zIdParam()
const bounded = (max: number) => z.coerce.number().int().min(0).max(max)

/** One value or several: `state=paid&state=unpaid` or `state=paid,unpaid`. */
export function oneOrMany<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter((s) => s.length > 0) : v),
    z.array(z.enum(values)).min(1).max(40),
  )
}

export const orderRateSortKeys = ['id', 'number', 'due_at', 'amount', 'state', 'paid_at', 'attempts', 'created_at'] as const

/** GET /cabinet/order_rates and its CSV export. `created_*` is the order's creation, `success_*` the rate's payment. */
export const orderRateListQuery = listQuery.extend({
  sort_key: z.enum(orderRateSortKeys).optional(),
  state: oneOrMany(orderRateStates).optional(),
  order_id: id.optional(),
  product_id: id.optional(),
  pricing_plan_id: id.optional(),
  payer_id: id.optional(),
  payment_form: oneOrMany(paymentMethodCodes).optional(),
  period_type: oneOrMany(ratePeriodTypes).optional(),
  /** The order's paid rates. */
  charges_count_from: bounded(chargesCountMax).optional(),
  charges_count_to: bounded(chargesCountMax).optional(),
  overdue: boolParam.optional(),
  /** Whole days since the due date of an owed rate (owedRateStates); only overdue rates match. */
  days_overdue_from: bounded(daysOverdueMax).optional(),
  days_overdue_to: bounded(daysOverdueMax).optional(),
  /** The due date. */
  charge_from_time: isoTime.optional(),
  charge_till_time: isoTime.optional(),
  amount_from: z.coerce.number().int().min(0).optional(),
  amount_to: z.coerce.number().int().min(0).optional(),
})
export type OrderRateListQuery = z.infer<typeof orderRateListQuery>

export const orderRateOutput = z.object({
  id: z.number(),
  number: z.number(),
  amount: z.number(),
  currency: z.string(),
  due_at: z.string(),
  state: z.enum(orderRateStates),
  paid_at: z.string().nullable(),
  paid_amount: z.number(),
  refunded_amount: z.number(),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  last_failure_reason: z.string().nullable(),
  overdue: z.boolean(),
  days_overdue: z.number().nullable(),
  order_id: z.number(),
  order_token: z.string(),
  order_payment_state: z.string(),
  /** The order's paid rates. */
  charges_count: z.number(),
  rates_count: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  pricing_plan_id: z.number().nullable(),
  period_type: z.string().nullable(),
  payment_form: z.string(),
  provider: z.string(),
  payer_id: z.number().nullable(),
  payer_email: z.string(),
  payer_name: z.string(),
  created_at: z.string(),
})
export type OrderRateOutput = z.infer<typeof orderRateOutput>

/** The CSV export's columns, in order (the spec lists none for rates: these are the list's fields). */
export const orderRateCsvColumns = [
  'id', 'order_id', 'order_token', 'number', 'state', 'amount', 'currency_key', 'due_date', 'paid_at', 'paid_amount', 'refunded_amount',
  'attempts', 'days_overdue', 'charges_count', 'rates_count', 'product_id', 'product', 'pricing_plan_id', 'period_type', 'payment_form',
  'provider', 'payer_id', 'payer_email', 'payer_name', 'last_failure_reason', 'created_at',
] as const
