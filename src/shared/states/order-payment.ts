import type { Transitions } from './transitions'

// An order's payment_state (docs/reference/accounts-and-orders.md §4, docs/reference/readings.md 7): where the order as a whole stands. The
// state of each charge is its rate (order-rate.ts) and of each attempt its payment (payment.ts).
// - payment_waiting: created, waiting for the payer to pay (checkout open, bank wire not yet received).
// - payment_pending: a payment was sent and the provider has not confirmed it (SEPA, bank wire, 3-D Secure).
// - paying: the first charge is paid and more are due (installment, subscription).
// - paid: everything owed is paid (one-time, last installment, last charge of a limited subscription).
// - payment_paused: the seller paused the charges of a running plan.
// - payment_canceled: stopped before it was complete: an unpaid order canceled, or a subscription ended.
// - payment_refunded, payment_chargebacked: the money went back, by the seller or through the payer's bank.
// - payment_not_completed: the payer never paid (checkout abandoned, first payment failed for good).

export const orderPaymentStates = [
  'payment_waiting', 'payment_pending', 'paying', 'paid', 'payment_paused', 'payment_canceled', 'payment_refunded',
  'payment_not_completed', 'payment_chargebacked',
] as const
export type OrderPaymentState = (typeof orderPaymentStates)[number]

/** docs/reference/readings.md 6: the spec's active-like subset "paying, paid, waiting, pending". */
export const activeOrderPaymentStates: readonly OrderPaymentState[] = Object.freeze(['paying', 'paid', 'payment_waiting', 'payment_pending'])

/** Rates that are still to be charged or chased: a plan with one of them has charges ahead. */
const ratesAhead: readonly string[] = ['future', 'unpaid']

/**
 * The one "is it running" rule of a plan (installment or subscription): its order is being paid or paused
 * and it has charges ahead (a rate future or unpaid). Cancel, pause and the payer's manage page all ask it.
 */
export function isRunningPlan(paymentState: string, rates: readonly { state: string }[]): boolean {
  return ['paying', 'paid', 'payment_paused'].includes(paymentState) && rates.some((r) => ratesAhead.includes(r.state))
}

export const orderPaymentTransitions = {
  payment_waiting: ['payment_pending', 'paying', 'paid', 'payment_canceled', 'payment_not_completed'],
  // A failed attempt goes back to waiting, so the payer can try another method.
  payment_pending: ['payment_waiting', 'paying', 'paid', 'payment_canceled', 'payment_not_completed'],
  paying: ['paid', 'payment_paused', 'payment_canceled', 'payment_refunded', 'payment_chargebacked'],
  // An open subscription is `paid` after each charge (its total is one charge); cancelling it ends it
  // (docs/reference/accounts-and-orders.md §4 shows no transitions; docs/reference/readings.md 6-7 and the state's meaning above allow it). Only
  // orders with rates still to come are canceled (billing cancel-subscription.service.ts); a one-time order is refunded instead.
  // An open subscription (paid after each charge) can be paused by the seller like a paying plan (decision 0026).
  // A running plan whose later charge failed owes money again: paid -> paying while a rate is unpaid or in
  // debt (the plan's home settles it from the rates, billing plan-state.service.ts).
  paid: ['paying', 'payment_paused', 'payment_canceled', 'payment_refunded', 'payment_chargebacked'],
  payment_paused: ['paying', 'payment_canceled', 'payment_refunded', 'payment_chargebacked'],
  // A canceled subscription keeps the charges already paid; they can still be refunded or charged back.
  payment_canceled: ['payment_refunded', 'payment_chargebacked'],
  payment_refunded: [],
  // A new checkout makes a new order; this one stays as the record of the attempt.
  payment_not_completed: [],
  // The seller may win the dispute: the money comes back and the order stands where it stood before the
  // dispute (orders' payment_state_before_chargeback): paid or paying as its payments say, a paused plan
  // paused, a canceled plan canceled.
  payment_chargebacked: ['paid', 'paying', 'payment_paused', 'payment_canceled'],
} as const satisfies Transitions<OrderPaymentState>
