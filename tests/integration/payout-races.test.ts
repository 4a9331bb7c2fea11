import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../factories/checkout'
import { makePayoutReady } from '../factories/money-out'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { testDatabaseKind } from '../helpers/test-db'
import * as orders from '../../src/server/modules/orders/orders.service'

// docs/decisions/0049-money-out.md "Payouts": concurrent requests are counted one after another (the
// payout_settings row lock), so together they never move more than the available balance. Only PostgreSQL
// really overlaps transactions (a pool of connections); PGlite is one session and serialises them anyway.

const onPostgres = testDatabaseKind === 'postgres'

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  if (!onPostgres) return
  t = await createTestApp({ TEST_CLOCK: 'on' })
  seller = await createSeller(t)
}, 120_000)
afterAll(async () => { await t?.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

describe.skipIf(!onPostgres)('payout requests at once', () => {
  test('20 requests of 60 % of the available balance each make exactly one payout', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 10_000 }] })
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    await makePayoutReady(t, { kind: 'seller', id: seller.sellerId, userId: seller.userId })
    await t.deps.testClock.advance(t.deps.db, (t.deps.config.PAYOUT_HOLD_DAYS + 1) * 86_400_000)

    const balance = async () => (await t.request({ method: 'GET', url: '/api/v1/cabinet/payouts_balance', token: seller.accessToken })).json().balances[0]
    const available = (await balance()).available as number
    expect(available).toBeGreaterThan(0)
    const amount = Math.floor(available * 0.6)

    const answers = await Promise.all(Array.from({ length: 20 }, () => t.request({
      method: 'POST', url: '/api/v1/cabinet/payouts', token: seller.accessToken, payload: { amount, currency: 'eur' },
    })))
    const created = answers.filter((a) => a.statusCode === 201)
    const refused = answers.filter((a) => a.statusCode === 400 && a.json().error.type === 'insufficient_balance')
    expect(created).toHaveLength(1)
    expect(refused).toHaveLength(19)
    const rows = await sql<{ n: number }>('select count(*)::int as n from payouts where party_kind = $1 and party_id = $2', ['seller', seller.sellerId])
    expect(rows[0]!.n).toBe(1)
    expect(await balance()).toMatchObject({ available: available - amount, paid_out: amount })
    for (const row of await orders.ledgerTotals(t.deps.db)) expect(row.total, row.currency).toBe(0)
  }, 120_000)
})
