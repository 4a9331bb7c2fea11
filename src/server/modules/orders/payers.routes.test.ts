import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// /cabinet/payers: one row per payer of the seller with orders count and per-currency totals, the payer
// type from the latest payer details (company or VAT id = business), the filters of docs/reference/accounts-and-orders.md §7
// that apply, and the detail with the payer's orders. Another seller's payer is invisible (404).

let t: TestApp
let seller: TestSeller
let other: TestSeller
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

async function buy(owner: TestSeller, productId: number, planId: number, payer: Record<string, unknown>) {
  const res = await submitOrder(t, { product_id: productId, pricing_plan_id: planId, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number; payer_user_id: number }>('select id, payer_user_id from orders where token = $1', [res.json().order.token])
  return { token: res.json().order.token as string, orderId: order!.id, payerUserId: order!.payer_user_id }
}

const payers = (query: string, token = seller.accessToken) => t.request({ method: 'GET', url: `/api/v1/cabinet/payers?${query}`, token })
const idsOf = async (query: string) => ((await payers(query)).json().list as { id: number }[]).map((p) => p.id).sort((a, b) => a - b)

const pia = fullPayer()
const acme = { ...fullPayer(), first_name: 'Bea', last_name: 'Buyer', company: 'Acme GmbH', country_code: 'AT' }
const vatOnly = { ...fullPayer(), first_name: 'Vera', last_name: 'Vat', vat_id: 'ATU12345678', country_code: 'AT' }
let piaId: number
let acmeId: number
let vatId: number
let book: { id: number; planId: number }
let club: { id: number; planId: number }
let piaOrders: number[] = []

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  const bookProduct = await publishedProduct(t, seller.accessToken, { name: 'Cook book', pricing_plans: [oneTimePlan(1500)] })
  const clubProduct = await publishedProduct(t, seller.accessToken, { name: 'Club', pricing_plans: [{ form: 'subscription', currency_id: 'usd', price: 900, interval: '1m' }] })
  book = { id: bookProduct.id, planId: bookProduct.pricing_plans[0].id }
  club = { id: clubProduct.id, planId: clubProduct.pricing_plans[0].id }
  const first = await buy(seller, book.id, book.planId, pia)
  const second = await buy(seller, club.id, club.planId, pia)
  piaId = first.payerUserId
  piaOrders = [first.orderId, second.orderId]
  acmeId = (await buy(seller, club.id, club.planId, acme)).payerUserId
  vatId = (await buy(seller, book.id, book.planId, vatOnly)).payerUserId
  // Pia also bought from the other seller: that order never counts here.
  const foreign = await publishedProduct(t, other.accessToken, { pricing_plans: [oneTimePlan(9900)] })
  await buy(other, foreign.id, foreign.pricing_plans[0].id, pia)
  // A partial refund of Pia's book.
  await sql('update orders set refunded_amount = 500 where id = $1', [first.orderId])
})
afterAll(async () => { await t.close() })

describe('the payers list', () => {
  test('one row per payer with orders count, per-currency paid and refunded totals, first and last order', async () => {
    const res = await payers(`payer_id=${piaId}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.total_count).toBe(1)
    expect(body.total_count_max).toBe(3)
    expect(body.list[0]).toMatchObject({
      id: piaId, email: pia.email, name: 'Pia Payer', country_code: 'DE', payer_type: 'individual', orders_count: 2, company: null,
      totals: [{ currency: 'eur', paid: 1500, refunded: 500 }, { currency: 'usd', paid: 900, refunded: 0 }],
    })
    expect(body.list[0].first_order_at <= body.list[0].last_order_at).toBe(true)
  })

  test('payer_type: a company or a VAT id in the payer details makes a business; counts per type', async () => {
    expect(await idsOf('payer_type=business')).toEqual([acmeId, vatId].sort((a, b) => a - b))
    expect(await idsOf('payer_type=individual')).toEqual([piaId])
    expect((await payers('counts=true')).json().counts).toEqual({ individual: 1, business: 2 })
    expect((await payers('payer_type=company')).statusCode).toBe(400)
  })

  test('product, buyer country, first order range and search by email or name', async () => {
    expect(await idsOf(`product_id=${club.id}`)).toEqual([piaId, acmeId].sort((a, b) => a - b))
    expect(await idsOf(`product_id=${book.id}`)).toEqual([piaId, vatId].sort((a, b) => a - b))
    expect(await idsOf('buyer_country_code=at')).toEqual([acmeId, vatId].sort((a, b) => a - b))
    expect((await payers('buyer_country_code=AUT')).statusCode).toBe(400)
    const later = new Date(t.clock.now.getTime() + 60_000).toISOString()
    expect(await idsOf(`created_from_time=${later}`)).toEqual([])
    expect((await idsOf(`created_till_time=${later}`)).length).toBe(3)
    expect(await idsOf(`query=${encodeURIComponent(acme.email)}`)).toEqual([acmeId])
    expect(await idsOf('query=vera%20va')).toEqual([vatId])
    expect(await idsOf('query=acme')).toEqual([acmeId])
  })

  test('sort and pages', async () => {
    const byOrders = (await payers('sort_key=orders_count&sort_dir=desc&per=1')).json()
    expect(byOrders.list.map((p: any) => p.id)).toEqual([piaId])
    expect(byOrders.total_count).toBe(3)
    const page2 = (await payers('sort_key=id&sort_dir=asc&per=2&page=2')).json()
    expect(page2.list.map((p: any) => p.id)).toEqual([Math.max(piaId, acmeId, vatId)])
  })

  test('another seller sees none of these payers; without a token 401', async () => {
    const theirs = (await payers('per=500', other.accessToken)).json()
    expect(theirs.list.map((p: any) => p.id)).toEqual([piaId])
    expect(theirs.list[0]).toMatchObject({ orders_count: 1, totals: [{ currency: 'eur', paid: 9900, refunded: 0 }] })
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/payers' })).statusCode).toBe(401)
  })
})

describe('a payer', () => {
  test('GET /cabinet/payers/{id} answers the payer with their orders here, newest first', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/cabinet/payers/${piaId}`, token: seller.accessToken })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ id: piaId, email: pia.email, orders_count: 2 })
    expect(body.orders.map((o: any) => o.id)).toEqual([...piaOrders].reverse())
    expect(body.orders[1]).toMatchObject({ product_name: 'Cook book', payment_state: 'paid', total_amount: 1500, paid_amount: 1500, refunded_amount: 500, currency: 'eur', period_type: 'one_time' })
    expect(body.orders[0]).toMatchObject({ product_name: 'Club', currency: 'usd', period_type: 'subscription', token: expect.any(String) })
  })

  test('a payer of another seller only, or no payer at all, is 404', async () => {
    const [stranger] = await sql<{ id: number }>('select id from users where id <> all($1::int[]) order by id desc limit 1', [[piaId, acmeId, vatId]])
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/payers/${acmeId}`, token: other.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/payers/${stranger!.id}`, token: seller.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/payers/abc', token: seller.accessToken })).statusCode).toBe(400)
  })
})
