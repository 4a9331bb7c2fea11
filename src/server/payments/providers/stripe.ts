import Stripe from 'stripe'
import { AppError } from '../../../shared/errors'
import type { CurrencyId, Money } from '../../../shared/money'
import type { CheckoutMethod } from '../../../shared/payments'
import { fromStripeAmount, toStripeAmount } from './amounts'
import { assertCanSave, headerValue, providerFailure } from './common'
import type {
  CreatePaymentResult, CreateSetupInput, CreateSetupResult, PaymentOutcome, PaymentProviderAdapter, ProviderEvent, RefundResult, SavedMethod, SetupOutcome,
} from './types'

// The card provider, for a seller's own account (`stripe`) and for the platform's account (`connect`,
// docs/reference/readings.md 27). Payments run through a Stripe-hosted Checkout Session: the payer is redirected, so the
// storefront loads no third-party script (docs/decisions/0015-payment-methods-and-providers.md). The session id is the payment's
// providerRef; an off-session charge of a saved method has no session, and its PaymentIntent id is.

export type StripeProviderOptions = {
  secretKey: string
  publishableKey: string
  webhookSecret?: string
  /** STRIPE_API_BASE: unset is Stripe itself; tests point it at a local stand-in. */
  apiBase?: string
  code: 'stripe' | 'connect'
}

/** The Checkout payment method type of each method offered here; Apple Pay and Google Pay are card wallets. */
export const stripeMethodTypes = {
  card: 'card', apple_pay: 'card', google_pay: 'card', sepa: 'sepa_debit', ideal: 'ideal', p_24: 'p24', klarna: 'klarna', twint: 'twint',
} as const satisfies Partial<Record<CheckoutMethod, Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType>>
export type StripeMethod = keyof typeof stripeMethodTypes

/** Methods that take only some currencies: refused here with a clear error rather than a provider 400. */
const methodCurrencies: Partial<Record<StripeMethod, readonly CurrencyId[]>> = {
  sepa: ['eur'], ideal: ['eur'], p_24: ['eur', 'pln'], twint: ['chf'],
}

/** Metadata on sessions and payment intents: how webhooks find our payment. */
const meta = { paymentToken: 'payment_token', orderToken: 'order_token', flow: 'flow', setupToken: 'setup_token' } as const
type Flow = 'checkout' | 'off_session' | 'setup'

export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 0, timeout: 30_000 }
  if (apiBase) {
    const url = new URL(apiBase)
    config.protocol = url.protocol === 'http:' ? 'http' : 'https'
    config.host = url.hostname
    config.port = url.port || (config.protocol === 'http' ? 80 : 443)
  }
  return new Stripe(secretKey, config)
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProviderAdapter {
  const { code, webhookSecret } = options
  const stripe = createStripeClient(options.secretKey, options.apiBase)

  function outcomeOfIntent(intent: Stripe.PaymentIntent, providerRef: string, customer?: string): PaymentOutcome {
    const state = intentState(intent)
    const outcome: PaymentOutcome = {
      providerRef, state, amount: fromStripeAmount(state === 'successful' ? intent.amount_received : intent.amount, intent.currency),
    }
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null
    const card = charge?.payment_method_details?.card
    if (card) outcome.card = { brand: card.brand ?? 'unknown', last4: card.last4 ?? '', expMonth: card.exp_month, expYear: card.exp_year }
    if (state === 'denied' && intent.last_payment_error) {
      outcome.failureReason = intent.last_payment_error.decline_code ?? intent.last_payment_error.code ?? 'declined'
    }
    const customerId = idOf(intent.customer) ?? customer
    const paymentMethodId = idOf(intent.payment_method)
    if (state === 'successful' && intent.setup_future_usage === 'off_session' && customerId && paymentMethodId) {
      outcome.savedMethod = { provider: code, customerId, paymentMethodId }
    }
    return outcome
  }

  function outcomeOfSession(session: Stripe.Checkout.Session): PaymentOutcome {
    const providerRef = session.id
    const amount = session.amount_total !== null && session.currency ? fromStripeAmount(session.amount_total, session.currency) : undefined
    if (session.status === 'expired') return withAmount({ providerRef, state: 'expired' }, amount)
    if (session.status !== 'complete') return withAmount({ providerRef, state: 'waiting' }, amount)
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null
    if (intent) return outcomeOfIntent(intent, providerRef, idOf(session.customer))
    return withAmount({ providerRef, state: session.payment_status === 'unpaid' ? 'pending' : 'successful' }, amount)
  }

  /**
   * A Checkout Session in setup mode: the payer's method is kept for the customer (the given one, else a
   * new one), nothing is charged. Used for a new method of later rates and to start a trial.
   */
  async function setupSession(input: {
    method: StripeMethod; currency: CurrencyId; payer: CreateSetupInput['payer']; customerId: string | undefined; metadata: Record<string, string>
    clientReference: string | undefined; returnUrl: string; cancelUrl: string; idempotencyKey: string
  }): Promise<{ id: string; url: string }> {
    const customer = input.customerId ?? (await call(() => stripe.customers.create(
      { email: input.payer.email, name: `${input.payer.firstName} ${input.payer.lastName}`.trim() }, { idempotencyKey: `${input.idempotencyKey}:customer` },
    ))).id
    const session = await call(() => stripe.checkout.sessions.create({
      mode: 'setup',
      currency: input.currency,
      allowed_payment_method_types: [stripeMethodTypes[input.method]],
      customer,
      metadata: input.metadata,
      setup_intent_data: { metadata: input.metadata },
      ...(input.clientReference ? { client_reference_id: input.clientReference } : {}),
      success_url: input.returnUrl,
      cancel_url: input.cancelUrl,
    }, { idempotencyKey: input.idempotencyKey }))
    if (!session.url) throw providerFailure('The card provider gave no setup page')
    return { id: session.id, url: session.url }
  }

  /** A trial's setup session as a payment of 0: successful once the method is kept, with that method. */
  function outcomeOfTrialSession(session: Stripe.Checkout.Session): PaymentOutcome {
    const providerRef = session.id
    const amount = session.currency ? fromStripeAmount(0, session.currency) : undefined
    if (session.status === 'expired') return withAmount({ providerRef, state: 'expired' }, amount)
    const intent = typeof session.setup_intent === 'object' ? session.setup_intent : null
    if (session.status !== 'complete' || !intent) return withAmount({ providerRef, state: 'waiting' }, amount)
    if (intent.status === 'canceled') return withAmount({ providerRef, state: 'canceled' }, amount)
    if (intent.status !== 'succeeded') {
      const error = intent.last_setup_error
      return withAmount(error ? { providerRef, state: 'denied', failureReason: error.decline_code ?? error.code ?? 'declined' } : { providerRef, state: 'waiting' }, amount)
    }
    const paymentMethodId = idOf(intent.payment_method)
    const customerId = idOf(intent.customer) ?? idOf(session.customer)
    if (!paymentMethodId || !customerId) return withAmount({ providerRef, state: 'denied', failureReason: 'no_method_kept' }, amount)
    const card = typeof intent.payment_method === 'object' ? intent.payment_method?.card : undefined
    return withAmount({
      providerRef, state: 'successful', savedMethod: { provider: code, customerId, paymentMethodId },
      ...(card ? { card: { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } } : {}),
    }, amount)
  }

  async function retrievePayment(providerRef: string): Promise<PaymentOutcome> {
    if (providerRef.startsWith('cs_')) {
      const session = await call(() => stripe.checkout.sessions.retrieve(providerRef, { expand: ['payment_intent.latest_charge'] }))
      // A trial's session is in setup mode: its kept method is on the SetupIntent.
      if (session.mode === 'setup') return outcomeOfTrialSession(await call(() => stripe.checkout.sessions.retrieve(providerRef, { expand: ['setup_intent.payment_method'] })))
      return outcomeOfSession(session)
    }
    if (providerRef.startsWith('pi_')) {
      const intent = await call(() => stripe.paymentIntents.retrieve(providerRef, { expand: ['latest_charge'] }))
      return outcomeOfIntent(intent, intent.id)
    }
    throw new AppError('not_found', 'This is not a payment of the card provider')
  }

  /** Our payment behind a PaymentIntent, for refunds and disputes: its token and the providerRef we keep. */
  async function paymentOfIntent(
    intentRef: string | Stripe.PaymentIntent | null, metadata?: Stripe.Metadata | null,
  ): Promise<{ paymentToken: string; providerRef: string } | null> {
    const intentId = idOf(intentRef)
    if (!intentId) return null
    let data = metadata?.[meta.paymentToken] && metadata[meta.flow] ? metadata : null
    data ??= (await call(() => stripe.paymentIntents.retrieve(intentId))).metadata
    const paymentToken = data[meta.paymentToken]
    if (!paymentToken) return null
    if (data[meta.flow] !== 'checkout') return { paymentToken, providerRef: intentId }
    const sessions = await call(() => stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 }))
    return { paymentToken, providerRef: sessions.data[0]?.id ?? intentId }
  }

  /**
   * The dispute fee Stripe keeps: the sum of the fees of the dispute's balance transactions (the
   * withdrawal charges it; the reinstatement of a won dispute gives it back as a negative fee where Stripe
   * returns it), in their currency. Undefined when the event lists none or mixes currencies.
   */
  function disputeFee(dispute: Stripe.Dispute): Money | undefined {
    const moves = (dispute.balance_transactions ?? []) as Partial<Stripe.BalanceTransaction>[]
    const currency = moves[0]?.currency
    if (!currency || moves.some((m) => m.currency !== currency || typeof m.fee !== 'number')) return undefined
    try {
      return fromStripeAmount(Math.max(0, moves.reduce((sum, m) => sum + (m.fee ?? 0), 0)), currency)
    } catch {
      return undefined
    }
  }

  async function reduce(event: Stripe.Event): Promise<ProviderEvent> {
    const base = { eventId: event.id, type: event.type }
    const ignored: ProviderEvent = { ...base, kind: 'ignored' }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = event.data.object
        const paymentToken = session.metadata?.[meta.paymentToken] ?? session.client_reference_id
        if (!paymentToken) return ignored
        const amount = session.amount_total !== null && session.currency ? fromStripeAmount(session.amount_total, session.currency) : undefined
        let outcome: PaymentOutcome
        if (event.type === 'checkout.session.expired') outcome = withAmount({ providerRef: session.id, state: 'expired' }, amount)
        else if (event.type === 'checkout.session.async_payment_failed') {
          outcome = withAmount({ providerRef: session.id, state: 'denied', failureReason: 'async_payment_failed' }, amount)
        } else if (session.payment_status === 'unpaid') {
          // A delayed method (SEPA): the session is complete, the money is not there yet.
          outcome = withAmount({ providerRef: session.id, state: 'pending' }, amount)
        } else outcome = await retrievePayment(session.id) // with the card and the saved method
        return { ...base, kind: 'payment', paymentToken, outcome }
      }
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const intent = event.data.object
        const paymentToken = intent.metadata?.[meta.paymentToken]
        // A Checkout payment is told by its session's events: a card declined there may still be retried
        // by the payer on the same session, so the intent's failure is not the payment's.
        if (!paymentToken || intent.metadata[meta.flow] === 'checkout') return ignored
        const outcome = event.type === 'payment_intent.succeeded'
          ? await retrievePayment(intent.id)
          : { ...outcomeOfIntent(intent, intent.id), state: 'denied' as const }
        return { ...base, kind: 'payment', paymentToken, outcome }
      }
      case 'charge.refunded': {
        const charge = event.data.object
        const payment = await paymentOfIntent(charge.payment_intent, charge.metadata)
        if (!payment) return ignored
        const total = fromStripeAmount(charge.amount_refunded, charge.currency)
        const before = event.data.previous_attributes?.amount_refunded
        const already = typeof before === 'number' ? fromStripeAmount(before, charge.currency).amount : 0
        return { ...base, kind: 'refund', ...payment, amount: { ...total, amount: total.amount - already }, totalRefunded: total }
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object
        const payment = await paymentOfIntent(dispute.payment_intent)
        if (!payment) return ignored
        const fee = disputeFee(dispute)
        return { ...base, kind: 'chargeback', ...payment, amount: fromStripeAmount(dispute.amount, dispute.currency), ref: dispute.id, ...(fee ? { fee } : {}) }
      }
      case 'charge.dispute.closed': {
        // Won: the disputed money comes back (a lost dispute changes nothing: the chargeback stands).
        const dispute = event.data.object
        if (dispute.status !== 'won') return ignored
        const payment = await paymentOfIntent(dispute.payment_intent)
        if (!payment) return ignored
        const fee = disputeFee(dispute)
        return { ...base, kind: 'chargeback_reversal', ...payment, amount: fromStripeAmount(dispute.amount, dispute.currency), ref: dispute.id, ...(fee ? { fee } : {}) }
      }
      default:
        return ignored
    }
  }

  return {
    code,

    async createPayment(input): Promise<CreatePaymentResult> {
      const method = stripeMethod(input.method)
      assertCanSave(input.method, input.saveMethod)
      assertCurrency(method, input.amount.currency)
      const metadata = { [meta.paymentToken]: input.paymentToken, [meta.orderToken]: input.orderToken, [meta.flow]: 'checkout' satisfies Flow }
      if (input.amount.amount === 0) {
        // A trial (docs/decisions/0033-trial-periods.md): Checkout refuses a payment of 0, so the method is set up instead.
        // The session names our payment like a paid one, so its return and webhooks complete it as 0.
        if (!input.saveMethod) throw new AppError('no_payment_method', 'The card provider takes no payment of 0')
        const session = await setupSession({
          method, currency: input.amount.currency, payer: input.payer, customerId: undefined, metadata, clientReference: input.paymentToken,
          returnUrl: input.returnUrl, cancelUrl: input.cancelUrl, idempotencyKey: input.idempotencyKey,
        })
        return { providerRef: session.id, state: 'waiting', amount: input.amount, nextAction: { type: 'redirect', url: session.url } }
      }
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        allowed_payment_method_types: [stripeMethodTypes[method]],
        line_items: [{
          quantity: 1,
          price_data: { currency: input.amount.currency, unit_amount: toStripeAmount(input.amount), product_data: { name: clip(input.description || input.orderToken, 250) } },
        }],
        client_reference_id: input.paymentToken,
        metadata,
        customer_email: input.payer.email,
        success_url: input.returnUrl,
        cancel_url: input.cancelUrl,
        payment_intent_data: {
          description: clip(input.description, 1000),
          metadata,
          ...(input.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
        },
        // A kept method belongs to a customer: Checkout creates one when the payer pays.
        ...(input.saveMethod ? { customer_creation: 'always' as const } : {}),
      }
      const session = await call(() => stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey }))
      if (!session.url) throw providerFailure('The card provider gave no payment page')
      return { providerRef: session.id, state: 'waiting', amount: input.amount, nextAction: { type: 'redirect', url: session.url } }
    },

    async chargeSavedMethod(input): Promise<CreatePaymentResult> {
      stripeMethod(input.method)
      const { customerId, paymentMethodId } = input.savedMethod
      if (input.savedMethod.provider !== code || !customerId || !paymentMethodId) {
        throw new AppError('no_payment_method', 'The saved method was not kept by this provider')
      }
      const params: Stripe.PaymentIntentCreateParams = {
        amount: toStripeAmount(input.amount),
        currency: input.amount.currency,
        customer: customerId,
        payment_method: paymentMethodId,
        off_session: true,
        confirm: true,
        // No payer is present to follow a redirect.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        description: clip(input.description, 1000),
        metadata: { [meta.paymentToken]: input.paymentToken, [meta.orderToken]: input.orderToken, [meta.flow]: 'off_session' satisfies Flow },
        expand: ['latest_charge'],
      }
      let intent: Stripe.PaymentIntent
      try {
        intent = await stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey })
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const declined = error.payment_intent
          const failureReason = error.decline_code ?? error.code ?? 'card_declined'
          if (!declined?.id) throw new AppError('payment_failed', 'The saved method was declined')
          return { ...outcomeOfIntent(declined, declined.id), state: 'denied', failureReason, nextAction: { type: 'none' } }
        }
        if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') {
          throw new AppError('no_payment_method', 'The saved method no longer exists at the card provider')
        }
        throw toAppError(error)
      }
      const outcome = outcomeOfIntent(intent, intent.id)
      return { ...outcome, savedMethod: input.savedMethod satisfies SavedMethod, nextAction: { type: 'none' } }
    },

    retrievePayment,

    async refund(input): Promise<RefundResult> {
      let intentId: string | undefined = input.providerRef
      if (input.providerRef.startsWith('cs_')) {
        const session = await call(() => stripe.checkout.sessions.retrieve(input.providerRef))
        intentId = idOf(session.payment_intent)
      }
      if (!intentId?.startsWith('pi_')) throw new AppError('conflict', 'Nothing was collected for this payment')
      const refund = await call(() => stripe.refunds.create(
        { payment_intent: intentId, amount: toStripeAmount(input.amount), ...(input.reason ? { metadata: { reason: clip(input.reason, 500) } } : {}) },
        { idempotencyKey: input.idempotencyKey },
      ))
      const state = refund.status === 'succeeded' ? 'successful' : refund.status === 'failed' || refund.status === 'canceled' ? 'denied' : 'pending'
      return { refundRef: refund.id, state }
    },

    // A new method for later rates: Checkout in setup mode (no charge). The method belongs to the customer
    // the first payment created, so off-session charges keep working; without one, a customer is made.
    // The setup session carries no payment token, so its webhooks are ignored: the return confirms it.
    async createSetup(input): Promise<CreateSetupResult> {
      const method = stripeMethod(input.method)
      assertCanSave(input.method, true)
      assertCurrency(method, input.currency)
      const metadata = { [meta.setupToken]: input.setupToken, [meta.orderToken]: input.orderToken, [meta.flow]: 'setup' satisfies Flow }
      const session = await setupSession({
        method, currency: input.currency, payer: input.payer, customerId: input.current?.provider === code ? input.current.customerId : undefined,
        metadata, clientReference: undefined, returnUrl: input.returnUrl, cancelUrl: input.cancelUrl, idempotencyKey: input.idempotencyKey,
      })
      return { providerRef: session.id, state: 'waiting', nextAction: { type: 'redirect', url: session.url } }
    },

    async retrieveSetup(providerRef): Promise<SetupOutcome> {
      if (!providerRef.startsWith('cs_')) throw new AppError('not_found', 'This is not a setup of the card provider')
      const session = await call(() => stripe.checkout.sessions.retrieve(providerRef, { expand: ['setup_intent.payment_method'] }))
      if (session.status === 'expired') return { providerRef, state: 'expired' }
      const intent = typeof session.setup_intent === 'object' ? session.setup_intent : null
      if (session.status !== 'complete' || !intent) return { providerRef, state: 'waiting' }
      if (intent.status === 'canceled') return { providerRef, state: 'canceled' }
      if (intent.status !== 'succeeded') {
        return intent.last_setup_error
          ? { providerRef, state: 'denied', failureReason: intent.last_setup_error.decline_code ?? intent.last_setup_error.code ?? 'declined' }
          : { providerRef, state: 'waiting' }
      }
      const paymentMethod = typeof intent.payment_method === 'object' ? intent.payment_method : null
      const paymentMethodId = idOf(intent.payment_method)
      const customerId = idOf(intent.customer) ?? idOf(session.customer)
      if (!paymentMethodId || !customerId) return { providerRef, state: 'denied', failureReason: 'no_method_kept' }
      const card = paymentMethod?.card
      return {
        providerRef, state: 'successful', savedMethod: { provider: code, customerId, paymentMethodId },
        ...(card ? { card: { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } } : {}),
      }
    },

    async parseWebhook(rawBody, headers) {
      const signature = headerValue(headers, 'stripe-signature')
      if (!webhookSecret || !signature) throw new AppError('invalid_signature', 'The webhook is not signed')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret)
      } catch {
        throw new AppError('invalid_signature', 'The webhook signature does not verify')
      }
      return [await reduce(event)]
    },
  }
}

function stripeMethod(method: CheckoutMethod | 'free'): StripeMethod {
  if (!Object.hasOwn(stripeMethodTypes, method)) throw new AppError('no_payment_method', 'The card provider does not offer this payment method')
  return method as StripeMethod
}

function assertCurrency(method: StripeMethod, currency: CurrencyId): void {
  const allowed = methodCurrencies[method]
  if (allowed && !allowed.includes(currency)) throw new AppError('no_payment_method', 'This payment method does not take this currency')
}

function intentState(intent: Stripe.PaymentIntent): PaymentOutcome['state'] {
  switch (intent.status) {
    case 'succeeded': return 'successful'
    case 'processing':
    case 'requires_capture':
    case 'requires_action': return 'pending'
    case 'canceled': return 'canceled'
    case 'requires_payment_method': return intent.last_payment_error ? 'denied' : 'waiting'
    default: return 'waiting'
  }
}

function withAmount(outcome: PaymentOutcome, amount: Money | undefined): PaymentOutcome {
  return amount ? { ...outcome, amount } : outcome
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined
  return typeof value === 'string' ? value : value.id
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    throw toAppError(error)
  }
}

/** Stripe's errors as ours: a decline is the payer's, a reused key is the caller's, anything else a 502. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof Stripe.errors.StripeCardError) return new AppError('payment_failed', 'The payment method was declined')
  if (error instanceof Stripe.errors.StripeIdempotencyError) return new AppError('idempotency_key_reused', 'The idempotency key was used for another payment')
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
    return new AppError('not_found', 'The card provider does not know this payment')
  }
  return providerFailure('The card provider could not process the request', error)
}
