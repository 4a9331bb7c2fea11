import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { storeRates } from '../exchange-rates/exchange-rates.service'

// An offer after an order paid in the payer's currency (docs/decisions/0097-payer-currencies.md): the offer of a
// euro plan is shown in the order's currency at the order's rate, the one click charges that amount in that
// currency, and the new order keeps the parent's rate (its ledger books both amounts), even after the rate moved. An
// offer bought through its checkout (no kept method) is shown at the rate that checkout converts at and charges.

let t: TestApp
let seller: TestSeller
type Product = { id: number; slug: string; pricing_plans: { id: number }[] }
let main: Product
let upsell: Product
const hour = 3600_000

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const publicOrder = async (token: string) => (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${token}` })).json()

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  await sql(`update sellers set payer_currencies = '["pln"]'::jsonb where id = $1`, [seller.sellerId])
  await storeRates(t.deps.db, [{ currency: 'pln', perEur: '4.2931' }], 'ecb', new Date(t.clock.now.getTime() - 2 * hour))
  main = await publishedProduct(t, seller.accessToken, { name: 'Watercolour course', pricing_plans: [oneTimePlan(2_500)] })
  upsell = await publishedProduct(t, seller.accessToken, { name: 'Brush set', pricing_plans: [oneTimePlan(1_000)] })
  const funnel = await t.request({
    method: 'POST', url: '/api/v1/cabinet/funnels', token: seller.accessToken,
    payload: { name: 'After the course', product_ids: [main.id], nodes: [{ kind: 'upsell', product_id: upsell.id, pricing_plan_id: upsell.pricing_plans[0]!.id, accept: null, decline: null }] },
  })
  expect(funnel.statusCode, funnel.body).toBe(201)
})
afterAll(async () => { await t?.close() })

async function buyInZloty(): Promise<string> {
  const res = await submitOrder(t, { product_id: main.id, pricing_plan_id: main.pricing_plans[0]!.id, currency: 'pln', payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect(res.json().order).toMatchObject({ currency: 'pln', exchange: { base_currency: 'eur', rate: '4.2931' } })
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return res.json().order.token as string
}

describe('an offer after a converted order', () => {
  test('is offered in zloty at the order\'s rate, and one click charges that amount in zloty, keeping the rate', async () => {
    const token = await buyInZloty()
    // 10,00 € × 4.2931 = 42,931 zł → 42,93 zł
    const offers = (await publicOrder(token)).upsell_offers
    expect(offers).toEqual([expect.objectContaining({ product_id: upsell.id, amount: 4_293, currency: 'pln', payment: 'autopay' })])
    // The rate moves after the order: the offer keeps the order's.
    await storeRates(t.deps.db, [{ currency: 'pln', perEur: '4.5000' }], 'ecb', t.clock.now)
    expect((await publicOrder(token)).upsell_offers).toEqual([expect.objectContaining({ amount: 4_293, currency: 'pln' })])

    const accepted = await t.request({ method: 'POST', url: `/api/v1/shop/orders/${token}/upsells`, headers: { 'idempotency-key': 'converted-upsell-1' }, payload: { index: 0 } })
    expect(accepted.statusCode, accepted.body).toBe(201)
    const order = accepted.json().order
    expect(order).toMatchObject({ currency: 'pln', first_amount: 4_293, exchange: { base_currency: 'eur', rate: '4.2931', source: 'ecb', base_total_amount: 1_000 } })
    const [payment] = await sql<{ amount: number; currency: string; state: string }>(
      'select p.amount::int as amount, p.currency, p.state from payments p join orders o on o.id = p.order_id where o.token = $1', [order.token])
    expect(payment).toMatchObject({ amount: 4_293, currency: 'pln', state: 'successful' })
    await t.deps.jobs.drain()
    // The ledger books the upsell in zloty with its euro amounts, both summing to 0.
    const entries = await sql<{ amount: number; currency: string; base_amount: number; base_currency: string }>(
      'select l.amount::int as amount, l.currency, l.base_amount::int as base_amount, l.base_currency from ledger_entries l join orders o on o.id = l.order_id where o.token = $1', [order.token])
    expect(entries.length).toBeGreaterThan(1)
    expect(entries.every((e) => e.currency === 'pln' && e.base_currency === 'eur')).toBe(true)
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0)
    expect(entries.reduce((sum, e) => sum + e.base_amount, 0)).toBe(0)
    await storeRates(t.deps.db, [{ currency: 'pln', perEur: '4.2931' }], 'ecb', t.clock.now)
  })

  test('a payment that kept no method: the offer opens its checkout in zloty, priced and charged at the rate of the moment, which that checkout names', async () => {
    const token = await buyInZloty()
    await sql("update orders set saved_method = null, provider = 'emoney' where token = $1", [token])
    await storeRates(t.deps.db, [{ currency: 'pln', perEur: '4.5000' }], 'ecb', t.clock.now)
    // 10,00 € × 4.5 = 45,00 zł: what the checkout will show and charge, not the order's 42,93 zł.
    const [offer] = (await publicOrder(token)).upsell_offers
    expect(offer).toMatchObject({ product_id: upsell.id, amount: 4_500, currency: 'pln', payment: 'checkout' })
    const res = await submitOrder(t, {
      product_id: upsell.id, pricing_plan_id: upsell.pricing_plans[0]!.id, currency: 'pln', funnel_offer: offer.funnel_offer,
      payment_method: 'card', payer: fullPayer(), terms_accepted: true,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().order).toMatchObject({ currency: 'pln', first_amount: 4_500, exchange: { base_currency: 'eur', rate: '4.5' } })
    const [row] = await sql<{ upsell_type: string | null }>('select upsell_type from orders where token = $1', [res.json().order.token])
    expect(row!.upsell_type).toBe('upsell') // the node's offer
    await storeRates(t.deps.db, [{ currency: 'pln', perEur: '4.2931' }], 'ecb', t.clock.now)
  })

  test('an order in the plans\' own currency: the offer in euro, as before, with no rate kept', async () => {
    const res = await submitOrder(t, { product_id: main.id, pricing_plan_id: main.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const token = res.json().order.token as string
    expect((await publicOrder(token)).upsell_offers).toEqual([expect.objectContaining({ amount: 1_000, currency: 'eur' })])
    const accepted = await t.request({ method: 'POST', url: `/api/v1/shop/orders/${token}/upsells`, headers: { 'idempotency-key': 'euro-upsell-1' }, payload: { index: 0 } })
    expect(accepted.statusCode, accepted.body).toBe(201)
    expect(accepted.json().order).toMatchObject({ currency: 'eur', first_amount: 1_000, exchange: null })
  })
})
