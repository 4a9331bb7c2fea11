import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, createProduct, oneTimePlan, type TestSeller } from '../factories/catalog'
import { fullPayer, publishedProduct } from '../factories/checkout'
import { startApiProcess, type ApiProcess } from '../helpers/api-process'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { testDatabaseKind } from '../helpers/test-db'
import { licenseKeysOfOrder } from '../../src/server/modules/catalog/license-keys.service'

// docs/QUALITY.md "rush", "coupon-race", "idempotency", "license-pool": many checkouts at once over real HTTP on
// 127.0.0.1. On PostgreSQL the traffic is split between this process's app and a second API process
// (src/server/main.ts --role=api) on the same database, so the counting has to hold across processes and
// connections. PGlite is one session and serialises every transaction, so there the same checks run against
// the in-process app alone, with fewer requests: they still show the counting is right, not that it races
// right.

const onPostgres = testDatabaseKind === 'postgres'
const n = onPostgres
  ? { tickets: 100, rushBuyers: 300, couponBuyers: 100, idempotentRetries: 200, keys: 50, keyBuyers: 200 }
  : { tickets: 30, rushBuyers: 90, couponBuyers: 40, idempotentRetries: 60, keys: 15, keyBuyers: 45 }
const slow = onPostgres ? 180_000 : 120_000

let t: TestApp
let seller: TestSeller
let second: ApiProcess | null = null
/** Where requests go: the in-process app, and on PostgreSQL the second process too (round robin). */
let bases: string[] = []

beforeAll(async () => {
  // Every payer here comes from 127.0.0.1; a used-up coupon counts as a wrong guess for that IP, so the
  // guess limit (docs/QUALITY.md "abuse", tested elsewhere) is lifted to see the race alone.
  t = await createTestApp({ RATE_LIMIT_COUPON_FAILURES: '1000000' })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  bases = [`http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`]
  if (onPostgres) {
    const { rows } = await t.deps.database.executeSql('select current_database() as name')
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.pathname = `/${rows[0].name}`
    second = await startApiProcess({ databaseUrl: url.toString() })
    bases.push(second.url)
  }
  seller = await createSeller(t)
}, 120_000)

afterAll(async () => {
  await second?.stop()
  await t?.close()
})

type Answer = { status: number; text: string; json: any; base: string }

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000),
  })
  const text = await res.text()
  let json: any = null
  try {
    json = JSON.parse(text)
  } catch {
    // kept as text for the failure message
  }
  return { status: res.status, text, json, base }
}

/** Fires `count` requests at once, spread over the processes; answers in request order. */
async function burst(count: number, one: (base: string, i: number) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => one(bases[i % bases.length]!, i)))
}

/** "201" -> 100, "409 sold_out" -> 200, ... for the failure messages and the checks. */
function tally(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const a of answers) {
    const label = a.status < 300 ? String(a.status) : `${a.status} ${a.json?.error?.type ?? a.text.slice(0, 80)}`
    out[label] = (out[label] ?? 0) + 1
  }
  return out
}

const order = (base: string, payload: Record<string, unknown>, key: string = randomUUID()) => post(base, '/api/v1/shop/orders', payload, { 'idempotency-key': key })
const sandboxPay = (base: string, paymentId: string) => post(base, `/api/v1/shop/sandbox/payments/${paymentId}`, { outcome: 'success' })
const sql = async (text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows
const ledgerSums = async () => (await sql('select currency, sum(amount)::bigint as total from ledger_entries group by currency order by currency'))
  .map((r: any) => [r.currency, Number(r.total)])

/** Pays every 201 through the sandbox page (spread over the processes) and checks each answer. */
async function payAll(created: Answer[]) {
  const paid = await Promise.all(created.map((a, i) => sandboxPay(bases[i % bases.length]!, a.json.next_action.payment_id)))
  expect(tally(paid)).toEqual({ 200: created.length })
  for (const p of paid) expect(p.json.state).toBe('successful')
}

describe(`checkout races on ${testDatabaseKind}${onPostgres ? ' with two API processes' : ''}`, () => {
  // The ticket type's own limit (the product row is counted too, without a limit) and a product's limit.
  test.each(['eventTickets', 'digital'] as const)(`rush (%s): ${n.rushBuyers} payers for ${n.tickets} sell exactly ${n.tickets}; every payer is answered`, async (form) => {
    const product = form === 'eventTickets'
      ? await publishedProduct(t, seller.accessToken, {
        form, name: 'Rush concert', tickets: [{ name: 'Floor', limit: n.tickets, pricing_plans: [oneTimePlan(4_500)] }],
      })
      : await publishedProduct(t, seller.accessToken, { name: 'Rush drop', limit: n.tickets, pricing_plans: [oneTimePlan(4_500)] })
    const ticket = form === 'eventTickets' ? product.tickets[0] : null
    const plan = ticket ? ticket.pricing_plans[0] : product.pricing_plans[0]
    const answers = await burst(n.rushBuyers, (base) => order(base, {
      product_id: product.id, ...(ticket ? { ticket_id: ticket.id } : {}), pricing_plan_id: plan.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true,
    }))
    const counts = tally(answers)
    expect(counts, JSON.stringify(counts)).toEqual({ 201: n.tickets, '409 sold_out': n.rushBuyers - n.tickets })
    const created = answers.filter((a) => a.status === 201)
    if (onPostgres) {
      // both processes sold: the race really was between two processes
      expect(new Set(created.map((a) => a.base)).size).toBe(2)
    }
    expect(new Set(created.map((a) => a.json.order.token)).size).toBe(n.tickets)
    for (const a of created) expect(a.json.order).toMatchObject({ payment_state: 'payment_waiting', first_amount: 4_500, total_amount: 4_500, quantity: 1 })

    await payAll(created)
    const [p] = await sql('select sold_count, reserved_count from products where id = $1', [product.id])
    expect(Number(p.sold_count) + Number(p.reserved_count)).toBe(n.tickets)
    expect(Number(p.sold_count)).toBe(n.tickets)
    if (ticket) {
      const [tt] = await sql('select sold_count, reserved_count from event_tickets where id = $1', [ticket.id])
      expect({ sold: Number(tt.sold_count), reserved: Number(tt.reserved_count) }).toEqual({ sold: n.tickets, reserved: 0 })
    }
    const states = await sql('select payment_state, count(*)::int as n from orders where product_id = $1 group by payment_state', [product.id])
    expect(states).toEqual([{ payment_state: 'paid', n: n.tickets }])
    const [charged] = await sql(`select count(*)::int as n, coalesce(sum(p.amount), 0)::bigint as total from payments p join orders o on o.id = p.order_id
      where o.product_id = $1 and p.kind = 'charge' and p.state = 'successful'`, [product.id])
    expect({ n: charged.n, total: Number(charged.total) }).toEqual({ n: n.tickets, total: n.tickets * 4_500 })
    expect(await ledgerSums()).toEqual([['eur', 0]])
  }, slow)

  test(`coupon-race: a coupon with limit 1 under ${n.couponBuyers} simultaneous checkouts is redeemed once`, async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(10_000)] })
    const made = await t.request({
      method: 'POST', url: '/api/v1/cabinet/coupons', token: seller.accessToken,
      payload: { code: 'ONLYONCE', discount_type: 'percents', value: 20, scope: 'single_product', product_ids: [product.id], limit: 1 },
    })
    expect(made.statusCode, made.body).toBe(201)
    const answers = await burst(n.couponBuyers, (base) => order(base, {
      product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, coupon_code: 'ONLYONCE', payment_method: 'card', payer: fullPayer(), terms_accepted: true,
    }))
    const counts = tally(answers)
    expect(counts, JSON.stringify(counts)).toEqual({ 201: 1, '422 coupon_invalid': n.couponBuyers - 1 })
    const winner = answers.find((a) => a.status === 201)!
    expect(winner.json.order).toMatchObject({ coupon_code: 'ONLYONCE', discount_amount: 2_000, first_amount: 8_000 })
    const [coupon] = await sql('select orders_count from coupons where id = $1', [made.json().id])
    expect(Number(coupon.orders_count)).toBe(1)
    const [withCoupon] = await sql('select count(*)::int as n from orders where coupon_code is not null and product_id = $1', [product.id])
    expect(withCoupon.n).toBe(1)
    const [all] = await sql('select count(*)::int as n from orders where product_id = $1', [product.id])
    expect(all.n).toBe(1)
    const read = await t.request({ method: 'GET', url: `/api/v1/cabinet/coupons/${made.json().id}`, token: seller.accessToken })
    expect(read.json().orders_count).toBe(1)
  }, slow)

  test(`coupon-race: a coupon with limit 10 under ${n.couponBuyers} simultaneous checkouts is redeemed 10 times`, async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(5_000)] })
    const made = await t.request({
      method: 'POST', url: '/api/v1/cabinet/coupons', token: seller.accessToken,
      payload: { code: 'TENTIMES', discount_type: 'currency', value: 1_000, currency_id: 'eur', scope: 'single_product', product_ids: [product.id], limit: 10 },
    })
    expect(made.statusCode, made.body).toBe(201)
    const answers = await burst(n.couponBuyers, (base) => order(base, {
      product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, coupon_code: 'tentimes', payment_method: 'card', payer: fullPayer(), terms_accepted: true,
    }))
    const counts = tally(answers)
    expect(counts, JSON.stringify(counts)).toEqual({ 201: 10, '422 coupon_invalid': n.couponBuyers - 10 })
    for (const a of answers.filter((x) => x.status === 201)) expect(a.json.order).toMatchObject({ coupon_code: 'TENTIMES', discount_amount: 1_000, first_amount: 4_000 })
    const [coupon] = await sql('select orders_count from coupons where id = $1', [made.json().id])
    expect(Number(coupon.orders_count)).toBe(10)
    const [withCoupon] = await sql('select count(*)::int as n from orders where coupon_code is not null and product_id = $1', [product.id])
    expect(withCoupon.n).toBe(10)
  }, slow)

  test(`idempotency: ${n.idempotentRetries} simultaneous submits of one key make one order and one payment; replays are identical`, async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(2_500)] })
    const key = `race-${randomUUID()}`
    const payload = { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true }
    const answers = await burst(n.idempotentRetries, (base) => order(base, payload, key))
    const counts = tally(answers)
    const created = answers.filter((a) => a.status === 201)
    expect(created.length, JSON.stringify(counts)).toBeGreaterThanOrEqual(1)
    expect(created.length + (counts['409 idempotency_in_progress'] ?? 0), JSON.stringify(counts)).toBe(n.idempotentRetries)
    const first = created[0]!
    for (const a of created) expect(a.json).toEqual(first.json)

    const orders = await sql('select id from orders where product_id = $1', [product.id])
    expect(orders).toHaveLength(1)
    const payments = await sql('select kind, state, amount::int as amount from payments where order_id = $1', [orders[0].id])
    expect(payments).toEqual([{ kind: 'charge', state: 'waiting', amount: 2_500 }])

    // after completion every replay, on either process, answers the stored first answer
    const replays = await burst(2 * bases.length * 10, (base) => order(base, payload, key))
    expect(tally(replays)).toEqual({ 201: replays.length })
    for (const r of replays) {
      expect(r.json).toEqual(first.json)
      expect(r.text).toBe(replays[0]!.text)
    }
    // the same key with another body is refused, and still nothing new is made
    const other = await order(bases[bases.length - 1]!, { ...payload, payment_method: 'paypal' }, key)
    expect(other.status).toBe(422)
    expect(other.json.error.type).toBe('idempotency_key_reused')
    expect(await sql('select id from orders where product_id = $1', [product.id])).toHaveLength(1)
    expect(await sql('select id from payments where order_id = $1', [orders[0].id])).toHaveLength(1)
  }, slow)

  test(`license-pool: ${n.keys} keys and ${n.keyBuyers} simultaneous buyers: ${n.keys} distinct keys, then sold out`, async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'licenseKey', pricing_plans: [oneTimePlan(1_500)] })
    const keys = Array.from({ length: n.keys }, (_, i) => `POOL-${String(i).padStart(4, '0')}`)
    const added = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/license_keys`, token: seller.accessToken, payload: { keys } })
    expect(added.statusCode, added.body).toBe(201)
    const published = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })
    expect(published.statusCode, published.body).toBe(200)
    const answers = await burst(n.keyBuyers, (base) => order(base, {
      product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true,
    }))
    const counts = tally(answers)
    expect(counts, JSON.stringify(counts)).toEqual({ 201: n.keys, '409 sold_out': n.keyBuyers - n.keys })
    const created = answers.filter((a) => a.status === 201)
    const reserved = await sql(`select k.key, k.state, k.order_id from license_keys k where k.product_id = $1 and k.state <> 'available'`, [product.id])
    expect(reserved).toHaveLength(n.keys)
    expect(new Set(reserved.map((r: any) => Number(r.order_id))).size).toBe(n.keys)
    const orderIds = new Set(created.map((a) => a.json.order.id))
    for (const r of reserved) expect(orderIds.has(Number(r.order_id))).toBe(true)

    await payAll(created)
    const used = await sql(`select k.key, k.order_id, o.payment_state from license_keys k join orders o on o.id = k.order_id where k.product_id = $1 and k.state = 'used'`, [product.id])
    expect(used).toHaveLength(n.keys)
    expect(new Set(used.map((r: any) => r.key)).size).toBe(n.keys)
    expect(new Set(used.map((r: any) => Number(r.order_id))).size).toBe(n.keys)
    for (const r of used) expect(r.payment_state).toBe('paid')
    // What each order delivers (licenseKeysOfOrder, docs/decisions/0020-issued-certificates-licenses-downloads.md): one key each, all distinct.
    const delivered = await Promise.all(created.map((a) => licenseKeysOfOrder(t.deps.db, a.json.order.id)))
    expect(delivered.every((keys) => keys.length === 1)).toBe(true)
    expect(new Set(delivered.map((keys) => keys[0]!.key)).size).toBe(n.keys)
    const [left] = await sql(`select count(*)::int as n from license_keys where product_id = $1 and state = 'available'`, [product.id])
    expect(left.n).toBe(0)
    // the pool is empty: the next buyer is told so
    const late = await order(bases[0]!, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(late.status).toBe(409)
    expect(late.json.error.type).toBe('sold_out')
    expect(await ledgerSums()).toEqual([['eur', 0]])
  }, slow)
})
