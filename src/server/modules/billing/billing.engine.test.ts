import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { startApiProcess } from '../../../../tests/helpers/api-process'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { testDatabaseKind } from '../../../../tests/helpers/test-db'
import { dayMs, runDueWork, TestClock } from '../test-clock/test-clock.service'
import { beginCharge, chargeDueRates } from './charge-next-installment.service'

// The billing engine with the test clock (decision 0026): renewals and installments charged once each on
// their due dates over two years, a method that declines later charges, the seller's cancel, pause and
// resume, the payer's "pay now", a charge that got no answer reconciled with the same idempotency key,
// parallel sweeps, and the ledger summing to zero per currency after every step.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: 'on' })
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => {
  await t?.close()
})
// Each case's plans end with it, so the next case's sweeps charge only its own orders (and stay fast).
afterEach(async () => {
  await sql(`update order_rates set state = 'skipped' where state in ('future', 'unpaid')`)
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

const monthly = { form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' }
const sixRates = { form: 'installment', currency_id: 'eur', first_amount: 5000, next_amount: 2500, payments_count: 6, interval: '1m' }
const threeCharges = { form: 'limited_subscription', currency_id: 'eur', price: 1200, payments_count: 3, interval: '1m' }

type Bought = { orderId: number; token: string; email: string }

async function buy(plan: Record<string, unknown>, outcome: string = 'success', form = 'digital'): Promise<Bought> {
  const product = await publishedProduct(t, seller.accessToken, { form, pricing_plans: [plan] })
  const payer = fullPayer()
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const paid = await t.request({ method: 'POST', url: `/api/v1/shop/sandbox/payments/${res.json().next_action.payment_id}`, payload: { outcome } })
  expect(paid.statusCode, paid.body).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
  return { orderId: order!.id, token: res.json().order.token, email: payer.email }
}

/** Every ledger transaction balances: the rows sum to 0 in each currency. */
async function expectLedgerBalanced() {
  const sums = await sql<{ currency: string; total: string }>('select currency, sum(amount)::text as total from ledger_entries group by currency')
  for (const row of sums) expect(Number(row.total), `ledger in ${row.currency}`).toBe(0)
}

/** Moves the test clock (business time only; sign-ins keep real time) and runs what fell due, in steps. */
async function advance(days: number, step = 16) {
  for (let done = 0; done < days; done += step) {
    await t.deps.testClock.advance(t.deps.db, Math.min(step, days - done) * dayMs)
    await runDueWork(t.deps)
    await t.deps.jobs.drain()
    await expectLedgerBalanced()
  }
}

async function ratesOf(orderId: number) {
  return sql<{ id: number; number: number; state: string; due_date: Date; attempts: number; last_failure_reason: string | null }>(
    'select id, number, state, due_date, attempts, last_failure_reason from order_rates where order_id = $1 order by number', [orderId])
}

/** Charge payments per rate number, by state. */
async function chargesOf(orderId: number) {
  return sql<{ rate_number: number; state: string; n: number }>(
    `select rate_number, state, count(*)::int as n from payments where order_id = $1 and kind = 'charge' group by rate_number, state order by rate_number, state`, [orderId])
}

async function orderState(orderId: number) {
  const [row] = await sql<{ payment_state: string; paid_amount: string }>('select payment_state, paid_amount::text as paid_amount from orders where id = $1', [orderId])
  return row!
}

function expectEachDueRatePaidOnce(rates: Awaited<ReturnType<typeof ratesOf>>, charges: Awaited<ReturnType<typeof chargesOf>>) {
  const now = t.deps.now().getTime()
  const due = rates.filter((r) => new Date(r.due_date).getTime() <= now)
  for (const rate of due) {
    expect(rate.state, `rate ${rate.number}`).toBe('paid')
    expect(charges.filter((c) => c.rate_number === rate.number), `payments of rate ${rate.number}`).toEqual([{ rate_number: rate.number, state: 'successful', n: 1 }])
  }
  for (const rate of rates.filter((r) => new Date(r.due_date).getTime() > now)) expect(rate.state).toBe('future')
  return due.length
}

describe('the billing engine charges every due rate exactly once', () => {
  test('24 months of a monthly subscription, a 6-rate installment plan and a limited subscription of 3 charges', async () => {
    const subscription = await buy(monthly)
    const installment = await buy(sixRates)
    const limited = await buy(threeCharges)
    await expectLedgerBalanced()

    await advance(731, 31)
    await advance(1) // a sweep with nothing due charges nothing more

    const subRates = await ratesOf(subscription.orderId)
    expect(expectEachDueRatePaidOnce(subRates, await chargesOf(subscription.orderId))).toBe(25)
    // An open subscription keeps rates listed ahead of the last one paid.
    expect(subRates.filter((r) => r.state === 'future').length).toBeGreaterThanOrEqual(11)
    expect(await orderState(subscription.orderId)).toMatchObject({ payment_state: 'paid', paid_amount: String(25 * 900) })

    expect(expectEachDueRatePaidOnce(await ratesOf(installment.orderId), await chargesOf(installment.orderId))).toBe(6)
    expect(await orderState(installment.orderId)).toMatchObject({ payment_state: 'paid', paid_amount: String(5000 + 5 * 2500) })

    expect(expectEachDueRatePaidOnce(await ratesOf(limited.orderId), await chargesOf(limited.orderId))).toBe(3)
    expect(await orderState(limited.orderId)).toMatchObject({ payment_state: 'paid', paid_amount: String(3 * 1200) })

    // Renewals are booked like charges: the payer clearing of each order is what it paid.
    const [clearing] = await sql<{ total: string }>(`select sum(amount)::text as total from ledger_entries where order_id = $1 and account = 'payer_clearing'`, [subscription.orderId])
    expect(Number(clearing!.total)).toBe(25 * 900)
    // Each paid charge gets its invoice job and the seller's notification (the first payment included).
    const invoiceJobs = await sql<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'invoices.issue' and (data->>'paymentId')::int in (select id from payments where order_id = $1 and state = 'successful')`, [subscription.orderId])
    expect(invoiceJobs[0]!.n).toBe(25)
  })

  test('the installment: during the plan the order is paying, and delivery ran once', async () => {
    const installment = await buy(sixRates, 'success', 'course')
    await advance(40)
    expect(await orderState(installment.orderId)).toMatchObject({ payment_state: 'paying', paid_amount: String(5000 + 2500) })
    // Delivered once, in the first payment's transaction (docs/decisions/0092-delivery-in-the-payment-transaction.md):
    // later rates deliver nothing again and leave no delivery job.
    const delivered = await sql<{ n: number }>(`select count(*)::int as n from delivery_events where event = 'delivered' and order_id = $1`, [installment.orderId])
    expect(delivered[0]!.n).toBe(1)
    const deliveryJobs = await sql<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'delivery.order-paid' and (data->>'orderId')::int = $1`, [installment.orderId])
    expect(deliveryJobs[0]!.n).toBe(0)
  })

  test('success_then_decline: the first charge succeeds, the next rate is declined once by the scheduler and stays unpaid', async () => {
    const bought = await buy(monthly, 'success_then_decline')
    const [order] = await sql<{ payment_state: string; saved_method: { paymentMethodId: string } }>('select payment_state, saved_method from orders where id = $1', [bought.orderId])
    expect(order).toMatchObject({ payment_state: 'paid', saved_method: { paymentMethodId: 'sbx_pm_declined' } })

    await t.deps.testClock.advance(t.deps.db, 32 * dayMs)
    await chargeDueRates(t.deps)
    await expectLedgerBalanced()
    const [, second] = await ratesOf(bought.orderId)
    // The failure reached dunning's rateChargeFailed (dunning is on by default): the rate is unpaid with its reason.
    expect(second).toMatchObject({ state: 'unpaid', attempts: 1, last_failure_reason: 'card_declined' })
    expect((await chargesOf(bought.orderId)).filter((c) => c.rate_number === 2)).toEqual([{ rate_number: 2, state: 'denied', n: 1 }])
    // The scheduler does not retry a failed rate by itself: retries are dunning's (next_attempt_at).
    await sql('update order_rates set next_attempt_at = null where id = $1', [second!.id])
    await chargeDueRates(t.deps)
    expect((await chargesOf(bought.orderId)).filter((c) => c.rate_number === 2)).toEqual([{ rate_number: 2, state: 'denied', n: 1 }])
    // The ledger has only the first payment.
    const [clearing] = await sql<{ total: string }>(`select coalesce(sum(amount), 0)::text as total from ledger_entries where order_id = $1 and account = 'payer_clearing'`, [bought.orderId])
    expect(Number(clearing!.total)).toBe(900)

    // The payer pays the open rate from the manage page (the dunning mails' pay link).
    const token = await signInPayer(bought.email)
    const manage = await t.request({ method: 'GET', url: `/api/v1/payer/orders/${bought.token}`, token })
    expect(manage.statusCode, manage.body).toBe(200)
    expect(manage.json().rates.find((r: { number: number }) => r.number === 2)).toMatchObject({ can_pay: true })
    expect(manage.json().rates.find((r: { number: number }) => r.number === 3)).toMatchObject({ can_pay: false })
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/orders/${bought.token}/rates/3/pay`, token, payload: {} })).statusCode).toBe(409)
    const started = await t.request({ method: 'POST', url: `/api/v1/payer/orders/${bought.token}/rates/2/pay`, token, payload: {} })
    expect(started.statusCode, started.body).toBe(200)
    expect(started.json().url).toBe(`http://localhost:3000/sandbox/payments/${started.json().payment_id}`)
    // While the payer is on the provider's page, a retry does not charge the rate beside it.
    await sql(`update order_rates set next_attempt_at = $2 where id = $1`, [second!.id, new Date(t.deps.now().getTime() - 1000)])
    await chargeDueRates(t.deps)
    expect((await sandboxPay(t, started.json().payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const [paidNow] = (await ratesOf(bought.orderId)).filter((r) => r.number === 2)
    expect(paidNow!.state).toBe('paid')
    expect((await chargesOf(bought.orderId)).filter((c) => c.rate_number === 2)).toEqual([
      { rate_number: 2, state: 'denied', n: 1 }, { rate_number: 2, state: 'successful', n: 1 },
    ])
    // The method the payer just paid with is the one later rates charge.
    const [after] = await sql<{ saved_method: { paymentMethodId: string } }>('select saved_method from orders where id = $1', [bought.orderId])
    expect(after!.saved_method.paymentMethodId).toBe(`sbx_pm_${started.json().payment_id}`)
    await expectLedgerBalanced()
    // Another payer's order answers 404.
    const stranger = await signInPayer((await buy(monthly)).email)
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/orders/${bought.token}/rates/2/pay`, token: stranger, payload: {} })).statusCode).toBe(404)
  })

  test('the order follows its plan: a subscription whose later charges decline reads paying, not paid, four months on', async () => {
    const bought = await buy(monthly, 'success_then_decline', 'course')
    expect(await orderState(bought.orderId)).toMatchObject({ payment_state: 'paid', paid_amount: '900' })

    await advance(122, 8)
    const rates = await ratesOf(bought.orderId)
    expect(rates[0]!.state).toBe('paid')
    const due = rates.filter((r) => r.number > 1 && new Date(r.due_date).getTime() <= t.deps.now().getTime())
    expect(due.length).toBe(4)
    expect(due.map((r) => r.state)).toContain('debt')
    for (const rate of due) expect(['unpaid', 'debt']).toContain(rate.state)
    // Rates owed (in dunning, in debt): the order owes money again, so it is paying, never paid.
    expect(await orderState(bought.orderId)).toMatchObject({ payment_state: 'paying', paid_amount: '900' })

    // The seller's list, its filter and its counts agree with the order.
    const list = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders?payment_state=paid&counts=true&per=500`, token: seller.accessToken })
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().list.map((o: { id: number }) => o.id)).not.toContain(bought.orderId)
    const paying = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders?payment_state=paying&per=500`, token: seller.accessToken })
    expect(paying.json().list.map((o: { id: number }) => o.id)).toContain(bought.orderId)
    // The payer's manage page says the same.
    const token = await signInPayer(bought.email)
    const manage = await t.request({ method: 'GET', url: `/api/v1/payer/orders/${bought.token}`, token })
    expect(manage.json().payment_state).toBe('paying')

  })

  test('the seller cancels a subscription: no charge after it; another seller gets 404', async () => {
    const bought = await buy(monthly, 'success', 'course')
    await advance(32)
    expect((await chargesOf(bought.orderId)).filter((c) => c.state === 'successful').length).toBe(2)

    const url = `/api/v1/cabinet/orders/${bought.orderId}/cancel`
    expect((await t.request({ method: 'POST', url, token: other.accessToken, payload: {} })).statusCode).toBe(404)
    const res = await t.request({ method: 'POST', url, token: seller.accessToken, payload: {} })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: bought.orderId, payment_state: 'payment_canceled', canceled_by: 'seller' })
    expect(res.json().rates.filter((r: { state: string }) => r.state === 'future')).toEqual([])
    expect((await t.request({ method: 'POST', url, token: seller.accessToken })).statusCode).toBe(409)

    const before = await sql<{ n: number }>(`select count(*)::int as n from payments where order_id = $1`, [bought.orderId])
    await advance(120, 30)
    const after = await sql<{ n: number }>(`select count(*)::int as n from payments where order_id = $1`, [bought.orderId])
    expect(after[0]!.n).toBe(before[0]!.n)
    // Access lasts to the end of the paid period.
    const grants = await sql<{ state: string; expires_at: Date | null }>('select state, expires_at from access_grants where order_id = $1', [bought.orderId])
    for (const grant of grants) expect(grant.expires_at).not.toBeNull()
  })

  test('pause and resume: nothing is charged while paused; a subscription skips the missed rates, an installment plan charges them', async () => {
    const subscription = await buy(monthly)
    const installment = await buy(sixRates)
    for (const order of [subscription, installment]) {
      const res = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${order.orderId}/pause`, token: seller.accessToken })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().payment_state).toBe('payment_paused')
      expect(res.json().paused_at).not.toBeNull()
    }
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${subscription.orderId}/pause`, token: seller.accessToken })).statusCode).toBe(409)
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${subscription.orderId}/resume`, token: other.accessToken })).statusCode).toBe(404)

    await advance(65)
    for (const order of [subscription, installment]) expect((await chargesOf(order.orderId)).filter((c) => c.rate_number !== 1)).toEqual([])

    const resumedSub = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${subscription.orderId}/resume`, token: seller.accessToken })
    expect(resumedSub.statusCode, resumedSub.body).toBe(200)
    expect(resumedSub.json().payment_state).toBe('paying')
    expect(resumedSub.json().rates.slice(1, 3).map((r: { state: string }) => r.state)).toEqual(['skipped', 'skipped'])
    const resumedInst = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${installment.orderId}/resume`, token: seller.accessToken })
    expect(resumedInst.json().rates.slice(1, 3).map((r: { state: string }) => r.state)).toEqual(['future', 'future'])

    await advance(1)
    expect((await ratesOf(installment.orderId)).slice(0, 4).map((r) => r.state)).toEqual(['paid', 'paid', 'paid', 'future'])
    expect((await ratesOf(subscription.orderId)).slice(0, 4).map((r) => r.state)).toEqual(['paid', 'skipped', 'skipped', 'future'])
    await advance(31)
    expect((await ratesOf(subscription.orderId))[3]!.state).toBe('paid')
    expect(await orderState(subscription.orderId)).toMatchObject({ payment_state: 'paid' })
  })

  test('a charge that got no answer is reconciled with the same idempotency key: one payment, rate paid', async () => {
    const bought = await buy(monthly)
    await t.deps.testClock.advance(t.deps.db, 32 * dayMs)
    const [, second] = await ratesOf(bought.orderId)
    // Step 1 ran and the process died before the provider answered (or the call timed out).
    const begun = await beginCharge(t.deps, second!.id, 'scheduled')
    expect(begun).not.toBeNull()
    expect(begun!.payment.idempotencyKey).toBe(`rate-${second!.id}-1`)
    expect((await ratesOf(bought.orderId))[1]!.state).toBe('pending')
    // A sweep meanwhile neither charges it again nor reconciles it yet (too fresh).
    await chargeDueRates(t.deps)
    expect((await chargesOf(bought.orderId)).filter((c) => c.rate_number === 2)).toEqual([{ rate_number: 2, state: 'waiting', n: 1 }])
    // Minutes later the reconcile step asks again with the same key.
    await t.deps.testClock.advance(t.deps.db, 10 * 60_000)
    await chargeDueRates(t.deps)
    expect((await chargesOf(bought.orderId)).filter((c) => c.rate_number === 2)).toEqual([{ rate_number: 2, state: 'successful', n: 1 }])
    const [payment] = await sql<{ idempotency_key: string }>(`select idempotency_key from payments where order_id = $1 and rate_number = 2`, [bought.orderId])
    expect(payment!.idempotency_key).toBe(`rate-${second!.id}-1`)
    expect((await ratesOf(bought.orderId))[1]!.state).toBe('paid')
    await expectLedgerBalanced()
  })

  test('two sweeps at once never charge a rate twice', async () => {
    const orders = await Promise.all([buy(monthly), buy(monthly), buy(sixRates)])
    await t.deps.testClock.advance(t.deps.db, 32 * dayMs)
    await Promise.all([chargeDueRates(t.deps), chargeDueRates(t.deps), chargeDueRates(t.deps)])
    for (const order of orders) {
      expect((await chargesOf(order.orderId)).filter((c) => c.rate_number === 2)).toEqual([{ rate_number: 2, state: 'successful', n: 1 }])
    }
    await expectLedgerBalanced()
  })

  // Only PostgreSQL is shared between processes (PGlite is this process's own database), so only there.
  if (testDatabaseKind === 'postgres') test('PostgreSQL: a second app process advancing the clock beside this one never double-charges', async () => {
    const orders = await Promise.all([buy(monthly), buy(monthly), buy(threeCharges), buy(sixRates)])
    const url = process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${(await sql<{ db: string }>('select current_database() as db'))[0]!.db}`)
    const api = await startApiProcess({ databaseUrl: url, env: { TEST_CLOCK: 'on' } })
    try {
      const manager = await signInManager(t)
      const [remote] = await Promise.all([
        fetch(`${api.url}/api/v1/admin/test_clock/advance`, { method: 'POST', headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' }, body: JSON.stringify({ days: 35 }) }),
        (async () => {
          for (let i = 0; i < 10; i++) {
            await chargeDueRates(t.deps)
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
        })(),
      ])
      expect(remote.status, api.output()).toBe(200)
      await chargeDueRates(t.deps)
      for (const order of orders) {
        const charges = (await chargesOf(order.orderId)).filter((c) => c.rate_number === 2)
        expect(charges, `order ${order.orderId}`).toEqual([{ rate_number: 2, state: 'successful', n: 1 }])
      }
      await expectLedgerBalanced()
    } finally {
      await api.stop()
    }
  })
})

describe('the test clock route', () => {
  test('manager only; advancing answers once the due rates were charged; sign-ins keep real time', async () => {
    const bought = await buy(monthly)
    const manager = await signInManager(t)
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/test_clock', token: seller.accessToken })).statusCode).toBe(403)
    expect((await t.request({ method: 'POST', url: '/api/v1/admin/test_clock/advance', token: seller.accessToken, payload: { days: 1 } })).statusCode).toBe(403)
    expect((await t.request({ method: 'POST', url: '/api/v1/admin/test_clock/advance', token: manager, payload: { days: 0 } })).statusCode).toBe(400)
    expect((await t.request({ method: 'POST', url: '/api/v1/admin/test_clock/advance', token: manager, payload: { days: 401 } })).statusCode).toBe(400)

    const before = await t.request({ method: 'GET', url: '/api/v1/admin/test_clock', token: manager })
    expect(before.statusCode, before.body).toBe(200)
    const res = await t.request({ method: 'POST', url: '/api/v1/admin/test_clock/advance', token: manager, payload: { days: 32 } })
    expect(res.statusCode, res.body).toBe(200)
    expect(new Date(res.json().now).getTime() - new Date(before.json().now).getTime()).toBeGreaterThanOrEqual(32 * dayMs)
    expect((await ratesOf(bought.orderId))[1]!.state).toBe('paid')
    const after = await t.request({ method: 'GET', url: '/api/v1/admin/test_clock', token: manager })
    expect(after.json()).toMatchObject({ enabled: true, offset_days: before.json().offset_days + 32 })
    // The access token signed before the advance is still valid: sessions follow real time.
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/coupons', token: seller.accessToken })).statusCode).toBe(200)
  })

  test('404 when TEST_CLOCK is off', async () => {
    const manager = await signInManager(t)
    const on = t.deps.testClock
    // The process's clock as TEST_CLOCK=off builds it (a second app would cost a migration).
    t.deps.testClock = new TestClock(false)
    try {
      expect((await t.request({ method: 'GET', url: '/api/v1/admin/test_clock', token: manager })).statusCode).toBe(404)
      expect((await t.request({ method: 'POST', url: '/api/v1/admin/test_clock/advance', token: manager, payload: { days: 1 } })).statusCode).toBe(404)
    } finally {
      t.deps.testClock = on
    }
  })
})

let fingerprint = 0
async function signInPayer(email: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: `fp-billing-${++fingerprint}` } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}
