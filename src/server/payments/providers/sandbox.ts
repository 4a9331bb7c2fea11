import { createHash } from 'node:crypto'
import type { Money } from '../../../shared/money'
import { AppError } from '../../../shared/errors'
import { paysWithCard } from '../../../shared/payments'
import { assertCanSave, noWebhooks } from './common'
import type { CardDetails, CreatePaymentResult, PaymentOutcome, PaymentProviderAdapter, SetupOutcome } from './types'

// The built-in test provider (docs/DESIGN.md "Payments"): no network. The payer is sent to our own hosted test
// page, chooses an outcome there, and the platform records `sandboxOutcome(...)` itself; so the provider
// never knows an outcome afterwards and sends no webhooks.

/**
 * `success_then_decline`: the payment succeeds and the method it keeps declines every later charge (the
 * declining method below), for testing failed rates and dunning end to end.
 */
export const sandboxChoices = ['success', 'failure', 'pending', 'challenge', 'success_then_decline'] as const
export type SandboxChoice = (typeof sandboxChoices)[number]

/** A saved sandbox method that declines every charge, for testing failed rates and one-click upsells. */
export const sandboxDeclinedMethodId = 'sbx_pm_declined'

/**
 * Off-session charges answered so far, by idempotency key: the same key gets the same answer (one payment,
 * as a real provider keeps it), even when the order's saved method changed in between. Bounded: the oldest
 * answers are forgotten first; a forgotten key is answered from the same inputs, which give the same result.
 */
const chargesByScope = new WeakMap<object, Map<string, CreatePaymentResult>>()
const chargesKept = 10_000
/** The store of callers that name no scope. */
const defaultScope = {}

/**
 * The answers of one platform instance (its config object): two apps in one process (tests) each have their
 * own sandbox, as they would each have their own provider account.
 */
function chargesOf(scope: object): Map<string, CreatePaymentResult> {
  let charges = chargesByScope.get(scope)
  if (!charges) chargesByScope.set(scope, charges = new Map())
  return charges
}

const refPrefix = 'sbx_'
const methodPrefix = 'sbx_pm_'

/** The card every successful sandbox payment shows: Stripe's well-known test card, valid for three more years. */
export function sandboxTestCard(now: Date = new Date()): CardDetails {
  return { brand: 'visa', last4: '4242', expMonth: 12, expYear: now.getUTCFullYear() + 3 }
}

/** The sandbox's reference of a payment: `sbx_<paymentToken>`. */
export function sandboxRef(paymentToken: string): string {
  return `${refPrefix}${paymentToken}`
}

/** The test card, only for a method paid with a card: the sandbox standing in for PayPal or SEPA shows none. */
function testCardFor(method: string | undefined, now?: Date): { card?: CardDetails } {
  return method === undefined || paysWithCard(method) ? { card: sandboxTestCard(now) } : {}
}

/**
 * What the payer's choice on the test page means. `challenge` is pending: the page shows a 3-D Secure
 * step and then records success or failure. A success keeps the method when the payment asked for it.
 * `method`: the payment's method; a success shows the test card only for a card method (left out: a card).
 */
export function sandboxOutcome(
  choice: SandboxChoice, providerRef: string, amount: Money, options: { saveMethod?: boolean; now?: Date; method?: string } = {},
): PaymentOutcome {
  switch (choice) {
    case 'success': {
      const outcome: PaymentOutcome = { providerRef, state: 'successful', amount, ...testCardFor(options.method, options.now) }
      if (options.saveMethod) outcome.savedMethod = { provider: 'sandbox', paymentMethodId: methodPrefix + tokenOf(providerRef) }
      return outcome
    }
    case 'success_then_decline': {
      const outcome: PaymentOutcome = { providerRef, state: 'successful', amount, ...testCardFor(options.method, options.now) }
      if (options.saveMethod) outcome.savedMethod = { provider: 'sandbox', paymentMethodId: sandboxDeclinedMethodId }
      return outcome
    }
    case 'failure':
      return { providerRef, state: 'denied', amount, failureReason: 'card_declined' }
    case 'pending':
    case 'challenge':
      return { providerRef, state: 'pending', amount }
  }
}

/** The sandbox's reference of a method setup: `sbx_setup_<setupToken>`. */
export function sandboxSetupRef(setupToken: string): string {
  return `${refPrefix}setup_${setupToken}`
}

/**
 * What the payer's choice on the sandbox's setup page means: success keeps a new test method (charged
 * like any kept sandbox method), failure refuses it.
 */
export function sandboxSetupOutcome(choice: 'success' | 'failure', providerRef: string, now: Date = new Date()): SetupOutcome {
  if (choice === 'failure') return { providerRef, state: 'denied', failureReason: 'card_declined' }
  return { providerRef, state: 'successful', card: sandboxTestCard(now), savedMethod: { provider: 'sandbox', paymentMethodId: methodPrefix + tokenOf(providerRef) } }
}

export function createSandboxProvider(options: { appUrl: string; scope?: object }): PaymentProviderAdapter {
  const appUrl = options.appUrl.replace(/\/+$/, '')
  const chargesByKey = chargesOf(options.scope ?? defaultScope)
  return {
    code: 'sandbox',

    async createPayment(input) {
      assertCanSave(input.method, input.saveMethod)
      return {
        providerRef: sandboxRef(input.paymentToken),
        state: 'waiting',
        amount: input.amount,
        nextAction: { type: 'redirect', url: `${appUrl}/sandbox/payments/${encodeURIComponent(input.paymentToken)}` },
      }
    },

    async chargeSavedMethod(input) {
      const known = chargesByKey.get(input.idempotencyKey)
      if (known) return known
      const { savedMethod } = input
      if (savedMethod.provider !== 'sandbox' || !savedMethod.paymentMethodId?.startsWith(methodPrefix)) {
        throw new AppError('no_payment_method', 'The saved method was not kept by the test provider')
      }
      const providerRef = sandboxRef(input.paymentToken)
      const result: CreatePaymentResult = savedMethod.paymentMethodId === sandboxDeclinedMethodId
        ? { ...sandboxOutcome('failure', providerRef, input.amount), nextAction: { type: 'none' } }
        : { providerRef, state: 'successful', amount: input.amount, ...testCardFor(input.method), savedMethod, nextAction: { type: 'none' } }
      if (chargesByKey.size >= chargesKept) chargesByKey.delete(chargesByKey.keys().next().value!)
      chargesByKey.set(input.idempotencyKey, result)
      return result
    },

    // The platform records sandbox outcomes itself; the provider has nothing newer to tell.
    async retrievePayment(providerRef) {
      return { providerRef, state: 'waiting' }
    },

    async refund(input) {
      // Derived from the idempotency key, so a retried refund names the same refund.
      return { refundRef: `sbx_re_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`, state: 'successful' }
    },

    parseWebhook: noWebhooks,

    async createSetup(input) {
      assertCanSave(input.method, true)
      return {
        providerRef: sandboxSetupRef(input.setupToken), state: 'waiting',
        nextAction: { type: 'redirect', url: `${appUrl}/sandbox/setups/${encodeURIComponent(input.setupToken)}` },
      }
    },

    // As with payments, the platform records the setup page's outcome itself.
    async retrieveSetup(providerRef) {
      return { providerRef, state: 'waiting' }
    },
  }
}

function tokenOf(providerRef: string): string {
  return providerRef.startsWith(refPrefix) ? providerRef.slice(refPrefix.length) : providerRef
}
