import type { Config } from '../../config'
import { AppError } from '../../../shared/errors'
import type { PaymentProvider } from '../../../shared/payments'
import { createBankWireProvider } from './bank-wire'
import { createEmoneyProvider, type EmoneyCredentials } from './emoney'
import { createFreeProvider } from './free'
import { createPayPalProvider } from './paypal'
import { createSandboxProvider } from './sandbox'
import { createStripeProvider } from './stripe'
import type { BankWireCredentials, PayPalCredentials, PaymentProviderAdapter, StripeCredentials } from './types'

// The one place a provider code becomes an adapter. Sellers' credentials come decrypted from the payment
// settings; `connect` uses the platform's own keys (docs/reference/readings.md 27); `emoney` the seller's wallet at
// the e-money provider (docs/decisions/0052-emoney-pay-ins.md); `sandbox` and `free` need none.

export type * from './types'
export { bankWireReference } from './bank-wire'
export { sandboxChoices, sandboxDeclinedMethodId, sandboxOutcome, sandboxRef, sandboxSetupOutcome, sandboxSetupRef, sandboxTestCard, type SandboxChoice } from './sandbox'
export { stripeMethodTypes } from './stripe'
export type { EmoneyCredentials } from './emoney'

export type ProviderConfig = Pick<
  Config,
  | 'appUrl' | 'STRIPE_API_BASE' | 'PAYPAL_API_BASE'
  | 'CONNECT_STRIPE_SECRET_KEY' | 'CONNECT_STRIPE_PUBLISHABLE_KEY' | 'CONNECT_STRIPE_WEBHOOK_SECRET'
  | 'MANGOPAY_CLIENT_ID' | 'MANGOPAY_API_KEY' | 'MANGOPAY_API_BASE'
>

/** The platform settings a provider reads: test mode and the platform's fee (docs/decisions/0062-platform-settings.md). */
export type ProviderSettings = { paymentsTestMode: boolean; connectFeeBps: number }

/**
 * The providers whose adapter implements `createSetup` (a new saved method for later rates), so a page can
 * offer the change without building an adapter. PayPal (vault flow), bank wire and free have none yet.
 */
export const setupProviders: readonly PaymentProvider[] = ['sandbox', 'stripe', 'connect']

/** The credentials each provider takes (none for the platform's own providers). */
export type ProviderCredentials = {
  sandbox: undefined
  free: undefined
  connect: undefined
  stripe: StripeCredentials
  paypal: PayPalCredentials
  bank_wire: BankWireCredentials
  /** The seller's account at the e-money provider (the payouts module's, through ports/money-out.ts). */
  emoney: EmoneyCredentials
}

/**
 * The adapter of `code`. Throws AppError('no_payment_method') when it cannot be used: the sandbox outside
 * test mode, connect without the platform's keys, a seller provider without credentials.
 */
export function createProvider<C extends PaymentProvider>(
  code: C, options: { config: ProviderConfig; settings: ProviderSettings; credentials?: ProviderCredentials[C] },
): PaymentProviderAdapter {
  const { config, settings } = options
  const credentials: ProviderCredentials[PaymentProvider] = options.credentials
  switch (code) {
    case 'sandbox':
      if (!settings.paymentsTestMode) throw notSetUp('The test provider is off outside test mode')
      return createSandboxProvider({ appUrl: config.appUrl, scope: config })
    case 'free':
      return createFreeProvider()
    case 'connect': {
      const secretKey = config.CONNECT_STRIPE_SECRET_KEY
      if (!secretKey) throw notSetUp('The platform has no card provider account')
      return createStripeProvider({
        code: 'connect', secretKey, publishableKey: config.CONNECT_STRIPE_PUBLISHABLE_KEY ?? '',
        ...(config.CONNECT_STRIPE_WEBHOOK_SECRET ? { webhookSecret: config.CONNECT_STRIPE_WEBHOOK_SECRET } : {}),
        ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
      })
    }
    case 'stripe': {
      const stripe = credentials as StripeCredentials | undefined
      if (!stripe?.secretKey) throw notSetUp('The seller has not set up the card provider')
      return createStripeProvider({
        code: 'stripe', secretKey: stripe.secretKey, publishableKey: stripe.publishableKey,
        ...(stripe.webhookSecret ? { webhookSecret: stripe.webhookSecret } : {}),
        ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
      })
    }
    case 'paypal': {
      const paypal = credentials as PayPalCredentials | undefined
      if (!paypal?.clientId || !paypal.clientSecret) throw notSetUp('The seller has not set up PayPal')
      return createPayPalProvider({
        clientId: paypal.clientId, clientSecret: paypal.clientSecret, testMode: settings.paymentsTestMode,
        ...(paypal.webhookId ? { webhookId: paypal.webhookId } : {}),
        ...(config.PAYPAL_API_BASE ? { apiBase: config.PAYPAL_API_BASE } : {}),
      })
    }
    case 'emoney': {
      const account = credentials as EmoneyCredentials | undefined
      if (!config.MANGOPAY_CLIENT_ID || !account?.walletId) throw notSetUp('The seller has no wallet at the e-money provider')
      // The platform collects into a wallet it operates, as with connect: the same fee (docs/decisions/0052-emoney-pay-ins.md).
      return createEmoneyProvider({ config, credentials: account, feeBps: settings.connectFeeBps })
    }
    case 'bank_wire': {
      const bank = credentials as BankWireCredentials | undefined
      if (!bank?.iban) throw notSetUp('The seller has not given bank details for wires')
      return createBankWireProvider(bank)
    }
  }
  throw notSetUp('Unknown payment provider')
}

function notSetUp(message: string): AppError {
  return new AppError('no_payment_method', message)
}
