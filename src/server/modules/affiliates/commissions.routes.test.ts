import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { percentOf } from '../../../shared/money'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { chargeRate } from '../billing/charge-next-installment.service'
import * as orders from '../orders/orders.service'
import { receiveProviderEvents } from '../refunds/provider-events.service'
import { forCharge } from './commissions.service'

// Attribution at checkout and commissions in the ledger (docs/decisions/0048-affiliates.md): a 3-level sale
// through the sandbox, self-referral and bad tokens ignored, a replayed payment booked once, partial and full
// refunds reversing each level in proportion, renewals by the program's duration. Programs and nodes are
// inserted as rows (their routes are the program side's).

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_BPS: '500' })
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

type Publisher = { id: number; userId: number; email: string }

async function publisher(): Promise<Publisher> {
  const email = `pub-${randomUUID().slice(0, 8)}@example.test`
  const [user] = await sql<{ id: number }>(`insert into users (email, password_hash, first_name, last_name) values ($1, 'x', 'Pat', 'Publisher') returning id`, [email])
  const [row] = await sql<{ id: number }>('insert into publishers (user_id) values ($1) returning id', [user!.id])
  return { id: row!.id, userId: user!.id, email }
}

type ProgramOptions = { lifetime?: 'none' | 'lifetime' | 'days'; lifetimeDays?: number; bonus?: number; bonusCurrency?: string; brutto?: boolean }

async function program(productIds: number[], bps: number[], options: ProgramOptions = {}): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into affiliate_programs (seller_id, name, commission_bps, lifetime, lifetime_days, bonus_amount, bonus_currency, provision_from_brutto, hold_days)
     values ($1, 'Partners', $2::jsonb, $3, $4, $5, $6, $7, 14) returning id`,
    [seller.sellerId, JSON.stringify(bps), options.lifetime ?? 'none', options.lifetimeDays ?? null, options.bonus ?? null, options.bonusCurrency ?? null, options.brutto ?? false])
  for (const productId of productIds) await sql('insert into affiliate_program_products (program_id, product_id) values ($1, $2)', [row!.id, productId])
  return row!.id
}

type Node = { id: number; token: string; publisher: Publisher }

async function node(programId: number, recruitedBy: Node | null = null, state = 'accepted', who?: Publisher): Promise<Node> {
  const pub = who ?? await publisher()
  const token = randomUUID().replaceAll('-', '').slice(0, 20)
  const [row] = await sql<{ id: number }>(
    `insert into affiliate_nodes (program_id, seller_id, publisher_id, state, token, recruited_by_node_id) values ($1, $2, $3, $4, $5, $6) returning id`,
    [programId, seller.sellerId, pub.id, state, token, recruitedBy?.id ?? null])
  return { id: row!.id, token, publisher: pub }
}

/** A three-level chain: level 1 recruited by level 2, recruited by level 3. */
async function chain(programId: number): Promise<[Node, Node, Node]> {
  const top = await node(programId)
  const middle = await node(programId, top)
  return [await node(programId, middle), middle, top]
}

async function product(price = 10_000, plan: Record<string, unknown> = { form: 'one_time', currency_id: 'eur', price }) {
  return publishedProduct(t, seller.accessToken, { pricing_plans: [plan] })
}

async function buy(p: { id: number; pricing_plans: { id: number }[] }, extra: Record<string, unknown> = {}, payer = fullPayer(), pay = true) {
  const res = await submitOrder(t, { product_id: p.id, pricing_plan_id: p.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true, ...extra })
  expect(res.statusCode, res.body).toBe(201)
  const paymentToken = res.json().next_action.payment_id as string
  if (pay) expect((await sandboxPay(t, paymentToken)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number; publisher_id: number | null; affiliate_program_id: number | null; affiliate_node_id: number | null }>(
    'select id, publisher_id, affiliate_program_id, affiliate_node_id from orders where token = $1', [res.json().order.token])
  return { order: order!, paymentToken, payer }
}

async function commissionsOf(orderId: number) {
  return (await sql<{ level: number; kind: string; publisher_id: number; amount: string; reversed_amount: string; payment_id: number }>(
    'select level, kind, publisher_id, amount, reversed_amount, payment_id from affiliate_commissions where order_id = $1 order by payment_id, kind, level', [orderId]))
    .map((r) => ({ level: r.level, kind: r.kind, publisher_id: r.publisher_id, amount: Number(r.amount), reversed_amount: Number(r.reversed_amount), payment_id: r.payment_id }))
}

async function publisherBalance(publisherId: number): Promise<number> {
  const [row] = await sql<{ total: string | null }>('select sum(amount)::text as total from ledger_entries where account = $1', [`publisher_balance:${publisherId}`])
  return Number(row?.total ?? 0)
}

async function expectBalanced() {
  for (const row of await orders.ledgerTotals(t.deps.db)) expect(row.total, `ledger in ${row.currency}`).toBe(0)
}

/** The commission base of an order: its lines' net. */
async function netOf(orderId: number): Promise<number> {
  const [row] = await sql<{ net: string }>('select sum(gross_amount - vat_amount)::text as net from order_items where order_id = $1', [orderId])
  return Number(row!.net)
}

let keys = 0
const refund = (orderId: number, payload: object) =>
  t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/refund`, token: seller.accessToken, payload, headers: { 'idempotency-key': `aff-refund-${++keys}` } })

describe('attribution at checkout', () => {
  test('an attributed sale pays three levels in the charge\'s ledger transaction, books the bonus once and balances', async () => {
    const p = await product()
    const programId = await program([p.id], [2000, 1000, 500], { bonus: 700, bonusCurrency: 'eur' })
    const [first, second, third] = await chain(programId)
    const { order } = await buy(p, { affiliate: first.token })
    expect(order).toMatchObject({ publisher_id: first.publisher.id, affiliate_program_id: programId, affiliate_node_id: first.id })
    const base = await netOf(order.id)
    const expected = [2000, 1000, 500].map((bps) => percentOf({ amount: base, currency: 'eur' }, bps).amount)
    const rows = await commissionsOf(order.id)
    expect(rows.filter((r) => r.kind === 'commission').map((r) => [r.level, r.publisher_id, r.amount])).toEqual([
      [1, first.publisher.id, expected[0]], [2, second.publisher.id, expected[1]], [3, third.publisher.id, expected[2]],
    ])
    expect(rows.filter((r) => r.kind === 'bonus')).toMatchObject([{ level: 1, publisher_id: first.publisher.id, amount: 700 }])
    // The commissions are lines of the charge; the bonus its own transaction out of the seller's balance.
    const charge = await sql<{ account: string; amount: string }>(`select account, amount from ledger_entries where order_id = $1 and kind = 'charge' and account like 'publisher_balance:%' order by amount`, [order.id])
    expect(charge.map((r) => Number(r.amount))).toEqual([-expected[0]!, -expected[1]!, -expected[2]!])
    const bonus = await sql<{ account: string; amount: string }>(`select account, amount from ledger_entries where order_id = $1 and kind = 'affiliate_bonus' order by amount`, [order.id])
    expect(bonus.map((r) => [r.account, Number(r.amount)])).toEqual([[`publisher_balance:${first.publisher.id}`, -700], [`seller_balance:${seller.sellerId}`, 700]])
    expect(await publisherBalance(first.publisher.id)).toBe(-(expected[0]! + 700))
    await expectBalanced()
    // A second sale of the same publisher pays no bonus again.
    const again = await buy(p, { affiliate: first.token })
    expect((await commissionsOf(again.order.id)).map((r) => r.kind)).toEqual(['commission', 'commission', 'commission'])
    await expectBalanced()
  })

  test('a canceled recruiter\'s level is not paid (the seller keeps it); the levels above still are', async () => {
    const p = await product()
    const programId = await program([p.id], [2000, 1000, 500])
    const top = await node(programId)
    const middle = await node(programId, top, 'canceled')
    const first = await node(programId, middle)
    const { order } = await buy(p, { affiliate: first.token })
    expect((await commissionsOf(order.id)).map((r) => [r.level, r.publisher_id])).toEqual([[1, first.publisher.id], [3, top.publisher.id]])
    await expectBalanced()
  })

  test('self-referral (by email, any case), an unknown, rejected or canceled token, another program\'s node: unattributed, the sale happens', async () => {
    const p = await product()
    const programId = await program([p.id], [2000])
    const own = await node(programId)
    const rejected = await node(programId, null, 'rejected')
    const canceled = await node(programId, null, 'canceled')
    const elsewhere = await node(await program([(await product()).id], [2000]))
    for (const [token, payer] of [
      [own.token, fullPayer(own.publisher.email.toUpperCase())], ['nosuchtoken', fullPayer()], [rejected.token, fullPayer()], [canceled.token, fullPayer()], [elsewhere.token, fullPayer()],
    ] as const) {
      const { order } = await buy(p, { affiliate: token }, payer)
      expect(order, String(token)).toMatchObject({ publisher_id: null, affiliate_node_id: null })
      expect(await commissionsOf(order.id)).toEqual([])
    }
    await expectBalanced()
  })

  test('the order body refuses an affiliate token longer than 64 characters', async () => {
    const p = await product()
    const res = await submitOrder(t, { product_id: p.id, pricing_plan_id: p.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true, affiliate: 'x'.repeat(65) })
    expect(res.statusCode).toBe(400)
  })

  test('a replayed payment outcome and a second ask for the same charge book nothing twice', async () => {
    const p = await product()
    const programId = await program([p.id], [2000, 1000])
    const [first] = await chain(programId)
    const { order, paymentToken } = await buy(p, { affiliate: first.token })
    expect(await sandboxPay(t, paymentToken).then((r) => r.statusCode)).toBeLessThan(500)
    await orders.recordPaymentOutcome(t.deps, paymentToken, { providerRef: 'replay', state: 'successful' })
    expect(await commissionsOf(order.id)).toHaveLength(2)
    const [payment] = await sql<{ id: number }>(`select id from payments where order_id = $1 and kind = 'charge'`, [order.id])
    const again = await t.deps.db.transaction((tx) => forCharge(t.deps, tx, {
      orderId: order.id, paymentId: payment!.id, sellerId: seller.sellerId, nodeId: first.id, payerEmail: 'x@example.test', currency: 'eur',
      gross: 10_000, vat: 0, cap: 10_000, renewal: false, firstPaidAt: null, now: t.deps.now(),
    }))
    expect(again).toEqual({ commissions: [], bonuses: [] })
    expect(await commissionsOf(order.id)).toHaveLength(2)
    await expectBalanced()
  })

  test('a lifetime program attributes the payer\'s later order without a token (another device)', async () => {
    const p = await product()
    const programId = await program([p.id], [2000], { lifetime: 'lifetime' })
    const first = await node(programId)
    const payer = fullPayer()
    await buy(p, { affiliate: first.token }, payer)
    const later = await buy(p, {}, { ...payer, email: payer.email.toUpperCase() })
    expect(later.order).toMatchObject({ publisher_id: first.publisher.id, affiliate_node_id: first.id })
    // A program without a duration does not remember the payer.
    const q = await product()
    const none = await node(await program([q.id], [2000]))
    const other = fullPayer()
    await buy(q, { affiliate: none.token }, other)
    expect((await buy(q, {}, other)).order.publisher_id).toBeNull()
  })
})

describe('upsells', () => {
  test('an upsell of the program\'s products follows the parent\'s attribution; one outside the program does not', async () => {
    const p = await product()
    const inside = await product(2_000)
    const outside = await product(3_000)
    const programId = await program([p.id, inside.id], [2000, 1000])
    const [first] = await chain(programId)
    const saved = await t.request({
      method: 'PUT', url: `/api/v1/cabinet/products/${p.id}/checkout`, token: seller.accessToken,
      payload: { upsells: [{ product_id: inside.id, pricing_plan_id: inside.pricing_plans[0].id }, { product_id: outside.id, pricing_plan_id: outside.pricing_plans[0].id }] },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    // One offer is taken per order (an accepted upsell ends the funnel): each offer gets its own parent order.
    const accept = async (index: number) => {
      const res = await submitOrder(t, { product_id: p.id, pricing_plan_id: p.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true, affiliate: first.token })
      expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
      await t.deps.jobs.drain()
      const answer = await t.request({ method: 'POST', url: `/api/v1/shop/orders/${res.json().order.token}/upsells`, headers: { 'idempotency-key': randomUUID() }, payload: { index } })
      expect(answer.statusCode, answer.body).toBe(201)
      await t.deps.jobs.drain()
      const [row] = await sql<{ id: number; publisher_id: number | null; affiliate_node_id: number | null; payment_state: string }>(
        'select id, publisher_id, affiliate_node_id, payment_state from orders where token = $1', [answer.json().order.token])
      return row!
    }
    const followed = await accept(0)
    expect(followed).toMatchObject({ publisher_id: first.publisher.id, affiliate_node_id: first.id, payment_state: 'paid' })
    expect((await commissionsOf(followed.id)).map((r) => r.level)).toEqual([1, 2])
    const apart = await accept(1)
    expect(apart).toMatchObject({ publisher_id: null, affiliate_node_id: null })
    expect(await commissionsOf(apart.id)).toEqual([])
    await expectBalanced()
  })
})

describe('the orders area', () => {
  test('the detail has publisher_id, the commissions and the relations; the filters and the CSV column match', async () => {
    const p = await product()
    const programId = await program([p.id], [2000, 1000])
    const [first, second] = await chain(programId)
    const { order } = await buy(p, { affiliate: first.token })
    const plain = await buy(p)
    const res = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/${order.id}?expand=publisher,affiliate_program`, token: seller.accessToken })
    expect(res.statusCode, res.body).toBe(200)
    const base = await netOf(order.id)
    expect(res.json()).toMatchObject({
      publisher_id: first.publisher.id,
      publisher: { id: first.publisher.id, name: 'Pat Publisher', email: first.publisher.email },
      affiliate_program: { id: programId, name: 'Partners' },
      commissions: [
        { level: 1, publisher_id: first.publisher.id, kind: 'commission', amount: percentOf({ amount: base, currency: 'eur' }, 2000).amount, reversed_amount: 0, currency: 'eur', state: 'pending' },
        { level: 2, publisher_id: second.publisher.id, kind: 'commission', amount: percentOf({ amount: base, currency: 'eur' }, 1000).amount, reversed_amount: 0, currency: 'eur', state: 'pending' },
      ],
    })
    const unattributed = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/${plain.order.id}?expand=publisher,affiliate_program`, token: seller.accessToken })
    expect(unattributed.json()).toMatchObject({ publisher_id: null, publisher: null, affiliate_program: null, commissions: [] })
    const ids = async (query: string) => (await t.request({ method: 'GET', url: `/api/v1/cabinet/orders?${query}`, token: seller.accessToken })).json().list.map((o: { id: number }) => o.id)
    expect(await ids(`publisher_id=${first.publisher.id}`)).toEqual([order.id])
    expect(await ids(`affiliate_program_id=${programId}`)).toEqual([order.id])
    expect(await ids(`publisher_id=${second.publisher.id}`)).toEqual([])
    const csv = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/export.csv?affiliate_program_id=${programId}`, token: seller.accessToken })
    expect(csv.statusCode).toBe(200)
    const [header, line] = csv.body.trim().split('\n')
    const column = header!.split(',').indexOf('publisher_id')
    expect(column).toBeGreaterThanOrEqual(0)
    expect(line!.split(',')[column]).toBe(String(first.publisher.id))
  })
})

describe('reversals', () => {
  test('a partial refund of a 3-level sale reverses each level in proportion; the rest reverses all', async () => {
    const p = await product()
    const programId = await program([p.id], [2000, 1000, 500])
    const nodes = await chain(programId)
    const { order } = await buy(p, { affiliate: nodes[0].token })
    const before = await commissionsOf(order.id)
    const partial = await refund(order.id, { amount: 3_000 })
    expect(partial.statusCode, partial.body).toBe(200)
    const after = await commissionsOf(order.id)
    for (const [i, row] of after.entries()) {
      const amount = before[i]!.amount
      // 30 % of the gross back: each level's reversal is its 30 %, give or take the last unit of the apportionment.
      expect(Math.abs(row.reversed_amount - amount * 0.3), `level ${row.level}`).toBeLessThanOrEqual(1)
      expect(row.reversed_amount).toBeLessThan(amount)
      expect(await publisherBalance(nodes[i]!.publisher.id)).toBe(-(amount - row.reversed_amount))
    }
    await expectBalanced()
    const rest = await refund(order.id, {})
    expect(rest.statusCode, rest.body).toBe(200)
    for (const [i, row] of (await commissionsOf(order.id)).entries()) {
      expect(row.reversed_amount).toBe(row.amount)
      expect(await publisherBalance(nodes[i]!.publisher.id)).toBe(0)
    }
    await expectBalanced()
  })
})

describe('chargebacks', () => {
  test('a chargeback reverses every level; the won dispute gives it back', async () => {
    const p = await product()
    const programId = await program([p.id], [2000, 1000, 500])
    const nodes = await chain(programId)
    const { order, paymentToken } = await buy(p, { affiliate: nodes[0].token })
    const charged = await commissionsOf(order.id)
    const ref = `dp_aff_${order.id}`
    await receiveProviderEvents(t.deps, 'sandbox', null, [{
      eventId: `evt_aff_dispute_${order.id}`, type: 'test.dispute.created', kind: 'chargeback', paymentToken, providerRef: '', ref, amount: { amount: 10_000, currency: 'eur' },
    }])
    await t.deps.jobs.drain()
    for (const [i, row] of (await commissionsOf(order.id)).entries()) {
      expect(row.reversed_amount, `level ${row.level}`).toBe(charged[i]!.amount)
      expect(await publisherBalance(nodes[i]!.publisher.id)).toBe(0)
    }
    await expectBalanced()
    await receiveProviderEvents(t.deps, 'sandbox', null, [{
      eventId: `evt_aff_won_${order.id}`, type: 'test.dispute.closed', kind: 'chargeback_reversal', paymentToken, providerRef: '', ref, amount: { amount: 0, currency: 'eur' },
    }])
    await t.deps.jobs.drain()
    for (const [i, row] of (await commissionsOf(order.id)).entries()) {
      expect(row.reversed_amount, `level ${row.level}`).toBe(0)
      expect(await publisherBalance(nodes[i]!.publisher.id)).toBe(-charged[i]!.amount)
    }
    await expectBalanced()
  })
})

describe('renewals by the program\'s duration', () => {
  const monthly = { form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' }

  async function renew(orderId: number, number = 2): Promise<void> {
    const [rate] = await sql<{ id: number; due_date: Date }>('select id, due_date from order_rates where order_id = $1 and number = $2', [orderId, number])
    // The rate falls due: the test clock moves past it (and back, for the tests after).
    const back = t.clock.now
    t.clock.now = new Date(new Date(rate!.due_date).getTime() + 60_000)
    try {
      expect(await chargeRate(t.deps, rate!.id, { reason: 'scheduled' })).not.toBe('skipped')
    } finally {
      t.clock.now = back
    }
    await t.deps.jobs.drain()
  }

  for (const [lifetime, lifetimeDays, paysRenewal] of [['none', undefined, false], ['lifetime', undefined, true], ['days', 10, false], ['days', 90, true]] as const) {
    test(`lifetime ${lifetime}${lifetimeDays ? ` ${lifetimeDays}` : ''}: the second rate ${paysRenewal ? 'pays' : 'does not pay'} the chain`, async () => {
      const p = await product(900, monthly)
      const programId = await program([p.id], [2000, 1000], { lifetime, ...(lifetimeDays ? { lifetimeDays } : {}) })
      const [first] = await chain(programId)
      const { order } = await buy(p, { affiliate: first.token })
      expect(await commissionsOf(order.id)).toHaveLength(2)
      await renew(order.id)
      const charges = await sql<{ id: number; state: string }>(`select id, state from payments where order_id = $1 and kind = 'charge' and rate_number = 2`, [order.id])
      expect(charges.map((c) => c.state)).toEqual(['successful'])
      const rows = await commissionsOf(order.id)
      expect(rows.filter((r) => r.payment_id === charges[0]!.id)).toHaveLength(paysRenewal ? 2 : 0)
      await expectBalanced()
    })
  }

  test('after a trial, rate 1 pays like a first charge even without a commission duration', async () => {
    const p = await product(900, { ...monthly, trial_days: 14 })
    const programId = await program([p.id], [2000])
    const first = await node(programId)
    const { order } = await buy(p, { affiliate: first.token })
    expect(await commissionsOf(order.id)).toEqual([])
    await renew(order.id, 1)
    const [charge] = await sql<{ id: number }>(`select id from payments where order_id = $1 and kind = 'charge' and rate_number = 1 and state = 'successful'`, [order.id])
    expect((await commissionsOf(order.id)).map((r) => [r.level, r.payment_id])).toEqual([[1, charge!.id]])
    await expectBalanced()
  })
})
