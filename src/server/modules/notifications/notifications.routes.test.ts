import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { incomeJobs } from './notifications.jobs'
import { incomePeriod, notifyOrderEvent, sendIncomeNotifications } from './notifications.service'

// The seller's notifications (decision 0032): an event reported twice is one row and one mail, the
// seller's settings decide in-app and mail, the income sweeps sum the right period per currency and
// notify once, read / read_all, a manager's custom notification, and one seller never sees another's.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

async function order(s: TestSeller, price = 2_500, currency = 'eur', pay = true) {
  const product = await publishedProduct(t, s.accessToken, { pricing_plans: [oneTimePlan(price, currency)] })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  if (pay) expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [row] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
  return { orderId: row!.id, product }
}

const rowsOf = (s: TestSeller, type?: string) => sql<{ id: number; type: string; dedupe_key: string; in_app: boolean; payload: any }>(
  `select id, type, dedupe_key, in_app, payload from notifications where seller_id = $1 ${type ? 'and type = $2' : ''} order by id`, type ? [s.sellerId, type] : [s.sellerId])
const mailsOf = (s: TestSeller) => sql<{ subject: string; text: string }>(`select subject, text from email_logs where "to" = $1 and kind = 'seller_notification' order by id`, [s.email])
const list = (s: TestSeller, query = '') => t.request({ method: 'GET', url: `/api/v1/cabinet/notifications${query}`, token: s.accessToken })
const putSettings = (s: TestSeller, list: unknown[]) => t.request({ method: 'PUT', url: '/api/v1/cabinet/notification_settings', token: s.accessToken, payload: { list } })

describe('order events', () => {
  test('a checkout notifies order_created once; paid_transaction reported twice is one row and one mail', async () => {
    const s = await createSeller(t)
    const { orderId, product } = await order(s, 2_500)
    expect(await rowsOf(s, 'order_created')).toMatchObject([{ dedupe_key: `order_created:${orderId}`, in_app: true, payload: { order_id: orderId, product_name: product.name, amount: 2_500, currency: 'eur' } }])

    const before = (await rowsOf(s, 'paid_transaction')).length
    for (let i = 0; i < 2; i++) {
      await t.deps.db.transaction((tx) => notifyOrderEvent(t.deps, tx, { sellerId: s.sellerId, type: 'paid_transaction', orderId }))
    }
    await t.deps.jobs.drain() // the events are recorded by their jobs
    const paid = await rowsOf(s, 'paid_transaction')
    expect(paid).toHaveLength(Math.max(before, 1))
    expect(paid[0]!.payload).toMatchObject({ order_id: orderId, amount: 2_500, currency: 'eur' })
    // paid_transaction mails by default; order_created does not
    const mails = await mailsOf(s)
    expect(mails.filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1)
    expect(mails.filter((m) => m.subject.startsWith('New order'))).toHaveLength(0)
    expect(mails[0]!.text).toContain(product.name)
  })

  test('each renewal charge of an order is its own paid_transaction', async () => {
    const s = await createSeller(t)
    const { orderId } = await order(s, 1_000)
    const [charge] = await sql<{ id: number }>(`select id from payments where order_id = $1 and kind = 'charge'`, [orderId])
    await t.deps.db.transaction((tx) => notifyOrderEvent(t.deps, tx, { sellerId: s.sellerId, type: 'paid_transaction', orderId, paymentId: charge!.id }))
    await t.deps.jobs.drain() // the event is recorded by its job
    await sql(`insert into payments (token, order_id, seller_id, kind, provider, method, state, amount, currency, completed_at)
      values ($1, $2, $3, 'charge', 'sandbox', 'card', 'successful', 1000, 'eur', now())`, [randomUUID(), orderId, s.sellerId])
    await t.deps.db.transaction((tx) => notifyOrderEvent(t.deps, tx, { sellerId: s.sellerId, type: 'paid_transaction', orderId }))
    await t.deps.db.transaction((tx) => notifyOrderEvent(t.deps, tx, { sellerId: s.sellerId, type: 'paid_transaction', orderId }))
    await t.deps.jobs.drain() // the event is recorded by its job
    expect(await rowsOf(s, 'paid_transaction')).toHaveLength(2)
  })

  test('the settings decide: mail only is a hidden row and a mail, both off is nothing', async () => {
    const s = await createSeller(t)
    const res = await putSettings(s, [{ type: 'order_created', in_app: false, email: true }, { type: 'order_canceled', in_app: false, email: false }])
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().list).toHaveLength(11)
    expect(res.json().list.find((x: any) => x.type === 'order_created')).toEqual({ type: 'order_created', in_app: false, email: true })
    expect(res.json().list.find((x: any) => x.type === 'paid_transaction')).toEqual({ type: 'paid_transaction', in_app: true, email: true })

    const { orderId } = await order(s, 1_500, 'eur', false)
    expect(await rowsOf(s, 'order_created')).toMatchObject([{ in_app: false }])
    expect((await list(s)).json()).toMatchObject({ list: [], total_count: 0, unread_count: 0 })
    expect((await mailsOf(s)).map((m) => m.subject)).toEqual([expect.stringMatching(/^New order/)])

    await t.deps.db.transaction((tx) => notifyOrderEvent(t.deps, tx, { sellerId: s.sellerId, type: 'order_canceled', orderId }))
    await t.deps.jobs.drain() // the event is recorded by its job
    expect(await rowsOf(s, 'order_canceled')).toEqual([])
    expect(await mailsOf(s)).toHaveLength(1)

    // GET answers what was saved and the defaults for the rest
    const got = (await t.request({ method: 'GET', url: '/api/v1/cabinet/notification_settings', token: s.accessToken })).json()
    expect(got.list.find((x: any) => x.type === 'order_canceled')).toEqual({ type: 'order_canceled', in_app: false, email: false })
    expect(got.list.find((x: any) => x.type === 'comment')).toEqual({ type: 'comment', in_app: true, email: false })
    // a type twice or an unknown type is refused
    expect((await putSettings(s, [{ type: 'comment', in_app: true, email: true }, { type: 'comment', in_app: false, email: true }])).statusCode).toBe(400)
    expect((await putSettings(s, [{ type: 'nope', in_app: true, email: true }])).statusCode).toBe(400)
    expect((await putSettings(s, [{ type: 'comment', in_app: true, email: true, extra: 1 }])).statusCode).toBe(400)
  })
})

describe('income notifications', () => {
  test('day, week and month income sum the previous period per currency, notify once, and skip sellers without income', async () => {
    const now = t.deps.now()
    const quiet = await createSeller(t)
    for (const type of ['day_income', 'week_income', 'month_income'] as const) {
      const s = await createSeller(t)
      const { orderId } = await order(s, 100)
      // the purchase above is today: outside every "previous" period
      await sql(`update payments set completed_at = $2 where order_id = $1`, [orderId, new Date(now.getTime() + 1_000)])
      const pay = (amount: number, currency: string, at: Date, state = 'successful', kind = 'charge') => sql(
        `insert into payments (token, order_id, seller_id, kind, provider, method, state, amount, currency, completed_at) values ($1, $2, $3, $4, 'sandbox', 'card', $5, $6, $7, $8)`,
        [randomUUID(), orderId, s.sellerId, kind, state, amount, currency, at])
      const period = incomePeriod(type, now)
      const inside = new Date(period.from.getTime() + 60_000)
      await pay(1_000, 'eur', period.from)
      await pay(2_000, 'eur', new Date(period.till.getTime() - 1))
      await pay(700, 'usd', inside)
      await pay(9_999, 'eur', period.till) // the first instant after the period
      await pay(9_999, 'eur', new Date(period.from.getTime() - 1)) // just before it
      await pay(9_999, 'eur', inside, 'denied')
      await pay(9_999, 'eur', inside, 'successful', 'refund')

      await sendIncomeNotifications(t.deps, type, { sellerIds: [s.sellerId, quiet.sellerId] })
      await sendIncomeNotifications(t.deps, type, { sellerIds: [s.sellerId, quiet.sellerId] })
      const rows = await rowsOf(s, type)
      expect(rows).toHaveLength(1)
      expect(rows[0]!.dedupe_key).toBe(`${type}:${period.start}`)
      expect(rows[0]!.payload).toEqual({
        period_start: period.start, period_end: period.end,
        totals: [{ currency: 'eur', amount: 3_000, count: 2 }, { currency: 'usd', amount: 700, count: 1 }],
      })
      // income is in the app by default, not by mail
      expect((await mailsOf(s)).filter((m) => /income/i.test(m.subject))).toEqual([])
    }
    expect(await rowsOf(quiet)).toEqual([])
  })

  test('the cron job is registered and runs through the queue', async () => {
    await t.deps.jobs.enqueue(t.deps.db, incomeJobs.day_income.name, {})
    expect(await t.deps.jobs.drain()).toBeGreaterThanOrEqual(1)
  })

  test('the periods are yesterday, last ISO week and last calendar month (UTC)', () => {
    const now = new Date('2025-03-12T15:30:00.000Z') // a Wednesday
    expect(incomePeriod('day_income', now)).toMatchObject({ start: '2025-03-11', end: '2025-03-11' })
    expect(incomePeriod('week_income', now)).toMatchObject({ start: '2025-03-03', end: '2025-03-09' })
    expect(incomePeriod('month_income', now)).toMatchObject({ start: '2025-02-01', end: '2025-02-28' })
    expect(incomePeriod('month_income', new Date('2025-01-01T00:10:00Z'))).toMatchObject({ start: '2024-12-01', end: '2024-12-31' })
    expect(incomePeriod('week_income', new Date('2025-03-10T00:05:00Z'))).toMatchObject({ start: '2025-03-03', end: '2025-03-09' })
  })
})

describe('the list, read and read_all', () => {
  test('lists newest first with filters and the unread count; marks one and all read; another seller\'s is 404', async () => {
    const s = await createSeller(t)
    await order(s, 500, 'eur', false)
    await order(s, 600, 'eur', false)
    const { orderId } = await order(s, 700, 'eur', false)
    await t.deps.db.transaction((tx) => notifyOrderEvent(t.deps, tx, { sellerId: s.sellerId, type: 'order_canceled', orderId }))
    await t.deps.jobs.drain() // the event is recorded by its job

    const all = (await list(s)).json()
    expect(all).toMatchObject({ total_count: 4, total_count_max: 4, unread_count: 4 })
    expect(all.list.map((n: any) => n.type)).toEqual(['order_canceled', 'order_created', 'order_created', 'order_created'])
    expect((await list(s, '?type=order_canceled')).json()).toMatchObject({ total_count: 1, unread_count: 4 })
    expect((await list(s, '?type=bogus')).statusCode).toBe(400)

    const first = all.list[0]
    const read = await t.request({ method: 'POST', url: `/api/v1/cabinet/notifications/${first.id}/read`, token: s.accessToken })
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json().read_at).not.toBeNull()
    expect((await list(s, '?state=unread')).json()).toMatchObject({ total_count: 3, unread_count: 3 })
    expect((await list(s, '?state=read')).json().list.map((n: any) => n.id)).toEqual([first.id])
    // another seller cannot read or mark it
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/notifications/${first.id}/read`, token: other.accessToken })).statusCode).toBe(404)
    expect((await list(other)).json().list.some((n: any) => n.id === first.id)).toBe(false)

    const readAll = await t.request({ method: 'POST', url: '/api/v1/cabinet/notifications/read_all', token: s.accessToken })
    expect(readAll.json()).toEqual({ marked: 3, unread_count: 0 })
    expect((await t.request({ method: 'POST', url: '/api/v1/cabinet/notifications/read_all', token: s.accessToken })).json()).toEqual({ marked: 0, unread_count: 0 })
    // the first read time stays
    const again = await t.request({ method: 'POST', url: `/api/v1/cabinet/notifications/${first.id}/read`, token: s.accessToken })
    expect(again.json().read_at).toBe(read.json().read_at)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/notifications' })).statusCode).toBe(401)
  })

  test('a manager sends a custom notification; a seller may not; an unknown seller is 404', async () => {
    const manager = await signInManager(t)
    const s = await createSeller(t)
    const res = await t.request({ method: 'POST', url: `/api/v1/admin/sellers/${s.sellerId}/notifications`, token: manager, payload: { title: 'Maintenance', text: 'On Sunday night.' } })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toEqual({ in_app: true, email: false })
    expect((await list(s)).json().list).toMatchObject([{ type: 'custom_notification', payload: { title: 'Maintenance', text: 'On Sunday night.' } }])
    expect((await t.request({ method: 'POST', url: `/api/v1/admin/sellers/${s.sellerId}/notifications`, token: seller.accessToken, payload: { title: 'x', text: 'y' } })).statusCode).toBe(403)
    expect((await t.request({ method: 'POST', url: '/api/v1/admin/sellers/999999/notifications', token: manager, payload: { title: 'x', text: 'y' } })).statusCode).toBe(404)
    expect((await t.request({ method: 'POST', url: `/api/v1/admin/sellers/${s.sellerId}/notifications`, token: manager, payload: { title: '', text: 'y' } })).statusCode).toBe(400)
  })
})
