import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { sandboxDeclinedMethodId } from '../../payments/providers'
import type { ProviderEvent } from '../../payments/providers/types'
import * as installments from '../billing/charge-next-installment.service'
import * as orders from '../orders/orders.service'
import { receiveProviderEvents } from './provider-events.service'

// A won dispute puts the plan back where it stood before the dispute, and access follows the plan
// (docs/decisions/0028-refunds-chargebacks-provider-events.md): a paused plan stays paused and gets its
// access back, a canceled plan stays canceled with its cancel data and its access ends where the plan's
// period ends. A dispute fee the provider reports is booked once (seller pays the provider's fees account)
// and shown on the order.

let t: TestApp
let seller: TestSeller
let product: { id: number; pricing_plans: { id: number }[] }

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, { pricing_plans: [{ form: 'subscription', currency_id: 'eur', price: 1_900, interval: '1m' }] })
}, 60_000)
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
let events = 0

/** A paid (and delivered) subscription: its order id and its first charge. */
async function paidSubscription(): Promise<{ orderId: number; chargeToken: string }> {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const orderId = res.json().order.id as number
  const [charge] = await sql(`select token from payments where order_id = $1 and kind = 'charge' and state = 'successful'`, [orderId])
  expect(await grantStates(orderId)).toEqual(['active'])
  return { orderId, chargeToken: charge.token }
}

async function grantStates(orderId: number): Promise<string[]> {
  return (await sql('select state from access_grants where order_id = $1 order by id', [orderId])).map((g) => g.state)
}

async function orderRow(orderId: number) {
  const [row] = await sql('select payment_state, paused_at, canceled_at, canceled_by, chargeback_amount::int from orders where id = $1', [orderId])
  return row
}

/** The provider reports a dispute (with its fee, when given) and, later, the dispute won. */
async function dispute(chargeToken: string, amount: number, fee?: number): Promise<string> {
  const ref = `dp_test_${++events}`
  const event: ProviderEvent = {
    eventId: `evt_dispute_${events}`, type: 'test.dispute.created', kind: 'chargeback', paymentToken: chargeToken, providerRef: '', ref,
    amount: { amount, currency: 'eur' }, ...(fee === undefined ? {} : { fee: { amount: fee, currency: 'eur' } }),
  }
  await receiveProviderEvents(t.deps, 'sandbox', null, [event])
  await t.deps.jobs.drain()
  return ref
}

async function disputeWon(chargeToken: string, ref: string) {
  await receiveProviderEvents(t.deps, 'sandbox', null, [{
    eventId: `evt_won_${++events}`, type: 'test.dispute.closed', kind: 'chargeback_reversal', paymentToken: chargeToken, providerRef: '', ref, amount: { amount: 0, currency: 'eur' },
  }])
  await t.deps.jobs.drain()
}

async function ledgerBalanced() {
  const sums = await sql(`select currency, sum(amount)::bigint as total from ledger_entries group by currency`)
  for (const s of sums) expect(Number(s.total), `ledger in ${s.currency}`).toBe(0)
}

describe('a won dispute', () => {
  test('restores a paused plan to payment_paused and gives back the access the chargeback revoked', async () => {
    const { orderId, chargeToken } = await paidSubscription()
    const paused = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/pause`, token: seller.accessToken })
    expect(paused.statusCode, paused.body).toBe(200)
    const before = await orderRow(orderId)
    expect(before.payment_state).toBe('payment_paused')

    const ref = await dispute(chargeToken, 1_900)
    expect((await orderRow(orderId)).payment_state).toBe('payment_chargebacked')
    expect(await grantStates(orderId)).toEqual(['revoked'])

    await disputeWon(chargeToken, ref)
    const after = await orderRow(orderId)
    expect(after).toMatchObject({ payment_state: 'payment_paused', chargeback_amount: 0 })
    expect(new Date(after.paused_at).getTime()).toBe(new Date(before.paused_at).getTime())
    expect(await grantStates(orderId)).toEqual(['active'])
    // Resuming works as for any paused plan.
    const resumed = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/resume`, token: seller.accessToken })
    expect(resumed.statusCode, resumed.body).toBe(200)
    expect((await orderRow(orderId)).payment_state).toBe('paying')
    await ledgerBalanced()
  })

  test('leaves a canceled plan canceled with its cancel data; access ends where the plan\'s paid period ends', async () => {
    const { orderId, chargeToken } = await paidSubscription()
    const canceled = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/cancel`, token: seller.accessToken })
    expect(canceled.statusCode, canceled.body).toBe(200)
    const before = await orderRow(orderId)
    expect(before).toMatchObject({ payment_state: 'payment_canceled', canceled_by: 'seller' })
    const [grant] = await sql('select expires_at from access_grants where order_id = $1', [orderId])
    expect(grant.expires_at).not.toBeNull()

    const ref = await dispute(chargeToken, 1_900)
    expect(await grantStates(orderId)).toEqual(['revoked'])
    // The dispute takes longer than the paid period: once won, the plan says the access has ended.
    const start = t.clock.now
    t.clock.now = new Date(new Date(grant.expires_at).getTime() + 86_400_000)
    try {
      await disputeWon(chargeToken, ref)
    } finally {
      t.clock.now = start // the seller's access token stays valid for the tests after this one
    }
    const after = await orderRow(orderId)
    expect(after).toMatchObject({ payment_state: 'payment_canceled', canceled_by: 'seller', chargeback_amount: 0 })
    expect(new Date(after.canceled_at).getTime()).toBe(new Date(before.canceled_at).getTime())
    expect(await grantStates(orderId)).toEqual(['expired'])
    await ledgerBalanced()
  })

  test('restores a paid subscription to paid with its access, once however often the event comes', async () => {
    const { orderId, chargeToken } = await paidSubscription()
    const ref = await dispute(chargeToken, 1_900)
    await disputeWon(chargeToken, ref)
    await disputeWon(chargeToken, ref)
    expect((await orderRow(orderId)).payment_state).toBe('paid')
    expect(await grantStates(orderId)).toEqual(['active'])
    const [events] = await sql(`select count(*)::int as n from delivery_events where order_id = $1 and event = 'restored'`, [orderId])
    expect(events.n).toBe(1)
  })

  test('gives a grant paused for dunning back paused, and the order paying while its rate is owed', async () => {
    const { orderId, chargeToken } = await paidSubscription()
    const start = t.clock.now
    try {
      // The second rate's charge is declined: dunning pauses the access (the default settings).
      const rate = (await orders.ratesOf(t.deps.db, orderId)).find((r) => r.state === 'future')!
      t.clock.now = new Date(rate.dueDate.getTime() + 60_000)
      await sql('update orders set saved_method = $1::jsonb where id = $2', [JSON.stringify({ provider: 'sandbox', paymentMethodId: sandboxDeclinedMethodId }), orderId])
      await installments.chargeRate(t.deps, rate.id, { reason: 'manual' })
      await t.deps.jobs.drain()
      expect((await orderRow(orderId)).payment_state).toBe('paying')
      expect(await grantStates(orderId)).toEqual(['paused'])

      const ref = await dispute(chargeToken, 1_900)
      expect(await grantStates(orderId)).toEqual(['revoked'])
      await disputeWon(chargeToken, ref)
      expect((await orderRow(orderId)).payment_state).toBe('paying')
      expect(await grantStates(orderId)).toEqual(['paused'])
      const [grant] = await sql('select reason from access_grants where order_id = $1', [orderId])
      expect(grant.reason).toBe('dunning')
    } finally {
      t.clock.now = start
    }
  })
})

describe('a dispute fee', () => {
  test('is booked once in the ledger (the seller pays the provider\'s fees) and shown on the order', async () => {
    const { orderId, chargeToken } = await paidSubscription()
    const ref = await dispute(chargeToken, 1_900, 1_500)
    // The same dispute reported again books nothing more.
    await receiveProviderEvents(t.deps, 'sandbox', null, [{
      eventId: `evt_again_${++events}`, type: 'test.dispute.updated', kind: 'chargeback', paymentToken: chargeToken, providerRef: '', ref,
      amount: { amount: 1_900, currency: 'eur' }, fee: { amount: 1_500, currency: 'eur' },
    }])
    await ledgerBalanced()
    const fee = await sql(`select account, sum(amount)::int as total from ledger_entries where order_id = $1 and kind = 'dispute_fee' group by account order by account`, [orderId])
    expect(fee).toEqual([{ account: 'provider_fees', total: -1_500 }, { account: `seller_balance:${seller.sellerId}`, total: 1_500 }])

    const detail = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/${orderId}?expand=transfers`, token: seller.accessToken })
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json()).toMatchObject({ dispute_fee_amount: 1_500, chargeback_amount: 1_900 })
    expect(detail.json().transfers.find((p: { kind: string }) => p.kind === 'chargeback')).toMatchObject({ fee_amount: 1_500 })

    // Won without the provider reporting the fee back: the fee stays booked.
    await disputeWon(chargeToken, ref)
    await ledgerBalanced()
    const won = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/${orderId}`, token: seller.accessToken })
    expect(won.json()).toMatchObject({ dispute_fee_amount: 1_500, chargeback_amount: 0, payment_state: 'paid' })
  })

  test('reported by a later event of the dispute is booked then, once', async () => {
    const { orderId, chargeToken } = await paidSubscription()
    const ref = await dispute(chargeToken, 1_900)
    for (let i = 0; i < 2; i++) {
      await receiveProviderEvents(t.deps, 'sandbox', null, [{
        eventId: `evt_updated_${++events}`, type: 'test.dispute.updated', kind: 'chargeback', paymentToken: chargeToken, providerRef: '', ref,
        amount: { amount: 1_900, currency: 'eur' }, fee: { amount: 2_000, currency: 'eur' },
      }])
    }
    await ledgerBalanced()
    const fees = await sql(`select count(distinct transaction_id)::int as n, sum(amount)::int as seller from ledger_entries where order_id = $1 and kind = 'dispute_fee' and account like 'seller_balance:%'`, [orderId])
    expect(fees).toEqual([{ n: 1, seller: 2_000 }])
    const [chargeback] = await sql(`select fee_amount::int from payments where order_id = $1 and kind = 'chargeback'`, [orderId])
    expect(chargeback.fee_amount).toBe(2_000)
  })

  test('returned by the provider with the won dispute is booked back', async () => {
    const { orderId, chargeToken } = await paidSubscription()
    const ref = await dispute(chargeToken, 1_900, 1_500)
    await receiveProviderEvents(t.deps, 'sandbox', null, [{
      eventId: `evt_won_${++events}`, type: 'test.dispute.closed', kind: 'chargeback_reversal', paymentToken: chargeToken, providerRef: '', ref,
      amount: { amount: 1_900, currency: 'eur' }, fee: { amount: 0, currency: 'eur' },
    }])
    await ledgerBalanced()
    const fees = await sql(`select coalesce(sum(amount), 0)::int as total from ledger_entries where order_id = $1 and account = 'provider_fees' and kind in ('dispute_fee', 'dispute_fee_returned')`, [orderId])
    expect(fees).toEqual([{ total: 0 }])
    const detail = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/${orderId}`, token: seller.accessToken })
    expect(detail.json()).toMatchObject({ dispute_fee_amount: 0, payment_state: 'paid' })
  })
})
