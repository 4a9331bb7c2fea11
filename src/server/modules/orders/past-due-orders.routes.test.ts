import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// GET /cabinet/past_due_orders (docs/decisions/0057-orders-area-remains.md): orders with owed rates past due,
// one row per order, with filters and totals per currency; another seller sees none of them.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => {
  await t.close()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const dayMs = 86_400_000

async function installmentOrder(next: number): Promise<number> {
  const product = await publishedProduct(t, seller.accessToken, { form: 'course', pricing_plans: [{ form: 'installment', currency_id: 'eur', first_amount: 3000, next_amount: next, payments_count: 4, interval: '1m' }] })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return (await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token]))[0]!.id
}

/** Makes rate `number` owed (`state`) and due `daysAgo` days ago. */
async function overdue(orderId: number, number: number, daysAgo: number, state = 'unpaid', paid = 0) {
  await sql(`update order_rates set state = $1, paid_amount = $2, due_date = $3 where order_id = $4 and number = $5`,
    [state, paid, new Date(t.deps.now().getTime() - daysAgo * dayMs).toISOString(), orderId, number])
}

describe('past-due orders', () => {
  test('one row per order with its overdue rates, amount and days; filters; totals per currency; oldest first', async () => {
    const a = await installmentOrder(2000)
    const b = await installmentOrder(5000)
    await installmentOrder(1000) // nothing overdue
    await overdue(a, 2, 40)
    await overdue(a, 3, 10, 'partly_paid', 300)
    await overdue(b, 2, 5, 'debt')
    const res = await t.request({ url: '/api/v1/cabinet/past_due_orders', token: seller.accessToken })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.list.map((o: { order_id: number }) => o.order_id)).toEqual([a, b])
    expect(body.list[0]).toMatchObject({ overdue_rates_count: 2, overdue_amount: 3700, days_overdue: 40, currency: 'eur' })
    expect(body.list[1]).toMatchObject({ overdue_rates_count: 1, overdue_amount: 5000, days_overdue: 5 })
    expect(body.total_count).toBe(2)
    expect(body.totals).toEqual([{ currency: 'eur', orders_count: 2, rates_count: 3, amount: 8700 }])

    const filtered = async (query: string) => (await t.request({ url: `/api/v1/cabinet/past_due_orders?${query}`, token: seller.accessToken })).json()
    expect((await filtered('days_overdue_from=30')).list.map((o: { order_id: number }) => o.order_id)).toEqual([a])
    expect((await filtered('days_overdue_to=30')).list.map((o: { order_id: number }) => o.order_id)).toEqual([b])
    expect((await filtered('amount_from=4000')).totals).toEqual([{ currency: 'eur', orders_count: 1, rates_count: 1, amount: 5000 }])
    expect((await filtered('sort_key=overdue_amount&sort_dir=desc')).list.map((o: { order_id: number }) => o.order_id)).toEqual([b, a])
    expect((await filtered('currency=usd')).list).toEqual([])

    const foreign = await t.request({ url: '/api/v1/cabinet/past_due_orders', token: other.accessToken })
    expect(foreign.json()).toMatchObject({ list: [], total_count: 0, totals: [] })
  })
})
