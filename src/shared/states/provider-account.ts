import type { Transitions } from './transitions'

// A party's account at the e-money provider (docs/reference/accounts-and-orders.md §4). kyc_1: light (may receive payments);
// kyc_2: regular (may also pay out); kyc_incomplete: documents missing; rejected, blocked, closed, expired:
// no money moves. The provider decides; the platform records its answers, so every move it reports is allowed
// except leaving closed.

export const providerAccountStates = ['kyc_1', 'kyc_2', 'closed', 'kyc_incomplete', 'rejected', 'blocked', 'expired'] as const
export type ProviderAccountState = (typeof providerAccountStates)[number]

export const providerAccountTransitions = {
  kyc_incomplete: ['kyc_1', 'kyc_2', 'rejected', 'blocked', 'closed', 'expired'],
  kyc_1: ['kyc_2', 'kyc_incomplete', 'rejected', 'blocked', 'closed', 'expired'],
  kyc_2: ['kyc_1', 'kyc_incomplete', 'blocked', 'closed', 'expired'],
  rejected: ['kyc_incomplete', 'kyc_1', 'kyc_2', 'closed'],
  blocked: ['kyc_1', 'kyc_2', 'closed'],
  expired: ['kyc_incomplete', 'kyc_1', 'kyc_2', 'closed'],
  closed: [],
} as const satisfies Transitions<ProviderAccountState>
