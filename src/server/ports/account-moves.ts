import type { AccountState, DeletionState } from '../../shared/states/account'
import type { Executor } from '../db/client'
import type { AppDeps } from '../deps'

// An account's move (deactivated, reactivated, deletion started or done), told to the modules that react to
// it without the accounts module importing them: the platform plans put a deactivated seller on hold
// (docs/decisions/0055-platform-plans.md). Listeners are registered once in bootstrap.ts and run in the
// mover's transaction, with the user row locked, after the move is written.

export type AccountMove = {
  userId: number
  from: { account: AccountState; deletion: DeletionState }
  to: { account: AccountState; deletion: DeletionState }
}

export type AccountMoveListener = (deps: AppDeps, tx: Executor, move: AccountMove) => Promise<void>

export type AccountMoves = {
  on(listener: AccountMoveListener): void
  emit(deps: AppDeps, tx: Executor, move: AccountMove): Promise<void>
}

export function createAccountMoves(): AccountMoves {
  const listeners: AccountMoveListener[] = []
  return {
    on(listener) {
      listeners.push(listener)
    },
    async emit(deps, tx, move) {
      for (const listener of listeners) await listener(deps, tx, move)
    },
  }
}
