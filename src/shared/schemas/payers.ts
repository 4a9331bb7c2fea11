import { z } from 'zod'
import { zIdParam, zText } from '../validation/storable'
import { listQuery } from './lists'

// The seller's payers (/cabinet/payers) and payment authorizations (/cabinet/payment_authorizations):
// everyone who ordered from the seller, one row per payer, and the saved mandates and cards behind the
// seller's orders. docs/reference/accounts-and-orders.md §7 names payer_id, payer_type, product_id and buyer_country_code.

/** business: the payer gave a company or a VAT id in the payer details of their latest order. */
export const payerTypes = ['individual', 'business'] as const
export type PayerType = (typeof payerTypes)[number]

const id = zIdParam()

export const payerSortKeys = ['id', 'email', 'orders_count', 'first_order_at', 'last_order_at'] as const

/** GET /cabinet/payers. `created_*` is the payer's first order with the seller. */
export const payerListQuery = listQuery.extend({
  sort_key: z.enum(payerSortKeys).optional(),
  payer_id: id.optional(),
  payer_type: z.enum(payerTypes).optional(),
  product_id: id.optional(),
  buyer_country_code: zText().trim().regex(/^[A-Za-z]{2}$/).transform((v) => v.toUpperCase()).optional(),
})
export type PayerListQuery = z.infer<typeof payerListQuery>

/** Per currency: what the payer's orders paid and what refunds gave back. */
export const payerTotal = z.object({ currency: z.string(), paid: z.number(), refunded: z.number() })

export const payerOutput = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  vat_id: z.string().nullable(),
  country_code: z.string().nullable(),
  payer_type: z.enum(payerTypes),
  orders_count: z.number(),
  totals: z.array(payerTotal),
  first_order_at: z.string(),
  last_order_at: z.string(),
})
export type PayerOutput = z.infer<typeof payerOutput>

export const payerIdParams = z.object({ id })

export const payerOrderOutput = z.object({
  id: z.number(),
  token: z.string(),
  product_id: z.number(),
  product_name: z.string(),
  payment_state: z.string(),
  payment_form: z.string(),
  period_type: z.string().nullable(),
  total_amount: z.number(),
  paid_amount: z.number(),
  refunded_amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
})

/** GET /cabinet/payers/{id}: the payer and their orders with this seller, newest first. */
export const payerDetailOutput = payerOutput.extend({ orders: z.array(payerOrderOutput) })
export type PayerDetailOutput = z.infer<typeof payerDetailOutput>

// ------------------------------------------------------------------ payment authorizations

/** revoked: the seller revoked it; expired: the card's expiry month has passed; active otherwise. */
export const paymentAuthorizationStates = ['active', 'expired', 'revoked'] as const
export type PaymentAuthorizationState = (typeof paymentAuthorizationStates)[number]

export const paymentAuthorizationListQuery = listQuery.extend({
  sort_key: z.enum(['id', 'created_at']).optional(),
  state: z.enum(paymentAuthorizationStates).optional(),
  payer_id: id.optional(),
  provider: zText().trim().max(40).optional(),
})
export type PaymentAuthorizationListQuery = z.infer<typeof paymentAuthorizationListQuery>

/** An authorization's id is the id of the first order that used the saved method (docs/decisions/0031-rates-payers-payment-authorizations.md). */
export const paymentAuthorizationIdParams = z.object({ id })

export const paymentAuthorizationOutput = z.object({
  id: z.number(),
  state: z.enum(paymentAuthorizationStates),
  provider: z.string(),
  /** The payment method code of the orders (card, sepa, paypal, ...). */
  method: z.string(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().nullable(),
  exp_year: z.number().nullable(),
  payer_id: z.number().nullable(),
  payer_email: z.string(),
  payer_name: z.string(),
  orders: z.array(z.object({ id: z.number(), token: z.string(), product_name: z.string(), payment_state: z.string() })),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
})
export type PaymentAuthorizationOutput = z.infer<typeof paymentAuthorizationOutput>

/** GET /cabinet/payers/export.csv: one row per payer and currency (a payer without paid orders: one row, no currency). */
export const payerCsvColumns = [
  'id', 'email', 'first_name', 'last_name', 'company', 'vat_id', 'country_code', 'payer_type', 'orders_count', 'currency_key', 'paid', 'refunded',
  'first_order_at', 'last_order_at',
] as const
