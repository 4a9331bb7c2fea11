import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../factories/checkout'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { testDatabaseKind } from '../helpers/test-db'
import * as orders from '../../src/server/modules/orders/orders.service'

// docs/decisions/0048-affiliates.md "the same order is never attributed twice": many attributed payments at
// once, each answered twice at the same moment (the payer's page and a replayed provider event), book
// exactly one commission set each, and the level-1 publisher's bonus once in all. On PostgreSQL the
// transactions really overlap (a pool of connections); PGlite is one session and serialises them, so there
// the same checks run with fewer payments.

const onPostgres = testDatabaseKind === 'postgres'
const payments = onPostgres ? 100 : 20

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_BPS: '500' })
  seller = await createSeller(t)
}, 120_000)
afterAll(async () => { await t?.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

async function publisher(): Promise<number> {
  const [user] = await sql<{ id: number }>(`insert into users (email, password_hash, first_name, last_name) values ($1, 'x', 'Pat', 'Publisher') returning id`, [`pub-${randomUUID().slice(0, 8)}@example.test`])
  const [row] = await sql<{ id: number }>('insert into publishers (user_id) values ($1) returning id', [user!.id])
  return row!.id
}

async function node(programId: number, recruitedBy: number | null): Promise<{ id: number; token: string; publisherId: number }> {
  const publisherId = await publisher()
  const token = randomUUID().replaceAll('-', '').slice(0, 20)
  const [row] = await sql<{ id: number }>(
    `insert into affiliate_nodes (program_id, seller_id, publisher_id, state, token, recruited_by_node_id) values ($1, $2, $3, 'accepted', $4, $5) returning id`,
    [programId, seller.sellerId, publisherId, token, recruitedBy])
  return { id: row!.id, token, publisherId }
}

describe('attributed payments at once', () => {
  test(`${payments} attributed payments, each answered twice at once, book one commission set each and one bonus`, async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 4_900 }] })
    const [program] = await sql<{ id: number }>(
      `insert into affiliate_programs (seller_id, name, commission_bps, lifetime, bonus_amount, bonus_currency) values ($1, 'Race', '[2000, 1000, 500]'::jsonb, 'lifetime', 300, 'eur') returning id`,
      [seller.sellerId])
    await sql('insert into affiliate_program_products (program_id, product_id) values ($1, $2)', [program!.id, product.id])
    const top = await node(program!.id, null)
    const middle = await node(program!.id, top.id)
    const first = await node(program!.id, middle.id)

    // The orders, ten at a time (the checkout is not what is raced here).
    const paymentTokens: string[] = []
    for (let i = 0; i < payments; i += 10) {
      const answers = await Promise.all(Array.from({ length: Math.min(10, payments - i) }, () => submitOrder(t, {
        product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true, affiliate: first.token,
      })))
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(201)
        paymentTokens.push(res.json().next_action.payment_id)
      }
    }
    // Every payment succeeds twice at the same moment: the sandbox page and a replayed provider event.
    const outcomes = await Promise.allSettled(paymentTokens.flatMap((token) => [
      sandboxPay(t, token),
      orders.recordPaymentOutcome(t.deps, token, { providerRef: `replay_${token}`, state: 'successful' }),
    ]))
    const failed = outcomes.filter((o) => o.status === 'rejected')
    expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([])
    await t.deps.jobs.drain()

    const sets = await sql<{ order_id: number; levels: string; n: number }>(
      `select order_id, string_agg(level::text, ',' order by level) as levels, count(*)::int as n from affiliate_commissions where kind = 'commission' and program_id = $1 group by order_id`, [program!.id])
    expect(sets).toHaveLength(payments)
    for (const set of sets) expect(set.levels, `order ${set.order_id}`).toBe('1,2,3')
    const lines = await sql<{ n: number }>(`select count(*)::int as n from ledger_entries where kind = 'charge' and account like 'publisher_balance:%' and order_id in (select order_id from affiliate_commissions where program_id = $1)`, [program!.id])
    expect(lines[0]!.n).toBe(payments * 3)
    const bonuses = await sql<{ n: number }>(`select count(*)::int as n from affiliate_commissions where kind = 'bonus' and program_id = $1`, [program!.id])
    expect(bonuses[0]!.n).toBe(1)
    const bonusLedger = await sql<{ n: number }>(`select count(*)::int as n from ledger_entries where kind = 'affiliate_bonus' and account = $1`, [`publisher_balance:${first.publisherId}`])
    expect(bonusLedger[0]!.n).toBe(1)
    // The publishers' balances are the rows' sums, and the books balance.
    for (const n of [first, middle, top]) {
      const [ledger] = await sql<{ total: string }>('select coalesce(sum(amount), 0)::text as total from ledger_entries where account = $1', [`publisher_balance:${n.publisherId}`])
      const [rows] = await sql<{ total: string }>('select coalesce(sum(amount - reversed_amount), 0)::text as total from affiliate_commissions where publisher_id = $1', [n.publisherId])
      expect(-Number(ledger!.total)).toBe(Number(rows!.total))
    }
    for (const row of await orders.ledgerTotals(t.deps.db)) expect(row.total, row.currency).toBe(0)
  }, onPostgres ? 300_000 : 180_000)
})
