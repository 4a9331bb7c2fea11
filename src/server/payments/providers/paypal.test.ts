import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { paymentInput } from '../../../../tests/stand-ins/payment-input'
import { startPayPalStandIn, type PayPalStandIn } from '../../../../tests/stand-ins/paypal-stand-in'
import { createPayPalProvider } from './paypal'
import type { CreatePaymentInput, PaymentProviderAdapter } from './types'

let stand: PayPalStandIn
let paypal: PaymentProviderAdapter

beforeAll(async () => {
  stand = await startPayPalStandIn()
  paypal = createPayPalProvider({ clientId: stand.clientId, clientSecret: stand.clientSecret, webhookId: stand.webhookId, apiBase: stand.url, testMode: true })
})
afterAll(() => stand.close())
beforeEach(() => {
  stand.verifies = true
})

function input(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return paymentInput({ method: 'paypal', ...overrides })
}

/** A PayPal payment the payer approved and the platform captured through retrievePayment. */
async function paidOrder(overrides: Partial<CreatePaymentInput> = {}) {
  const payment = input(overrides)
  const { providerRef } = await paypal.createPayment(payment)
  stand.approve(providerRef)
  const outcome = await paypal.retrievePayment(providerRef)
  const captureId: string = stand.orders.get(providerRef)!.purchase_units[0].payments.captures[0].id
  return { payment, providerRef, outcome, captureId }
}

describe('createPayment: an order the payer approves on PayPal', () => {
  test('it is a CAPTURE order for the amount as a decimal, with our token, the return URLs and the request id', async () => {
    const payment = input({ amount: { amount: 4250, currency: 'eur' } })
    const result = await paypal.createPayment(payment)

    expect(result).toEqual({
      providerRef: expect.stringMatching(/^[A-Z0-9]{17}$/), state: 'waiting', amount: { amount: 4250, currency: 'eur' },
      nextAction: { type: 'redirect', url: `${stand.url}/checkoutnow?token=${result.providerRef}` },
    })
    const sent = stand.last('POST', '/v2/checkout/orders')!
    expect(sent.headers['paypal-request-id']).toBe(payment.idempotencyKey)
    expect(sent.headers.authorization).toMatch(/^Bearer A21/)
    expect(sent.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: payment.orderToken, custom_id: payment.paymentToken, description: payment.description, amount: { currency_code: 'EUR', value: '42.50' } }],
      payment_source: { paypal: { experience_context: { return_url: payment.returnUrl, cancel_url: payment.cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' } } },
    })
  })

  test('the OAuth token is asked for with the client credentials and reused', async () => {
    const fresh = await startPayPalStandIn()
    try {
      const provider = createPayPalProvider({ clientId: fresh.clientId, clientSecret: fresh.clientSecret, apiBase: fresh.url, testMode: true })
      await provider.createPayment(input())
      await createPayPalProvider({ clientId: fresh.clientId, clientSecret: fresh.clientSecret, apiBase: fresh.url, testMode: true }).createPayment(input())
      const tokenCalls = fresh.requests.filter((r) => r.path === '/v1/oauth2/token')
      expect(tokenCalls).toHaveLength(1)
      expect(tokenCalls[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${fresh.clientId}:${fresh.clientSecret}`).toString('base64')}`)
    } finally {
      await fresh.close()
    }
  })

  test('keeping the method asks PayPal to vault the wallet on success', async () => {
    await paypal.createPayment(input({ saveMethod: true }))
    expect(stand.last('POST', '/v2/checkout/orders')!.body.payment_source.paypal.attributes).toEqual({ vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT' } })
  })

  test('other methods are refused; wrong credentials and PayPal being down are provider errors', async () => {
    await expect(paypal.createPayment(input({ method: 'card' }))).rejects.toMatchObject({ type: 'no_payment_method' })
    const wrong = createPayPalProvider({ clientId: 'someone', clientSecret: 'else', apiBase: stand.url, testMode: true })
    await expect(wrong.createPayment(input())).rejects.toMatchObject({ type: 'provider_error', message: 'PayPal could not process the request' })
    await paypal.createPayment(input()) // the token is held now, so the failure below hits the order call
    stand.failNext(503, { name: 'SERVICE_UNAVAILABLE', message: 'down', debug_id: 'x' })
    await expect(paypal.createPayment(input())).rejects.toMatchObject({ type: 'provider_error', status: 502 })
  })
})

test('PayPal out of reach is a provider_error', async () => {
  const gone = await startPayPalStandIn()
  await gone.close()
  const unreachable = createPayPalProvider({ clientId: gone.clientId, clientSecret: gone.clientSecret, webhookId: 'WH', apiBase: gone.url, testMode: true })
  await expect(unreachable.createPayment(input())).rejects.toMatchObject({ type: 'provider_error', message: 'PayPal could not process the request' })
})

describe('retrievePayment: captures an approved order', () => {
  test('before approval the order waits; once approved it is captured and successful with the charged amount', async () => {
    const payment = input()
    const { providerRef } = await paypal.createPayment(payment)
    expect(await paypal.retrievePayment(providerRef)).toEqual({ providerRef, state: 'waiting', amount: { amount: 1999, currency: 'eur' } })

    stand.approve(providerRef)
    expect(await paypal.retrievePayment(providerRef)).toEqual({ providerRef, state: 'successful', amount: { amount: 1999, currency: 'eur' } })
    expect(stand.last('POST', `/v2/checkout/orders/${providerRef}/capture`)!.headers['paypal-request-id']).toBe(`capture-${providerRef}`)

    // Asking again reads the completed order; it does not capture twice.
    const captures = stand.requests.filter((r) => r.path.endsWith('/capture')).length
    expect((await paypal.retrievePayment(providerRef)).state).toBe('successful')
    expect(stand.requests.filter((r) => r.path.endsWith('/capture')).length).toBe(captures)
  })

  test('a declined funding source is a denied payment', async () => {
    const { providerRef } = await paypal.createPayment(input())
    stand.approve(providerRef)
    stand.declineNextCapture(providerRef)
    expect(await paypal.retrievePayment(providerRef)).toMatchObject({ providerRef, state: 'denied', failureReason: 'instrument_declined' })
  })

  test('an unknown order is not_found', async () => {
    await expect(paypal.retrievePayment('NOSUCHORDER')).rejects.toMatchObject({ type: 'not_found' })
  })
})

describe('chargeSavedMethod: a vaulted wallet', () => {
  test('a payment that kept the wallet names its vault id, which is then charged without the payer', async () => {
    const { outcome } = await paidOrder({ saveMethod: true })
    expect(outcome.savedMethod).toEqual({ provider: 'paypal', vaultId: expect.stringMatching(/^VLT/), customerId: expect.any(String) })

    const next = { ...input({ amount: { amount: 990, currency: 'eur' } }), savedMethod: outcome.savedMethod! }
    const result = await paypal.chargeSavedMethod(next)
    expect(result).toMatchObject({ state: 'successful', amount: { amount: 990, currency: 'eur' }, nextAction: { type: 'none' } })
    const sent = stand.last('POST', '/v2/checkout/orders')!
    expect(sent.headers['paypal-request-id']).toBe(next.idempotencyKey)
    expect(sent.body.payment_source).toEqual({ paypal: { vault_id: outcome.savedMethod!.vaultId, stored_credential: { payment_initiator: 'MERCHANT', usage: 'SUBSEQUENT' } } })
  })

  test('a refused vaulted wallet is payment_failed; no vault id is no_payment_method', async () => {
    await expect(paypal.chargeSavedMethod({ ...input(), savedMethod: { provider: 'paypal', vaultId: stand.declinedVaultId } })).rejects.toMatchObject({ type: 'payment_failed' })
    await expect(paypal.chargeSavedMethod({ ...input(), savedMethod: { provider: 'paypal' } })).rejects.toMatchObject({ type: 'no_payment_method' })
  })
})

describe('refund', () => {
  test('the order\'s capture is refunded with the amount, our token and the request id', async () => {
    const { payment, providerRef, captureId } = await paidOrder()
    const result = await paypal.refund({ providerRef, amount: { amount: 500, currency: 'eur' }, idempotencyKey: 'pp-refund-1', reason: 'Asked by the payer' })
    expect(result).toEqual({ refundRef: expect.stringMatching(/^REF/), state: 'successful' })
    const sent = stand.last('POST', `/v2/payments/captures/${captureId}/refund`)!
    expect(sent.headers['paypal-request-id']).toBe('pp-refund-1')
    expect(sent.body).toEqual({ amount: { currency_code: 'EUR', value: '5.00' }, custom_id: payment.paymentToken, note_to_payer: 'Asked by the payer' })
  })

  test('an order nobody paid has nothing to refund', async () => {
    const { providerRef } = await paypal.createPayment(input())
    await expect(paypal.refund({ providerRef, amount: { amount: 1, currency: 'eur' }, idempotencyKey: 'pp-refund-2' })).rejects.toMatchObject({ type: 'conflict' })
  })
})

describe('parseWebhook: verified by PayPal\'s verify-webhook-signature', () => {
  test('a completed capture is a successful payment of the order, after PayPal said SUCCESS', async () => {
    const { payment, providerRef, captureId } = await paidOrder()
    const { event, body, headers } = stand.webhook('PAYMENT.CAPTURE.COMPLETED', stand.captures.get(captureId)!)
    expect(await paypal.parseWebhook(body, headers)).toEqual([{
      eventId: event.id, type: 'PAYMENT.CAPTURE.COMPLETED', kind: 'payment', paymentToken: payment.paymentToken,
      outcome: { providerRef, state: 'successful', amount: { amount: 1999, currency: 'eur' } },
    }])
    const check = stand.last('POST', '/v1/notifications/verify-webhook-signature')!
    expect(check.body).toMatchObject({
      webhook_id: stand.webhookId, transmission_id: headers['paypal-transmission-id'], transmission_sig: headers['paypal-transmission-sig'],
      auth_algo: 'SHA256withRSA', cert_url: headers['paypal-cert-url'], transmission_time: headers['paypal-transmission-time'], webhook_event: event,
    })
  })

  test('FAILURE, a tampered body, missing headers or no webhook id is invalid_signature', async () => {
    const { captureId } = await paidOrder()
    const delivery = stand.webhook('PAYMENT.CAPTURE.COMPLETED', stand.captures.get(captureId)!)

    stand.verifies = false
    await expect(paypal.parseWebhook(delivery.body, delivery.headers)).rejects.toMatchObject({ type: 'invalid_signature', status: 400 })
    stand.verifies = true

    const tampered = Buffer.from(delivery.body.toString('utf8').replace('"value":"19.99"', '"value":"0.01"'))
    expect(tampered.equals(delivery.body)).toBe(false)
    await expect(paypal.parseWebhook(tampered, delivery.headers)).rejects.toMatchObject({ type: 'invalid_signature' })

    const { 'paypal-transmission-sig': _sig, ...unsigned } = delivery.headers
    await expect(paypal.parseWebhook(delivery.body, unsigned)).rejects.toMatchObject({ type: 'invalid_signature' })
    await expect(paypal.parseWebhook(Buffer.from('not json'), delivery.headers)).rejects.toMatchObject({ type: 'invalid_signature' })

    const noWebhook = createPayPalProvider({ clientId: stand.clientId, clientSecret: stand.clientSecret, apiBase: stand.url, testMode: true })
    await expect(noWebhook.parseWebhook(delivery.body, delivery.headers)).rejects.toMatchObject({ type: 'invalid_signature' })

    // The genuine delivery still verifies.
    expect(await paypal.parseWebhook(delivery.body, delivery.headers)).toMatchObject([{ kind: 'payment' }])
  })

  test('an approved order is captured by its webhook, so a payer who never returns still pays', async () => {
    const payment = input()
    const { providerRef } = await paypal.createPayment(payment)
    const approved = stand.approve(providerRef)
    const { body, headers } = stand.webhook('CHECKOUT.ORDER.APPROVED', approved)
    expect(await paypal.parseWebhook(body, headers)).toMatchObject([{
      kind: 'payment', paymentToken: payment.paymentToken, outcome: { providerRef, state: 'successful', amount: { amount: 1999, currency: 'eur' } },
    }])
    expect(stand.orders.get(providerRef)!.status).toBe('COMPLETED')
  })

  test('a denied capture is a denied payment', async () => {
    const { payment, providerRef, captureId } = await paidOrder()
    const capture = { ...stand.captures.get(captureId)!, status: 'DECLINED' }
    const { body, headers } = stand.webhook('PAYMENT.CAPTURE.DENIED', capture)
    expect(await paypal.parseWebhook(body, headers)).toMatchObject([{ kind: 'payment', paymentToken: payment.paymentToken, outcome: { providerRef, state: 'denied' } }])
  })

  test('a refund names our order and token, the refund and the refunded total', async () => {
    const { payment, providerRef } = await paidOrder()
    await paypal.refund({ providerRef, amount: { amount: 500, currency: 'eur' }, idempotencyKey: `a-${providerRef}` })
    const second = await paypal.refund({ providerRef, amount: { amount: 300, currency: 'eur' }, idempotencyKey: `b-${providerRef}` })
    const resource = stand.refunds.get(second.refundRef)!
    const { body, headers } = stand.webhook('PAYMENT.CAPTURE.REFUNDED', resource)
    expect(await paypal.parseWebhook(body, headers)).toMatchObject([{
      kind: 'refund', paymentToken: payment.paymentToken, providerRef, ref: second.refundRef,
      amount: { amount: 300, currency: 'eur' }, totalRefunded: { amount: 800, currency: 'eur' },
    }])
  })

  test('a dispute is a chargeback of our order', async () => {
    const { payment, providerRef, captureId } = await paidOrder()
    const dispute = stand.dispute(captureId)
    const { body, headers } = stand.webhook('CUSTOMER.DISPUTE.CREATED', dispute)
    expect(await paypal.parseWebhook(body, headers)).toMatchObject([{
      kind: 'chargeback', paymentToken: payment.paymentToken, providerRef, ref: dispute.dispute_id, amount: { amount: 1999, currency: 'eur' },
    }])
  })

  test('a dispute resolved in the seller\'s favour is a chargeback reversal; one the buyer won changes nothing', async () => {
    const { payment, providerRef, captureId } = await paidOrder()
    const dispute = stand.dispute(captureId)
    const won = stand.webhook('CUSTOMER.DISPUTE.RESOLVED', { ...dispute, status: 'RESOLVED', dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' } })
    expect(await paypal.parseWebhook(won.body, won.headers)).toMatchObject([{
      kind: 'chargeback_reversal', paymentToken: payment.paymentToken, providerRef, ref: dispute.dispute_id, amount: { amount: 1999, currency: 'eur' },
    }])
    const lost = stand.webhook('CUSTOMER.DISPUTE.RESOLVED', { ...dispute, status: 'RESOLVED', dispute_outcome: { outcome_code: 'RESOLVED_BUYER_FAVOUR' } })
    expect(await paypal.parseWebhook(lost.body, lost.headers)).toMatchObject([{ kind: 'ignored' }])
  })

  test('other event types are ignored', async () => {
    const { body, headers } = stand.webhook('BILLING.SUBSCRIPTION.CREATED', { id: 'I-1' })
    expect(await paypal.parseWebhook(body, headers)).toMatchObject([{ kind: 'ignored', type: 'BILLING.SUBSCRIPTION.CREATED' }])
  })
})
