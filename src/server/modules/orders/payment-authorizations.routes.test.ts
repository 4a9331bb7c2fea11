import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { cardExpired } from './payment-authorizations.service'

// /cabinet/payment_authorizations: the saved methods behind the seller's orders with card brand, last
// four and expiry, the state (active, expired by the card's expiry against the business clock, revoked),
// and revoke, which clears the method on every order holding it so later rates cannot be charged.

let t: TestApp
let seller: TestSeller
let other: TestSeller
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const subscription = { form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' }

async function buy(owner: TestSeller, plan: Record<string, unknown> = subscription, payer = fullPayer()) {
  const product = await publishedProduct(t, owner.accessToken, { name: 'Membership', pricing_plans: [plan] })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number; payer_user_id: number }>('select id, payer_user_id from orders where token = $1', [res.json().order.token])
  return { token: res.json().order.token as string, orderId: order!.id, payerUserId: order!.payer_user_id, email: payer.email }
}

const list = (query = '', token = seller.accessToken) => t.request({ method: 'GET', url: `/api/v1/cabinet/payment_authorizations?${query}`, token })
const revoke = (id: number, token = seller.accessToken) => t.request({ method: 'POST', url: `/api/v1/cabinet/payment_authorizations/${id}/revoke`, token })
const detail = (id: number, token = seller.accessToken) => t.request({ method: 'GET', url: `/api/v1/cabinet/payment_authorizations/${id}`, token })
const orderOf = async (id: number) => (await sql<{ saved_method: unknown; saved_method_revoked_at: Date | string | null }>('select saved_method, saved_method_revoked_at from orders where id = $1', [id]))[0]!

let active: Awaited<ReturnType<typeof buy>>
let expiring: Awaited<ReturnType<typeof buy>>
let shared: Awaited<ReturnType<typeof buy>>
let sharing: Awaited<ReturnType<typeof buy>>
let oneTime: Awaited<ReturnType<typeof buy>>
let foreign: Awaited<ReturnType<typeof buy>>

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  active = await buy(seller)
  expiring = await buy(seller)
  shared = await buy(seller)
  // A second order of the same payer on the same saved method (as a one-click upsell keeps it).
  sharing = await buy(seller, subscription, fullPayer(shared.email))
  await sql('update orders set saved_method = (select saved_method from orders where id = $1) where id = $2', [shared.orderId, sharing.orderId])
  oneTime = await buy(seller, oneTimePlan(1000))
  // The sandbox keeps every method; a provider keeps none for a one-time order without upsells.
  await sql('update orders set saved_method = null where id = $1', [oneTime.orderId])
  foreign = await buy(other)
  // The expiring order's card ended in March 2020.
  await sql('update payments set card_exp_month = 3, card_exp_year = 2020 where order_id = $1', [expiring.orderId])
})
afterAll(async () => { await t.close() })

describe('the list', () => {
  test('one authorization per saved method, with provider, method, card, payer, its orders and state', async () => {
    const res = await list('sort_key=id&sort_dir=asc')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.list.map((a: any) => a.id)).toEqual([active.orderId, expiring.orderId, shared.orderId])
    expect(body.total_count).toBe(3)
    const year = t.clock.now.getUTCFullYear() + 3
    expect(body.list[0]).toMatchObject({
      state: 'active', provider: 'sandbox', method: 'card', brand: 'visa', last4: '4242', exp_month: 12, exp_year: year, payer_id: active.payerUserId,
      payer_email: active.email, payer_name: 'Pia Payer', orders: [{ id: active.orderId, token: active.token, product_name: 'Membership', payment_state: 'paid' }], revoked_at: null,
    })
    expect(body.list[1]).toMatchObject({ state: 'expired', exp_month: 3, exp_year: 2020 })
    expect(body.list[2].orders.map((o: any) => o.id)).toEqual([shared.orderId, sharing.orderId])
    // A one-time order keeps no method; another seller's order is not listed.
    expect(body.list.flatMap((a: any) => a.orders.map((o: any) => o.id))).not.toContain(oneTime.orderId)
    expect((await list('', other.accessToken)).json().list.map((a: any) => a.id)).toEqual([foreign.orderId])
  })

  test('filters by state, payer and search; counts per state', async () => {
    expect((await list('state=expired')).json().list.map((a: any) => a.id)).toEqual([expiring.orderId])
    expect((await list(`payer_id=${shared.payerUserId}`)).json().list.map((a: any) => a.id)).toEqual([shared.orderId])
    expect((await list(`query=${encodeURIComponent(active.email)}`)).json().list.map((a: any) => a.id)).toEqual([active.orderId])
    expect((await list('state=active&counts=true')).json().counts).toMatchObject({ expired: 1 })
    expect((await list('state=lost')).statusCode).toBe(400)
  })

  test('a card is valid through the last day of its expiry month', () => {
    expect(cardExpired(3, 2020, new Date('2020-03-31T23:59:59.999Z'))).toBe(false)
    expect(cardExpired(3, 2020, new Date('2020-04-01T00:00:00.000Z'))).toBe(true)
    expect(cardExpired(12, 2020, new Date('2021-01-01T00:00:00.000Z'))).toBe(true)
    expect(cardExpired(null, null, new Date())).toBe(false)
  })
})

describe('revoke', () => {
  test('clears the saved method on every order holding it and marks them revoked; again changes nothing', async () => {
    expect((await detail(sharing.orderId)).json()).toMatchObject({ id: shared.orderId, state: 'active' })
    const res = await revoke(shared.orderId)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: shared.orderId, state: 'revoked', revoked_at: t.clock.now.toISOString(), last4: '4242' })
    expect(res.json().orders.map((o: any) => o.id)).toEqual([shared.orderId, sharing.orderId])
    for (const id of [shared.orderId, sharing.orderId]) {
      const row = await orderOf(id)
      expect(row.saved_method).toBeNull()
      expect(new Date(row.saved_method_revoked_at!).toISOString()).toBe(t.clock.now.toISOString())
    }
    expect((await orderOf(active.orderId)).saved_method).not.toBeNull()

    t.clock.advance(60)
    const again = await revoke(sharing.orderId)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ id: shared.orderId, state: 'revoked', revoked_at: res.json().revoked_at })
    expect((await list('state=revoked')).json().list.map((a: any) => a.id)).toEqual([shared.orderId])
    expect((await detail(shared.orderId)).json().state).toBe('revoked')
  })

  test('another seller\'s authorization, an order without a saved method and an unknown id are 404', async () => {
    expect((await revoke(foreign.orderId)).statusCode).toBe(404)
    expect((await detail(foreign.orderId)).statusCode).toBe(404)
    expect((await revoke(active.orderId, other.accessToken)).statusCode).toBe(404)
    expect((await orderOf(active.orderId)).saved_method).not.toBeNull()
    expect((await revoke(oneTime.orderId)).statusCode).toBe(404)
    expect((await revoke(2_000_000_000)).statusCode).toBe(404)
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/payment_authorizations/${active.orderId}/revoke` })).statusCode).toBe(401)
    expect((await orderOf(foreign.orderId)).saved_method).not.toBeNull()
  })

  test('the OpenAPI documents the list, detail and revoke', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json()
    expect(doc.paths['/api/v1/cabinet/payment_authorizations'].get).toBeDefined()
    expect(Object.keys(doc.paths['/api/v1/cabinet/payment_authorizations/{id}/revoke'].post.responses)).toEqual(expect.arrayContaining(['200', '404']))
    expect(doc.paths['/api/v1/cabinet/payers/{id}'].get).toBeDefined()
  })
})
