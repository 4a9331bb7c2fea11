import { z } from 'zod'

// Payment method codes and providers of docs/reference/catalogue-and-selling.md §3, with the outcome docs/reference/readings.md 27 gives each code
// (docs/decisions/0015-payment-methods-and-providers.md). Pure: the checkout, the payment settings matrix and the storefront read it.

/** Every method code of the spec, in the spec's order. */
export const paymentMethodCodes = [
  'paypal', 'card', 'cardAmEx', 'stripeCard', 'sofort', 'bank_wire', 'sepa', 'pay_later', 'p_24', 'not_assigned',
  'apple_pay', 'google_pay', 'sofort_sepa', 'ideal', 'ideal_sepa', 'klarna', 'twint', 'ext_balance', 'free', 'bank_account',
] as const
export type PaymentMethodCode = (typeof paymentMethodCodes)[number]

/**
 * What each code does (docs/reference/readings.md 27): `checkout` is offered at checkout; `alias` is stored and shown but
 * charged as the method it names (cardAmEx and stripeCard are card); `legacy` and `stored` are values an
 * order may carry with no checkout of their own.
 */
export const paymentMethodOutcomes = {
  card: { kind: 'checkout' },
  cardAmEx: { kind: 'alias', of: 'card' },
  stripeCard: { kind: 'alias', of: 'card' },
  apple_pay: { kind: 'checkout' },
  google_pay: { kind: 'checkout' },
  sepa: { kind: 'checkout' },
  ideal: { kind: 'checkout' },
  p_24: { kind: 'checkout' },
  klarna: { kind: 'checkout' },
  twint: { kind: 'checkout' },
  bank_wire: { kind: 'checkout' },
  paypal: { kind: 'checkout' },
  free: { kind: 'checkout' },
  // The card provider discontinued Sofort in 2025: kept so old orders read, never offered.
  sofort: { kind: 'legacy' },
  sofort_sepa: { kind: 'legacy' },
  pay_later: { kind: 'stored' },
  ideal_sepa: { kind: 'stored' },
  ext_balance: { kind: 'stored' },
  bank_account: { kind: 'stored' },
  not_assigned: { kind: 'stored' },
} as const satisfies Record<PaymentMethodCode, { kind: 'checkout' | 'legacy' | 'stored' } | { kind: 'alias'; of: PaymentMethodCode }>

/** The methods a payer can choose at checkout (free is chosen by the platform for a free order, not listed). */
export const checkoutMethods = ['card', 'apple_pay', 'google_pay', 'sepa', 'ideal', 'p_24', 'klarna', 'twint', 'paypal', 'bank_wire'] as const
export type CheckoutMethod = (typeof checkoutMethods)[number]

/**
 * Providers. `sandbox` is the built-in test provider (test mode only); `connect` is the platform's own
 * merchant account through the Stripe adapter with the platform's keys (docs/reference/readings.md 27); `emoney` a
 * card pay-in into the seller's wallet at the e-money provider, which the platform operates
 * (docs/decisions/0052-emoney-pay-ins.md).
 */
export const paymentProviders = ['sandbox', 'stripe', 'connect', 'paypal', 'bank_wire', 'free', 'emoney'] as const
export type PaymentProvider = (typeof paymentProviders)[number]

/**
 * The spec's provider values no checkout exists for (docs/reference/catalogue-and-selling.md "Providers"): a bank-transfer
 * initiation (`direct_bank`) and app-store purchases (`in_app_purchase`). An order imported or reported with one
 * reads; neither is ever offered at checkout nor receives webhooks (docs/decisions/0015-payment-methods-and-providers.md).
 */
export const notOfferedProviders = ['direct_bank', 'in_app_purchase'] as const
export type NotOfferedProvider = (typeof notOfferedProviders)[number]

/** Every provider value a payment may carry: the working providers and those stored only. */
export const providerValues = [...paymentProviders, ...notOfferedProviders] as const

/** Providers whose credentials a seller stores at /cabinet/settings/payment_providers. */
export const sellerCredentialProviders = ['stripe', 'paypal', 'bank_wire'] as const
export type SellerCredentialProvider = (typeof sellerCredentialProviders)[number]

/**
 * The method x provider matrix: each method is limited to a set of providers (docs/reference/catalogue-and-selling.md "Provider choice
 * fields"); Klarna and TWINT only through the card provider or the connect provider. The sandbox can
 * stand in for every method in test mode.
 */
export const providersOfMethod = {
  card: ['stripe', 'connect', 'emoney', 'sandbox'],
  apple_pay: ['stripe', 'connect', 'sandbox'],
  google_pay: ['stripe', 'connect', 'sandbox'],
  sepa: ['stripe', 'connect', 'sandbox'],
  ideal: ['stripe', 'connect', 'sandbox'],
  p_24: ['stripe', 'connect', 'sandbox'],
  klarna: ['stripe', 'connect', 'sandbox'],
  twint: ['stripe', 'connect', 'sandbox'],
  paypal: ['paypal', 'sandbox'],
  bank_wire: ['bank_wire'],
} as const satisfies Record<CheckoutMethod, readonly PaymentProvider[]>

/** The spec's provider choice field of each method (cardProvider, payPalProvider, ...). */
export const providerChoiceField: Partial<Record<CheckoutMethod, string>> = {
  card: 'cardProvider', apple_pay: 'applePayProvider', google_pay: 'googlePayProvider', p_24: 'p24Provider',
  bank_wire: 'bankWireProvider', paypal: 'payPalProvider', sepa: 'sepaProvider', ideal: 'idealProvider', klarna: 'klarnaProvider',
}

/**
 * Methods a recurring plan (installment, subscription) can charge again without the payer. Klarna keeps its
 * method at the card provider for recurring payments; the checkout offers it for later rates only with the
 * seller's klarna_subscriptions flag (src/shared/feature-gates.ts `methodFlags`).
 */
export const reusableMethods: readonly CheckoutMethod[] = ['card', 'apple_pay', 'google_pay', 'sepa', 'klarna', 'paypal']

/**
 * Providers whose payments keep no method for later charges: the e-money provider's card pay-in
 * (docs/decisions/0052-emoney-pay-ins.md). They never pay installments or subscriptions, and one-click offers
 * after them open the checkout instead of charging at once.
 */
export const providersKeepingNoMethod: readonly PaymentProvider[] = ['emoney']

export function providerKeepsMethod(provider: PaymentProvider | string): boolean {
  return !(providersKeepingNoMethod as readonly string[]).includes(provider)
}

/** Methods whose confirmation takes days (the order waits in payment_pending). */
export const delayedMethods: readonly CheckoutMethod[] = ['sepa', 'bank_wire']

/** Methods paid with a card (or a card in a wallet): only their payments have a card to show. */
export const cardMethods: readonly PaymentMethodCode[] = ['card', 'cardAmEx', 'stripeCard', 'apple_pay', 'google_pay']

/** Whether a payment made with this method code can show a card (PayPal, bank wire, SEPA... never do). */
export function paysWithCard(method: string | null | undefined): boolean {
  return typeof method === 'string' && (cardMethods as readonly string[]).includes(method)
}

export function isCheckoutMethod(value: unknown): value is CheckoutMethod {
  return typeof value === 'string' && (checkoutMethods as readonly string[]).includes(value)
}

export function providerAllowedFor(method: CheckoutMethod, provider: PaymentProvider): boolean {
  return (providersOfMethod[method] as readonly PaymentProvider[]).includes(provider)
}

/** The method an order is charged as: an alias resolves to what it names. */
export function chargedMethod(code: PaymentMethodCode): PaymentMethodCode {
  const outcome = paymentMethodOutcomes[code]
  return outcome.kind === 'alias' ? outcome.of : code
}

export const zCheckoutMethod = z.enum(checkoutMethods)
export const zPaymentMethodInput = z.enum([...checkoutMethods, 'free'])
export const zPaymentProvider = z.enum(paymentProviders)
