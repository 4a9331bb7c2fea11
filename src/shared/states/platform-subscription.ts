import type { Transitions } from './transitions'

// A seller's subscription to one of the platform's own plans (docs/decisions/0055-platform-plans.md).
// pending: the seller started the checkout, nothing is paid yet; trialing: the plan's trial runs (the card is
// kept, the first charge falls due at its end); active: paid and renewing; canceled: it will not renew and
// its features last until the end of the paid period (ends_at); ended: over (never paid, replaced, or past
// ends_at). A plan given by a manager (on_hold, deletion_*, special without a price) starts active.

export const platformSubscriptionStates = ['pending', 'trialing', 'active', 'canceled', 'ended'] as const
export type PlatformSubscriptionState = (typeof platformSubscriptionStates)[number]

export const platformSubscriptionTransitions = {
  pending: ['trialing', 'active', 'ended'],
  trialing: ['active', 'canceled', 'ended'],
  active: ['canceled', 'ended'],
  canceled: ['ended'],
  ended: [],
} as const satisfies Transitions<PlatformSubscriptionState>

/** The states in which a plan's features apply to the seller. */
export const grantingSubscriptionStates = ['trialing', 'active', 'canceled'] as const satisfies readonly PlatformSubscriptionState[]
