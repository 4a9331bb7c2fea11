import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createSeller, oneTimePlan, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sellCardsWithStripe, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/stand-ins/stripe-stand-in'

// A refund takes an Idempotency-Key as the checkout's orders do (docs/decisions/0016-orders-exactly-once.md,
// docs/DESIGN.md "API conventions"): a client that retries after a timeout gets the first answer again and
// the payer is refunded once. The provider is the Stripe stand-in, so "asked once" is counted at the provider.

const stripeKeys = { publishable_key: 'pk_test_51AbCdEfGhIjKlMn', secret_key: 'sk_test_51SecretValueXyZ9876', webhook_secret: 'whsec_WebhookSecretValue4321' }
let stand: StripeStandIn
let t: TestApp
let seller: TestSeller
let other: TestSeller
let manager: string
let product: { id: number; pricing_plans: { id: number }[] }
beforeAll(async () => {
  stand = await startStripeStandIn({ secretKey: stripeKeys.secret_key, webhookSecret: stripeKeys.webhook_secret })
  t = await createTestApp({ STRIPE_API_BASE: stand.url })
  seller = await createSeller(t)
  other = await createSeller(t)
  manager = await signInManager(t)
  await sellCardsWithStripe(t, seller.accessToken, stripeKeys)
  product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(10_000)] })
}, 60_000)
afterAll(async () => {
  await t.close()
  await stand.close()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
let keys = 0
const newKey = () => `refund-key-${Date.now()}-${++keys}`

function refund(orderId: number, payload: object, key: string | null, options: { token?: string; area?: 'cabinet' | 'admin' } = {}) {
  return t.request({
    method: 'POST', url: `/api/v1/${options.area ?? 'cabinet'}/orders/${orderId}/refund`, token: options.token ?? seller.accessToken, payload,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
  })
}

/** A Stripe order the payer paid: its id and its charge at Stripe. */
async function paidOrder(): Promise<{ orderId: number; chargeId: string }> {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const [payment] = await sql<{ order_id: number; provider_ref: string }>(`select p.order_id, p.provider_ref from payments p join orders o on o.id = p.order_id where o.token = $1`, [res.json().order.token])
  const session = stand.completeSession(payment!.provider_ref)
  const paid = stand.webhook('checkout.session.completed', { ...session })
  const delivered = await t.request({ method: 'POST', url: `/api/v1/shop/webhooks/stripe/${seller.sellerId}`, headers: paid.headers, payload: paid.body })
  expect(delivered.statusCode, delivered.body).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ payment_state: string }>('select payment_state from orders where id = $1', [payment!.order_id])
  expect(order!.payment_state).toBe('paid')
  return { orderId: payment!.order_id, chargeId: stand.paymentIntents.get(session.payment_intent)!.latest_charge }
}

/** What the order, the books and Stripe say was refunded. */
async function refundedOf(orderId: number, chargeId: string) {
  const [order] = await sql('select refunded_amount, payment_state from orders where id = $1', [orderId])
  const payments = await sql(`select amount::int, state from payments where order_id = $1 and kind = 'refund' order by id`, [orderId])
  const [ledger] = await sql(`select coalesce(sum(amount), 0)::bigint as total from ledger_entries where order_id = $1 and account = 'refunds_clearing' and kind = 'refund'`, [orderId])
  const atStripe = [...stand.refunds.values()].filter((r) => r.charge === chargeId).map((r) => r.amount)
  const asked = stand.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.body.payment_intent === stand.charges.get(chargeId)!.payment_intent)
  return { refunded: Number(order.refunded_amount), state: order.payment_state, payments, refundsClearing: Number(ledger.total), atStripe, asked: asked.length }
}

describe('a refund with an Idempotency-Key', () => {
  test('retried ten times with one key it refunds once: one refund payment, counted once, the provider asked once', async () => {
    const { orderId, chargeId } = await paidOrder()
    const key = newKey()
    const first = await refund(orderId, { amount: 1_000, reason: 'asked by the payer' }, key)
    expect(first.statusCode, first.body).toBe(200)
    for (let i = 0; i < 9; i++) {
      const again = await refund(orderId, { amount: 1_000, reason: 'asked by the payer' }, key)
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toEqual(first.json())
    }
    expect(first.json()).toMatchObject({ refunded_amount: 1_000, payment_state: 'paid', refunds: [{ amount: 1_000, state: 'successful' }] })
    expect(await refundedOf(orderId, chargeId)).toEqual({
      refunded: 1_000, state: 'paid', payments: [{ amount: 1_000, state: 'successful' }], refundsClearing: -1_000, atStripe: [1_000], asked: 1,
    })
    // Another key is another refund.
    const second = await refund(orderId, { amount: 1_000, reason: 'asked by the payer' }, newKey())
    expect(second.json()).toMatchObject({ refunded_amount: 2_000 })
  })

  test('ten retries at once: each answers the first answer or 409 idempotency_in_progress, and one refund is made', async () => {
    const { orderId, chargeId } = await paidOrder()
    const key = newKey()
    // The provider holds the first refund until the nine retries have answered, so "at once" does not
    // depend on how fast this machine is.
    const held = stand.hold('POST', '/v1/refunds')
    let settled = 0
    const pending = Array.from({ length: 10 }, () => refund(orderId, { amount: 2_500 }, key).finally(() => { settled++ }))
    await vi.waitFor(() => expect(stand.requests.some((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.body.payment_intent === stand.charges.get(chargeId)!.payment_intent)).toBe(true), { timeout: 10_000 })
    await vi.waitFor(() => expect(settled).toBeGreaterThanOrEqual(9), { timeout: 10_000 }).catch(() => {})
    held.release()
    const answers = await Promise.all(pending)
    const done = answers.filter((a) => a.statusCode === 200)
    const running = answers.filter((a) => a.statusCode !== 200)
    expect(done.length).toBeGreaterThanOrEqual(1)
    // The first holds the key while it asks the provider; the retries meanwhile are told it still runs.
    expect(running.length).toBeGreaterThanOrEqual(1)
    for (const a of running) expect([a.statusCode, a.json().error.type]).toEqual([409, 'idempotency_in_progress'])
    for (const a of done) expect(a.json()).toEqual(done[0]!.json())
    const late = await refund(orderId, { amount: 2_500 }, key)
    expect(late.json()).toEqual(done[0]!.json())
    expect(await refundedOf(orderId, chargeId)).toMatchObject({ refunded: 2_500, payments: [{ amount: 2_500, state: 'successful' }], atStripe: [2_500], asked: 1 })
  })

  test('a retry after the process stopped between the provider\'s refund and its booking finishes that refund, not a second one', async () => {
    const { orderId, chargeId } = await paidOrder()
    const key = newKey()
    // The transaction that books the provider's answer fails once, as if the process stopped there.
    const transaction = t.deps.db.transaction.bind(t.deps.db)
    let stopped = false
    const spy = vi.spyOn(t.deps.db, 'transaction').mockImplementation(((fn: any, config: any) => {
      if (!stopped && stand.requests.some((r) => r.path === '/v1/refunds' && r.body.payment_intent === stand.charges.get(chargeId)!.payment_intent)) {
        stopped = true
        return Promise.reject(new Error('the process stopped'))
      }
      return transaction(fn, config)
    }) as typeof t.deps.db.transaction)
    const crashed = await refund(orderId, { amount: 4_000 }, key)
    spy.mockRestore()
    expect(stopped).toBe(true)
    expect(crashed.statusCode).toBe(500)
    const retried = await refund(orderId, { amount: 4_000 }, key)
    expect(retried.statusCode, retried.body).toBe(200)
    expect(retried.json()).toMatchObject({ refunded_amount: 4_000, refunds: [{ amount: 4_000, state: 'successful' }] })
    expect(await refundedOf(orderId, chargeId)).toMatchObject({ refunded: 4_000, payments: [{ amount: 4_000, state: 'successful' }], refundsClearing: -4_000, atStripe: [4_000] })
    expect((await refund(orderId, { amount: 4_000 }, key)).json()).toEqual(retried.json())
  })

  test('a provider that refunded but answered 500 (a timeout) is asked again with the same key on the retry: one refund at the provider', async () => {
    const { orderId, chargeId } = await paidOrder()
    const key = newKey()
    stand.failAfterProcessing('/v1/refunds')
    const failed = await refund(orderId, { amount: 2_500 }, key)
    expect(failed.statusCode, failed.body).toBe(502)
    // The outcome is unknown: the refund waits, nothing is booked and nothing is refundable twice.
    expect(await refundedOf(orderId, chargeId)).toMatchObject({ refunded: 0, payments: [{ amount: 2_500, state: 'pending' }], atStripe: [2_500] })
    const retried = await refund(orderId, { amount: 2_500 }, key)
    expect(retried.statusCode, retried.body).toBe(200)
    expect(await refundedOf(orderId, chargeId)).toMatchObject({ refunded: 2_500, payments: [{ amount: 2_500, state: 'successful' }], refundsClearing: -2_500, atStripe: [2_500] })
  })

  test('the same key with another body, or for another order, is refused 422 idempotency_key_reused', async () => {
    const { orderId, chargeId } = await paidOrder()
    const { orderId: otherOrder } = await paidOrder()
    const key = newKey()
    expect((await refund(orderId, { amount: 1_000 }, key)).statusCode).toBe(200)
    const otherBody = await refund(orderId, { amount: 2_000 }, key)
    expect([otherBody.statusCode, otherBody.json().error.type]).toEqual([422, 'idempotency_key_reused'])
    const otherOrderRes = await refund(otherOrder, { amount: 1_000 }, key)
    expect([otherOrderRes.statusCode, otherOrderRes.json().error.type]).toEqual([422, 'idempotency_key_reused'])
    expect(await refundedOf(orderId, chargeId)).toMatchObject({ refunded: 1_000, asked: 1 })
  })

  test('without a key (or with one too short) the refund is refused 400 idempotency_key_required and nothing is refunded', async () => {
    const { orderId, chargeId } = await paidOrder()
    const missing = await refund(orderId, { amount: 1_000 }, null)
    expect([missing.statusCode, missing.json().error.type]).toEqual([400, 'idempotency_key_required'])
    const short = await refund(orderId, { amount: 1_000 }, 'abc')
    expect([short.statusCode, short.json().error.type]).toEqual([400, 'idempotency_key_required'])
    expect(await refundedOf(orderId, chargeId)).toMatchObject({ refunded: 0, payments: [], asked: 0 })
  })

  test('a refused refund is answered again the same for its key: more than is left, 422 with what is left', async () => {
    const { orderId } = await paidOrder()
    const key = newKey()
    const first = await refund(orderId, { amount: 10_001 }, key)
    expect(first.statusCode).toBe(422)
    expect(first.json().error).toMatchObject({ type: 'refund_not_possible', refundable_amount: 10_000 })
    const again = await refund(orderId, { amount: 10_001 }, key)
    expect([again.statusCode, again.json()]).toEqual([422, first.json()])
  })

  test('keys belong to their seller: another seller\'s same key is their own (and their order not found)', async () => {
    const { orderId } = await paidOrder()
    const key = newKey()
    const theirs = await refund(orderId, { amount: 1_000 }, key, { token: other.accessToken })
    expect(theirs.statusCode).toBe(404)
    // The other seller's answer under this key is not the seller's.
    const mine = await refund(orderId, { amount: 1_000 }, key)
    expect(mine.statusCode, mine.body).toBe(200)
  })
})

describe('a manager\'s refund with an Idempotency-Key', () => {
  test('retried ten times with one key it refunds once; another body 422; no key 400; a seller\'s key is not the manager\'s', async () => {
    const { orderId, chargeId } = await paidOrder()
    const key = newKey()
    // The seller used this key first: the manager's request under the same key is the manager's own.
    expect((await refund(orderId, { amount: 500 }, key)).statusCode).toBe(200)
    const first = await refund(orderId, { amount: 1_500 }, key, { token: manager, area: 'admin' })
    expect(first.statusCode, first.body).toBe(200)
    for (let i = 0; i < 9; i++) expect((await refund(orderId, { amount: 1_500 }, key, { token: manager, area: 'admin' })).json()).toEqual(first.json())
    expect(first.json()).toMatchObject({ refunded_amount: 2_000 })
    expect(await refundedOf(orderId, chargeId)).toMatchObject({ refunded: 2_000, refundsClearing: -2_000, atStripe: [500, 1_500], asked: 2 })
    const otherBody = await refund(orderId, { amount: 1_000 }, key, { token: manager, area: 'admin' })
    expect([otherBody.statusCode, otherBody.json().error.type]).toEqual([422, 'idempotency_key_reused'])
    const missing = await refund(orderId, { amount: 1_000 }, null, { token: manager, area: 'admin' })
    expect([missing.statusCode, missing.json().error.type]).toEqual([400, 'idempotency_key_required'])
  })
})

describe('the OpenAPI document', () => {
  test('says both refund routes require the Idempotency-Key header', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    for (const path of ['/api/v1/cabinet/orders/{id}/refund', '/api/v1/admin/orders/{id}/refund']) {
      const header = doc.paths[path].post.parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key')
      expect(header, path).toMatchObject({ in: 'header', name: 'idempotency-key', required: true })
    }
  })
})
