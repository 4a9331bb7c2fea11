import type { AppDeps } from '../../deps'
import { connectRail } from './connect-rail'
import { emoneyRail } from './emoney.service'
import type { BankAccountRow, LegitimationRow, PayoutRow } from './money-out.repository'

// How a payout reaches the bank (docs/decisions/0049-money-out.md "Rails"):
//   sepa     a manager downloads a pain.001 file for a batch and marks it issued, then successful
//   connect  a transfer to the party's connected account at the connect provider
//   emoney   a payout from the party's wallet at the e-money provider to its bank account
// The rail is chosen when the payout is made; sepa needs nothing more, the others are sent by a job.

export type PayoutRail = 'sepa' | 'connect' | 'emoney'

export type RailAnswer =
  | { state: 'issued' | 'successful'; providerRef: string }
  | { state: 'canceled'; reason: string }

export type RailInput = { payout: PayoutRow; bankAccount: BankAccountRow; legitimation: LegitimationRow | undefined }

export type PayoutRailAdapter = {
  /** Sends the payout; answers what the provider said. Called by a job outside any transaction; idempotent per payout id. */
  send(deps: AppDeps, input: RailInput): Promise<RailAnswer>
}

/** The rail of a new payout: the e-money provider when it holds the party's wallet, connect when the bank account is a connected account, SEPA otherwise. */
export function railFor(deps: AppDeps, input: { bankAccount: BankAccountRow; legitimation: LegitimationRow | undefined }): PayoutRail {
  if (input.legitimation?.providerWalletRef && deps.config.MANGOPAY_CLIENT_ID) return 'emoney'
  if (input.bankAccount.providerRef?.startsWith('acct_') && deps.config.CONNECT_STRIPE_SECRET_KEY) return 'connect'
  return 'sepa'
}

/**
 * The adapters of the rails a job sends (sepa has none: a manager's batch file carries it): the e-money
 * provider's (emoney.service.ts) and the connect provider's (connect-rail.ts).
 */
export const railAdapters: Partial<Record<PayoutRail, PayoutRailAdapter>> = { emoney: emoneyRail, connect: connectRail }
