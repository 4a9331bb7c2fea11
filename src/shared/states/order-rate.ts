import type { Transitions } from './transitions'

// One charge of an installment or subscription order (docs/reference/accounts-and-orders.md §4 "Order rate").
// - future: not yet due. unpaid: due and not paid. pending: a charge is in flight.
// - partly_paid: part of it arrived (a bank wire short of the amount). debt: overdue, in dunning/collection.
// - skipped: the seller waived it (or the plan was canceled before it fell due). paid, refunded, chargebacked.

export const orderRateStates = ['paid', 'unpaid', 'future', 'skipped', 'chargebacked', 'debt', 'refunded', 'pending', 'partly_paid'] as const
export type OrderRateState = (typeof orderRateStates)[number]

export const orderRateTransitions = {
  // A payer may pay a rate early; a canceled plan skips the rates not yet due.
  future: ['unpaid', 'pending', 'paid', 'skipped'],
  unpaid: ['pending', 'paid', 'partly_paid', 'debt', 'skipped'],
  // A failed charge leaves the rate unpaid, to be retried or handed to dunning.
  pending: ['paid', 'partly_paid', 'unpaid'],
  partly_paid: ['paid', 'pending', 'debt', 'refunded', 'skipped'],
  // Collection can end in payment, part payment, or the seller writing the rest off (skipped).
  debt: ['pending', 'paid', 'partly_paid', 'skipped'],
  paid: ['refunded', 'chargebacked'],
  // A charged-back rate is owed again (debt), unless the seller wins the dispute (paid).
  chargebacked: ['paid', 'debt'],
  refunded: [],
  skipped: [],
} as const satisfies Transitions<OrderRateState>
