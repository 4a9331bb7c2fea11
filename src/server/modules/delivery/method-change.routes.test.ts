import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/stand-ins/stripe-stand-in'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProvider, sandboxDeclinedMethodId } from '../../payments/providers'
import { createStripeClient } from '../../payments/providers/stripe'
import type { SavedMethod } from '../../payments/providers/types'
import { expireGrants } from './delivery.service'

// Changing the payment method for later rates at the manage page (docs/decisions/0021-changing-the-payment-method.md): the sandbox's setup page and
// Stripe Checkout in setup mode keep a new method that replaces the order's saved method, so later rates
// charge it; another payer's order and setup answer 404; providers without a setup flow say so. Also the
// scheduled expiry of grants past their end, and a canceled open subscription moving paid -> payment_canceled.

const stripeKey = 'sk_test_51SecretValueXyZ9876'
let stand: StripeStandIn
let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  stand = await startStripeStandIn({ secretKey: stripeKey })
  t = await createTestApp({ STRIPE_API_BASE: stand.url })
  seller = await createSeller(t)
})
afterAll(async () => {
  await t.close()
  await stand.close()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const subscription = { form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' }

async function buy(productId: number, planId: number, payer = fullPayer()) {
  const res = await submitOrder(t, { product_id: productId, pricing_plan_id: planId, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  expect((await sandboxPay(t, body.next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number; payer_user_id: number }>('select id, payer_user_id from orders where token = $1', [body.order.token])
  return { token: body.order.token as string, orderId: order!.id, payerUserId: order!.payer_user_id, payer }
}

let fingerprint = 0
async function signInPayer(email: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: `fp-method-${++fingerprint}` } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

async function savedMethodOf(orderId: number): Promise<SavedMethod> {
  const [row] = await sql<{ saved_method: SavedMethod }>('select saved_method from orders where id = $1', [orderId])
  return row!.saved_method
}

async function latestSetup(orderId: number) {
  const [row] = await sql<{ token: string; state: string; provider_ref: string | null }>('select token, state, provider_ref from payment_method_setups where order_id = $1 order by id desc limit 1', [orderId])
  return row!
}

/** Charges a later rate the way the billing will: the provider's chargeSavedMethod with the order's saved method. */
async function chargeLaterRate(provider: 'sandbox' | 'stripe', savedMethod: SavedMethod, suffix: string) {
  const adapter = createProvider(provider, { config: t.deps.config, settings: t.deps.settings, credentials: provider === 'stripe' ? { secretKey: stripeKey, publishableKey: 'pk_test_51AbCdEfGhIjKlMn' } : undefined })
  return adapter.chargeSavedMethod({
    paymentToken: `rate2-${suffix}`, orderToken: `order-${suffix}`, amount: { amount: 900, currency: 'eur' }, method: 'card', description: 'rate 2',
    payer: { email: 'pia@example.com', firstName: 'Pia', lastName: 'Payer', countryCode: 'DE' }, idempotencyKey: `rate2-${suffix}`, savedMethod,
  })
}

describe('changing the payment method of later rates', () => {
  test('sandbox: the setup page keeps a new method that replaces the order\'s, and a later rate charges it', async () => {
    const product = await publishedProduct(t, seller.accessToken, { form: 'course', pricing_plans: [subscription] })
    const bought = await buy(product.id, product.pricing_plans[0].id)
    // The first method fails from now on: the payer's card is gone.
    await sql(`update orders set saved_method = $1::jsonb where id = $2`, [JSON.stringify({ provider: 'sandbox', paymentMethodId: sandboxDeclinedMethodId }), bought.orderId])
    expect((await chargeLaterRate('sandbox', await savedMethodOf(bought.orderId), 'a')).state).toBe('denied')

    const token = await signInPayer(bought.payer.email)
    const before = await t.request({ method: 'GET', url: `/api/v1/payer/orders/${bought.token}`, token })
    expect(before.json()).toMatchObject({ can_change_method: true, method_change_unsupported: false })

    const started = await t.request({ method: 'POST', url: `/api/v1/payer/orders/${bought.token}/payment_method`, token, payload: {} })
    expect(started.statusCode, started.body).toBe(200)
    const setup = await latestSetup(bought.orderId)
    expect(started.json().url).toBe(`http://localhost:3000/sandbox/setups/${setup.token}`)
    expect(setup).toMatchObject({ state: 'waiting', provider_ref: `sbx_setup_${setup.token}` })

    const page = await t.request({ method: 'GET', url: `/api/v1/payer/method_setups/${setup.token}`, token })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ state: 'waiting', provider: 'sandbox', product_name: product.name, manage_url: `/s/${seller.username}/payment/${bought.token}/manage` })
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/method_setups/${setup.token}/sandbox`, token, payload: { outcome: 'maybe' } })).statusCode).toBe(400)

    const done = await t.request({ method: 'POST', url: `/api/v1/payer/method_setups/${setup.token}/sandbox`, token, payload: { outcome: 'success' } })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ state: 'successful', card: { brand: 'visa', last4: '4242' } })
    const saved = await savedMethodOf(bought.orderId)
    expect(saved).toEqual({ provider: 'sandbox', paymentMethodId: `sbx_pm_setup_${setup.token}` })
    expect((await chargeLaterRate('sandbox', saved, 'b')).state).toBe('successful')
    expect(await sql(`select event, reason from delivery_events where order_id = $1 and event = 'payment_method_changed'`, [bought.orderId]))
      .toEqual([{ event: 'payment_method_changed', reason: 'payer' }])

    // Once finished, the page cannot be answered again; the method stays.
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/method_setups/${setup.token}/sandbox`, token, payload: { outcome: 'failure' } })).statusCode).toBe(409)
    expect(await savedMethodOf(bought.orderId)).toEqual(saved)
  })

  test('sandbox: a refused method changes nothing', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [subscription] })
    const bought = await buy(product.id, product.pricing_plans[0].id)
    const before = await savedMethodOf(bought.orderId)
    const token = await signInPayer(bought.payer.email)
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/orders/${bought.token}/payment_method`, token, payload: {} })).statusCode).toBe(200)
    const setup = await latestSetup(bought.orderId)
    const failed = await t.request({ method: 'POST', url: `/api/v1/payer/method_setups/${setup.token}/sandbox`, token, payload: { outcome: 'failure' } })
    expect(failed.json()).toMatchObject({ state: 'denied', failure_reason: 'card_declined', card: null })
    expect(await savedMethodOf(bought.orderId)).toEqual(before)
  })

  test('another payer\'s order and setup answer 404; a one-time order and a canceled plan have nothing to change', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [subscription] })
    const mine = await buy(product.id, product.pricing_plans[0].id)
    const theirs = await buy(product.id, product.pricing_plans[0].id, fullPayer())
    const token = await signInPayer(mine.payer.email)
    const otherToken = await signInPayer(theirs.payer.email)
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/orders/${theirs.token}/payment_method`, token, payload: {} })).statusCode).toBe(404)
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/orders/${mine.token}/payment_method`, payload: {} })).statusCode).toBe(401)
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/orders/${mine.token}/payment_method`, token, payload: { card: '4242' } })).statusCode).toBe(400)
    await t.request({ method: 'POST', url: `/api/v1/payer/orders/${mine.token}/payment_method`, token, payload: {} })
    const setup = await latestSetup(mine.orderId)
    expect((await t.request({ method: 'GET', url: `/api/v1/payer/method_setups/${setup.token}`, token: otherToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/method_setups/${setup.token}/sandbox`, token: otherToken, payload: { outcome: 'success' } })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/payer/method_setups/${'x'.repeat(32)}`, token })).statusCode).toBe(404)

    const oneTime = await publishedProduct(t, seller.accessToken)
    const single = await buy(oneTime.id, oneTime.pricing_plans[0].id, mine.payer)
    const view = await t.request({ method: 'GET', url: `/api/v1/payer/orders/${single.token}`, token })
    expect(view.json()).toMatchObject({ can_change_method: false, method_change_unsupported: false })
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/orders/${single.token}/payment_method`, token, payload: {} })).statusCode).toBe(409)
  })

  test('a provider without a setup flow (PayPal) says so and refuses', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [subscription] })
    const bought = await buy(product.id, product.pricing_plans[0].id)
    await sql(`update orders set provider = 'paypal', payment_method = 'paypal' where id = $1`, [bought.orderId])
    const token = await signInPayer(bought.payer.email)
    expect((await t.request({ method: 'GET', url: `/api/v1/payer/orders/${bought.token}`, token })).json())
      .toMatchObject({ can_change_method: false, method_change_unsupported: true })
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/orders/${bought.token}/payment_method`, token, payload: {} })).statusCode).toBe(409)
  })

  test('stripe: Checkout in setup mode keeps a new card for the same customer; the return confirms it with the provider', async () => {
    // Bought with the sandbox first; then the seller's Stripe account is the order's provider.
    const stripeSeller = await createSeller(t)
    const product = await publishedProduct(t, stripeSeller.accessToken, { pricing_plans: [subscription] })
    const bought = await buy(product.id, product.pricing_plans[0].id)
    // The order as a Stripe checkout leaves it: a customer with the first card kept.
    const saved = await t.request({
      method: 'PUT', url: '/api/v1/cabinet/payment_providers/stripe', token: stripeSeller.accessToken,
      payload: { publishable_key: 'pk_test_51AbCdEfGhIjKlMn', secret_key: stripeKey },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const customer = await createStripeClient(stripeKey, stand.url).customers.create({ email: bought.payer.email })
    await sql(`update orders set provider = 'stripe', saved_method = $1::jsonb where id = $2`, [JSON.stringify({ provider: 'stripe', customerId: customer.id, paymentMethodId: 'pm_card_chargeDeclined' }), bought.orderId])
    const token = await signInPayer(bought.payer.email)
    expect((await t.request({ method: 'GET', url: `/api/v1/payer/orders/${bought.token}`, token })).json()).toMatchObject({ can_change_method: true })

    const started = await t.request({ method: 'POST', url: `/api/v1/payer/orders/${bought.token}/payment_method`, token, payload: {} })
    expect(started.statusCode, started.body).toBe(200)
    const setup = await latestSetup(bought.orderId)
    const session = stand.sessions.get(setup.provider_ref!)!
    expect(started.json().url).toBe(session.url)
    expect(session).toMatchObject({ mode: 'setup', customer: customer.id, currency: 'eur', metadata: { setup_token: setup.token, order_token: bought.token, flow: 'setup' } })
    expect(session.success_url).toBe(`http://localhost:3000/api/v1/shop/method_setups/${setup.token}/return`)

    // Back before paying: nothing changes. Then the payer enters a new card.
    const early = await t.request({ method: 'GET', url: `/api/v1/shop/method_setups/${setup.token}/return` })
    expect(early.statusCode).toBe(303)
    expect(early.headers.location).toBe(`/s/${stripeSeller.username}/payment/${bought.token}/manage`)
    expect((await latestSetup(bought.orderId)).state).toBe('waiting')
    stand.completeSession(setup.provider_ref!, { paymentMethod: 'pm_card_mastercard' })
    const back = await t.request({ method: 'GET', url: `/api/v1/shop/method_setups/${setup.token}/return` })
    expect(back.statusCode).toBe(303)
    expect(back.headers.location).toBe(`/s/${stripeSeller.username}/payment/${bought.token}/manage?method=changed`)
    const method = await savedMethodOf(bought.orderId)
    expect(method).toMatchObject({ provider: 'stripe', customerId: customer.id })
    expect(method.paymentMethodId).toMatch(/^pm_/)
    expect((await t.request({ method: 'GET', url: `/api/v1/payer/orders/${bought.token}`, token })).json().card).toEqual({ brand: 'mastercard', last4: '4444' })
    expect((await chargeLaterRate('stripe', method, 'c')).state).toBe('successful')
    // A second return changes nothing.
    await t.request({ method: 'GET', url: `/api/v1/shop/method_setups/${setup.token}/return` })
    expect(await sql(`select count(*)::int as n from delivery_events where order_id = $1 and event = 'payment_method_changed'`, [bought.orderId])).toEqual([{ n: 1 }])
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/method_setups/${'y'.repeat(32)}/return` })).statusCode).toBe(404)
  })

  test('the routes are documented', async () => {
    const paths = Object.keys((await t.request({ method: 'GET', url: '/api/docs/json' })).json().paths)
    for (const path of ['/api/v1/payer/orders/{token}/payment_method', '/api/v1/payer/method_setups/{token}', '/api/v1/payer/method_setups/{token}/sandbox', '/api/v1/shop/method_setups/{token}/return']) {
      expect(paths).toContain(path)
    }
  })
})

describe('grants past their end', () => {
  test('the expiry job marks them expired once and logs each; running it again changes nothing', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    const a = await buy(product.id, product.pricing_plans[0].id)
    const b = await buy(product.id, product.pricing_plans[0].id)
    const past = new Date(t.clock.now.getTime() - 60_000)
    const future = new Date(t.clock.now.getTime() + 86_400_000)
    await sql('update access_grants set expires_at = $1 where order_id = $2', [past, a.orderId])
    await sql('update access_grants set expires_at = $1 where order_id = $2', [future, b.orderId])

    expect(await expireGrants(t.deps)).toBeGreaterThanOrEqual(1)
    expect(await sql('select state, reason from access_grants where order_id = $1', [a.orderId])).toEqual([{ state: 'expired', reason: 'period_ended' }])
    expect(await sql('select state from access_grants where order_id = $1', [b.orderId])).toEqual([{ state: 'active' }])
    expect(await sql(`select count(*)::int as n from delivery_events where order_id = $1 and event = 'expired'`, [a.orderId])).toEqual([{ n: 1 }])

    expect(await expireGrants(t.deps)).toBe(0)
    await Promise.all([expireGrants(t.deps), expireGrants(t.deps)])
    expect(await sql(`select count(*)::int as n from delivery_events where order_id = $1 and event = 'expired'`, [a.orderId])).toEqual([{ n: 1 }])

    // The payer area says expired, with no way in.
    const token = await signInPayer(a.payer.email)
    const page = await t.request({ method: 'GET', url: `/api/v1/payer/sellers/${seller.sellerId}`, token })
    expect(page.json().purchases).toEqual([expect.objectContaining({ product_id: product.id, state: 'expired', access_url: null })])
  })

  test('the job is registered with a schedule', async () => {
    const { deliveryJobs } = await import('./delivery.jobs')
    expect(deliveryJobs.find((d) => d.name === 'delivery.expire-grants')).toMatchObject({ cron: '*/10 * * * *' })
  })
})

describe('a canceled open subscription', () => {
  test('moves from paid to payment_canceled and keeps its deliverables to the end of the paid period', async () => {
    await t.request({ method: 'PUT', url: '/api/v1/cabinet/settings/payment_management', token: seller.accessToken, payload: { payers_may_cancel: true } })
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [subscription] })
    const bought = await buy(product.id, product.pricing_plans[0].id)
    expect(await sql('select payment_state from orders where id = $1', [bought.orderId])).toEqual([{ payment_state: 'paid' }])
    const token = await signInPayer(bought.payer.email)
    const canceled = await t.request({ method: 'POST', url: `/api/v1/payer/orders/${bought.token}/cancel`, token, payload: {} })
    expect(canceled.statusCode, canceled.body).toBe(200)
    expect(canceled.json()).toMatchObject({ payment_state: 'payment_canceled', can_cancel: false, can_change_method: false })
    const view = (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${bought.token}` })).json()
    expect(view.deliverables.products).toEqual([expect.objectContaining({ product_id: product.id })])
    expect(await sql('select payment_state from orders where id = $1', [bought.orderId])).toEqual([{ payment_state: 'payment_canceled' }])
  })
})
