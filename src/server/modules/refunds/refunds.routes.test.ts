import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { applyAllPendingProviderEvents, receiveProviderEvents } from './provider-events.service'
import { refundsOfOrder } from './refunds.service'

// The seller's and the manager's refund (docs/decisions/0028-refunds-chargebacks-provider-events.md): full, partial twice then the rest, more than
// is left, another seller's order, an unpaid order, a plan whose later rates stop, the books balanced.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
let keys = 0
// Each call is a new refund the client means, so each has its own Idempotency-Key (refunds.idempotency.test.ts retries one).
const refund = (orderId: number, payload: object, token = seller.accessToken, area = 'cabinet') =>
  t.request({ method: 'POST', url: `/api/v1/${area}/orders/${orderId}/refund`, token, payload, headers: { 'idempotency-key': `refund-${Date.now()}-${++keys}` } })

async function ledgerSums() {
  return (await sql<{ currency: string; total: string }>('select currency, sum(amount)::bigint as total from ledger_entries group by currency order by currency'))
    .map((r) => [r.currency, Number(r.total)])
}

async function buy(plan: object = oneTimePlan(10_000), pay = true): Promise<number> {
  return (await buyWithPayment(plan, pay)).orderId
}

async function buyWithPayment(plan: object = oneTimePlan(10_000), pay = true) {
  const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [plan] })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  if (pay) expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
  return { orderId: order!.id, paymentToken: res.json().next_action.payment_id as string }
}

describe('refunds by the seller', () => {
  test('a full refund gives everything back through the sandbox, ends the order and balances the books', async () => {
    const orderId = await buy()
    const res = await refund(orderId, { reason: 'asked by the payer' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      order_id: orderId, payment_state: 'payment_refunded', paid_amount: 10_000, refunded_amount: 10_000, chargeback_amount: 0, currency: 'eur',
      refunds: [{ kind: 'refund', state: 'successful', amount: 10_000, provider: 'sandbox', provider_ref: expect.stringMatching(/^sbx_re_/) }],
    })
    const [charge] = await sql('select refunded_amount from payments where order_id = $1 and kind = $2', [orderId, 'charge'])
    expect(Number(charge.refunded_amount)).toBe(10_000)
    expect(await ledgerSums()).toEqual([['eur', 0]])
    const clearing = await sql(`select account, sum(amount)::bigint as total from ledger_entries where order_id = $1 and account in ('payer_clearing', 'refunds_clearing') group by account order by account`, [orderId])
    expect(clearing.map((r: any) => [r.account, Number(r.total)])).toEqual([['payer_clearing', 10_000], ['refunds_clearing', -10_000]])
    // The reversal invoice is asked for, once per refund payment.
    const jobs = await sql(`select data from pgboss.job where name = 'invoices.issue-reversal' and data->>'reversalPaymentId' = $1`, [String(res.json().refunds[0].id)])
    expect(jobs).toHaveLength(1)
    expect(await refundsOfOrder(t.deps.db, orderId)).toMatchObject([{ kind: 'refund', amount: 10_000, state: 'successful' }])
    // Nothing is left.
    const again = await refund(orderId, {})
    expect(again.statusCode).toBe(422)
    expect(again.json().error.type).toBe('refund_not_possible')
  })

  test('two partial refunds keep the order paid; more than is left is refused with what is left; the rest ends it', async () => {
    const orderId = await buy()
    const first = await refund(orderId, { amount: 3_000 })
    expect(first.json()).toMatchObject({ payment_state: 'paid', refunded_amount: 3_000 })
    const second = await refund(orderId, { amount: 2_000 })
    expect(second.json()).toMatchObject({ payment_state: 'paid', refunded_amount: 5_000 })
    const tooMuch = await refund(orderId, { amount: 5_001 })
    expect(tooMuch.statusCode).toBe(422)
    expect(tooMuch.json().error).toMatchObject({ type: 'refund_not_possible', refundable_amount: 5_000 })
    const rest = await refund(orderId, {})
    expect(rest.json()).toMatchObject({ payment_state: 'payment_refunded', refunded_amount: 10_000, refunds: [{ amount: 5_000 }] })
    expect((await refundsOfOrder(t.deps.db, orderId)).map((r) => r.amount)).toEqual([5_000, 2_000, 3_000])
    expect(await ledgerSums()).toEqual([['eur', 0]])
  })

  test('bad input is refused: unknown keys, a zero or fractional amount', async () => {
    const orderId = await buy()
    expect((await refund(orderId, { amount: 0 })).statusCode).toBe(400)
    expect((await refund(orderId, { amount: 10.5 })).statusCode).toBe(400)
    expect((await refund(orderId, { amount: 100, extra: true })).statusCode).toBe(400)
  })

  test('another seller\'s order is not found; an unpaid order has nothing to refund', async () => {
    const orderId = await buy()
    const theirs = await refund(orderId, {}, other.accessToken)
    expect(theirs.statusCode).toBe(404)
    expect((await refund(999_999, {})).statusCode).toBe(404)
    const unpaid = await buy(oneTimePlan(10_000), false)
    const res = await refund(unpaid, {})
    expect(res.statusCode).toBe(422)
    expect(res.json().error.message).toBe('This order was not paid')
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/refund`, payload: {}, headers: { 'idempotency-key': 'refund-no-token' } })).statusCode).toBe(401)
  })

  test('a refunded subscription charges nothing more: its later rates are skipped and its rate refunded', async () => {
    const orderId = await buy({ form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' })
    const res = await refund(orderId, {})
    expect(res.json()).toMatchObject({ payment_state: 'payment_refunded', refunded_amount: 900 })
    const rates = await sql<{ number: number; state: string; refunded_amount: string }>('select number, state, refunded_amount from order_rates where order_id = $1 order by number', [orderId])
    expect(rates[0]).toMatchObject({ number: 1, state: 'refunded' })
    expect(Number(rates[0]!.refunded_amount)).toBe(900)
    expect(rates.length).toBeGreaterThan(1)
    expect(rates.slice(1).every((r) => r.state === 'skipped')).toBe(true)
  })
})

describe('refunds by a manager', () => {
  test('a manager refunds any seller\'s order; a seller may not use the manager\'s route', async () => {
    const orderId = await buy()
    expect((await refund(orderId, { amount: 1_000 }, seller.accessToken, 'admin')).statusCode).toBe(403)
    const manager = await signInManager(t)
    const res = await refund(orderId, { amount: 1_000 }, manager, 'admin')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ payment_state: 'paid', refunded_amount: 1_000 })
    expect((await refund(orderId, { amount: 1_000 }, manager)).statusCode).toBe(403)
  })
})

describe('the sweep', () => {
  test('a refund event kept while its payment was open is applied by the sweep once the payment succeeded elsewhere', async () => {
    const { orderId, paymentToken } = await buyWithPayment(oneTimePlan(10_000), false)
    const event = { eventId: `evt_sweep_${orderId}`, type: 'test.refund', kind: 'refund' as const, paymentToken, providerRef: '', amount: { amount: 2_500, currency: 'eur' as const }, totalRefunded: { amount: 2_500, currency: 'eur' as const } }
    expect(await receiveProviderEvents(t.deps, 'sandbox', null, [event])).toEqual({ received: 1 })
    expect(await receiveProviderEvents(t.deps, 'sandbox', null, [event])).toEqual({ received: 0 })
    const [waiting] = await sql('select refunded_amount from orders where id = $1', [orderId])
    expect(Number(waiting.refunded_amount)).toBe(0)
    // The payer pays on the sandbox page (no webhook); the sweep finds the event waiting.
    expect((await sandboxPay(t, paymentToken)).statusCode).toBe(200)
    expect(await applyAllPendingProviderEvents(t.deps)).toBeGreaterThanOrEqual(1)
    expect(await applyAllPendingProviderEvents(t.deps)).toBe(0)
    const [order] = await sql('select payment_state, refunded_amount from orders where id = $1', [orderId])
    expect(order).toMatchObject({ payment_state: 'paid' })
    expect(Number(order.refunded_amount)).toBe(2_500)
    expect(await refundsOfOrder(t.deps.db, orderId)).toMatchObject([{ kind: 'refund', state: 'successful', amount: 2_500, note: 'started_at_provider' }])
    expect(await ledgerSums()).toEqual([['eur', 0]])
  })
})
