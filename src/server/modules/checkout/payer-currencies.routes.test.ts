import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { chargeDueRates } from '../billing/charge-next-installment.service'
import { storeRates } from '../exchange-rates/exchange-rates.service'

// Payer currencies (docs/decisions/0097-payer-currencies.md): a plan in euro is quoted and charged in the payer's
// currency at the rate of the moment, which the order keeps (rate, source, time) for every later rate; the ledger
// books both amounts; a missing or out-of-date rate refuses the currency; a plan of the product's own in that
// currency wins over conversion.

let t: TestApp
let seller: TestSeller
const hour = 3600_000

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  await t.deps.database.executeSql(`update sellers set payer_currencies = '["pln","chf","huf"]'::jsonb where id = $1`, [seller.sellerId])
  await storeRates(t.deps.db, [{ currency: 'pln', perEur: '4.2931' }, { currency: 'chf', perEur: '0.9312' }], 'ecb', new Date(t.clock.now.getTime() - 2 * hour))
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const quote = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/v1/shop/orders/quote', payload })

async function euroProduct(plans: Record<string, unknown>[] = [{ form: 'one_time', currency_id: 'eur', price: 2500 }]) {
  const product = await publishedProduct(t, seller.accessToken, { pricing_plans: plans })
  return { product, plan: product.pricing_plans[0] }
}

describe('the seller chooses payer currencies', () => {
  test('PUT /cabinet/profile keeps payer_currencies (each once) and answers them; a body without them keeps what is stored', async () => {
    const other = await createSeller(t)
    const profile = (await t.request({ method: 'GET', url: '/api/v1/cabinet/profile', token: other.accessToken })).json().profile
    const put = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/v1/cabinet/profile', token: other.accessToken, payload: { ...profile, ...payload } })
    const saved = await put({ payer_currencies: ['usd', 'chf', 'usd'] })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().payer_currencies).toEqual(['usd', 'chf'])
    expect((await put({})).json().payer_currencies).toEqual(['usd', 'chf'])
    expect((await put({ payer_currencies: ['USD'] })).statusCode).toBe(400)
  })

  test('the checkout page names the plans\' currency first, then the payer currencies', async () => {
    const { product } = await euroProduct()
    const page = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}/checkout` })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json().currencies).toEqual(['eur', 'pln', 'chf', 'huf'])
  })
})

describe('a price converted into the payer\'s currency', () => {
  test('the quote is in zloty at the stored rate, rounded to the grosz, and says from what', async () => {
    const { product, plan } = await euroProduct()
    const res = await quote({ product_id: product.id, pricing_plan_id: plan.id, currency: 'pln', country_code: 'PL' })
    expect(res.statusCode, res.body).toBe(200)
    // 25,00 € × 4.2931 = 107,3275 zł → 107,33 zł
    expect(res.json()).toMatchObject({ currency: 'pln', first_amount: 10733, total_amount: 10733 })
    expect(res.json().exchange).toMatchObject({ base_currency: 'eur', rate: '4.2931', source: 'ecb', base_total_amount: 2500 })
    // The plan's own currency, or none: no conversion.
    expect((await quote({ product_id: product.id, pricing_plan_id: plan.id, currency: 'eur' })).json()).toMatchObject({ currency: 'eur', first_amount: 2500, exchange: null })
  })

  test('the order keeps the rate, is charged in zloty, and its ledger entries carry the euro amounts summing to 0', async () => {
    const { product, plan } = await euroProduct()
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: plan.id, currency: 'pln', payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    const { order, next_action: next } = res.json()
    expect(order).toMatchObject({ currency: 'pln', first_amount: 10733, exchange: { base_currency: 'eur', rate: '4.2931', source: 'ecb', base_total_amount: 2500 } })
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/sandbox/payments/${next.payment_id}` })).json()).toMatchObject({ amount: 10733, currency: 'pln' })
    expect((await sandboxPay(t, next.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const entries = await sql<{ amount: number; currency: string; base_amount: number; base_currency: string }>(
      'select l.amount::int as amount, l.currency, l.base_amount::int as base_amount, l.base_currency from ledger_entries l join orders o on o.id = l.order_id where o.token = $1', [order.token])
    expect(entries.length).toBeGreaterThan(1)
    expect(entries.every((e) => e.currency === 'pln' && e.base_currency === 'eur')).toBe(true)
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0)
    expect(entries.reduce((sum, e) => sum + e.base_amount, 0)).toBe(0)
    // The payer's clearing line: 107,33 zł is 25,00 € at the order's rate.
    expect(entries.find((e) => e.amount === 10733)?.base_amount).toBe(2500)

    // The invoice is in zloty and names the rate, with the total and VAT in euro at it.
    const [invoice] = await sql<{ id: number; currency: string }>('select i.id, i.currency from invoices i join orders o on o.id = i.order_id where o.token = $1', [order.token])
    expect(invoice?.currency).toBe('pln')
    const pdf = await t.request({ method: 'GET', url: `/api/v1/cabinet/invoices/${invoice!.id}/pdf`, token: seller.accessToken })
    expect(pdf.statusCode).toBe(200)
    const text = (await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text as string
    expect(text).toContain('Exchange rate: 1 EUR = 4.2931 PLN (European Central Bank reference rate')
    expect(text).toContain('At this rate: total 25,00 EUR')

    // A partial refund in zloty: its entries carry euro amounts at the order's rate too, summing to 0.
    const [row] = await sql<{ id: number }>('select id from orders where token = $1', [order.token])
    const refund = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${row!.id}/refund`, token: seller.accessToken, payload: { amount: 5000 }, headers: { 'idempotency-key': `refund-${order.token}` } })
    expect(refund.statusCode, refund.body).toBeLessThan(300)
    await t.deps.jobs.drain()
    const refunded = await sql<{ amount: number; base_amount: number; base_currency: string }>(
      `select amount::int as amount, base_amount::int as base_amount, base_currency from ledger_entries where order_id = $1 and kind = 'refund'`, [row!.id])
    expect(refunded.length).toBeGreaterThan(1)
    expect(refunded.every((e) => e.base_currency === 'eur')).toBe(true)
    expect(refunded.reduce((sum, e) => sum + e.base_amount, 0)).toBe(0)
    // 50,00 zł back is 11,65 € at 4.2931 (11,6466…)
    expect(refunded.find((e) => e.amount === -5000)?.base_amount).toBe(-1165)
  })

  test('a fixed euro discount is converted at the same rate', async () => {
    const { product, plan } = await euroProduct()
    const saved = await t.request({
      method: 'PUT', url: `/api/v1/cabinet/products/${product.id}/discount`, token: seller.accessToken,
      payload: { active: true, value: 500, value_form: 'currency', currency_id: 'eur' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const res = await quote({ product_id: product.id, pricing_plan_id: plan.id, currency: 'pln' })
    // (25,00 € − 5,00 €) in zloty: 107,33 − 21,47 = 85,86
    expect(res.json()).toMatchObject({ currency: 'pln', first_amount: 10733 - 2147 })
  })
})

describe('refused, never guessed', () => {
  test('a currency the shop does not take is a validation error on `currency`', async () => {
    const { product, plan } = await euroProduct()
    const res = await quote({ product_id: product.id, pricing_plan_id: plan.id, currency: 'usd' })
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toMatchObject({ type: 'validation_failed', fields: [{ path: 'currency' }] })
  })

  test('a payer currency without a rate answers currency_unavailable, and no order is made', async () => {
    const { product, plan } = await euroProduct()
    const res = await quote({ product_id: product.id, pricing_plan_id: plan.id, currency: 'huf' })
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toMatchObject({ type: 'currency_unavailable', message: 'Payment in HUF is not available right now: no exchange rate' })
    const order = await submitOrder(t, { product_id: product.id, pricing_plan_id: plan.id, currency: 'huf', payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(order.statusCode).toBe(422)
    expect(await sql('select count(*)::int as n from orders where product_id = $1', [product.id])).toEqual([{ n: 0 }])
  })

  test('a rate older than the manager\'s limit is not used', async () => {
    const { product, plan } = await euroProduct()
    const limit = t.deps.settings.exchangeRateMaxAgeHours
    await storeRates(t.deps.db, [{ currency: 'chf', perEur: '0.9312' }], 'ecb', new Date(t.clock.now.getTime() - (limit + 1) * hour))
    const res = await quote({ product_id: product.id, pricing_plan_id: plan.id, currency: 'chf' })
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toMatchObject({ type: 'currency_unavailable', message: 'Payment in CHF is not available right now: the exchange rate is out of date' })
    await storeRates(t.deps.db, [{ currency: 'chf', perEur: '0.9312' }], 'ecb', t.clock.now)
    expect((await quote({ product_id: product.id, pricing_plan_id: plan.id, currency: 'chf' })).json()).toMatchObject({ currency: 'chf', first_amount: 2328 })
  })

  test('a plan of the product\'s own in the payer\'s currency wins: the euro plan is not converted into it', async () => {
    const { product } = await euroProduct([{ form: 'one_time', currency_id: 'eur', price: 2500 }, { form: 'one_time', currency_id: 'pln', price: 9900 }])
    const [eurPlan, plnPlan] = product.pricing_plans
    const converted = await quote({ product_id: product.id, pricing_plan_id: eurPlan.id, currency: 'pln' })
    expect(converted.statusCode).toBe(422)
    expect(converted.json().error.fields).toEqual([expect.objectContaining({ path: 'pricing_plan_id' })])
    expect((await quote({ product_id: product.id, pricing_plan_id: plnPlan.id, currency: 'pln' })).json()).toMatchObject({ currency: 'pln', first_amount: 9900, exchange: null })
  })
})

describe('a subscription keeps its first rate', () => {
  test('after the source changes, later rates are charged at the order\'s rate', async () => {
    const { product, plan } = await euroProduct([{ form: 'subscription', currency_id: 'eur', price: 1900, interval: '1m' }])
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: plan.id, currency: 'pln', payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    const { order, next_action: next } = res.json()
    // 19,00 € × 4.2931 = 81,5689 zł → 81,57 zł
    expect(order).toMatchObject({ currency: 'pln', first_amount: 8157 })
    await sandboxPay(t, next.payment_id)
    await t.deps.jobs.drain()

    // The source moves a lot: new orders see it, this one does not.
    await storeRates(t.deps.db, [{ currency: 'pln', perEur: '5.1000' }], 'ecb', t.clock.now)
    expect((await quote({ product_id: product.id, pricing_plan_id: plan.id, currency: 'pln' })).json().first_amount).toBe(9690)

    t.clock.advance(32 * 86_400)
    await storeRates(t.deps.db, [{ currency: 'pln', perEur: '5.1000' }], 'ecb', t.clock.now)
    await chargeDueRates(t.deps)
    await t.deps.jobs.drain()
    const [row] = await sql<{ id: number }>('select id from orders where token = $1', [order.token])
    const payments = await sql('select amount::int as amount, currency, state, rate_number from payments where order_id = $1 order by id', [row!.id])
    expect(payments).toEqual([
      { amount: 8157, currency: 'pln', state: 'successful', rate_number: 1 },
      { amount: 8157, currency: 'pln', state: 'successful', rate_number: 2 },
    ])
    const rates = await sql('select distinct amount::int as amount from order_rates where order_id = $1', [row!.id])
    expect(rates).toEqual([{ amount: 8157 }])
    // The renewal's ledger entries are in euro at the order's rate too (81,57 zł is 19,00 €).
    const renewal = await sql<{ amount: number; base_amount: number }>(`select amount::int as amount, base_amount::int as base_amount from ledger_entries where order_id = $1 and kind = 'renewal'`, [row!.id])
    expect(renewal.find((e) => e.amount === 8157)?.base_amount).toBe(1900)
    await storeRates(t.deps.db, [{ currency: 'pln', perEur: '4.2931' }], 'ecb', t.clock.now)
  })
})
