import type { Transitions } from './transitions'

// A publisher's participation in an affiliate program (docs/reference/accounts-and-orders.md §4); accepted is shown as Active.
// The seller accepts or rejects a request; either side can end an accepted participation (canceled); the
// publisher can withdraw a request (canceled). There is one participation per program and publisher, so
// applying again after a rejection or an end re-opens the same one as requested: no state is terminal.

export const affiliateNodeStates = ['requested', 'accepted', 'rejected', 'canceled'] as const
export type AffiliateNodeState = (typeof affiliateNodeStates)[number]

export const affiliateNodeTransitions = {
  requested: ['accepted', 'rejected', 'canceled'],
  accepted: ['canceled'],
  rejected: ['requested'],
  canceled: ['requested'],
} as const satisfies Transitions<AffiliateNodeState>
