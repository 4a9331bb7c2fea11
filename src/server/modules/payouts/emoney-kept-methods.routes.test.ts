import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startMangopayStandIn, type MangopayStandIn } from '../../../../tests/stand-ins/mangopay-stand-in'
import { legitimations } from '../../db/schema'
import { syncLegitimation } from './emoney.service'

// The e-money provider keeps no card (docs/decisions/0052-emoney-pay-ins.md): a seller who takes cards through
// it still sells recurring plans with another card provider (the sandbox here, in test mode), the checkout of
// a one-time plan with one-click offers pays through it without keeping the card, and its offers open the
// checkout instead of charging a card it never kept.

let t: TestApp
let stand: MangopayStandIn
let seller: TestSeller

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const monthly = { form: 'subscription', currency_id: 'eur', price: 1_900, interval: '1m', name: 'Club' }
const installments = { form: 'installment', currency_id: 'eur', first_amount: 1_000, next_amount: 1_000, payments_count: 3, interval: '1m', name: 'Three rates' }

beforeAll(async () => {
  stand = await startMangopayStandIn()
  t = await createTestApp({ MANGOPAY_CLIENT_ID: stand.clientId, MANGOPAY_API_KEY: stand.apiKey, MANGOPAY_API_BASE: stand.url })
  seller = await createSeller(t)
  // The seller's wallet becomes active at the provider, and cards go through it.
  const [legitimation] = await t.deps.db.insert(legitimations).values({
    partyKind: 'seller', partyId: seller.sellerId, userId: seller.userId, businessType: 'natural', step: 'requested', submittedAt: new Date(),
    details: { legal_representative: { first_name: 'Ada', last_name: 'Lovelace', birthday: '10.12.1985', nationality: 'DE', street: 'Hauptstr. 1', zip: '10115', city: 'Berlin', country_code: 'DE' } },
  }).returning()
  await syncLegitimation(t.deps, legitimation!.id)
  const saved = await t.request({ method: 'PUT', url: '/api/v1/cabinet/payment_settings', token: seller.accessToken, payload: { methods: [{ method: 'card', provider: 'emoney', active: true }] } })
  expect(saved.statusCode, saved.body).toBe(200)
}, 60_000)
afterAll(async () => {
  await t.close()
  await stand.close()
})

async function orderOf(token: string) {
  const [row] = await sql<{ id: number; provider: string; saved_method: unknown }>('select id, provider, saved_method from orders where token = $1', [token])
  return row!
}

describe('the e-money provider and payments that keep the method', () => {
  test.each([['a subscription', monthly], ['installments', installments]])('%s: the card goes through the seller\'s other card provider, never the e-money provider', async (_name, plan) => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [plan] })
    const page = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}/checkout` })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json().payment_methods).toContain('card')

    const payInsBefore = stand.payIns.size
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().order.payment_state).not.toBe('payment_not_completed')
    expect((await orderOf(res.json().order.token)).provider).toBe('sandbox')
    expect(stand.payIns.size).toBe(payInsBefore)
  })

  test('a one-time plan still pays through the e-money provider', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(5_000)] })
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().next_action).toMatchObject({ type: 'redirect', url: expect.stringContaining(`${stand.url}/hosted/payins/`) })
    expect((await orderOf(res.json().order.token)).provider).toBe('emoney')
  })

  test('a one-time plan with one-click offers pays through the e-money provider without keeping the card; its offers open the checkout, none charges in one click', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(5_000)] })
    const offer = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(2_000)] })
    const saved = await t.request({
      method: 'PUT', url: `/api/v1/cabinet/products/${product.id}/checkout`, token: seller.accessToken,
      payload: { upsells: [{ product_id: offer.id, pricing_plan_id: offer.pricing_plans[0].id }] },
    })
    expect(saved.statusCode, saved.body).toBe(200)

    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    const redirect = res.json().next_action.url as string
    expect(redirect).toContain(`${stand.url}/hosted/payins/`)
    const page = await fetch(`${redirect}?outcome=success`, { redirect: 'manual' })
    const back = new URL(page.headers.get('location')!)
    expect((await t.request({ method: 'GET', url: `${back.pathname}${back.search}` })).statusCode).toBe(303)

    const order = await orderOf(res.json().order.token)
    expect(order).toMatchObject({ provider: 'emoney', saved_method: null })
    // The offer opens the checkout (its product page with its plan chosen); nothing is charged in one click.
    const view = await t.request({ method: 'GET', url: `/api/v1/shop/orders/${res.json().order.token}` })
    expect(view.json()).toMatchObject({
      payment_state: 'paid', upsell_offers: [{ index: 0, product_id: offer.id, product_slug: offer.slug, pricing_plan_id: offer.pricing_plans[0].id, amount: 2_000, payment: 'checkout' }],
    })
    const upsell = await t.request({ method: 'POST', url: `/api/v1/shop/orders/${res.json().order.token}/upsells`, headers: { 'idempotency-key': 'emoney-upsell-1' }, payload: { index: 0 } })
    expect(upsell.statusCode).toBe(409)
  })
})
