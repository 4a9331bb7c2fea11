import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const ledgerSums = async () => (await t.deps.database.executeSql('select currency, sum(amount)::bigint as total from ledger_entries group by currency')).rows.map((r: any) => [r.currency, Number(r.total)])
const order = async (token: string) => (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${token}` })).json()

describe('buying with the sandbox (docs/decisions/0015-payment-methods-and-providers.md)', () => {
  test('a one-time product: the order waits, the sandbox success pays it, the ledger balances, the payer gets a mail', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(11_900)] })
    const plan = product.pricing_plans[0]
    const payer = fullPayer()
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: plan.id, payment_method: 'card', payer, terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(body.order).toMatchObject({ payment_state: 'payment_waiting', total_amount: 11_900, first_amount: 11_900, vat_amount: 1_900, currency: 'eur', provider: 'sandbox' })
    expect(body.order.token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(body.next_action).toMatchObject({ type: 'redirect', url: `http://localhost:3000/sandbox/payments/${body.next_action.payment_id}` })

    const paid = await sandboxPay(t, body.next_action.payment_id)
    expect(paid.statusCode, paid.body).toBe(200)
    const after = await order(body.order.token)
    expect(after).toMatchObject({ payment_state: 'paid', paid_amount: 11_900, unpaid_amount: 0, card: { brand: 'visa', last4: '4242' } })
    expect(await ledgerSums()).toEqual([['eur', 0]])
    const mails = (await t.deps.database.executeSql('select kind, "to" from email_logs where "to" = $1', [payer.email])).rows
    expect(mails).toEqual([{ kind: 'order_confirmation', to: payer.email }])
    // a second success changes nothing
    await sandboxPay(t, body.next_action.payment_id)
    expect((await order(body.order.token)).paid_amount).toBe(11_900)
    expect(await ledgerSums()).toEqual([['eur', 0]])
  })

  test('a failed payment leaves the order unpaid and gives the stock back', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(500)], limit: 1 })
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    const second = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(second.statusCode).toBe(409)
    expect(second.json().error.type).toBe('sold_out')
    await sandboxPay(t, res.json().next_action.payment_id, 'failure')
    expect((await order(res.json().order.token)).payment_state).toBe('payment_not_completed')
    const third = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(third.statusCode).toBe(201)
  })

  test('once sold out, a later payer is answered before any claim, and the answer is the key\'s: a replay repeats it, another body is refused', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(700)], limit: 1 })
    const payload = () => ({ product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect((await submitOrder(t, payload())).statusCode).toBe(201)
    expect((await submitOrder(t, payload())).json().error.type).toBe('sold_out') // met in the order's own read
    const later = payload()
    const refused = await submitOrder(t, later, 'key-sold-out-later-1')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.type).toBe('sold_out')
    const keys = async (key: string) => (await t.deps.database.executeSql('select state, response_status from idempotency_keys where key = $1', [key])).rows
    expect(await keys('key-sold-out-later-1')).toEqual([{ state: 'done', response_status: 409 }])
    const replay = await submitOrder(t, later, 'key-sold-out-later-1')
    expect([replay.statusCode, replay.json()]).toEqual([409, refused.json()])
    const other = await submitOrder(t, { ...later, payment_method: 'paypal' }, 'key-sold-out-later-1')
    expect(other.json().error.type).toBe('idempotency_key_reused')
    const n = (await t.deps.database.executeSql('select count(*)::int as n from orders where product_id = $1', [product.id])).rows[0] as any
    expect(n.n).toBe(1)
  })

  test('the Idempotency-Key: required, a replay answers the first answer, another body is refused', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    const payload = { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true }
    const without = await t.request({ method: 'POST', url: '/api/v1/shop/orders', payload })
    expect(without.statusCode).toBe(400)
    const first = await submitOrder(t, payload, 'key-replay-0001')
    const again = await submitOrder(t, payload, 'key-replay-0001')
    expect(again.statusCode).toBe(201)
    expect(again.json().order.token).toBe(first.json().order.token)
    const other = await submitOrder(t, { ...payload, payment_method: 'paypal' }, 'key-replay-0001')
    expect(other.statusCode).toBe(422)
    expect(other.json().error.type).toBe('idempotency_key_reused')
    const n = (await t.deps.database.executeSql('select count(*)::int as n from orders where product_id = $1', [product.id])).rows[0] as any
    expect(n.n).toBe(1)
  })

  test('unknown body fields are refused; amounts cannot be sent', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true, total_amount: 1 })
    expect(res.statusCode).toBe(400)
  })

  test('a free product is paid at once without a provider', async () => {
    const product = await publishedProduct(t, seller.accessToken, { free: true, pricing_plans: [oneTimePlan(0)] })
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'free', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ order: { payment_state: 'paid', total_amount: 0, provider: 'free' }, next_action: { type: 'none' } })
  })

  test('the seller sees the order in the list; an unknown order token is 404', async () => {
    const list = await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: seller.accessToken })
    expect(list.statusCode).toBe(200)
    expect(list.json().total_count).toBeGreaterThan(0)
    expect((await t.request({ method: 'GET', url: '/api/v1/shop/orders/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404)
  })
})
