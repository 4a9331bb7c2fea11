import type { SQL, SQLWrapper } from 'drizzle-orm'
import type { Executor } from '../db/client'
import type { AppDeps } from '../deps'

// What account deletion asks the payouts module (docs/decisions/0049-money-out.md "Deletion") and what payment
// settings ask of a seller's e-money wallet (docs/decisions/0052-emoney-pay-ins.md): the payouts module reads
// accounts and orders, so they ask it through this port, wired in bootstrap.ts, instead of importing it.

/** A seller's account at the e-money provider: its user, its wallet and the provider's state of it. */
export type EmoneyAccount = { userRef: string; walletRef: string; state: string | null }

export type MoneyOutPort = {
  /**
   * The seller's user and wallet at the e-money provider, whatever their state (refunds of earlier pay-ins
   * need them), or null when the provider has none. Payment settings offer the provider only while the
   * state is kyc_1 or kyc_2 (docs/decisions/0052-emoney-pay-ins.md).
   */
  emoneyAccountOf(tx: Executor, sellerId: number): Promise<EmoneyAccount | null>
  /**
   * The same standing as SQL: whether the seller (a column or value) has a wallet that may receive
   * payments (kyc_1, kyc_2), for payment settings' `paymentAccountDone` in reads that list or filter sellers.
   */
  emoneyReceivingSql(sellerId: SQLWrapper): SQL<boolean>
  /**
   * Why the user's account cannot be deleted now, as the deletion questionnaire names them:
   * `positive_balance` (money still owed to or by them), `pending_payouts` (a payout on its way),
   * `active_subscriptions` (a plan of theirs still charges payers). Empty when nothing stands in the way.
   */
  deletionBlockers(deps: AppDeps, tx: Executor, userId: number): Promise<string[]>
  /** Deletes the user's identity documents (their files too) and scrambles their bank details. */
  forgetUser(deps: AppDeps, tx: Executor, userId: number): Promise<void>
}
