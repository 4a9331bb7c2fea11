import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { AppError } from '../../../shared/errors'
import { orderPaymentStates, orderRateStates } from '../../../shared/states'
import { systemContext } from '../../context'
import { sandboxDeclinedMethodId } from '../../payments/providers'
import * as billing from '../billing/billing.service'
import * as plans from '../billing/cancel-subscription.service'
import * as installments from '../billing/charge-next-installment.service'
import * as orders from '../orders/orders.service'
import { receiveProviderEvents } from './provider-events.service'
import { refundOrderAsSeller } from './refund-order.service'

// The books hold whatever happens to one seller's orders (docs/decisions/0028-refunds-chargebacks-provider-events.md): generated sequences of
// purchases (with and without a coupon; one-time, subscription, installments), renewals, failed rates,
// partial and full refunds (each under an Idempotency-Key, some sent twice with it), chargebacks (some with
// a dispute fee), won chargebacks (some giving the fee back), pauses and cancellations. After EVERY step: the
// ledger sums to 0 per currency; per order, payer clearing + refunds clearing + chargebacks equals paid -
// refunded - charged back, and the dispute fees booked are the fees the chargebacks kept; each charge's
// refunded amount is what its refunds and open chargebacks took; order and rate states are states of their
// tables and agree with the amounts; a won last dispute puts a paused or canceled plan back as it was. After
// the jobs ran: every money movement has its one document (docs/decisions/0038-money-edges.md), numbered
// without gaps. Some purchases are sold through a reseller (docs/decisions/0051-resellers.md): its fee never
// goes below 0 and is back at 0 once the whole order is returned.

let t: TestApp
let seller: TestSeller
let resellerId: number
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
  // The seller's approved reseller (10 % of the net); each purchase picks whether it is sold through it.
  const [reseller] = await sql<{ id: number }>(`insert into resellers (user_id, legal_name, street, zip, city, country_code, fee_bps) values ($1, 'Property Resale', 'Weg 1', '10115', 'Berlin', 'DE', 1000) returning id`, [seller.userId])
  resellerId = reseller!.id
  await sql(`insert into reseller_approvals (seller_id, reseller_id, state, fee_bps) values ($1, $2, 'approved', 1000)`, [seller.sellerId, resellerId])
  const coupon = await t.request({ method: 'POST', url: '/api/v1/cabinet/coupons', token: seller.accessToken, payload: { code: 'PROPERTY15', discount_type: 'percents', value: 15, scope: 'all_products' } })
  expect(coupon.statusCode, coupon.body).toBe(201)
}, 60_000)
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

type Step =
  | { op: 'buy'; plan: keyof typeof products; coupon: boolean; resold?: boolean }
  | { op: 'renew' | 'fail' | 'full' | 'cancel' | 'pause'; pick: number; twice?: boolean }
  | { op: 'partial'; pick: number; permille: number; twice: boolean }
  | { op: 'chargeback'; pick: number; fee: number }
  | { op: 'won'; pick: number; feeBack: boolean }

const pick = fc.nat({ max: 1_000 })
const one = (op: 'renew' | 'fail' | 'cancel' | 'pause') => fc.record({ op: fc.constant(op), pick })
// Weighted so that most runs see a dispute and many see it won, not just purchases and refunds.
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('buy' as const), plan: fc.constantFrom('one_time' as const, 'subscription' as const, 'installment' as const), coupon: fc.boolean(), resold: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('partial' as const), pick, permille: fc.integer({ min: 1, max: 999 }), twice: fc.boolean() }), weight: 2 },
  { arbitrary: one('renew'), weight: 2 },
  { arbitrary: one('fail'), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('full' as const), pick, twice: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('chargeback' as const), pick, fee: fc.constantFrom(0, 0, 1_500, 2_000) }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('won' as const), pick, feeBack: fc.boolean() }), weight: 2 },
  { arbitrary: one('cancel'), weight: 1 },
  { arbitrary: one('pause'), weight: 1 },
)

type Run = {
  orders: number[]
  disputes: { orderId: number; chargeToken: string; ref: string; won: boolean }[]
  /** Per order charged back: its state before the first open chargeback (what a won last dispute restores when paused or canceled). */
  before: Map<number, string>
}
let events = 0

async function buy(run: Run, step: Extract<Step, { op: 'buy' }>) {
  const product = products[step.plan]
  await sql('update sellers set selling_mode = $1, reseller_id = $2 where id = $3', [step.resold ? 'selling_via_reseller' : 'selling_by_ownself', step.resold ? resellerId : null, seller.sellerId])
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

let refundKeys = 0

async function refund(orderId: number, amount: number | null, twice: boolean) {
  const left = await refundable(orderId)
  const [order] = await sql('select payment_state from orders where id = $1', [orderId])
  // The service, not the route: the steps move the clock by months, past any access token's life. Each
  // refund has its Idempotency-Key; sent twice with it, the second is the first's answer and refunds nothing.
  const key = `property-refund-${++refundKeys}`
  const send = () => refundOrderAsSeller(sellerCtx(), orderId, amount === null ? {} : { amount }, key)
    .then((answer) => ({ status: 200, answer }), (error: unknown) => ({ status: error instanceof AppError ? error.status : 500, answer: error instanceof AppError ? error.type : String(error) }))
  const first = await send()
  const possible = left > 0 && !['payment_waiting', 'payment_pending', 'payment_not_completed'].includes(order.payment_state)
  expect(first.status).toBe(possible ? 200 : 422)
  if (twice) {
    const [books] = await sql('select refunded_amount::int from orders where id = $1', [orderId])
    expect(await send()).toEqual(first)
    expect((await sql('select refunded_amount::int from orders where id = $1', [orderId]))[0]).toEqual(books)
  }
  if (possible && amount === null) {
    const after = await sql('select payment_state, refunded_amount::int, paid_amount::int, chargeback_amount::int from orders where id = $1', [orderId])
    // Everything the order paid refunded ends it (unless a chargeback took part of it first).
    if (after[0].chargeback_amount === 0) expect(after[0].payment_state).toBe('payment_refunded')
  }
}

async function chargeback(run: Run, orderId: number, fee: number) {
  const [charge] = await sql(`select token, provider_ref, amount - refunded_amount as left from payments
    where order_id = $1 and kind = 'charge' and state = 'successful' and amount > refunded_amount order by id desc limit 1`, [orderId])
  if (!charge) return
  const ref = `dp_prop_${++events}`
  const [state] = await sql('select payment_state from orders where id = $1', [orderId])
  if (state.payment_state !== 'payment_chargebacked') run.before.set(orderId, state.payment_state)
  await receiveProviderEvents(t.deps, 'sandbox', null, [{
    eventId: `evt_prop_${events}`, type: 'test.dispute.created', kind: 'chargeback', paymentToken: charge.token, providerRef: charge.provider_ref, ref,
    amount: { amount: Number(charge.left), currency: 'eur' }, ...(fee > 0 ? { fee: { amount: fee, currency: 'eur' } } : {}),
  }])
  run.disputes.push({ orderId, chargeToken: charge.token, ref, won: false })
  const [order] = await sql('select payment_state from orders where id = $1', [orderId])
  expect(order.payment_state).toBe('payment_chargebacked')
}

async function won(run: Run, index: number, feeBack: boolean) {
  const open = run.disputes.filter((d) => !d.won)
  const dispute = open[index % Math.max(1, open.length)]
  if (!dispute) return
  await receiveProviderEvents(t.deps, 'sandbox', null, [{
    eventId: `evt_prop_${++events}`, type: 'test.dispute.closed', kind: 'chargeback_reversal', paymentToken: dispute.chargeToken, providerRef: '', ref: dispute.ref,
    amount: { amount: 0, currency: 'eur' }, ...(feeBack ? { fee: { amount: 0, currency: 'eur' } } : {}),
  }])
  dispute.won = true
  // The last open dispute won: a paused or canceled plan is back as it was, not paid or paying.
  const [order] = await sql('select payment_state, chargeback_amount::int from orders where id = $1', [dispute.orderId])
  const before = run.before.get(dispute.orderId)
  if (order.chargeback_amount === 0 && (before === 'payment_paused' || before === 'payment_canceled')) expect(order.payment_state).toBe(before)
}

async function apply(run: Run, step: Step) {
  if (step.op === 'buy') return buy(run, step)
  const orderId = run.orders[step.pick % run.orders.length]!
  switch (step.op) {
    case 'renew': return renew(orderId, false)
    case 'fail': return renew(orderId, true)
    case 'partial': {
      const left = await refundable(orderId)
      return refund(orderId, Math.max(1, Math.floor((left * step.permille) / 1000)), step.twice)
    }
    case 'full': return refund(orderId, null, step.twice ?? false)
    case 'chargeback': return chargeback(run, orderId, step.fee)
    case 'won': return won(run, step.pick, step.feeBack)
    case 'cancel': return t.deps.db.transaction(async (tx) => { await plans.cancelPlan(t.deps, tx, orderId, 'seller') })
    case 'pause':
      // Only a running plan pauses (a one-time order, an ended or charged-back plan answer conflict).
      return billing.pauseOrderPlan(sellerCtx(), orderId).then(() => undefined, (error: unknown) => {
        if (!(error instanceof AppError && error.type === 'conflict')) throw error
      })
  }
}

async function assertBooksHold(run: Run) {
  const sums = await sql(`select currency, sum(amount)::bigint as total from ledger_entries group by currency`)
  for (const s of sums) expect(Number(s.total), `ledger in ${s.currency}`).toBe(0)
  for (const orderId of run.orders) {
    const [order] = await sql('select payment_state, paid_amount::int, refunded_amount::int, chargeback_amount::int from orders where id = $1', [orderId])
    const [clearing] = await sql(`select coalesce(sum(amount), 0)::int as total from ledger_entries where order_id = $1 and account in ('payer_clearing', 'refunds_clearing', 'chargebacks')`, [orderId])
    expect(clearing.total, `order ${orderId}: clearing = paid - refunded - charged back`).toBe(order.paid_amount - order.refunded_amount - order.chargeback_amount)
    // Dispute fees: what the ledger charged the seller is what the chargebacks kept (fee minus fee given back).
    const [fees] = await sql(`select
        (select coalesce(sum(amount), 0) from ledger_entries where order_id = $1 and account = 'provider_fees' and kind in ('dispute_fee', 'dispute_fee_returned'))::int as booked,
        (select coalesce(sum(case when kind = 'chargeback' then fee_amount else -fee_amount end), 0) from payments where order_id = $1 and kind in ('chargeback', 'chargeback_reversal'))::int as kept`, [orderId])
    expect(0 - fees.booked, `order ${orderId}: dispute fees credited to the provider = kept`).toBe(fees.kept)
    expect(order.refunded_amount + order.chargeback_amount).toBeLessThanOrEqual(order.paid_amount)
    const [fee] = await sql(`select coalesce(sum(amount), 0)::int as total from ledger_entries where order_id = $1 and account = $2`, [orderId, `reseller_balance:${resellerId}`])
    expect(fee.total, `order ${orderId}: the reseller's fee is a credit`).toBeLessThanOrEqual(0)
    if (order.paid_amount > 0 && order.refunded_amount + order.chargeback_amount === order.paid_amount) expect(fee.total, `order ${orderId}: returned in full`).toBe(0)
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

/**
 * Every money movement has its one document once the jobs ran: a successful charge (0 included) its invoice,
 * a refund and a chargeback of money their cancellation invoice, a won dispute its re-issue; the seller's
 * numbers run without a gap; an order's documents add up to what it kept.
 */
async function assertDocumentsHold(run: Run) {
  for (const orderId of run.orders) {
    const missing = await sql(`select p.id, p.kind, p.amount::int, (select count(*) from invoices i where i.payment_id = p.id)::int as documents
      from payments p where p.order_id = $1 and p.state = 'successful' and p.kind in ('charge', 'refund', 'chargeback', 'chargeback_reversal')
        and (p.kind = 'charge' or p.amount > 0)`, [orderId])
    for (const p of missing) expect(p.documents, `payment ${p.id} (${p.kind} of ${p.amount}) has one document`).toBe(1)
    const [sums] = await sql(`select coalesce((select sum(gross_amount) from invoices where order_id = $1), 0)::int as documents,
      (select paid_amount - refunded_amount - chargeback_amount from orders where id = $1)::int as kept`, [orderId])
    expect(sums.documents, `order ${orderId}: its documents add up to what it kept`).toBe(sums.kept)
  }
  const numbers = await sql('select sequence from invoices where seller_id = $1 order by sequence', [seller.sellerId])
  expect(numbers.map((n) => n.sequence)).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1))
}

test('the ledger balances and every order reconciles after every step of generated order histories', async () => {
  await fc.assert(fc.asyncProperty(
    fc.constantFrom<keyof typeof products>('one_time', 'subscription', 'installment'), fc.boolean(), fc.array(stepArb, { minLength: 5, maxLength: 9 }),
    async (plan, coupon, steps) => {
      const run: Run = { orders: [], disputes: [], before: new Map() }
      for (const step of [{ op: 'buy' as const, plan, coupon }, ...steps]) {
        await apply(run, step)
        await assertBooksHold(run)
      }
      // The jobs the steps enqueued (delivery, revocation, invoices, mails) run and change no money.
      await t.deps.jobs.drain()
      await assertBooksHold(run)
      await assertDocumentsHold(run)
    },
  ), { numRuns: 30, endOnFailure: true })
  // The histories reached every kind of money movement (the weights make a miss all but impossible).
  const kinds = await sql(`select distinct kind from ledger_entries l join orders o on o.id = l.order_id where o.seller_id = $1 order by kind`, [seller.sellerId])
  // A fee given back needs a fee, then a win of that dispute with the fee back: too rare to demand of every
  // run; disputes.test.ts books it deterministically.
  expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['charge', 'chargeback', 'chargeback_reversal', 'dispute_fee', 'refund', 'renewal']))
  const [resold] = await sql(`select count(*)::int as n from ledger_entries where account = $1`, [`reseller_balance:${resellerId}`])
  expect(resold.n).toBeGreaterThan(0)
  const [failed] = await sql(`select count(*)::int as n from order_rates r join orders o on o.id = r.order_id where o.seller_id = $1 and r.last_failure_reason is not null`, [seller.sellerId])
  expect(failed.n).toBeGreaterThan(0)
}, 600_000)
