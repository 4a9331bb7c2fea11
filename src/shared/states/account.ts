import { accountStates, type AccountState } from '../accounts'
import type { Transitions } from './transitions'

// A user account (docs/reference/accounts-and-orders.md §2 and §3). Deactivating keeps the data and signing in again reactivates
// it; deleting is final (the data is scrambled or deleted).

export { accountStates, type AccountState }

export const accountTransitions = {
  active: ['deactivated', 'deleted'],
  deactivated: ['active', 'deleted'],
  deleted: [],
} as const satisfies Transitions<AccountState>

/**
 * What happened to an account's data, the `deletion_state` of the managers' users list: the reference's
 * data handling (empty, inactive_plan, data_scrambled, deleted) with `deletion_requested` between, a
 * deletion a manager started that waits for its blockers to clear (docs/decisions/0056-managers-admin-mode.md).
 */
export const deletionStates = ['empty', 'inactive_plan', 'deletion_requested', 'data_scrambled', 'deleted'] as const
export type DeletionState = (typeof deletionStates)[number]

export const deletionTransitions = {
  empty: ['inactive_plan', 'deletion_requested', 'data_scrambled'],
  inactive_plan: ['empty', 'deletion_requested', 'data_scrambled'],
  deletion_requested: ['empty', 'data_scrambled'],
  data_scrambled: ['deleted'],
  deleted: [],
} as const satisfies Transitions<DeletionState>
