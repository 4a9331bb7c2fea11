import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { testDatabaseKind } from '../../../../tests/helpers/test-db'
import { expireReservation, recordPaymentOutcome } from './orders.service'

// The lock order (orders README "Lock order"): the order row first, then its payments, its rates, and the
// shared stock rows last. The reservation's expiry and a payment's outcome for the same order, run at the
// same moment, queue on the order row instead of deadlocking, and the order ends one way only: paid with
// its unit sold, or expired with its unit given back. PGlite has one session (nothing ever waits on a
// lock), so the race runs on PostgreSQL only.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

const racing = 200

describe('the lock order', () => {
  test.skipIf(testDatabaseKind !== 'postgres')(`PostgreSQL: ${racing} orders whose expiry and payment outcome race end paid or expired, never deadlocked`, async () => {
    // Ten products of twenty orders each: each product's stock row is shared by its orders' locks.
    const products = await Promise.all(Array.from({ length: 10 }, () => publishedProduct(t, seller.accessToken, { limit: 1000, pricing_plans: [oneTimePlan(1500)] })))
    const placed: { orderId: number; paymentToken: string }[] = []
    for (let i = 0; i < racing; i++) {
      const product = products[i % products.length]!
      const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, quantity: 1, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
      expect(res.statusCode, res.body).toBe(201)
      const [row] = await sql<{ order_id: number; token: string }>('select p.order_id, p.token from payments p join orders o on o.id = p.order_id where o.token = $1', [res.json().order.token])
      placed.push({ orderId: row!.order_id, paymentToken: row!.token })
    }
    const ids = products.map((p) => p.id)
    expect((await sql('select sum(reserved_count)::int as reserved from products where id = any($1)', [ids]))[0].reserved).toBe(racing)
    await sql('update orders set reserved_until = $2 where product_id = any($1)', [ids, new Date(t.deps.now().getTime() - 60_000)])

    const started = Date.now()
    const results = await Promise.allSettled(placed.flatMap(({ orderId, paymentToken }) => [
      expireReservation(t.deps, { orderId }),
      recordPaymentOutcome(t.deps, paymentToken, { state: 'successful', providerRef: `race-${paymentToken}` }),
    ]))
    // A deadlock reads 40P01 "deadlock detected" (Drizzle wraps the driver's error as its cause).
    type Failure = { code?: string; message?: string; cause?: { code?: string; message?: string } }
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Failure] : []))
    expect(failures.map((f) => `${f.cause?.code ?? f.code ?? ''} ${f.cause?.message ?? f.message ?? String(f)}`)).toEqual([])
    expect(Date.now() - started).toBeLessThan(30_000)

    const orders = await sql<{ payment_state: string; reservation_state: string; payment: string }>(
      'select o.payment_state, o.reservation_state, p.state as payment from orders o join payments p on p.order_id = o.id where o.product_id = any($1)', [ids],
    )
    expect(orders).toHaveLength(racing)
    const paid = orders.filter((o) => o.payment_state === 'paid' && o.reservation_state === 'sold' && o.payment === 'successful').length
    const expired = orders.filter((o) => o.payment_state === 'payment_not_completed' && o.reservation_state === 'released' && o.payment === 'expired').length
    expect(paid + expired).toBe(racing)
    // Stock kept for the paid ones only, given back for the expired ones, never both.
    expect((await sql('select sum(sold_count)::int as sold, sum(reserved_count)::int as reserved from products where id = any($1)', [ids]))[0]).toEqual({ sold: paid, reserved: 0 })
  }, 120_000)
})
