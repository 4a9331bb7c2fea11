import { findWireReferences } from '../../../shared/payments/wire-reference'
import type { StatementLine } from './statement'

// What an incoming transfer means for the bank wire payment its reference names. Pure: the service looks the
// payment up, locks its order, re-reads it and applies the answer through the orders service's
// payment-recording path. Anything doubtful is unmatched, for a manager to assign: never paid to a wrong order.

export type WirePayment = { id: number; reference: string; amount: number; currency: string; received: number; state: string }

export type MatchDecision =
  | { kind: 'exact'; paymentId: number; received: number }
  | { kind: 'partial'; paymentId: number; received: number; missing: number }
  | { kind: 'over'; paymentId: number; received: number; overpaid: number }
  | { kind: 'unmatched'; reason: 'no_reference' | 'several_references' | 'unknown_reference' | 'currency_mismatch' | 'payment_closed' }

/** The one reference in the line's remittance text, or why there is none to use. */
export function referenceOf(line: Pick<StatementLine, 'remittance'>): { reference: string } | { reason: 'no_reference' | 'several_references' } {
  const found = findWireReferences(line.remittance)
  if (found.length === 0) return { reason: 'no_reference' }
  if (found.length > 1) return { reason: 'several_references' }
  return { reference: found[0] as string }
}

/**
 * The decision for a line and the payment its reference found (undefined: none). `received` counts what
 * earlier transfers already paid of it (a partial payment completed by a second transfer).
 */
export function decide(line: Pick<StatementLine, 'amount' | 'currency' | 'remittance'>, payment: WirePayment | undefined): MatchDecision {
  const ref = referenceOf(line)
  if ('reason' in ref) return { kind: 'unmatched', reason: ref.reason }
  if (!payment || payment.reference !== ref.reference) return { kind: 'unmatched', reason: 'unknown_reference' }
  return settle(line, payment)
}

/** What a transfer pays of a payment it is known to be for (by its reference, or a seller's assignment). */
export function settle(line: Pick<StatementLine, 'amount' | 'currency'>, payment: WirePayment): MatchDecision {
  if (payment.currency !== line.currency) return { kind: 'unmatched', reason: 'currency_mismatch' }
  if (payment.state !== 'waiting' && payment.state !== 'pending' && payment.state !== 'partially_paid') return { kind: 'unmatched', reason: 'payment_closed' }
  const received = payment.received + line.amount
  if (received === payment.amount) return { kind: 'exact', paymentId: payment.id, received }
  if (received < payment.amount) return { kind: 'partial', paymentId: payment.id, received, missing: payment.amount - received }
  return { kind: 'over', paymentId: payment.id, received, overpaid: received - payment.amount }
}
