import type { Executor } from '../db/client'
import type { AppDeps } from '../deps'

// What account deletion asks the payouts module (docs/decisions/0049-money-out.md "Deletion"): the payouts
// module reads accounts, so accounts asks it through this port, wired in bootstrap.ts, instead of importing it.

export type MoneyOutPort = {
  /**
   * Why the user's account cannot be deleted now, as the deletion questionnaire names them:
   * `positive_balance` (money still owed to or by them), `pending_payouts` (a payout on its way),
   * `active_subscriptions` (a plan of theirs still charges payers). Empty when nothing stands in the way.
   */
  deletionBlockers(deps: AppDeps, tx: Executor, userId: number): Promise<string[]>
  /** Deletes the user's identity documents (their files too) and scrambles their bank details. */
  forgetUser(deps: AppDeps, tx: Executor, userId: number): Promise<void>
}
