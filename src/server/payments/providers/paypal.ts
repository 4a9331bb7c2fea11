import { createHash } from 'node:crypto'
import {
  ApiError, CaptureStatus, CheckoutPaymentIntent, Client, Environment, OrdersController, OrderStatus, PaymentInitiator,
  PaymentsController, PaypalExperienceUserAction, PaypalPaymentTokenUsageType, PaypalWalletContextShippingPreference,
  PaypalWalletVaultStatus, RefundStatus, StoreInVaultInstruction, StoredPaymentSourceUsageType,
  type OAuthToken, type Order, type PurchaseUnitRequest,
} from '@paypal/paypal-server-sdk'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { fromPayPalAmount, toPayPalAmount } from './amounts'
import { assertCanSave, headerValue, providerFailure } from './common'
import type {
  ChargeSavedInput, CreatePaymentInput, CreatePaymentResult, PaymentOutcome, PaymentProviderAdapter, ProviderEvent, RefundResult,
} from './types'

// PayPal through its REST Orders API (docs/reference/catalogue-and-selling.md §3 "PayPal"; NVP credentials may be stored but are not used).
// The payer approves the order on PayPal's page; the platform then captures it, on the payer's return or
// on the CHECKOUT.ORDER.APPROVED webhook, whichever comes first (both capture under one request id). The
// PayPal order id is the payment's providerRef.

export type PayPalProviderOptions = {
  clientId: string
  clientSecret: string
  /** The id of the webhook registered at PayPal; without it no webhook verifies. */
  webhookId?: string
  /** PAYPAL_API_BASE: unset is PayPal's sandbox in test mode and its live API otherwise. */
  apiBase?: string
  testMode: boolean
}

const liveBase = 'https://api-m.paypal.com'
const sandboxBase = 'https://api-m.sandbox.paypal.com'
const timeoutMs = 30_000

/** OAuth tokens live nine hours: one per account and API, shared by the adapters made for each request. */
const tokens = new Map<string, OAuthToken>()

export function createPayPalProvider(options: PayPalProviderOptions): PaymentProviderAdapter {
  const { webhookId } = options
  const base = (options.apiBase ?? (options.testMode ? sandboxBase : liveBase)).replace(/\/+$/, '')
  const tokenKey = createHash('sha256').update(`${base}\n${options.clientId}\n${options.clientSecret}`).digest('hex')
  const client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
      ...(tokens.has(tokenKey) ? { oAuthToken: tokens.get(tokenKey) } : {}),
      oAuthOnTokenUpdate: (token) => tokens.set(tokenKey, token),
    },
    environment: options.testMode ? Environment.Sandbox : Environment.Production,
    timeout: timeoutMs,
    // The SDK knows only PayPal's two hosts; another base (a stand-in in tests) goes through an adapter.
    ...(options.apiBase ? { unstable_httpClientOptions: { adapter: rebasingAdapter(base) } } : {}),
  })
  const orders = new OrdersController(client)
  const payments = new PaymentsController(client)

  /** Captures an approved order. A refusal PayPal explains (422 INSTRUMENT_DECLINED, ...) is a denial. */
  async function capture(order: Order, orderId: string): Promise<PaymentOutcome> {
    try {
      // One request id per order: a return and a webhook capturing at once capture once.
      return outcomeOfOrder((await orders.captureOrder({ id: orderId, paypalRequestId: `capture-${orderId}`, prefer: 'return=representation' })).result, orderId)
    } catch (error) {
      const issue = issueOf(error)
      if (issue === 'ORDER_ALREADY_CAPTURED') return outcomeOfOrder((await call(() => orders.getOrder({ id: orderId }))).result, orderId)
      if (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED') return { ...outcomeOfOrder(order, orderId), state: 'waiting' }
      if (issue && error instanceof ApiError && error.statusCode === 422) {
        return { ...outcomeOfOrder(order, orderId), state: 'denied', failureReason: issue.toLowerCase() }
      }
      throw toAppError(error)
    }
  }

  async function retrievePayment(providerRef: string): Promise<PaymentOutcome> {
    const order = (await call(() => orders.getOrder({ id: providerRef }))).result
    return order.status === OrderStatus.Approved ? capture(order, providerRef) : outcomeOfOrder(order, providerRef)
  }

  /** The capture behind a refund or dispute, for our payment token and the order (our providerRef). */
  async function paymentOfCapture(captureId: string | undefined): Promise<{ paymentToken: string; providerRef: string } | null> {
    if (!captureId) return null
    const found = (await call(() => payments.getCapturedPayment({ captureId }))).result
    const orderId = found.supplementaryData?.relatedIds?.orderId
    return found.customId && orderId ? { paymentToken: found.customId, providerRef: orderId } : null
  }

  async function accessToken(): Promise<string> {
    const token = await call(() => client.clientCredentialsAuthManager.updateToken(tokens.get(tokenKey)))
    tokens.set(tokenKey, token)
    return token.accessToken
  }

  /** PayPal's verify-webhook-signature API (the SDK does not wrap it): the raw body goes verbatim as the event. */
  async function verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<unknown> {
    const invalid = new AppError('invalid_signature', 'The webhook signature does not verify')
    if (!webhookId) throw invalid
    const fields: Record<string, string> = {}
    for (const [field, header] of Object.entries(transmissionHeaders)) {
      const value = headerValue(headers, header)
      if (!value) throw invalid
      fields[field] = value
    }
    const text = rawBody.toString('utf8')
    let event: unknown
    try {
      event = JSON.parse(text)
    } catch {
      throw invalid
    }
    // Only an object may be spliced in as webhook_event (checked above by parsing it).
    if (typeof event !== 'object' || event === null || Array.isArray(event)) throw invalid
    const body = `{${Object.entries({ ...fields, webhook_id: webhookId }).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')},"webhook_event":${text}}`
    let response: Response
    try {
      response = await fetch(`${base}/v1/notifications/verify-webhook-signature`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw toAppError(error)
    }
    // Our own failure (PayPal down, token refused) is a 502, so PayPal delivers again later.
    if (response.status >= 500 || response.status === 401 || response.status === 403) {
      throw providerFailure('PayPal could not verify the webhook')
    }
    const answer: unknown = response.ok ? await response.json().catch(() => null) : null
    if ((answer as { verification_status?: unknown } | null)?.verification_status !== 'SUCCESS') throw invalid
    return event
  }

  async function reduce(raw: unknown): Promise<ProviderEvent> {
    const event = zEvent.safeParse(raw)
    if (!event.success) return { eventId: '', type: 'unknown', kind: 'ignored' }
    const { id: eventId, event_type: type, resource } = event.data
    const ignored: ProviderEvent = { eventId, type, kind: 'ignored' }
    switch (type) {
      case 'CHECKOUT.ORDER.APPROVED': {
        const order = zOrderResource.safeParse(resource)
        const paymentToken = order.data?.purchase_units?.[0]?.custom_id
        if (!order.success || !paymentToken) return ignored
        // Approved is not paid: capture now, so a payer who never comes back still pays once.
        return { eventId, type, kind: 'payment', paymentToken, outcome: await retrievePayment(order.data.id) }
      }
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.PENDING':
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED': {
        const found = zCaptureResource.safeParse(resource)
        const orderId = found.data?.supplementary_data?.related_ids?.order_id
        const paymentToken = found.data?.custom_id
        if (!found.success || !orderId || !paymentToken) return ignored
        const state = type === 'PAYMENT.CAPTURE.COMPLETED' ? 'successful' : type === 'PAYMENT.CAPTURE.PENDING' ? 'pending' : 'denied'
        const outcome: PaymentOutcome = { providerRef: orderId, state }
        if (found.data.amount) outcome.amount = fromPayPalAmount(found.data.amount.value, found.data.amount.currency_code)
        if (state === 'denied') outcome.failureReason = found.data.status_details?.reason?.toLowerCase() ?? 'declined'
        return { eventId, type, kind: 'payment', paymentToken, outcome }
      }
      case 'PAYMENT.CAPTURE.REFUNDED': {
        const refund = zRefundResource.safeParse(resource)
        if (!refund.success) return ignored
        const up = refund.data.links?.find((link) => link.rel === 'up')?.href
        const payment = await paymentOfCapture(up ? /\/captures\/([^/?]+)/.exec(up)?.[1] : undefined)
        if (!payment) return ignored
        const total = refund.data.seller_payable_breakdown?.total_refunded_amount
        return {
          eventId, type, kind: 'refund', ...payment, ref: refund.data.id,
          amount: fromPayPalAmount(refund.data.amount.value, refund.data.amount.currency_code),
          ...(total ? { totalRefunded: fromPayPalAmount(total.value, total.currency_code) } : {}),
        }
      }
      case 'CUSTOMER.DISPUTE.CREATED': {
        const dispute = zDisputeResource.safeParse(resource)
        if (!dispute.success) return ignored
        const payment = await paymentOfCapture(dispute.data.disputed_transactions?.[0]?.seller_transaction_id)
        if (!payment) return ignored
        const amount = fromPayPalAmount(dispute.data.dispute_amount.value, dispute.data.dispute_amount.currency_code)
        return { eventId, type, kind: 'chargeback', ...payment, amount, ref: dispute.data.dispute_id }
      }
      case 'CUSTOMER.DISPUTE.RESOLVED': {
        // Closed in the seller's favour (or dropped by the buyer): the disputed money comes back.
        const dispute = zDisputeResource.safeParse(resource)
        if (!dispute.success || !sellerWon.includes(dispute.data.dispute_outcome?.outcome_code ?? '')) return ignored
        const payment = await paymentOfCapture(dispute.data.disputed_transactions?.[0]?.seller_transaction_id)
        if (!payment) return ignored
        const amount = fromPayPalAmount(dispute.data.dispute_amount.value, dispute.data.dispute_amount.currency_code)
        return { eventId, type, kind: 'chargeback_reversal', ...payment, amount, ref: dispute.data.dispute_id }
      }
      default:
        return ignored
    }
  }

  function purchaseUnit(input: CreatePaymentInput | ChargeSavedInput): PurchaseUnitRequest {
    return {
      referenceId: input.orderToken,
      customId: input.paymentToken,
      description: clip(input.description, 127),
      amount: toPayPalAmount(input.amount),
    }
  }

  return {
    code: 'paypal',

    async createPayment(input): Promise<CreatePaymentResult> {
      if (input.method !== 'paypal') throw new AppError('no_payment_method', 'PayPal offers only PayPal payments')
      assertCanSave(input.method, input.saveMethod)
      const { result: order } = await call(() => orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [purchaseUnit(input)],
          paymentSource: {
            paypal: {
              experienceContext: {
                returnUrl: input.returnUrl,
                cancelUrl: input.cancelUrl,
                userAction: PaypalExperienceUserAction.PayNow,
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
              ...(input.saveMethod
                ? { attributes: { vault: { storeInVault: StoreInVaultInstruction.OnSuccess, usageType: PaypalPaymentTokenUsageType.Merchant } } }
                : {}),
            },
          },
        },
        paypalRequestId: input.idempotencyKey,
        prefer: 'return=representation',
      }))
      const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href
      if (!order.id || !approve) throw providerFailure('PayPal gave no approval page')
      return { providerRef: order.id, state: 'waiting', amount: input.amount, nextAction: { type: 'redirect', url: approve } }
    },

    async chargeSavedMethod(input): Promise<CreatePaymentResult> {
      const { vaultId } = input.savedMethod
      if (input.savedMethod.provider !== 'paypal' || !vaultId) throw new AppError('no_payment_method', 'The saved method was not kept by PayPal')
      let order: Order
      try {
        // With a vault id PayPal captures at once; no payer, no approval page.
        order = (await orders.createOrder({
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [purchaseUnit(input)],
            paymentSource: {
              paypal: { vaultId, storedCredential: { paymentInitiator: PaymentInitiator.Merchant, usage: StoredPaymentSourceUsageType.Subsequent } },
            },
          },
          paypalRequestId: input.idempotencyKey,
          prefer: 'return=representation',
        })).result
      } catch (error) {
        const issue = issueOf(error)
        if (issue && error instanceof ApiError && error.statusCode === 422) {
          throw new AppError('payment_failed', 'PayPal declined the payment')
        }
        throw toAppError(error)
      }
      const outcome = outcomeOfOrder(order, order.id ?? '')
      if (!outcome.providerRef) throw providerFailure('PayPal answered without an order id')
      return { ...outcome, savedMethod: outcome.savedMethod ?? input.savedMethod, nextAction: { type: 'none' } }
    },

    retrievePayment,

    async refund(input): Promise<RefundResult> {
      const order = (await call(() => orders.getOrder({ id: input.providerRef }))).result
      const unit = order.purchaseUnits?.[0]
      const captureId = unit?.payments?.captures?.[0]?.id
      if (!captureId) throw new AppError('conflict', 'Nothing was collected for this payment')
      const { result } = await call(() => payments.refundCapturedPayment({
        captureId,
        paypalRequestId: input.idempotencyKey,
        prefer: 'return=representation',
        body: {
          amount: toPayPalAmount(input.amount),
          ...(unit?.customId ? { customId: unit.customId } : {}),
          ...(input.reason ? { noteToPayer: clip(input.reason, 255) } : {}),
        },
      }))
      if (!result.id) throw providerFailure('PayPal answered without a refund id')
      const state = result.status === RefundStatus.Completed ? 'successful'
        : result.status === RefundStatus.Failed || result.status === RefundStatus.Cancelled ? 'denied' : 'pending'
      return { refundRef: result.id, state }
    },

    async parseWebhook(rawBody, headers) {
      return [await reduce(await verify(rawBody, headers))]
    },
  }
}

/** An order's standing: paid once its capture completed, whatever was refunded since. */
function outcomeOfOrder(order: Order, fallbackRef: string): PaymentOutcome {
  const providerRef = order.id ?? fallbackRef
  const unit = order.purchaseUnits?.[0]
  const captured = unit?.payments?.captures?.[0]
  const money = captured?.amount ?? unit?.amount
  const outcome: PaymentOutcome = { providerRef, state: 'waiting' }
  if (money?.value && money.currencyCode) outcome.amount = fromPayPalAmount(money.value, money.currencyCode)
  switch (order.status) {
    case OrderStatus.Completed:
      switch (captured?.status) {
        case CaptureStatus.Completed:
        case CaptureStatus.PartiallyRefunded:
        case CaptureStatus.Refunded:
          outcome.state = 'successful'
          break
        case CaptureStatus.Declined:
        case CaptureStatus.Failed:
          outcome.state = 'denied'
          outcome.failureReason = (captured.statusDetails?.reason ?? 'declined').toLowerCase()
          break
        default:
          outcome.state = 'pending'
      }
      break
    case OrderStatus.Approved:
      outcome.state = 'pending'
      break
    case OrderStatus.Voided:
      outcome.state = 'canceled'
      break
  }
  const vault = order.paymentSource?.paypal?.attributes?.vault
  if (outcome.state === 'successful' && vault?.id && vault.status === PaypalWalletVaultStatus.Vaulted) {
    outcome.savedMethod = { provider: 'paypal', vaultId: vault.id, ...(vault.customer?.id ? { customerId: vault.customer.id } : {}) }
  }
  return outcome
}

const transmissionHeaders = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
}

// Webhook resources are PayPal's JSON (snake_case), not the SDK's models: read only what is used.
const zAmount = z.object({ currency_code: z.string(), value: z.string() })
const zEvent = z.object({ id: z.string(), event_type: z.string(), resource: z.unknown() })
const zOrderResource = z.object({ id: z.string(), purchase_units: z.array(z.object({ custom_id: z.string().optional() })).optional() })
const zCaptureResource = z.object({
  id: z.string(),
  amount: zAmount.optional(),
  custom_id: z.string().optional(),
  status_details: z.object({ reason: z.string().optional() }).optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
})
const zRefundResource = z.object({
  id: z.string(),
  amount: zAmount,
  seller_payable_breakdown: z.object({ total_refunded_amount: zAmount.optional() }).optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
})
const zDisputeResource = z.object({
  dispute_id: z.string(),
  dispute_amount: zAmount,
  disputed_transactions: z.array(z.object({ seller_transaction_id: z.string().optional() })).optional(),
  dispute_outcome: z.object({ outcome_code: z.string().optional() }).optional(),
})

/** Dispute outcomes that leave the money with the seller (PayPal's dispute_outcome.outcome_code). */
const sellerWon: readonly string[] = ['RESOLVED_SELLER_FAVOUR', 'CANCELED_BY_BUYER', 'DENIED']

/** The SDK's HTTP adapter for another base address: the same request, sent to `base` with fetch. */
function rebasingAdapter(base: string) {
  type AdapterConfig = {
    url?: string; method?: string; data?: unknown; timeout?: number
    headers?: Record<string, unknown> & { toJSON?: () => Record<string, unknown> }
    auth?: { username: string; password?: string }
  }
  return async (config: AdapterConfig) => {
    const url = new URL(config.url ?? '/', base)
    const headers = new Headers()
    const given = typeof config.headers?.toJSON === 'function' ? config.headers.toJSON() : (config.headers ?? {})
    for (const [name, value] of Object.entries(given)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') headers.set(name, String(value))
    }
    if (config.auth) headers.set('authorization', `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password ?? ''}`).toString('base64')}`)
    const response = await fetch(`${base}${url.pathname}${url.search}`, {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body: typeof config.data === 'string' ? config.data : undefined,
      signal: AbortSignal.timeout(config.timeout || timeoutMs),
    })
    return {
      data: await response.text(),
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers),
      config,
      request: null,
    }
  }
}

/** PayPal's machine-readable reason of a failed call ("INSTRUMENT_DECLINED"), when it gives one. */
function issueOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const read = (value: unknown) => (value as { details?: { issue?: unknown }[] } | undefined)?.details?.[0]?.issue
  let issue = read(error.result)
  if (issue === undefined && typeof error.body === 'string') {
    try {
      issue = read(JSON.parse(error.body))
    } catch {
      issue = undefined
    }
  }
  return typeof issue === 'string' ? issue : undefined
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

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof ApiError && error.statusCode === 404) return new AppError('not_found', 'PayPal does not know this payment')
  return providerFailure('PayPal could not process the request', error)
}
