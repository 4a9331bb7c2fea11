import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { paymentInput } from '../../../../tests/stand-ins/payment-input'
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/stand-ins/stripe-stand-in'
import { createStripeProvider } from './stripe'
import type { PaymentProviderAdapter } from './types'

// A trial's first payment is 0 and keeps the method (docs/decisions/0033-trial-periods.md): Checkout in setup mode.

let stand: StripeStandIn
let stripe: PaymentProviderAdapter

beforeAll(async () => {
  stand = await startStripeStandIn()
  stripe = createStripeProvider({ code: 'stripe', secretKey: stand.secretKey, publishableKey: 'pk_test_standin', webhookSecret: stand.webhookSecret, apiBase: stand.url })
})
afterAll(() => stand.close())

const zero = { amount: 0, currency: 'eur' } as const

describe('createPayment of 0 that keeps the method: a setup session', () => {
  test('is a Checkout Session in setup mode for a new customer, naming our payment like a paid one', async () => {
    const input = paymentInput({ amount: zero, saveMethod: true, method: 'sepa' })
    const result = await stripe.createPayment(input)
    expect(result).toMatchObject({ state: 'waiting', amount: zero, nextAction: { type: 'redirect' } })
    expect(result.providerRef).toMatch(/^cs_test_/)
    const sent = stand.last('POST', '/v1/checkout/sessions')!
    expect(sent.body).toMatchObject({
      mode: 'setup', currency: 'eur', allowed_payment_method_types: ['sepa_debit'], client_reference_id: input.paymentToken,
      metadata: { payment_token: input.paymentToken, order_token: input.orderToken, flow: 'checkout' },
      setup_intent_data: { metadata: { payment_token: input.paymentToken, flow: 'checkout' } },
      success_url: input.returnUrl, cancel_url: input.cancelUrl,
    })
    expect(sent.body.customer).toMatch(/^cus_/)
    expect(sent.body.line_items).toBeUndefined()
  })

  test('a 0 payment that keeps nothing is refused before any call', async () => {
    const count = stand.requests.length
    await expect(stripe.createPayment(paymentInput({ amount: zero, saveMethod: false }))).rejects.toMatchObject({ type: 'no_payment_method' })
    expect(stand.requests.length).toBe(count)
  })

  test('retrieved: waiting while open, then successful for 0 with the kept method and the card', async () => {
    const created = await stripe.createPayment(paymentInput({ amount: zero, saveMethod: true }))
    expect(await stripe.retrievePayment(created.providerRef)).toMatchObject({ state: 'waiting', amount: zero })
    stand.completeSession(created.providerRef)
    const outcome = await stripe.retrievePayment(created.providerRef)
    expect(outcome).toMatchObject({ providerRef: created.providerRef, state: 'successful', amount: zero, card: { brand: 'visa', last4: '4242' } })
    expect(outcome.savedMethod).toMatchObject({ provider: 'stripe', customerId: expect.stringMatching(/^cus_/), paymentMethodId: expect.stringMatching(/^pm_/) })
  })

  test('the completed session\'s webhook is a successful payment of 0 of our payment', async () => {
    const input = paymentInput({ amount: zero, saveMethod: true })
    const created = await stripe.createPayment(input)
    const session = stand.completeSession(created.providerRef)
    const { body, headers } = stand.webhook('checkout.session.completed', session)
    const [event] = await stripe.parseWebhook(body, headers)
    expect(event).toMatchObject({ kind: 'payment', paymentToken: input.paymentToken, outcome: { state: 'successful', amount: zero } })
  })

  test('a paid session is unchanged: payment mode with the amount', async () => {
    await stripe.createPayment(paymentInput({ saveMethod: true }))
    expect(stand.last('POST', '/v1/checkout/sessions')!.body).toMatchObject({ mode: 'payment' })
  })
})
