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
