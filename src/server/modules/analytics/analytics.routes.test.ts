import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTeamMember, actAsTeamMember } from '../../../../tests/factories/teams'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// Analytics sets (docs/decisions/0087-analytics-sets.md): saved sets and their charts over known data bought
// through the sandbox (paid orders, refunds, subscriptions), with exact figures per currency, another
// seller's data never in them, the period filter, CSV downloads, and the metabase_analytics_sets flag.

let t: TestApp
const now = new Date('2026-06-15T12:00:00.000Z')
beforeAll(async () => {
  t = await createTestApp()
  t.clock.now = now
}, 120_000)
afterAll(async () => { await t?.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url: `/api/v1/cabinet${url}`, token, ...(payload ? { payload } : {}) })

/** A seller with the flag on (its default is off). */
async function seller(): Promise<TestSeller> {
  const s = await createSeller(t)
  await sql(`update sellers set features = features || '{"metabase_analytics_sets": true}'::jsonb where id = $1`, [s.sellerId])
  return s
}

async function saveSet(s: TestSeller, charts: object[], name = 'Numbers'): Promise<number> {
  const res = await api(s.accessToken, 'POST', '/analytics_sets', { name, charts })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id
}

const run = (s: TestSeller, setId: number, chart = 0, query = '') => api(s.accessToken, 'GET', `/analytics_sets/${setId}/charts/${chart}${query}`)

/** Buys a product's first plan with the sandbox (paid unless told); its order and first charge, paid at `at` when given. */
async function buy(product: { id: number; pricing_plans: { id: number }[] }, at?: string) {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
  if (at) {
    await sql(`update payments set completed_at = $2, created_at = $2 where order_id = $1 and kind = 'charge'`, [order!.id, at])
    await sql('update orders set paid_at = $2, created_at = $2 where id = $1', [order!.id, at])
  }
  return order!.id
}

async function refund(s: TestSeller, orderId: number, amount?: number) {
  const res = await t.request({
    method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/refund`, token: s.accessToken, payload: amount ? { amount } : {}, headers: { 'idempotency-key': `analytics-${randomUUID()}` },
  })
  expect(res.statusCode, res.body).toBe(200)
  await t.deps.jobs.drain()
}

describe('analytics sets', () => {
  test('a seller saves, lists, reads, changes and deletes a set; another seller cannot reach it', async () => {
    const s = await seller()
    const other = await seller()
    const id = await saveSet(s, [{ kind: 'revenue_by_product', bucket: 'week' }, { kind: 'refund_rates', period: 'custom', from: '2026-01-01', till: '2026-03-31', currency: 'eur', title: 'Q1' }], 'Weekly')
    const got = (await api(s.accessToken, 'GET', `/analytics_sets/${id}`)).json()
    expect(got).toMatchObject({ id, name: 'Weekly', description: null })
    expect(got.charts).toEqual([
      { kind: 'revenue_by_product', title: null, period: '90_days', from: null, till: null, bucket: 'week', currency: null, months: 12 },
      { kind: 'refund_rates', title: 'Q1', period: 'custom', from: '2026-01-01', till: '2026-03-31', bucket: 'month', currency: 'eur', months: 12 },
    ])
    const put = await api(s.accessToken, 'PUT', `/analytics_sets/${id}`, { name: 'Renamed', description: 'For the tax adviser', charts: [{ kind: 'affiliate_performance', period: '30_days' }] })
    expect(put.statusCode, put.body).toBe(200)
    expect((await api(s.accessToken, 'GET', '/analytics_sets')).json().list.map((x: any) => [x.name, x.description, x.charts.length])).toEqual([['Renamed', 'For the tax adviser', 1]])

    // another seller sees no set, cannot read, run, download, change or delete it
    expect((await api(other.accessToken, 'GET', '/analytics_sets')).json().list).toEqual([])
    expect((await api(other.accessToken, 'GET', `/analytics_sets/${id}`)).statusCode).toBe(404)
    expect((await run(other, id)).statusCode).toBe(404)
    expect((await api(other.accessToken, 'GET', `/analytics_sets/${id}/charts/0/export.csv`)).statusCode).toBe(404)
    expect((await api(other.accessToken, 'PUT', `/analytics_sets/${id}`, { name: 'Mine', charts: [] })).statusCode).toBe(404)
    expect((await api(other.accessToken, 'DELETE', `/analytics_sets/${id}`)).statusCode).toBe(404)

    // a chart that is not there; bad input
    expect((await run(s, id, 1)).statusCode).toBe(404)
    const noDays = await api(s.accessToken, 'POST', '/analytics_sets', { name: 'x', charts: [{ kind: 'refund_rates', period: 'custom' }] })
    expect(noDays.statusCode).toBe(422)
    expect(noDays.json().error.type).toBe('validation_failed')
    const tooLong = await api(s.accessToken, 'POST', '/analytics_sets', { name: 'x', charts: [{ kind: 'refund_rates', period: 'custom', from: '2020-01-01', till: '2026-01-01' }] })
    expect(tooLong.statusCode).toBe(422)
    expect((await api(s.accessToken, 'POST', '/analytics_sets', { name: 'x', charts: [{ kind: 'pie_of_everything' }] })).statusCode).toBe(400)
    expect((await api(s.accessToken, 'POST', '/analytics_sets', { name: 'x', charts: [{ kind: 'refund_rates', currency: 'EURO' }] })).statusCode).toBe(400)

    expect((await api(s.accessToken, 'DELETE', `/analytics_sets/${id}`)).statusCode).toBe(204)
    expect((await api(s.accessToken, 'GET', `/analytics_sets/${id}`)).statusCode).toBe(404)
  })

  test('with the flag off every route answers 403 feature_disabled naming it; a finance team member may read and save', async () => {
    const off = await createSeller(t)
    for (const [method, url] of [['GET', '/analytics_sets'], ['POST', '/analytics_sets'], ['GET', '/analytics_sets/1/charts/0'], ['GET', '/analytics_sets/1/charts/0/export.csv']] as const) {
      const res = await api(off.accessToken, method, url, method === 'POST' ? { name: 'x', charts: [] } : undefined)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().error).toMatchObject({ type: 'feature_disabled', flag: 'metabase_analytics_sets' })
    }
    const s = await seller()
    const finance = await actAsTeamMember(t, await createTeamMember(t, s, { finance: 'read' }))
    expect((await t.request({ method: 'POST', url: '/api/v1/cabinet/analytics_sets', token: finance, payload: { name: 'Team', charts: [] } })).statusCode).toBe(201)
    const products = await actAsTeamMember(t, await createTeamMember(t, s, { products: 'write' }))
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/analytics_sets', token: products })).statusCode).toBe(403)
  })

  test('revenue by product: per month bucket and currency, never mixed; the period filter and the currency option; only the seller\'s own', async () => {
    const s = await seller()
    const other = await seller()
    const course = await publishedProduct(t, s.accessToken, { name: 'Course', pricing_plans: [oneTimePlan(2_500)] })
    const guide = await publishedProduct(t, s.accessToken, { name: '=Guide', pricing_plans: [oneTimePlan(1_000)] })
    const dollars = await publishedProduct(t, s.accessToken, { name: 'Dollar course', pricing_plans: [oneTimePlan(4_000, 'usd')] })
    const theirs = await publishedProduct(t, other.accessToken, { name: 'Theirs', pricing_plans: [oneTimePlan(9_999)] })
    await buy(course, '2026-05-10T09:00:00.000Z')
    await buy(course, '2026-06-02T09:00:00.000Z')
    await buy(guide, '2026-06-03T09:00:00.000Z')
    await buy(dollars, '2026-06-05T09:00:00.000Z')
    await buy(course, '2025-12-31T23:59:59.000Z') // before the 90 days
    await buy(theirs, '2026-06-04T09:00:00.000Z')
    const id = await saveSet(s, [{ kind: 'revenue_by_product', period: '90_days', bucket: 'month' }])

    const res = await run(s, id)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ kind: 'revenue_by_product', period: '90_days', from: '2026-03-18T00:00:00.000Z', till: '2026-06-16T00:00:00.000Z', bucket: 'month' })
    expect(body.buckets).toEqual(['2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'])
    expect(body.currencies).toEqual(['eur', 'usd'])
    expect(body.rows).toEqual([
      { bucket: '2026-05-01', product_id: course.id, product_name: 'Course', currency: 'eur', revenue: 2_500, charges_count: 1 },
      { bucket: '2026-06-01', product_id: dollars.id, product_name: 'Dollar course', currency: 'usd', revenue: 4_000, charges_count: 1 },
      { bucket: '2026-06-01', product_id: course.id, product_name: 'Course', currency: 'eur', revenue: 2_500, charges_count: 1 },
      { bucket: '2026-06-01', product_id: guide.id, product_name: '=Guide', currency: 'eur', revenue: 1_000, charges_count: 1 },
    ])

    // the period filter: 1 to 4 June (given the wrong way round); a custom period needs both days
    const june = (await run(s, id, 0, '?period=custom&from=2026-06-04&till=2026-06-01')).json()
    expect(june.rows.map((r: any) => [r.bucket, r.product_name, r.revenue])).toEqual([['2026-06-01', 'Course', 2_500], ['2026-06-01', '=Guide', 1_000]])
    expect(june.currencies).toEqual(['eur'])
    expect((await run(s, id, 0, '?period=custom&from=2026-06-01')).statusCode).toBe(400)
    const usd = (await run(s, id, 0, '?currency=usd')).json()
    expect(usd.rows.map((r: any) => [r.product_name, r.currency, r.revenue])).toEqual([['Dollar course', 'usd', 4_000]])

    // the other seller's chart holds only their own sale
    const theirSet = await saveSet(other, [{ kind: 'revenue_by_product', bucket: 'day', period: '30_days' }])
    const theirRows = (await run(other, theirSet)).json().rows
    expect(theirRows).toEqual([{ bucket: '2026-06-04', product_id: theirs.id, product_name: 'Theirs', currency: 'eur', revenue: 9_999, charges_count: 1 }])

    // CSV: amounts in major units beside their currency; a cell starting with = is neutralised
    const csv = await api(s.accessToken, 'GET', `/analytics_sets/${id}/charts/0/export.csv`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toBe('attachment; filename="revenue_by_product-2026-03-18-2026-06-15.csv"')
    expect(csv.body).toBe([
      'bucket,product_id,product_name,currency,revenue,charges_count',
      `2026-05-01,${course.id},Course,eur,25.00,1`,
      `2026-06-01,${dollars.id},Dollar course,usd,40.00,1`,
      `2026-06-01,${course.id},Course,eur,25.00,1`,
      `2026-06-01,${guide.id},'=Guide,eur,10.00,1`,
      '',
    ].join('\n'))
  })

  test('refund rates: refunded amount and count of the period\'s charges per product and currency, and their CSV', async () => {
    const s = await seller()
    const other = await seller()
    const ebook = await publishedProduct(t, s.accessToken, { name: 'Ebook', pricing_plans: [oneTimePlan(2_000)] })
    const coaching = await publishedProduct(t, s.accessToken, { name: 'Coaching', pricing_plans: [oneTimePlan(5_000, 'usd')] })
    const [e1, e2] = [await buy(ebook), await buy(ebook)]
    await buy(ebook)
    const c1 = await buy(coaching)
    await buy(coaching)
    await refund(s, e1, 500)
    await refund(s, e2)
    await refund(s, c1)
    // the other seller's refunded sale is not in it
    const theirs = await publishedProduct(t, other.accessToken, { name: 'Theirs', pricing_plans: [oneTimePlan(2_000)] })
    await refund(other, await buy(theirs))

    const id = await saveSet(s, [{ kind: 'refund_rates', period: '7_days' }])
    const body = (await run(s, id)).json()
    expect(body.currencies).toEqual(['usd', 'eur'])
    expect(body.rows).toEqual([
      { product_id: coaching.id, product_name: 'Coaching', currency: 'usd', paid_amount: 10_000, paid_count: 2, refunded_amount: 5_000, refunded_count: 1, amount_rate_bps: 5_000, count_rate_bps: 5_000 },
      { product_id: ebook.id, product_name: 'Ebook', currency: 'eur', paid_amount: 6_000, paid_count: 3, refunded_amount: 2_500, refunded_count: 2, amount_rate_bps: 4_167, count_rate_bps: 6_667 },
    ])
    const eurOnly = (await run(s, id, 0, '?currency=eur')).json()
    expect(eurOnly.rows.map((r: any) => r.currency)).toEqual(['eur'])

    const csv = await api(s.accessToken, 'GET', `/analytics_sets/${id}/charts/0/export.csv`)
    expect(csv.body).toBe([
      'product_id,product_name,currency,paid_amount,paid_count,refunded_amount,refunded_count,amount_rate_percent,count_rate_percent',
      `${coaching.id},Coaching,usd,100.00,2,50.00,1,50.00,50.00`,
      `${ebook.id},Ebook,eur,60.00,3,25.00,2,41.67,66.67`,
      '',
    ].join('\n'))
  })

  test('cohort retention of subscriptions: by month of the first payment and currency, the share still active N months later', async () => {
    const s = await seller()
    const other = await seller()
    const monthly = await publishedProduct(t, s.accessToken, { name: 'Club', pricing_plans: [{ form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' }] })
    const monthlyUsd = await publishedProduct(t, s.accessToken, { name: 'Club US', pricing_plans: [{ form: 'subscription', currency_id: 'usd', price: 1_100, interval: '1m' }] })
    const oneTime = await publishedProduct(t, s.accessToken, { name: 'Once', pricing_plans: [oneTimePlan(1_500)] })
    await buy(monthly, '2026-01-10T10:00:00.000Z')
    const leaver = await buy(monthly, '2026-01-20T10:00:00.000Z')
    await buy(monthly, '2026-02-05T10:00:00.000Z')
    await buy(monthlyUsd, '2026-01-15T10:00:00.000Z')
    await buy(oneTime, '2026-01-12T10:00:00.000Z') // not a subscription
    const cancel = await api(s.accessToken, 'POST', `/orders/${leaver}/cancel`, {})
    expect(cancel.statusCode, cancel.body).toBe(200)
    await sql('update orders set canceled_at = $2 where id = $1', [leaver, '2026-03-01T00:00:00.000Z'])
    const theirClub = await publishedProduct(t, other.accessToken, { pricing_plans: [{ form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' }] })
    await buy(theirClub, '2026-01-11T10:00:00.000Z')

    const id = await saveSet(s, [{ kind: 'subscription_retention', period: '365_days', months: 6 }])
    const body = (await run(s, id)).json()
    expect(body).toMatchObject({ kind: 'subscription_retention', months: 6, currencies: ['eur', 'usd'] })
    expect(body.rows).toEqual([
      // 10 Jan running; 20 Jan canceled 1 Mar: active at +1 month (20 Feb), gone at +2 (20 Mar). +5 months of 20 Jan is after now.
      { cohort: '2026-01', currency: 'eur', subscriptions: 2, active: [2, 2, 1, 1, 1, null, null], share_bps: [10_000, 10_000, 5_000, 5_000, 5_000, null, null] },
      { cohort: '2026-01', currency: 'usd', subscriptions: 1, active: [1, 1, 1, 1, 1, 1, null], share_bps: [10_000, 10_000, 10_000, 10_000, 10_000, 10_000, null] },
      { cohort: '2026-02', currency: 'eur', subscriptions: 1, active: [1, 1, 1, 1, 1, null, null], share_bps: [10_000, 10_000, 10_000, 10_000, 10_000, null, null] },
    ])
    const csv = await api(s.accessToken, 'GET', `/analytics_sets/${id}/charts/0/export.csv?currency=eur`)
    expect(csv.body).toBe([
      'cohort,currency,subscriptions,month_0,month_1,month_2,month_3,month_4,month_5,month_6',
      '2026-01,eur,2,100.00,100.00,50.00,50.00,50.00,,',
      '2026-02,eur,1,100.00,100.00,100.00,100.00,100.00,,',
      '',
    ].join('\n'))
  })

  test('affiliate performance: per publisher and currency, orders, revenue and commissions less reversals; another seller\'s commissions never counted', async () => {
    const s = await seller()
    const other = await seller()
    const course = await publishedProduct(t, s.accessToken, { name: 'Course', pricing_plans: [oneTimePlan(2_500)] })
    const guide = await publishedProduct(t, s.accessToken, { name: 'Guide', pricing_plans: [oneTimePlan(1_000)] })
    const dollars = await publishedProduct(t, s.accessToken, { name: 'Dollars', pricing_plans: [oneTimePlan(4_000, 'usd')] })
    const a1 = await buy(course)
    const a2 = await buy(guide)
    const b1 = await buy(dollars)
    await buy(course) // not attributed

    const publisher = async (first: string, last: string) => {
      const [user] = await sql<{ id: number }>(`insert into users (email, password_hash, first_name, last_name) values ($1, 'x', $2, $3) returning id`, [`pub-${randomUUID().slice(0, 8)}@example.test`, first, last])
      return (await sql<{ id: number }>('insert into publishers (user_id) values ($1) returning id', [user!.id]))[0]!.id
    }
    const node = async (sellerId: number, publisherId: number) => {
      const [program] = await sql<{ id: number }>(`insert into affiliate_programs (seller_id, name, commission_bps, lifetime, hold_days) values ($1, 'Partners', '[1000, 500]'::jsonb, 'none', 14) returning id`, [sellerId])
      const [row] = await sql<{ id: number }>(`insert into affiliate_nodes (program_id, seller_id, publisher_id, state, token) values ($1, $2, $3, 'accepted', $4) returning id`,
        [program!.id, sellerId, publisherId, randomUUID().replaceAll('-', '').slice(0, 20)])
      return { programId: program!.id, nodeId: row!.id }
    }
    const commission = async (sellerId: number, orderId: number, publisherId: number, n: { programId: number; nodeId: number }, level: number, amount: number, currency: string, reversed = 0) => {
      const [charge] = await sql<{ id: number }>(`select id from payments where order_id = $1 and kind = 'charge' order by id limit 1`, [orderId])
      await sql(`insert into affiliate_commissions (order_id, payment_id, seller_id, program_id, node_id, publisher_id, level, bps, amount, reversed_amount, currency, available_at, created_at)
        values ($1, $2, $3, $4, $5, $6, $7, 1000, $8, $9, $10, $11, $11)`, [orderId, charge!.id, sellerId, n.programId, n.nodeId, publisherId, level, amount, reversed, currency, now])
    }
    const pat = await publisher('Pat', 'Publisher')
    const quinn = await publisher('Quinn', 'Promoter')
    const patNode = await node(s.sellerId, pat)
    const quinnNode = await node(s.sellerId, quinn)
    for (const [orderId, publisherId] of [[a1, pat], [a2, pat], [b1, quinn]] as const) await sql('update orders set publisher_id = $2 where id = $1', [orderId, publisherId])
    await commission(s.sellerId, a1, pat, patNode, 1, 250, 'eur')
    await commission(s.sellerId, a1, quinn, quinnNode, 2, 50, 'eur')
    await commission(s.sellerId, a2, pat, patNode, 1, 100, 'eur', 40)
    await commission(s.sellerId, b1, quinn, quinnNode, 1, 400, 'usd')
    // Pat also promotes the other seller: that sale and commission stay out of this seller's chart
    const theirs = await publishedProduct(t, other.accessToken, { pricing_plans: [oneTimePlan(7_000)] })
    const o1 = await buy(theirs)
    await sql('update orders set publisher_id = $2 where id = $1', [o1, pat])
    await commission(other.sellerId, o1, pat, await node(other.sellerId, pat), 1, 700, 'eur')

    const id = await saveSet(s, [{ kind: 'affiliate_performance', period: '30_days' }])
    const body = (await run(s, id)).json()
    expect(body.currencies).toEqual(['usd', 'eur'])
    expect(body.rows).toEqual([
      { publisher_id: quinn, publisher_name: 'Quinn Promoter', currency: 'usd', orders: 1, revenue: 4_000, commissions: 400 },
      { publisher_id: pat, publisher_name: 'Pat Publisher', currency: 'eur', orders: 2, revenue: 3_500, commissions: 310 },
      { publisher_id: quinn, publisher_name: 'Quinn Promoter', currency: 'eur', orders: 0, revenue: 0, commissions: 50 },
    ])
    const csv = await api(s.accessToken, 'GET', `/analytics_sets/${id}/charts/0/export.csv?currency=eur`)
    expect(csv.body).toBe([
      'publisher_id,publisher_name,currency,orders,revenue,commissions',
      `${pat},Pat Publisher,eur,2,35.00,3.10`,
      `${quinn},Quinn Promoter,eur,0,0.00,0.50`,
      '',
    ].join('\n'))
    const theirSet = await saveSet(other, [{ kind: 'affiliate_performance', period: '30_days' }])
    expect((await run(other, theirSet)).json().rows).toEqual([{ publisher_id: pat, publisher_name: 'Pat Publisher', currency: 'eur', orders: 1, revenue: 7_000, commissions: 700 }])
  })
})
