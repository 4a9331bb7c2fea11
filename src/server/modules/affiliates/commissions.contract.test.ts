import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { percentOf } from '../../../shared/money'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { signUpUser, type SignedUp } from '../../../../tests/factories/users'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// The affiliate contract end to end through the real routes (docs/decisions/0048-affiliates.md): a seller
// opens a program, a publisher joins and recruits another, a payer buys through the recruit's token, and the
// seller's order and both publishers' reads show the same figures; a canceled recruiter's level is not paid.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

async function publisher(): Promise<SignedUp & { publisherId: number }> {
  const user = await signUpUser(t, { profile_type: 'publisher' })
  expect((await t.request({ method: 'PATCH', url: '/api/v1/publish/details', token: user.accessToken, payload: { birthday: '01.01.1990' } })).statusCode).toBe(200)
  const [row] = await sql<{ id: number }>('select id from publishers where user_id = $1', [user.userId])
  return { ...user, publisherId: row!.id }
}

async function join(programId: number, who: SignedUp, recruitedBy?: string): Promise<{ id: number; state: string; token: string }> {
  const res = await t.request({ method: 'POST', url: `/api/v1/common/affiliate_programs/${programId}/accept`, token: who.accessToken, payload: recruitedBy ? { recruited_by: recruitedBy } : {} })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().affiliate_node
}

describe('the affiliate contract', () => {
  test('program, join, recruit, an attributed sale, and the same figures for the seller and both publishers', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 10_000 }] })
    const created = await t.request({ method: 'POST', url: '/api/v1/cabinet/affiliate_programs', token: seller.accessToken, payload: { name: 'Partners', product_ids: [product.id], commissions: [20, 10], auto_accept: true } })
    expect(created.statusCode, created.body).toBe(201)
    const programId = created.json().affiliate_program.id
    const recruiter = await publisher()
    const recruit = await publisher()
    const top = await join(programId, recruiter)
    const node = await join(programId, recruit, top.token)
    expect([top.state, node.state]).toEqual(['accepted', 'accepted'])

    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true, affiliate: node.token })
    expect(res.statusCode, res.body).toBe(201)
    expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const orderId = res.json().order.id

    const [items] = await sql<{ net: string }>('select sum(gross_amount - vat_amount)::text as net from order_items where order_id = $1', [orderId])
    const net = items!.net
    const level1 = percentOf({ amount: Number(net), currency: 'eur' }, 2000).amount
    const level2 = percentOf({ amount: Number(net), currency: 'eur' }, 1000).amount
    const detail = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/${orderId}?expand=publisher,affiliate_program`, token: seller.accessToken })
    expect(detail.json()).toMatchObject({
      publisher_id: recruit.publisherId, affiliate_program: { id: programId, name: 'Partners' }, publisher: { id: recruit.publisherId, email: recruit.email },
      commissions: [
        { level: 1, publisher_id: recruit.publisherId, amount: level1, state: 'pending' },
        { level: 2, publisher_id: recruiter.publisherId, amount: level2, state: 'pending' },
      ],
    })
    for (const [who, amount, level] of [[recruit, level1, 1], [recruiter, level2, 2]] as const) {
      const orders = await t.request({ method: 'GET', url: '/api/v1/publish/orders', token: who.accessToken })
      expect(orders.statusCode, orders.body).toBe(200)
      expect(orders.json().list).toMatchObject([{ id: orderId, level, commission: { amount, reversed_amount: 0, state: 'pending' } }])
      const balance = await t.request({ method: 'GET', url: '/api/v1/publish/payouts_balance', token: who.accessToken })
      expect(balance.json()).toMatchObject({ balances: [{ currency: 'eur', pending: amount, available: 0, paid_out: 0 }] })
    }

    // The seller ends the recruiter's participation: the next sale pays level 1 only.
    expect((await t.request({ method: 'PATCH', url: `/api/v1/cabinet/affiliate_nodes/${top.id}`, token: seller.accessToken, payload: { state: 'canceled' } })).statusCode).toBe(200)
    const next = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true, affiliate: node.token })
    expect((await sandboxPay(t, next.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const after = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/${next.json().order.id}`, token: seller.accessToken })
    expect(after.json().commissions.map((c: { level: number; publisher_id: number }) => [c.level, c.publisher_id])).toEqual([[1, recruit.publisherId]])
    // The recruiter's own link no longer attributes.
    const own = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true, affiliate: top.token })
    const [row] = await sql<{ publisher_id: number | null }>('select publisher_id from orders where token = $1', [own.json().order.token])
    expect(row!.publisher_id).toBeNull()
  })
})
