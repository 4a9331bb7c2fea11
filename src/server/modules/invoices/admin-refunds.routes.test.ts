import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// GET /admin/refunds: every seller's refunds and chargebacks for managers (never the charges), with the
// transfers' filters and one seller; sellers may not read it.

let t: TestApp
let manager: string
let first: TestSeller
let second: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  manager = await signInManager(t)
  first = await createSeller(t)
  second = await createSeller(t)
})
afterAll(async () => { await t.close() })

async function paidOrder(seller: TestSeller): Promise<number> {
  const product = await publishedProduct(t, seller.accessToken)
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return res.json().order.id as number
}

const refund = (path: string, token: string, payload: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: path, token, headers: { 'idempotency-key': randomUUID() }, payload })
const list = (query = '', token = manager) => t.request({ method: 'GET', url: `/api/v1/admin/refunds${query}`, token })

describe('the managers\' refunds', () => {
  test('refunds of every seller, not their charges; one seller; counts per state; sellers may not read it', async () => {
    const a = await paidOrder(first)
    await paidOrder(first)
    const b = await paidOrder(second)
    expect((await refund(`/api/v1/cabinet/orders/${a}/refund`, first.accessToken, { amount: 500, reason: 'partly' })).statusCode).toBe(200)
    expect((await refund(`/api/v1/admin/orders/${b}/refund`, manager)).statusCode).toBe(200)
    await t.deps.jobs.drain()

    const all = await list('?counts=true')
    expect(all.statusCode, all.body).toBe(200)
    expect(all.json().total_count).toBe(2)
    expect(all.json().list.map((r: { kind: string; order_id: number; seller_id: number }) => [r.kind, r.order_id, r.seller_id])).toEqual([
      ['refund', b, second.sellerId], ['refund', a, first.sellerId],
    ])
    expect(all.json().list[1]).toMatchObject({ amount: 500, seller_username: first.username })
    expect(Object.values(all.json().counts as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(2)

    expect((await list(`?seller_id=${first.sellerId}`)).json().list.map((r: { order_id: number }) => r.order_id)).toEqual([a])
    expect((await list('?transferable_type=chargeback')).json().total_count).toBe(0)
    expect((await list('?transferable_type=charge')).statusCode).toBe(400)
    expect((await list('', first.accessToken)).statusCode).toBe(403)
  })
})
