// What is left to refund, shared by the refund use case and the order detail's refund button (the orders
// module reads it without importing refunds).

type ChargeLike = { amount: number; refundedAmount: number }
type PaymentLike = ChargeLike & { id: number; kind: string; state: string; parentPaymentId: number | null }

/**
 * What is left to refund of one successful charge: its amount less what refunds and open chargebacks took
 * (its refunded_amount) and refunds still waiting for the provider.
 */
export function refundableOfCharge(charge: ChargeLike, refundsInFlight: number): number {
  return Math.max(0, charge.amount - charge.refundedAmount - refundsInFlight)
}

/** What is left to refund of an order, from all its payments (the order detail's refund button). */
export function refundableOfPayments(payments: readonly PaymentLike[]): number {
  const inFlight = (chargeId: number) => payments
    .filter((p) => p.kind === 'refund' && p.state === 'pending' && p.parentPaymentId === chargeId)
    .reduce((sum, p) => sum + p.amount, 0)
  return payments
    .filter((p) => p.kind === 'charge' && p.state === 'successful')
    .reduce((sum, charge) => sum + refundableOfCharge(charge, inFlight(charge.id)), 0)
}
