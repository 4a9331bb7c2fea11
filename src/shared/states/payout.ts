import type { Transitions } from './transitions'

// A payout of a seller's or publisher's balance to their bank account (docs/reference/accounts-and-orders.md §4).
// pending: requested or scheduled; issued: sent to the bank; successful: the bank confirmed it.

export const payoutStates = ['pending', 'issued', 'successful', 'canceled'] as const
export type PayoutState = (typeof payoutStates)[number]

export const payoutTransitions = {
  pending: ['issued', 'canceled'],
  // A bank can return an issued payout (closed account, wrong name): it is canceled and the amount goes
  // back to the balance.
  issued: ['successful', 'canceled'],
  successful: [],
  canceled: [],
} as const satisfies Transitions<PayoutState>
