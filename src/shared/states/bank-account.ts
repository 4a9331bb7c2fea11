import type { Transitions } from './transitions'

// A payout bank account (docs/reference/accounts-and-orders.md §4). not_sent: saved, not yet checked; waiting: a manager (or
// the e-money provider) is checking it; activated: payouts go to it; deactivated: replaced or switched off;
// rejected: the check failed (with a reason); error: the provider refused it technically; init_state: an
// account taken over from a provider before the platform knew it. Only one account per party is activated:
// activating another deactivates it.

export const bankAccountStates = ['not_sent', 'waiting', 'activated', 'deactivated', 'rejected', 'error', 'init_state'] as const
export type BankAccountState = (typeof bankAccountStates)[number]

export const bankAccountTransitions = {
  init_state: ['waiting', 'activated', 'deactivated'],
  not_sent: ['waiting', 'deactivated'],
  waiting: ['activated', 'rejected', 'error', 'deactivated'],
  activated: ['deactivated'],
  deactivated: [],
  rejected: [],
  error: ['waiting', 'deactivated'],
} as const satisfies Transitions<BankAccountState>

// The manager's check of a bank account: init (a first account), change (replacing an activated one),
// accepted, rejected.
export const bankAccountLegitimationStates = ['init', 'change', 'accepted', 'rejected'] as const
export type BankAccountLegitimationState = (typeof bankAccountLegitimationStates)[number]

export const bankAccountLegitimationTransitions = {
  init: ['accepted', 'rejected'],
  change: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
} as const satisfies Transitions<BankAccountLegitimationState>

/** Why a bank account was rejected. */
export const bankAccountRejectionReasons = ['holder_mismatch', 'invalid_account', 'country_not_supported', 'document_missing', 'other'] as const
