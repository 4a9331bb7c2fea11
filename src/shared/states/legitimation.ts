import type { Transitions } from './transitions'

// A party's identity check (docs/decisions/0049-money-out.md "Identity"). The first four steps are the
// profile modal's pages (an entity gives its headquarters, legal representative, documents and owners; a
// natural person starts at documents); `requested` is submitted, `in_review` a manager (or the e-money
// provider) is looking, `change` the party was asked to change something, `registered` the provider has the
// user, `legitimated` the check passed, `rejected` it failed. A legitimated party that changes its identity
// goes back to `change`.

export const legitimationSteps = ['head_quarter', 'legal_representative', 'documents', 'ubo', 'requested', 'in_review', 'change', 'registered', 'legitimated', 'rejected'] as const
export type LegitimationStep = (typeof legitimationSteps)[number]

export const legitimationTransitions = {
  head_quarter: ['legal_representative', 'documents'],
  legal_representative: ['head_quarter', 'documents'],
  documents: ['head_quarter', 'legal_representative', 'ubo', 'requested'],
  ubo: ['documents', 'requested'],
  requested: ['in_review', 'registered', 'legitimated', 'rejected', 'change'],
  in_review: ['registered', 'legitimated', 'rejected', 'change'],
  change: ['documents', 'ubo', 'requested'],
  registered: ['in_review', 'legitimated', 'rejected', 'change'],
  legitimated: ['change', 'rejected'],
  // A rejected party may correct its documents and ask again.
  rejected: ['documents', 'change'],
} as const satisfies Transitions<LegitimationStep>

/** The steps a party is still filling in (it may edit and upload); after them a manager has the turn. */
export const editableLegitimationSteps: readonly LegitimationStep[] = ['head_quarter', 'legal_representative', 'documents', 'ubo', 'change', 'rejected']
