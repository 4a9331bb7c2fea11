import type { Transitions } from './transitions'

// An identity document (docs/reference/accounts-and-orders.md §4). created: uploaded; validation_asked: sent for review
// (to a manager or the e-money provider); validated or refused (with a reason). The provider's other
// answers (incomplete, expired, ...) are stored as refused reasons, not states, so the machine stays small.

export const kycDocumentStates = ['created', 'init', 'validation_asked', 'validated', 'refused', 'incomplete'] as const
export type KycDocumentState = (typeof kycDocumentStates)[number]

export const kycDocumentTransitions = {
  init: ['created'],
  created: ['validation_asked'],
  validation_asked: ['validated', 'refused', 'incomplete'],
  // A validated document expires (an identity card's end date) and must be uploaded again.
  validated: ['refused'],
  refused: [],
  incomplete: [],
} as const satisfies Transitions<KycDocumentState>

/** Why a document was refused: the spec's other document statuses, as a manager or the provider gives them. */
export const kycRefusalReasons = ['unreadable', 'wrong_name', 'wrong_type', 'expired', 'not_accepted', 'not_verified', 'incomplete', 'other'] as const
export type KycRefusalReason = (typeof kycRefusalReasons)[number]
