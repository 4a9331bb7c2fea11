import { z } from 'zod'
import { zIdParam } from '../validation/storable'
import { paymentMethodCodes } from '../payments/methods'
import { listOutput, listQuery } from './lists'
import { daysOverdueMax, oneOrMany } from './order-rates'

// The past-due orders screen (/cabinet/past_due_orders, docs/decisions/0057-orders-area-remains.md): one row
// per order with at least one owed rate (unpaid, debt, partly_paid) past its due date, with what is overdue
// and since when, and totals per currency of everything the filters match.

const id = zIdParam()
const amount = z.coerce.number().int().min(0)
const bounded = (max: number) => z.coerce.number().int().min(0).max(max)

export const pastDueOrderSortKeys = ['oldest_due_at', 'overdue_amount', 'overdue_rates_count', 'order_id'] as const

export const pastDueOrderListQuery = listQuery.extend({
  sort_key: z.enum(pastDueOrderSortKeys).optional(),
  product_id: id.optional(),
  payer_id: id.optional(),
  payment_form: oneOrMany(paymentMethodCodes).optional(),
  currency: z.string().regex(/^[a-z]{3}$/).optional(),
  /** Whole days since the oldest overdue rate's due date. */
  days_overdue_from: bounded(daysOverdueMax).optional(),
  days_overdue_to: bounded(daysOverdueMax).optional(),
  /** The overdue amount of the order (minor units). */
  amount_from: amount.optional(),
  amount_to: amount.optional(),
})
export type PastDueOrderListQuery = z.infer<typeof pastDueOrderListQuery>

export const pastDueOrderOutput = z.object({
  order_id: z.number(),
  order_token: z.string(),
  payment_state: z.string(),
  payment_form: z.string(),
  product_id: z.number(),
  product_name: z.string(),
  payer_id: z.number().nullable(),
  payer_email: z.string(),
  payer_name: z.string(),
  currency: z.string(),
  overdue_rates_count: z.number(),
  /** What is still owed of the overdue rates (amount - paid). */
  overdue_amount: z.number(),
  oldest_due_at: z.string(),
  days_overdue: z.number(),
})
export type PastDueOrderOutput = z.infer<typeof pastDueOrderOutput>

export const pastDueTotal = z.object({ currency: z.string(), orders_count: z.number(), rates_count: z.number(), amount: z.number() })

export const pastDueOrderListOutput = listOutput(pastDueOrderOutput).extend({
  /** Per currency, over every order the filters match (not only this page). */
  totals: z.array(pastDueTotal),
})
export type PastDueOrderListOutput = z.infer<typeof pastDueOrderListOutput>
