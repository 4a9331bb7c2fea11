import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { paymentInput } from '../../../../tests/stand-ins/payment-input'
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/stand-ins/stripe-stand-in'
import type { CurrencyId } from '../../../shared/money'
import { createStripeProvider, type StripeMethod } from './stripe'
import type { CreatePaymentInput, PaymentProviderAdapter, SavedMethod } from './types'

let stand: StripeStandIn
let stripe: PaymentProviderAdapter

beforeAll(async () => {
  stand = await startStripeStandIn()
  stripe = createStripeProvider({ code: 'stripe', secretKey: stand.secretKey, publishableKey: 'pk_test_standin', webhookSecret: stand.webhookSecret, apiBase: stand.url })
})
afterAll(() => stand.close())

/** A created and paid Checkout payment: the input, its providerRef and the stand-in's session. */
async function paidSession(overrides: Partial<CreatePaymentInput> = {}, paymentMethod = 'pm_card_visa') {
  const input = paymentInput(overrides)
  const created = await stripe.createPayment(input)
  const session = stand.completeSession(created.providerRef, { paymentMethod })
  return { input, providerRef: created.providerRef, session }
}

async function deliver(type: string, object: Record<string, unknown>, options: { previousAttributes?: Record<string, unknown> } = {}) {
  const { body, headers } = stand.webhook(type, object, options)
  return stripe.parseWebhook(body, headers)
}

const methods: [StripeMethod, string, CurrencyId][] = [
  ['card', 'card', 'eur'], ['apple_pay', 'card', 'eur'], ['google_pay', 'card', 'eur'], ['sepa', 'sepa_debit', 'eur'],
  ['ideal', 'ideal', 'eur'], ['p_24', 'p24', 'pln'], ['klarna', 'klarna', 'eur'], ['twint', 'twint', 'chf'],
]

describe('createPayment: a Checkout Session the payer is redirected to', () => {
  test.each(methods)('%s is a session for %s with the amount in minor units, our tokens and the idempotency key', async (method, type, currency) => {
    const input = paymentInput({ method, amount: { amount: 4250, currency } })
    const result = await stripe.createPayment(input)

    expect(result.state).toBe('waiting')
    expect(result.providerRef).toMatch(/^cs_test_/)
    expect(result.amount).toEqual({ amount: 4250, currency })
    expect(result.nextAction).toEqual({ type: 'redirect', url: `${stand.url}/c/pay/${result.providerRef}` })

    const sent = stand.last('POST', '/v1/checkout/sessions')!
    expect(sent.headers['idempotency-key']).toBe(input.idempotencyKey)
    expect(sent.body).toMatchObject({
      mode: 'payment',
      allowed_payment_method_types: [type],
      line_items: [{ quantity: '1', price_data: { currency, unit_amount: '4250', product_data: { name: input.description } } }],
      client_reference_id: input.paymentToken,
      metadata: { payment_token: input.paymentToken, order_token: input.orderToken, flow: 'checkout' },
      payment_intent_data: { metadata: { payment_token: input.paymentToken, order_token: input.orderToken, flow: 'checkout' } },
      customer_email: input.payer.email,
      success_url: input.returnUrl,
      cancel_url: input.cancelUrl,
    })
    expect(sent.body.payment_intent_data.setup_future_usage).toBeUndefined()
    expect(sent.body.customer_creation).toBeUndefined()
  })

  test('keeping the method asks Stripe for off-session use and a customer', async () => {
    await stripe.createPayment(paymentInput({ method: 'sepa', saveMethod: true }))
    const sent = stand.last('POST', '/v1/checkout/sessions')!
    expect(sent.body.payment_intent_data.setup_future_usage).toBe('off_session')
    expect(sent.body.customer_creation).toBe('always')
  })

  test('Klarna for later rates (klarna_subscriptions) is kept for off-session use like a card', async () => {
    const paid = await paidSession({ method: 'klarna', saveMethod: true }, 'pm_klarna')
    expect(stand.last('POST', '/v1/checkout/sessions')!.body).toMatchObject({
      allowed_payment_method_types: ['klarna'], customer_creation: 'always', payment_intent_data: { setup_future_usage: 'off_session' },
    })
    const outcome = await stripe.retrievePayment(paid.providerRef)
    expect(outcome).toMatchObject({ state: 'successful', savedMethod: { provider: 'stripe', paymentMethodId: expect.stringMatching(/^pm_/) } })
    const next = await stripe.chargeSavedMethod({ ...paymentInput({ method: 'klarna' }), savedMethod: outcome.savedMethod! })
    expect(next.state).toBe('successful')
    expect(stand.last('POST', '/v1/payment_intents')!.body).toMatchObject({ payment_method: outcome.savedMethod!.paymentMethodId, off_session: 'true', confirm: 'true' })
  })

  test('a retried create with the same idempotency key makes one session', async () => {
    const input = paymentInput()
    const before = stand.sessions.size
    const first = await stripe.createPayment(input)
    const again = await stripe.createPayment(input)
    expect(again.providerRef).toBe(first.providerRef)
    expect(stand.sessions.size).toBe(before + 1)
  })

  test('methods this provider does not offer, or cannot keep, are refused before any call', async () => {
    const count = stand.requests.length
    for (const method of ['paypal', 'bank_wire', 'free'] as const) {
      await expect(stripe.createPayment(paymentInput({ method }))).rejects.toMatchObject({ type: 'no_payment_method' })
    }
    await expect(stripe.createPayment(paymentInput({ method: 'twint', amount: { amount: 100, currency: 'chf' }, saveMethod: true }))).rejects.toMatchObject({ type: 'no_payment_method' })
    await expect(stripe.createPayment(paymentInput({ method: 'ideal', saveMethod: true }))).rejects.toMatchObject({ type: 'no_payment_method' })
    await expect(stripe.createPayment(paymentInput({ method: 'twint', amount: { amount: 100, currency: 'eur' } }))).rejects.toMatchObject({ type: 'no_payment_method' })
    expect(stand.requests.length).toBe(count)
  })

  test('Stripe being down is a provider_error that says nothing of it', async () => {
    stand.failNext(500)
    const error = await stripe.createPayment(paymentInput()).catch((e: unknown) => e)
    expect(error).toMatchObject({ type: 'provider_error', status: 502, message: 'The card provider could not process the request' })
  })

  test('Stripe out of reach is a provider_error', async () => {
    const gone = await startStripeStandIn()
    await gone.close()
    const unreachable = createStripeProvider({ code: 'stripe', secretKey: gone.secretKey, publishableKey: 'pk', apiBase: gone.url })
    await expect(unreachable.retrievePayment('cs_test_1')).rejects.toMatchObject({ type: 'provider_error', message: 'The card provider could not process the request' })
  })

  test('a wrong secret key is a provider_error', async () => {
    const wrong = createStripeProvider({ code: 'stripe', secretKey: 'sk_test_wrong', publishableKey: 'pk', apiBase: stand.url })
    await expect(wrong.createPayment(paymentInput())).rejects.toMatchObject({ type: 'provider_error' })
  })
})

describe('retrievePayment: the standing the return page and webhooks confirm through', () => {
  test('a paid card session is successful with the amount and the card, never its number', async () => {
    const { providerRef } = await paidSession()
    const outcome = await stripe.retrievePayment(providerRef)
    expect(outcome).toEqual({
      providerRef, state: 'successful', amount: { amount: 1999, currency: 'eur' },
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2 },
    })
    expect(stand.last('GET', `/v1/checkout/sessions/${providerRef}`)!.query.expand).toEqual(['payment_intent.latest_charge'])
  })

  test('a paid session that kept the method names the customer and the payment method', async () => {
    const { providerRef } = await paidSession({ saveMethod: true }, 'pm_card_mastercard')
    const outcome = await stripe.retrievePayment(providerRef)
    expect(outcome.card).toMatchObject({ brand: 'mastercard', last4: '4444' })
    expect(outcome.savedMethod).toEqual({ provider: 'stripe', customerId: expect.stringMatching(/^cus_/), paymentMethodId: expect.stringMatching(/^pm_/) })
  })

  test('an open session waits, and a card declined on it still waits (the payer may try another)', async () => {
    const created = await stripe.createPayment(paymentInput())
    expect((await stripe.retrievePayment(created.providerRef)).state).toBe('waiting')
    stand.completeSession(created.providerRef, { paymentMethod: 'pm_card_chargeDeclined' })
    expect((await stripe.retrievePayment(created.providerRef)).state).toBe('waiting')
  })

  test('an expired session is expired', async () => {
    const created = await stripe.createPayment(paymentInput())
    stand.expireSession(created.providerRef)
    expect(await stripe.retrievePayment(created.providerRef)).toMatchObject({ state: 'expired', amount: { amount: 1999, currency: 'eur' } })
  })

  test('SEPA is pending until the debit settles, then successful or denied', async () => {
    const paid = await paidSession({ method: 'sepa' })
    expect((await stripe.retrievePayment(paid.providerRef)).state).toBe('pending')
    stand.settleAsync(paid.providerRef, 'succeeded')
    expect((await stripe.retrievePayment(paid.providerRef)).state).toBe('successful')

    const returned = await paidSession({ method: 'sepa' })
    stand.settleAsync(returned.providerRef, 'failed')
    expect(await stripe.retrievePayment(returned.providerRef)).toMatchObject({ state: 'denied', failureReason: 'payment_method_provider_decline' })
  })

  test('an unknown payment is not_found', async () => {
    await expect(stripe.retrievePayment('cs_test_unknown')).rejects.toMatchObject({ type: 'not_found' })
    await expect(stripe.retrievePayment('sbx_other')).rejects.toMatchObject({ type: 'not_found' })
  })
})

describe('chargeSavedMethod: off-session charges for later rates and upsells', () => {
  async function savedMethod(): Promise<SavedMethod> {
    const { providerRef } = await paidSession({ saveMethod: true })
    return (await stripe.retrievePayment(providerRef)).savedMethod!
  }

  test('a kept card is charged at once without the payer', async () => {
    const method = await savedMethod()
    const input = { ...paymentInput({ amount: { amount: 990, currency: 'eur' } }), savedMethod: method }
    const result = await stripe.chargeSavedMethod(input)

    expect(result).toMatchObject({
      providerRef: expect.stringMatching(/^pi_/), state: 'successful', amount: { amount: 990, currency: 'eur' },
      card: { brand: 'visa', last4: '4242' }, savedMethod: method, nextAction: { type: 'none' },
    })
    const sent = stand.last('POST', '/v1/payment_intents')!
    expect(sent.headers['idempotency-key']).toBe(input.idempotencyKey)
    expect(sent.body).toMatchObject({
      amount: '990', currency: 'eur', customer: method.customerId, payment_method: method.paymentMethodId, off_session: 'true', confirm: 'true',
      metadata: { payment_token: input.paymentToken, order_token: input.orderToken, flow: 'off_session' },
    })
    expect(await stripe.retrievePayment(result.providerRef)).toMatchObject({ state: 'successful', amount: { amount: 990 } })
  })

  test('a declined card is a denied payment with the decline code', async () => {
    const input = { ...paymentInput(), savedMethod: { provider: 'stripe' as const, customerId: 'cus_any', paymentMethodId: 'pm_card_chargeDeclined' } }
    const result = await stripe.chargeSavedMethod(input)
    expect(result).toMatchObject({ providerRef: expect.stringMatching(/^pi_/), state: 'denied', failureReason: 'generic_decline', nextAction: { type: 'none' } })
  })

  test('a method kept elsewhere, or gone at Stripe, is no_payment_method', async () => {
    await expect(stripe.chargeSavedMethod({ ...paymentInput(), savedMethod: { provider: 'paypal', vaultId: 'V' } })).rejects.toMatchObject({ type: 'no_payment_method' })
    await expect(stripe.chargeSavedMethod({ ...paymentInput(), savedMethod: { provider: 'connect', customerId: 'cus_x', paymentMethodId: 'pm_x' } }))
      .rejects.toMatchObject({ type: 'no_payment_method' })
    await expect(stripe.chargeSavedMethod({ ...paymentInput(), savedMethod: { provider: 'stripe', customerId: 'cus_x', paymentMethodId: 'pm_gone' } }))
      .rejects.toMatchObject({ type: 'no_payment_method' })
  })
})

describe('refund', () => {
  test('a Checkout payment is refunded on its PaymentIntent with the amount and the idempotency key', async () => {
    const { providerRef, session } = await paidSession()
    const result = await stripe.refund({ providerRef, amount: { amount: 500, currency: 'eur' }, idempotencyKey: 'refund-1', reason: 'Asked by the payer' })
    expect(result).toEqual({ refundRef: expect.stringMatching(/^re_/), state: 'successful' })
    const sent = stand.last('POST', '/v1/refunds')!
    expect(sent.headers['idempotency-key']).toBe('refund-1')
    expect(sent.body).toMatchObject({ payment_intent: session.payment_intent, amount: '500', metadata: { reason: 'Asked by the payer' } })
    // The same key is the same refund.
    expect(await stripe.refund({ providerRef, amount: { amount: 500, currency: 'eur' }, idempotencyKey: 'refund-1', reason: 'Asked by the payer' })).toEqual(result)
    expect(stand.charges.get(stand.paymentIntents.get(session.payment_intent)!.latest_charge)!.amount_refunded).toBe(500)
  })

  test('an off-session charge is refunded by its PaymentIntent id', async () => {
    const charged = await stripe.chargeSavedMethod({ ...paymentInput(), savedMethod: { provider: 'stripe', customerId: 'cus_any', paymentMethodId: 'pm_card_visa' } })
    expect(await stripe.refund({ providerRef: charged.providerRef, amount: { amount: 1999, currency: 'eur' }, idempotencyKey: 'refund-2' }))
      .toMatchObject({ state: 'successful' })
  })

  test('a session nobody paid has nothing to refund', async () => {
    const created = await stripe.createPayment(paymentInput())
    await expect(stripe.refund({ providerRef: created.providerRef, amount: { amount: 1, currency: 'eur' }, idempotencyKey: 'refund-3' }))
      .rejects.toMatchObject({ type: 'conflict' })
  })
})

describe('parseWebhook: verified with the SDK, reduced to our events', () => {
  test('a paid session is a successful payment with our token, the card and the event id', async () => {
    const { input, providerRef, session } = await paidSession()
    const { event, body, headers } = stand.webhook('checkout.session.completed', session)
    const events = await stripe.parseWebhook(body, headers)
    expect(events).toEqual([{
      eventId: event.id, type: 'checkout.session.completed', kind: 'payment', paymentToken: input.paymentToken,
      outcome: expect.objectContaining({ providerRef, state: 'successful', amount: { amount: 1999, currency: 'eur' }, card: expect.objectContaining({ last4: '4242' }) }),
    }])
  })

  test('a wrong secret, a tampered body or a missing signature is invalid_signature', async () => {
    const { session } = await paidSession()
    const signedElsewhere = stand.webhook('checkout.session.completed', session, { secret: 'whsec_someone_else' })
    await expect(stripe.parseWebhook(signedElsewhere.body, signedElsewhere.headers)).rejects.toMatchObject({ type: 'invalid_signature', status: 400 })

    const genuine = stand.webhook('checkout.session.completed', session)
    const tampered = Buffer.from(genuine.body.toString('utf8').replace('"amount_total": 1999', '"amount_total": 1'))
    expect(tampered.equals(genuine.body)).toBe(false)
    await expect(stripe.parseWebhook(tampered, genuine.headers)).rejects.toMatchObject({ type: 'invalid_signature' })
    await expect(stripe.parseWebhook(genuine.body, {})).rejects.toMatchObject({ type: 'invalid_signature' })

    const noSecret = createStripeProvider({ code: 'stripe', secretKey: stand.secretKey, publishableKey: 'pk', apiBase: stand.url })
    await expect(noSecret.parseWebhook(genuine.body, genuine.headers)).rejects.toMatchObject({ type: 'invalid_signature' })
  })

  test('SEPA: completed is pending, then the async events succeed or deny it', async () => {
    const { input, providerRef, session } = await paidSession({ method: 'sepa' })
    expect(await deliver('checkout.session.completed', session)).toMatchObject([{ kind: 'payment', paymentToken: input.paymentToken, outcome: { providerRef, state: 'pending' } }])
    stand.settleAsync(providerRef, 'succeeded')
    expect(await deliver('checkout.session.async_payment_succeeded', session)).toMatchObject([{ outcome: { providerRef, state: 'successful' } }])

    const failed = await paidSession({ method: 'sepa' })
    stand.settleAsync(failed.providerRef, 'failed')
    expect(await deliver('checkout.session.async_payment_failed', failed.session))
      .toMatchObject([{ kind: 'payment', paymentToken: failed.input.paymentToken, outcome: { providerRef: failed.providerRef, state: 'denied' } }])
  })

  test('an expired session is expired', async () => {
    const input = paymentInput()
    const created = await stripe.createPayment(input)
    const session = stand.expireSession(created.providerRef)
    expect(await deliver('checkout.session.expired', session))
      .toMatchObject([{ kind: 'payment', paymentToken: input.paymentToken, outcome: { providerRef: created.providerRef, state: 'expired' } }])
  })

  test('payment_intent events speak for off-session charges only; Checkout ones are told by the session', async () => {
    const { session } = await paidSession()
    const checkoutIntent = stand.paymentIntents.get(session.payment_intent)!
    expect(await deliver('payment_intent.succeeded', checkoutIntent)).toMatchObject([{ kind: 'ignored' }])
    expect(await deliver('payment_intent.payment_failed', checkoutIntent)).toMatchObject([{ kind: 'ignored' }])

    const input = { ...paymentInput(), savedMethod: { provider: 'stripe' as const, customerId: 'cus_any', paymentMethodId: 'pm_card_visa' } }
    const charged = await stripe.chargeSavedMethod(input)
    expect(await deliver('payment_intent.succeeded', stand.paymentIntents.get(charged.providerRef)!))
      .toMatchObject([{ kind: 'payment', paymentToken: input.paymentToken, outcome: { providerRef: charged.providerRef, state: 'successful', card: { last4: '4242' } } }])

    const declined = { ...paymentInput(), savedMethod: { provider: 'stripe' as const, customerId: 'cus_any', paymentMethodId: 'pm_card_chargeDeclined' } }
    const denied = await stripe.chargeSavedMethod(declined)
    expect(await deliver('payment_intent.payment_failed', stand.paymentIntents.get(denied.providerRef)!))
      .toMatchObject([{ kind: 'payment', paymentToken: declined.paymentToken, outcome: { providerRef: denied.providerRef, state: 'denied', failureReason: 'generic_decline' } }])
  })

  test('a refund names our payment by its session, with this refund and the refunded total', async () => {
    const { input, providerRef, session } = await paidSession()
    await stripe.refund({ providerRef, amount: { amount: 500, currency: 'eur' }, idempotencyKey: `r1-${providerRef}` })
    await stripe.refund({ providerRef, amount: { amount: 300, currency: 'eur' }, idempotencyKey: `r2-${providerRef}` })
    const charge = stand.charges.get(stand.paymentIntents.get(session.payment_intent)!.latest_charge)!
    const events = await deliver('charge.refunded', charge, { previousAttributes: { amount_refunded: 500, refunded: false } })
    expect(events).toMatchObject([{
      kind: 'refund', paymentToken: input.paymentToken, providerRef, amount: { amount: 300, currency: 'eur' }, totalRefunded: { amount: 800, currency: 'eur' },
    }])
  })

  test('a dispute is a chargeback of our payment', async () => {
    const { input, providerRef, session } = await paidSession()
    const dispute = stand.dispute(stand.paymentIntents.get(session.payment_intent)!.latest_charge)
    expect(await deliver('charge.dispute.created', dispute)).toMatchObject([{
      kind: 'chargeback', paymentToken: input.paymentToken, providerRef, amount: { amount: 1999, currency: 'eur' }, ref: dispute.id,
    }])
  })

  test('a dispute closed as won is a chargeback reversal naming the dispute; a lost one changes nothing', async () => {
    const { input, providerRef, session } = await paidSession()
    const dispute = stand.dispute(stand.paymentIntents.get(session.payment_intent)!.latest_charge, 1500)
    expect(await deliver('charge.dispute.closed', { ...dispute, status: 'won' }, { previousAttributes: { status: 'under_review' } })).toMatchObject([{
      kind: 'chargeback_reversal', paymentToken: input.paymentToken, providerRef, amount: { amount: 1500, currency: 'eur' }, ref: dispute.id,
    }])
    expect(await deliver('charge.dispute.closed', { ...dispute, status: 'lost' })).toMatchObject([{ kind: 'ignored' }])
  })

  test('a dispute carries the fee of its balance transactions; a won one what Stripe still keeps of it', async () => {
    const { session } = await paidSession()
    const dispute = stand.dispute(stand.paymentIntents.get(session.payment_intent)!.latest_charge, 1500)
    const withdrawal = { id: 'txn_w', object: 'balance_transaction', amount: -3_000, fee: 1_500, currency: 'eur' }
    expect(await deliver('charge.dispute.created', { ...dispute, balance_transactions: [withdrawal] })).toMatchObject([{
      kind: 'chargeback', fee: { amount: 1_500, currency: 'eur' },
    }])
    const reinstated = { id: 'txn_r', object: 'balance_transaction', amount: 3_000, fee: -1_500, currency: 'eur' }
    expect(await deliver('charge.dispute.closed', { ...dispute, status: 'won', balance_transactions: [withdrawal, reinstated] })).toMatchObject([{
      kind: 'chargeback_reversal', fee: { amount: 0, currency: 'eur' },
    }])
    const [withoutFee] = await deliver('charge.dispute.created', dispute)
    expect(withoutFee).not.toHaveProperty('fee')
  })

  test('events of anything Sellfront did not create, and other types, are ignored', async () => {
    const foreign = { ...(await paidSession()).session, metadata: {}, client_reference_id: null }
    expect(await deliver('checkout.session.completed', foreign)).toMatchObject([{ kind: 'ignored' }])
    expect(await deliver('customer.created', { id: 'cus_1', object: 'customer' })).toMatchObject([{ kind: 'ignored', type: 'customer.created' }])
  })
})

describe('connect: the platform\'s own account through the same adapter', () => {
  test('it charges with the platform\'s key and keeps methods as connect\'s', async () => {
    const platform = await startStripeStandIn({ secretKey: 'sk_test_platform' })
    try {
      const connect = createStripeProvider({ code: 'connect', secretKey: 'sk_test_platform', publishableKey: 'pk_test_platform', apiBase: platform.url })
      expect(connect.code).toBe('connect')
      const created = await connect.createPayment(paymentInput({ saveMethod: true }))
      expect(platform.last('POST', '/v1/checkout/sessions')!.headers.authorization).toBe('Bearer sk_test_platform')
      platform.completeSession(created.providerRef)
      expect((await connect.retrievePayment(created.providerRef)).savedMethod?.provider).toBe('connect')
    } finally {
      await platform.close()
    }
  })
})
