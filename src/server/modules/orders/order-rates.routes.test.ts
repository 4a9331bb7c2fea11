import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orderRateCsvColumns } from '../../../shared/schemas/order-rates'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// /cabinet/order_rates: the contract (?order_id= answers the order's rates), each filter family, counts
// per state, the charges_count (0..10000) and days_overdue (0..365) bounds, the CSV, seller isolation.
// Orders are bought with the sandbox; unpaid, debt and paid later rates are set in the database.

let t: TestApp
let seller: TestSeller
let other: TestSeller
const day = 86_400_000
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

type Bought = { token: string; orderId: number; payerUserId: number; productId: number; planId: number; email: string }

async function buy(owner: TestSeller, plan: Record<string, unknown>, payer = fullPayer(), name?: string): Promise<Bought> {
  const product = await publishedProduct(t, owner.accessToken, { pricing_plans: [plan], ...(name ? { name } : {}) })
  const planId = product.pricing_plans[0].id
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: planId, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number; payer_user_id: number }>('select id, payer_user_id from orders where token = $1', [res.json().order.token])
  return { token: res.json().order.token, orderId: order!.id, payerUserId: order!.payer_user_id, productId: product.id, planId, email: payer.email }
}

const rates = (query: string, token = seller.accessToken) => t.request({ method: 'GET', url: `/api/v1/cabinet/order_rates?${query}`, token })
async function ids(query: string): Promise<number[]> {
  const res = await rates(`${query}&per=500`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().list.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)
}
async function rateId(orderId: number, number: number): Promise<number> {
  const [row] = await sql<{ id: number }>('select id from order_rates where order_id = $1 and number = $2', [orderId, number])
  return row!.id
}
async function setRate(orderId: number, number: number, state: string, dueOffsetDays: number) {
  await sql('update order_rates set state = $1, due_date = $2 where order_id = $3 and number = $4',
    [state, new Date(t.clock.now.getTime() + dueOffsetDays * day).toISOString(), orderId, number])
}

let installment: Bought
let subscription: Bought
let limited: Bought
let foreign: Bought
const business = { ...fullPayer(), company: 'Acme GmbH', country_code: 'AT' }

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  const payer = fullPayer()
  installment = await buy(seller, { form: 'installment', currency_id: 'eur', first_amount: 3000, next_amount: 2000, payments_count: 4, interval: '1m' }, payer, 'Rate course')
  subscription = await buy(seller, { form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' }, business, 'Monthly club')
  limited = await buy(seller, { form: 'limited_subscription', currency_id: 'usd', price: 500, payments_count: 3, interval: '1m' }, payer)
  foreign = await buy(other, { form: 'subscription', currency_id: 'eur', price: 700, interval: '1m' })
  // Installment: rate 2 unpaid 10 days overdue, rate 3 in debt 40 days overdue. Limited: rate 2 unpaid, due in 5 days.
  await setRate(installment.orderId, 2, 'unpaid', -10.5)
  await setRate(installment.orderId, 3, 'debt', -40.2)
  await setRate(limited.orderId, 2, 'unpaid', 5)
  // Subscription: rates 2 and 3 charged (3 paid rates in all).
  await sql(`update order_rates set state = 'paid', paid_at = now(), paid_amount = amount where order_id = $1 and number in (2, 3)`, [subscription.orderId])
  // The foreign seller's rate is overdue too: it must never show up.
  await setRate(foreign.orderId, 2, 'unpaid', -3)
})
afterAll(async () => { await t.close() })

describe('the contract', () => {
  test('GET ?order_id= answers the order\'s rates by number: { list: [{ id, number, amount, due_at, state }], total_count }', async () => {
    const res = await rates(`order_id=${installment.orderId}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.total_count).toBe(4)
    expect(body.list.map((r: any) => [r.number, r.amount, r.state])).toEqual([[1, 3000, 'paid'], [2, 2000, 'unpaid'], [3, 2000, 'debt'], [4, 2000, 'future']])
    for (const r of body.list) {
      expect(r).toMatchObject({ id: expect.any(Number), currency: 'eur', order_id: installment.orderId, order_token: installment.token, period_type: 'installment', payment_form: 'card' })
      expect(new Date(r.due_at).toISOString()).toBe(r.due_at)
    }
    expect(body.list[0]).toMatchObject({ paid_at: expect.any(String), charges_count: 1, rates_count: 4, payer_id: installment.payerUserId, payer_email: installment.email, product_name: 'Rate course' })
    expect(body.list[1]).toMatchObject({ overdue: true, days_overdue: 10 })
    expect(body.list[3]).toMatchObject({ overdue: false, days_overdue: null })
  })

  test('another seller\'s rates are invisible; without a token 401', async () => {
    expect((await rates(`order_id=${foreign.orderId}`)).json()).toMatchObject({ list: [], total_count: 0 })
    const mine = await rates('per=500')
    expect(mine.json().list.every((r: any) => r.order_id !== foreign.orderId)).toBe(true)
    expect(mine.json().total_count_max).toBe(4 + 24 + 3)
    expect((await rates(`order_id=${installment.orderId}`, other.accessToken)).json().total_count).toBe(0)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/order_rates' })).statusCode).toBe(401)
  })
})

describe('filters', () => {
  test('state takes one or several values (repeated or comma-separated); counts per state leave the state filter out', async () => {
    const paid = await ids('state=paid')
    expect(paid).toEqual([await rateId(installment.orderId, 1), await rateId(subscription.orderId, 1), await rateId(subscription.orderId, 2),
      await rateId(subscription.orderId, 3), await rateId(limited.orderId, 1)].sort((a, b) => a - b))
    const owed = [await rateId(installment.orderId, 2), await rateId(installment.orderId, 3), await rateId(limited.orderId, 2)].sort((a, b) => a - b)
    expect(await ids('state=unpaid,debt')).toEqual(owed)
    expect(await ids('state=unpaid&state=debt')).toEqual(owed)
    expect((await rates('state=owing')).statusCode).toBe(400)
    const counted = (await rates('state=paid&counts=true')).json()
    expect(counted.counts).toEqual({ paid: 5, unpaid: 2, debt: 1, future: 4 + 24 + 3 - 8 })
  })

  test('overdue and days_overdue count whole days since the due date of unpaid and debt rates', async () => {
    const two = await rateId(installment.orderId, 2)
    const three = await rateId(installment.orderId, 3)
    expect(await ids('overdue=true')).toEqual([two, three])
    expect((await ids('overdue=false')).filter((id) => id === two || id === three)).toEqual([])
    expect((await ids('overdue=false')).length).toBe(4 + 24 + 3 - 2)
    expect(await ids('days_overdue_from=0')).toEqual([two, three])
    expect(await ids('days_overdue_from=10&days_overdue_to=10')).toEqual([two])
    expect(await ids('days_overdue_from=11')).toEqual([three])
    expect(await ids('days_overdue_to=39')).toEqual([two])
    expect(await ids('days_overdue_from=40&days_overdue_to=365')).toEqual([three])
    expect(await ids('days_overdue_from=41')).toEqual([])
  })

  test('days_overdue is bounded to 0..365 and charges_count to 0..10000: outside is 400', async () => {
    for (const q of ['days_overdue_from=-1', 'days_overdue_to=366', 'charges_count_from=-1', 'charges_count_to=10001', 'charges_count_from=1.5']) {
      expect((await rates(q)).statusCode, q).toBe(400)
    }
    for (const q of ['days_overdue_from=0&days_overdue_to=365', 'charges_count_from=0&charges_count_to=10000']) {
      expect((await rates(q)).statusCode, q).toBe(200)
    }
  })

  test('charges_count is the order\'s paid rates', async () => {
    expect((await rates('charges_count_from=3&per=500')).json().list.every((r: any) => r.order_id === subscription.orderId)).toBe(true)
    expect((await rates('charges_count_from=3')).json().total_count).toBe(24)
    expect((await rates('charges_count_to=1')).json().total_count).toBe(4 + 3)
    expect((await rates('charges_count_from=4')).json().total_count).toBe(0)
  })

  test('product, pricing plan, payer, payment form and period type', async () => {
    expect((await rates(`product_id=${limited.productId}`)).json().total_count).toBe(3)
    expect((await rates(`pricing_plan_id=${subscription.planId}`)).json().total_count).toBe(24)
    expect((await rates(`payer_id=${installment.payerUserId}`)).json().total_count).toBe(4 + 3)
    expect((await rates('payment_form=card')).json().total_count).toBe(31)
    expect((await rates('payment_form=sepa,paypal')).json().total_count).toBe(0)
    expect((await rates('period_type=installment,limited_subscription')).json().total_count).toBe(7)
    expect((await rates('period_type=subscription')).json().total_count).toBe(24)
  })

  test('amount, due date, created and paid ranges, search, sort and pages', async () => {
    expect((await rates('amount_from=2000&amount_to=3000')).json().total_count).toBe(4)
    expect((await rates('amount_to=500')).json().total_count).toBe(3)
    const now = t.clock.now.getTime()
    const from = new Date(now - 50 * day).toISOString()
    const till = new Date(now + day).toISOString()
    // Due in the last 50 days up to tomorrow: the two overdue ones and the first rates (due at purchase).
    expect((await rates(`charge_from_time=${from}&charge_till_time=${till}`)).json().total_count).toBe(2 + 3)
    expect((await rates(`created_from_time=${new Date(now + day).toISOString()}`)).json().total_count).toBe(0)
    expect((await rates(`created_till_time=${till}`)).json().total_count).toBe(31)
    expect((await rates(`success_from_time=${new Date(now - day).toISOString()}`)).json().total_count).toBe(5)
    expect((await rates(`query=${encodeURIComponent(business.email)}`)).json().total_count).toBe(24)
    expect((await rates(`query=${installment.token}`)).json().total_count).toBe(4)
    expect((await rates('query=Rate%20cour')).json().total_count).toBe(4)
    const page = (await rates(`order_id=${subscription.orderId}&sort_key=number&sort_dir=desc&per=10&page=3`)).json()
    expect(page.list.map((r: any) => r.number)).toEqual([4, 3, 2, 1])
    const byAmount = (await rates('sort_key=amount&sort_dir=asc&per=1')).json()
    expect(byAmount.list[0].amount).toBe(500)
    expect((await rates('sort_key=payer')).statusCode).toBe(400)
  })
})

describe('CSV export', () => {
  test('answers the filtered rates with the columns in order, amounts in major units', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/cabinet/order_rates/export.csv?order_id=${installment.orderId}`, token: seller.accessToken })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    const records = parse(res.body, { columns: true }) as Record<string, string>[]
    expect(Object.keys(records[0]!)).toEqual([...orderRateCsvColumns])
    expect(records.map((r) => [r.number, r.state, r.amount, r.currency_key, r.days_overdue])).toEqual([
      ['1', 'paid', '30.00', 'eur', ''], ['2', 'unpaid', '20.00', 'eur', '10'], ['3', 'debt', '20.00', 'eur', '40'], ['4', 'future', '20.00', 'eur', ''],
    ])
    const foreignCsv = await t.request({ method: 'GET', url: `/api/v1/cabinet/order_rates/export.csv?order_id=${foreign.orderId}`, token: seller.accessToken })
    expect(parse(foreignCsv.body, { columns: true })).toEqual([])
  })

  test('the OpenAPI documents the list and its filters', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json()
    const list = doc.paths['/api/v1/cabinet/order_rates'].get
    const names = list.parameters.map((p: { name: string }) => p.name)
    expect(names).toEqual(expect.arrayContaining(['order_id', 'state', 'charges_count_from', 'charges_count_to', 'overdue', 'days_overdue_from', 'days_overdue_to', 'charge_from_time', 'payment_form']))
    expect(list.responses['200'].content['application/json'].schema.properties.list.items.properties).toHaveProperty('due_at')
    expect(doc.paths['/api/v1/cabinet/order_rates/export.csv']).toBeDefined()
  })
})
