import { createHash } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { percentOf, roundHalfUp, type Money } from '../../../shared/money'
import { createEmoneyClient, EmoneyError, type EmoneyClient, type EmoneyConfig } from '../emoney/mangopay'
import { payInOutcomeOf, payInStateOf, payInTag, refundStateOf } from '../emoney/mangopay-states'
import { noWebhooks, providerFailure } from './common'
import type { CreatePaymentResult, PaymentProviderAdapter } from './types'

// The e-money provider as a checkout provider (docs/decisions/0052-emoney-pay-ins.md): a card pay-in on the
// provider's hosted card page, credited to the seller's wallet there, which the platform operates. The
// payer is redirected to the page and comes back to the platform's return, which asks the provider; the
// provider's hooks (GET /api/v1/hooks/emoney, PAYIN_NORMAL_*) are re-read from its API by the payouts
// module's event job. The platform's fee is the pay-in's Fees; the ledger stays the source of truth.

/** The seller's account at the provider: its user (the pay-in's author and credited user) and wallet. */
export type EmoneyCredentials = { userId: string; walletId: string }

export type EmoneyProviderOptions = {
  config: EmoneyConfig
  credentials: EmoneyCredentials
  /** The platform's fee in basis points, taken as the pay-in's Fees. */
  feeBps: number
}

/** The hosted page's languages; anything else is shown in English. */
const cultures: Record<string, string> = { DE: 'DE', AT: 'DE', CH: 'DE', FR: 'FR', BE: 'FR', LU: 'FR', ES: 'ES', IT: 'IT', NL: 'NL', PL: 'PL', PT: 'PT' }

/** The provider's idempotency keys are 16 to 36 letters, digits or dashes: ours, hashed to fit. */
export function emoneyIdempotencyKey(key: string): string {
  return `sf-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`
}

export function createEmoneyProvider(options: EmoneyProviderOptions): PaymentProviderAdapter {
  const client: EmoneyClient | null = createEmoneyClient(options.config)
  if (!client) throw new AppError('no_payment_method', 'The e-money provider is not configured')
  const { userId, walletId } = options.credentials

  return {
    code: 'emoney',

    async createPayment(input): Promise<CreatePaymentResult> {
      if (input.method !== 'card') throw new AppError('no_payment_method', 'The e-money provider takes cards only')
      // A web pay-in keeps no card for later charges (recurring plans need another provider).
      if (input.saveMethod) throw new AppError('no_payment_method', 'The e-money provider keeps no card for later payments')
      const fees: Money = percentOf(input.amount, options.feeBps)
      const payIn = await call(() => client.createCardWebPayIn({
        userId, walletId, amount: input.amount.amount, currency: input.amount.currency, fees: fees.amount,
        returnUrl: input.returnUrl, tag: payInTag(input.paymentToken), culture: cultures[input.payer.countryCode.toUpperCase()] ?? 'EN',
      }, emoneyIdempotencyKey(input.idempotencyKey)))
      const outcome = payInOutcomeOf(payIn)
      if (outcome.state !== 'waiting') return { ...outcome, nextAction: { type: 'none' } }
      if (!payIn.RedirectURL) throw providerFailure('The e-money provider gave no card page')
      return { ...outcome, amount: input.amount, nextAction: { type: 'redirect', url: payIn.RedirectURL } }
    },

    async chargeSavedMethod() {
      throw new AppError('no_payment_method', 'The e-money provider keeps no card for later payments')
    },

    async retrievePayment(providerRef) {
      const payIn = await call(() => client.getPayIn(providerRef))
      if (payIn.CreditedWalletId !== undefined && String(payIn.CreditedWalletId) !== walletId) throw new AppError('not_found', 'This is not a payment into this seller\'s wallet')
      return payInOutcomeOf(payIn)
    },

    // The platform gives back the same share of its fee as the refund is of the pay-in, as the ledger's
    // refund reverses the platform fee line in proportion (src/shared/ledger/postings.ts refundPostings).
    async refund(input) {
      const payIn = await call(() => client.getPayIn(input.providerRef))
      if (payInStateOf(payIn) !== 'successful') throw new AppError('conflict', 'Nothing was collected for this payment')
      const gross = payIn.DebitedFunds?.Amount ?? 0
      const fees = payIn.Fees?.Amount ?? 0
      const feesBack = gross > 0 ? Math.min(fees, roundHalfUp(BigInt(fees) * BigInt(input.amount.amount), gross)) : 0
      const refund = await call(() => client.refundPayIn(input.providerRef, {
        authorId: userId, amount: input.amount.amount, fees: feesBack, currency: input.amount.currency, tag: (input.reason ?? 'refund').slice(0, 255),
      }, emoneyIdempotencyKey(input.idempotencyKey)))
      return { refundRef: String(refund.Id), state: refundStateOf(refund) }
    },

    // Its hooks are GET notifications that name a resource (the payouts module's /hooks/emoney), never a signed body.
    parseWebhook: noWebhooks,
  }
}

/** The provider's errors as ours: a refusal of what was asked is the caller's, anything else a 502. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    if (error instanceof EmoneyError && error.status === 404) throw new AppError('not_found', 'The e-money provider does not know this payment')
    if (error instanceof EmoneyError && error.providerType === 'idempotency_error') throw new AppError('idempotency_key_reused', 'The idempotency key was used for another payment')
    throw providerFailure('The e-money provider could not process the request', error)
  }
}
