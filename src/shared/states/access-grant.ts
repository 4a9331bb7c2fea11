import type { Transitions } from './transitions'

// A payer's access to a product through an order (docs/decisions/0017-delivery.md). The spec names no states;
// these are designed here (docs/decisions/0017-delivery.md):
// - active: the payer may use the product (until expires_at, when set).
// - expired: the access period ran out, or the subscription that paid for it ended. The seller can extend
//   it (access extension wizard), which makes it active again.
// - revoked: the money went back (refund, chargeback). A payer who buys again gets a new grant; only a
//   dispute the seller won gives a grant revoked by its chargeback back: active (paused again at once when
//   it was paused before), or expired when its end passed meanwhile (delivery's restoreOrderAccess).
// - paused: a rate of the order is in dunning or debt and the seller pauses access then (0027); it gives
//   no access and becomes active again when the rate is paid, or expired when its end passes meanwhile.

export const accessGrantStates = ['active', 'expired', 'revoked', 'paused'] as const
export type AccessGrantState = (typeof accessGrantStates)[number]

export const accessGrantTransitions = {
  active: ['expired', 'revoked', 'paused'],
  expired: ['active', 'revoked'],
  revoked: ['active', 'expired'],
  paused: ['active', 'expired', 'revoked'],
} as const satisfies Transitions<AccessGrantState>
