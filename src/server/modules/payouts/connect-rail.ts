import Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { createStripeClient } from '../../payments/providers/stripe'
import type { PayoutRailAdapter, RailAnswer } from './rails'

// The `connect` rail (docs/decisions/0049-money-out.md "Rails"): a transfer from the platform's connect
// account to the party's connected account (`acct_...`, kept as the bank account's provider_ref); the
// connected account's own payout schedule takes it on to the bank. The idempotency key names the payout,
// so a send job that runs twice makes one transfer.

/** The transfer's idempotency key: one transfer per payout, ever. */
export const transferKeyOf = (payoutId: number) => `payout-${payoutId}`

export const connectRail: PayoutRailAdapter = {
  async send(deps: AppDeps, { payout, bankAccount }): Promise<RailAnswer> {
    const secretKey = deps.config.CONNECT_STRIPE_SECRET_KEY
    if (!secretKey) return { state: 'canceled', reason: 'The connect provider is not configured' }
    const destination = bankAccount.providerRef
    if (!destination?.startsWith('acct_')) return { state: 'canceled', reason: 'The bank account is not a connected account' }
    const stripe = createStripeClient(secretKey, deps.config.STRIPE_API_BASE)
    try {
      const transfer = await stripe.transfers.create({
        amount: payout.amount, currency: payout.currency, destination,
        transfer_group: transferKeyOf(payout.id), metadata: { payout_id: String(payout.id) },
      }, { idempotencyKey: transferKeyOf(payout.id) })
      return { state: 'successful', providerRef: transfer.id }
    } catch (error) {
      // Refused (no such account, not enough platform balance): the answer. Down or rate-limited: retried by the job.
      if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripePermissionError) {
        return { state: 'canceled', reason: (error.message || 'The connect provider refused the transfer').slice(0, 200) }
      }
      throw error
    }
  },
}
