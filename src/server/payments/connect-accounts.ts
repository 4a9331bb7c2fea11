import Stripe from 'stripe'
import { AppError } from '../../shared/errors'
import type { ProviderAccountState } from '../../shared/states/provider-account'
import type { Config } from '../config'
import { providerFailure } from './providers/common'
import { createStripeClient } from './providers/stripe'

// Connected accounts at the connect provider (docs/decisions/0052-emoney-pay-ins.md "Connect onboarding"): an
// Express account for a party, the provider's hosted onboarding (an Account Link), the account as it stands
// and its `account.updated` webhooks. Like the payment adapters it talks to the provider only (no database,
// no transaction); the payouts module keeps the `acct_…` on a bank account row of the connect rail.

export type ConnectConfig = Pick<Config, 'CONNECT_STRIPE_SECRET_KEY' | 'CONNECT_STRIPE_WEBHOOK_SECRET' | 'CONNECT_STRIPE_ACCOUNTS_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>

/** What the platform reads of a connected account. */
export type ConnectAccount = {
  id: string
  chargesEnabled: boolean
  payoutsEnabled: boolean
  detailsSubmitted: boolean
  /** The provider's reason the account is switched off (`rejected.fraud`, `requirements.past_due`, …), or null. */
  disabledReason: string | null
  /** Requirements that are past due (the account is or will be restricted until they are given). */
  pastDue: string[]
}

export type ConnectAccounts = {
  /** An Express account that can receive transfers; the key names the party, so a retry makes one account. */
  createAccount(input: { country: string; email: string; partyTag: string }, idempotencyKey: string): Promise<ConnectAccount>
  /** A one-time link to the provider's onboarding for the account. */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>
  retrieveAccount(accountId: string): Promise<ConnectAccount>
  /** Verifies a webhook delivery's signature; answers the accounts its `account.updated` events name (others: none). */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ConnectAccount[]
}

/** A Stripe account in the platform's words. */
export function connectAccountOf(account: Stripe.Account): ConnectAccount {
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    disabledReason: account.requirements?.disabled_reason ?? null,
    pastDue: account.requirements?.past_due ?? [],
  }
}

/**
 * The provider account state of a connected account (src/shared/states/provider-account.ts): rejected by the
 * provider; blocked while switched off for another reason; kyc_2 when it can be paid out to; kyc_1 when it can
 * take money but not yet pay it out; kyc_incomplete while onboarding is unfinished or something is past due.
 */
export function connectAccountStateOf(account: ConnectAccount): ProviderAccountState {
  if (account.disabledReason?.startsWith('rejected.')) return 'rejected'
  if (account.payoutsEnabled && account.pastDue.length === 0) return 'kyc_2'
  if (account.disabledReason && account.detailsSubmitted && account.disabledReason !== 'requirements.past_due' && account.disabledReason !== 'requirements.pending_verification') return 'blocked'
  if (account.chargesEnabled && account.pastDue.length === 0) return 'kyc_1'
  return 'kyc_incomplete'
}

/** The connected accounts client for the platform's keys, or null when the connect provider is not configured. */
export function createConnectAccounts(config: ConnectConfig): ConnectAccounts | null {
  const secretKey = config.CONNECT_STRIPE_SECRET_KEY
  if (!secretKey) return null
  const stripe = createStripeClient(secretKey, config.STRIPE_API_BASE)
  return {
    async createAccount(input, idempotencyKey) {
      const account = await call(() => stripe.accounts.create({
        type: 'express', country: input.country, email: input.email,
        capabilities: { transfers: { requested: true } }, metadata: { party: input.partyTag },
      }, { idempotencyKey }))
      return connectAccountOf(account)
    },

    async onboardingLink(accountId, urls) {
      const link = await call(() => stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: urls.returnUrl, refresh_url: urls.refreshUrl }))
      return link.url
    },

    async retrieveAccount(accountId) {
      return connectAccountOf(await call(() => stripe.accounts.retrieve(accountId)))
    },

    parseWebhook(rawBody, signature) {
      // The Connect endpoint has its own signing secret at the provider; one endpoint for both is allowed too.
      const secret = config.CONNECT_STRIPE_ACCOUNTS_WEBHOOK_SECRET ?? config.CONNECT_STRIPE_WEBHOOK_SECRET
      if (!secret || !signature) throw new AppError('invalid_signature', 'The webhook is not signed')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, secret)
      } catch {
        throw new AppError('invalid_signature', 'The webhook signature does not verify')
      }
      return event.type === 'account.updated' ? [connectAccountOf(event.data.object)] : []
    },
  }
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    if (error instanceof AppError) throw error
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') throw new AppError('not_found', 'The connect provider does not know this account')
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new AppError('validation_failed', (error.message || 'The connect provider refused the request').slice(0, 200))
    throw providerFailure('The connect provider could not process the request', error)
  }
}
