import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { AppError } from '../../../shared/errors'
import { orderPaymentStates, orderRateStates } from '../../../shared/states'
import { systemContext } from '../../context'
import { sandboxDeclinedMethodId } from '../../payments/providers'
import * as plans from '../billing/cancel-subscription.service'
import * as installments from '../billing/charge-next-installment.service'
import * as orders from '../orders/orders.service'
import { receiveProviderEvents } from './provider-events.service'
import { refundOrderAsSeller } from './refund-order.service'

// The books hold whatever happens to one seller's orders (docs/decisions/0028-refunds-chargebacks-provider-events.md): generated sequences of
// purchases (with and without a coupon; one-time, subscription, installments), renewals, failed rates,
// partial and full refunds, chargebacks, won chargebacks and cancellations. After EVERY step: the ledger
// sums to 0 per currency; per order, payer clearing + refunds clearing + chargebacks equals paid -
// refunded - charged back; each charge's refunded amount is what its refunds and open chargebacks took;
// order and rate states are states of their tables and agree with the amounts.

let t: TestApp
let seller: TestSeller
const products: Record<'one_time' | 'subscription' | 'installment', { id: number; planId: number }> = {} as never

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  const plans = {
    one_time: oneTimePlan(10_000),
    subscription: { form: 'subscription', currency_id: 'eur', price: 1_900, interval: '1m' },
    installment: { form: 'installment', currency_id: 'eur', first_amount: 3_000, next_amount: 2_000, payments_count: 4, interval: '1m' },
  }
  for (const [kind, plan] of Object.entries(plans)) {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [plan] })
    products[kind as keyof typeof plans] = { id: product.id, planId: product.pricing_plans[0].id }
  }
  const coupon = await t.request({ method: 'POST', url: '/api/v1/cabinet/coupons', token: seller.accessToken, payload: { code: 'PROPERTY15', discount_type: 'percents', value: 15, scope: 'all_products' } })
  expect(coupon.statusCode, coupon.body).toBe(201)
}, 60_000)
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

type Step =
  | { op: 'buy'; plan: keyof typeof products; coupon: boolean }
  | { op: 'renew' | 'fail' | 'full' | 'chargeback' | 'won' | 'cancel'; pick: number }
  | { op: 'partial'; pick: number; permille: number }

const pick = fc.nat({ max: 1_000 })
const one = (op: 'renew' | 'fail' | 'full' | 'chargeback' | 'won' | 'cancel') => fc.record({ op: fc.constant(op), pick })
// Weighted so that most runs see a dispute and many see it won, not just purchases and refunds.
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('buy' as const), plan: fc.constantFrom('one_time' as const, 'subscription' as const, 'installment' as const), coupon: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('partial' as const), pick, permille: fc.integer({ min: 1, max: 999 }) }), weight: 2 },
  { arbitrary: one('renew'), weight: 2 },
  { arbitrary: one('fail'), weight: 1 },
  { arbitrary: one('full'), weight: 1 },
  { arbitrary: one('chargeback'), weight: 2 },
  { arbitrary: one('won'), weight: 2 },
  { arbitrary: one('cancel'), weight: 1 },
)

type Run = { orders: number[]; disputes: { orderId: number; chargeToken: string; ref: string; won: boolean }[] }
let events = 0

async function buy(run: Run, step: Extract<Step, { op: 'buy' }>) {
  const product = products[step.plan]
  const res = await submitOrder(t, {
    product_id: product.id, pricing_plan_id: product.planId, payment_method: 'card', payer: fullPayer(), terms_accepted: true, ...(step.coupon ? { coupon_code: 'PROPERTY15' } : {}),
  })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  run.orders.push(res.json().order.id)
}

/** The next rate of an order's plan still to charge, charged by the billing engine (the clock moved to its due date). */
async function renew(orderId: number, declined: boolean) {
  const rate = (await orders.ratesOf(t.deps.db, orderId)).find((r) => r.state === 'future' || r.state === 'unpaid')
  if (!rate) return
  if (rate.dueDate.getTime() > t.clock.now.getTime()) t.clock.now = new Date(rate.dueDate.getTime() + 60_000)
  const [order] = await sql('select saved_method from orders where id = $1', [orderId])
  if (declined) await sql('update orders set saved_method = $1::jsonb where id = $2', [JSON.stringify({ provider: 'sandbox', paymentMethodId: sandboxDeclinedMethodId }), orderId])
  try {
    await installments.chargeRate(t.deps, rate.id, { reason: 'manual' })
  } finally {
    if (declined) await sql('update orders set saved_method = $1::jsonb where id = $2', [JSON.stringify(order.saved_method), orderId])
  }
}

function sellerCtx() {
  return systemContext(t.deps, {
    actor: { userId: seller.userId, sessionId: 'property', profileId: null, profileType: 'seller', sellerId: seller.sellerId, permissions: [], confirmed: true },
  })
}

async function refundable(orderId: number): Promise<number> {
  const [row] = await sql(`select coalesce(sum(amount - refunded_amount), 0)::int as left from payments where order_id = $1 and kind = 'charge' and state = 'successful'`, [orderId])
  return row.left
}

async function refund(orderId: number, amount: number | null) {
  const left = await refundable(orderId)
  const [order] = await sql('select payment_state from orders where id = $1', [orderId])
  // The service, not the route: the steps move the clock by months, past any access token's life.
  const status = await refundOrderAsSeller(sellerCtx(), orderId, amount === null ? {} : { amount }).then(() => 200, (error: unknown) => (error instanceof AppError ? error.status : 500))
  const possible = left > 0 && !['payment_waiting', 'payment_pending', 'payment_not_completed'].includes(order.payment_state)
  expect(status).toBe(possible ? 200 : 422)
  if (possible && amount === null) {
    const after = await sql('select payment_state, refunded_amount::int, paid_amount::int, chargeback_amount::int from orders where id = $1', [orderId])
    // Everything the order paid refunded ends it (unless a chargeback took part of it first).
    if (after[0].chargeback_amount === 0) expect(after[0].payment_state).toBe('payment_refunded')
  }
}

async function chargeback(run: Run, orderId: number) {
  const [charge] = await sql(`select token, provider_ref, amount - refunded_amount as left from payments
    where order_id = $1 and kind = 'charge' and state = 'successful' and amount > refunded_amount order by id desc limit 1`, [orderId])
  if (!charge) return
  const ref = `dp_prop_${++events}`
  await receiveProviderEvents(t.deps, 'sandbox', null, [{
    eventId: `evt_prop_${events}`, type: 'test.dispute.created', kind: 'chargeback', paymentToken: charge.token, providerRef: charge.provider_ref, ref,
    amount: { amount: Number(charge.left), currency: 'eur' },
  }])
  run.disputes.push({ orderId, chargeToken: charge.token, ref, won: false })
  const [order] = await sql('select payment_state from orders where id = $1', [orderId])
  expect(order.payment_state).toBe('payment_chargebacked')
}

async function won(run: Run, index: number) {
  const open = run.disputes.filter((d) => !d.won)
  const dispute = open[index % Math.max(1, open.length)]
  if (!dispute) return
  await receiveProviderEvents(t.deps, 'sandbox', null, [{
    eventId: `evt_prop_${++events}`, type: 'test.dispute.closed', kind: 'chargeback_reversal', paymentToken: dispute.chargeToken, providerRef: '', ref: dispute.ref,
    amount: { amount: 0, currency: 'eur' },
  }])
  dispute.won = true
}

async function apply(run: Run, step: Step) {
  if (step.op === 'buy') return buy(run, step)
  const orderId = run.orders[step.pick % run.orders.length]!
  switch (step.op) {
    case 'renew': return renew(orderId, false)
    case 'fail': return renew(orderId, true)
    case 'partial': {
      const left = await refundable(orderId)
      return refund(orderId, Math.max(1, Math.floor((left * step.permille) / 1000)))
    }
    case 'full': return refund(orderId, null)
    case 'chargeback': return chargeback(run, orderId)
    case 'won': return won(run, step.pick)
    case 'cancel': return t.deps.db.transaction(async (tx) => { await plans.cancelPlan(t.deps, tx, orderId, 'seller') })
  }
}

async function assertBooksHold(run: Run) {
  const sums = await sql(`select currency, sum(amount)::bigint as total from ledger_entries group by currency`)
  for (const s of sums) expect(Number(s.total), `ledger in ${s.currency}`).toBe(0)
  for (const orderId of run.orders) {
    const [order] = await sql('select payment_state, paid_amount::int, refunded_amount::int, chargeback_amount::int from orders where id = $1', [orderId])
    const [clearing] = await sql(`select coalesce(sum(amount), 0)::int as total from ledger_entries where order_id = $1 and account in ('payer_clearing', 'refunds_clearing', 'chargebacks')`, [orderId])
    expect(clearing.total, `order ${orderId}: clearing = paid - refunded - charged back`).toBe(order.paid_amount - order.refunded_amount - order.chargeback_amount)
    expect(order.refunded_amount + order.chargeback_amount).toBeLessThanOrEqual(order.paid_amount)
    expect(orderPaymentStates).toContain(order.payment_state)
    if (order.chargeback_amount > 0) expect(order.payment_state).toBe('payment_chargebacked')
    else if (order.paid_amount > 0 && order.refunded_amount >= order.paid_amount) expect(order.payment_state).toBe('payment_refunded')
    const charges = await sql(`select c.id, c.amount::int, c.refunded_amount::int, c.rate_number,
        (select coalesce(sum(r.amount), 0) from payments r where r.parent_payment_id = c.id and r.kind = 'refund' and r.state = 'successful')::int as refunds,
        (select coalesce(sum(b.amount), 0) from payments b where b.parent_payment_id = c.id and b.kind = 'chargeback')::int as chargebacks,
        (select coalesce(sum(w.amount), 0) from payments w join payments b on b.id = w.parent_payment_id where b.parent_payment_id = c.id and w.kind = 'chargeback_reversal')::int as won
      from payments c where c.order_id = $1 and c.kind = 'charge' and c.state = 'successful'`, [orderId])
    for (const c of charges) {
      expect(c.refunded_amount, `charge ${c.id}`).toBe(c.refunds + c.chargebacks - c.won)
      expect(c.refunded_amount).toBeLessThanOrEqual(c.amount)
    }
    for (const rate of await orders.ratesOf(t.deps.db, orderId)) {
      expect(orderRateStates).toContain(rate.state)
      const charge = charges.find((c) => c.rate_number === rate.number && rate.paymentId === c.id) ?? charges.find((c) => c.rate_number === rate.number)
      if (rate.state === 'refunded') expect(charge?.refunds, `rate ${rate.id} refunded in full`).toBe(charge?.amount)
      if (rate.state === 'chargebacked') expect(charge!.chargebacks - charge!.won).toBeGreaterThan(0)
    }
  }
}

test('the ledger balances and every order reconciles after every step of generated order histories', async () => {
  await fc.assert(fc.asyncProperty(
    fc.constantFrom<keyof typeof products>('one_time', 'subscription', 'installment'), fc.boolean(), fc.array(stepArb, { minLength: 5, maxLength: 9 }),
    async (plan, coupon, steps) => {
      const run: Run = { orders: [], disputes: [] }
      for (const step of [{ op: 'buy' as const, plan, coupon }, ...steps]) {
        await apply(run, step)
        await assertBooksHold(run)
      }
      // The jobs the steps enqueued (delivery, revocation, invoices, mails) run and change no money.
      await t.deps.jobs.drain()
      await assertBooksHold(run)
    },
  ), { numRuns: 30, endOnFailure: true })
  // The histories reached every kind of money movement (the weights make a miss all but impossible).
  const kinds = await sql(`select distinct kind from ledger_entries l join orders o on o.id = l.order_id where o.seller_id = $1 order by kind`, [seller.sellerId])
  expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['charge', 'chargeback', 'chargeback_reversal', 'refund', 'renewal']))
  const [failed] = await sql(`select count(*)::int as n from order_rates r join orders o on o.id = r.order_id where o.seller_id = $1 and r.last_failure_reason is not null`, [seller.sellerId])
  expect(failed.n).toBeGreaterThan(0)
}, 600_000)
