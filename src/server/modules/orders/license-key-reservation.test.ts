import { afterAll, beforeAll, expect, test } from 'vitest'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { expireReservation } from './orders.service'

// Found by the fault battery (bench/faults.ts, crash-mid-checkout; docs/decisions/0091-fault-battery.md): a
// license-key product without a stock limit reserved a key for each order but held no reservation, so the
// expiry job did nothing and every abandoned checkout kept its key for ever. Its keys are a reservation too.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

test('an unpaid order of a license key without a stock limit gives its key back when its reservation ends; a paid one keeps it', async () => {
  const product = await createProduct(t, seller.accessToken, { form: 'licenseKey', pricing_plans: [oneTimePlan(1_500)] })
  expect(product.limit ?? null).toBeNull()
  expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/license_keys`, token: seller.accessToken, payload: { keys: ['KEEP-1', 'KEEP-2'] } })).statusCode).toBe(201)
  expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })).statusCode).toBe(200)
  const order = () => submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  const walkedAway = (await order()).json()
  const paid = (await order()).json()
  expect((await sandboxPay(t, paid.next_action.payment_id)).statusCode).toBe(200)
  // Both keys are taken: the next payer is told so.
  expect((await order()).json().error.type).toBe('sold_out')

  t.clock.advance(t.deps.config.RESERVATION_MINUTES * 60 + 1)
  for (const made of [walkedAway, paid]) await expireReservation(t.deps, { orderId: made.order.id })
  const keys = await sql<{ key: string; state: string; order_id: number | null }>('select key, state, order_id from license_keys where product_id = $1 order by key', [product.id])
  expect(keys).toEqual([{ key: 'KEEP-1', state: 'available', order_id: null }, { key: 'KEEP-2', state: 'used', order_id: paid.order.id }])
  const [left] = await sql('select payment_state, reservation_state from orders where id = $1', [walkedAway.order.id])
  expect(left).toEqual({ payment_state: 'payment_not_completed', reservation_state: 'released' })
  // The key is for sale again.
  expect((await order()).statusCode).toBe(201)
})
