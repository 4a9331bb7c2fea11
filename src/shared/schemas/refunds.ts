import { z } from 'zod'
import { zText } from '../validation/storable'

// Refunds (docs/decisions/0028-refunds-chargebacks-provider-events.md): the seller (or a manager) gives back all or part of what an order
// paid, through the provider. Amounts are minor units of the order's currency.

/** The largest amount a request may name; the order's own refundable rest is checked by the service. */
const maxRefundAmount = 100_000_000_00

/** POST /cabinet/orders/{id}/refund and /admin/orders/{id}/refund: the whole rest when `amount` is left out. */
export const refundOrderInput = z.strictObject({
  amount: z.number().int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).max(maxRefundAmount, { error: 'invalid_value' }).optional(),
  reason: zText().trim().max(500, { error: 'too_long' }).optional(),
})
export type RefundOrderInput = z.infer<typeof refundOrderInput>

/** A refund, chargeback or won chargeback of one of the order's charges (a payment row). */
export const refundPaymentOutput = z.object({
  id: z.number(),
  kind: z.enum(['refund', 'chargeback', 'chargeback_reversal']),
  /** pending until the provider answers; successful or denied after. */
  state: z.string(),
  amount: z.number(),
  currency: z.string(),
  provider: z.string(),
  /** The charge it gives back (for a won chargeback: the chargeback it reverses). */
  parent_payment_id: z.number().nullable(),
  rate_number: z.number().nullable(),
  provider_ref: z.string().nullable(),
  /** Why a refund was denied, or a note (a bank wire refund is sent by the seller). */
  note: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** A chargeback's dispute fee the provider charged (0: none reported); a won chargeback's: the part of it given back. */
  dispute_fee_amount: z.number().optional().default(0),
})
export type RefundPaymentOutput = z.infer<typeof refundPaymentOutput>

export const refundOrderOutput = z.object({
  order_id: z.number(),
  payment_state: z.string(),
  currency: z.string(),
  paid_amount: z.number(),
  refunded_amount: z.number(),
  chargeback_amount: z.number(),
  /** The refund payments this request made, newest charge first. */
  refunds: z.array(refundPaymentOutput),
})
export type RefundOrderOutput = z.infer<typeof refundOrderOutput>
