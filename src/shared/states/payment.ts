import type { Transitions } from './transitions'

// A payment (transfer: the records at /cabinet/transfers, docs/reference/readings.md 7): one attempt to move money.
// - waiting: created, waiting for the payer (redirect to the provider, bank wire instructions sent).
// - pending: the payer acted, the provider has not confirmed (SEPA, 3-D Secure, bank wire in transit).
// - partially_paid: part of a bank wire arrived.
// Every outcome is final: a refund, a chargeback or a retry is a new payment, so a payment's record of
// what happened never changes once it has happened.

export const paymentStates = ['successful', 'denied', 'error', 'pending', 'canceled', 'expired', 'waiting', 'partially_paid'] as const
export type PaymentState = (typeof paymentStates)[number]

export const paymentTransitions = {
  waiting: ['pending', 'successful', 'partially_paid', 'denied', 'error', 'canceled', 'expired'],
  pending: ['successful', 'partially_paid', 'denied', 'error', 'canceled', 'expired'],
  // The rest may still arrive before the deadline.
  partially_paid: ['successful', 'canceled', 'expired'],
  successful: [],
  denied: [],
  error: [],
  canceled: [],
  expired: [],
} as const satisfies Transitions<PaymentState>
