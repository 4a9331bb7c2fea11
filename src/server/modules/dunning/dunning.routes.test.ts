import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { sandboxDeclinedMethodId } from '../../payments/providers'
import * as installments from '../billing/charge-next-installment.service'
import * as delivery from '../delivery/delivery.service'
import { dunningDate, rateChargeFailed, runDueDunning } from './dunning.service'

// Dunning and collection (docs/decisions/0027-dunning-and-claims.md): a failed rate driven through the
// whole schedule with the test app's clock and the sandbox's declining method; access paused and given
// back; settings; claims with the court-stage rule, write-offs and outcomes; each seller sees only their own.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: 'on' })
  seller = await createSeller(t)
})
afterAll(async () => {
  await t.close()
})

const dayS = 86_400
/** Moves business time (the billing test clock); sign-in sessions keep real time. */
const advance = (seconds: number) => t.deps.testClock.advance(t.deps.db, seconds * 1000)
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const subscription = { form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' }

type Bought = { token: string; orderId: number; payerUserId: number; productId: number; rate2: number; savedMethod: unknown }

async function buy(owner: TestSeller = seller): Promise<Bought> {
  const product = await publishedProduct(t, owner.accessToken, { form: 'course', pricing_plans: [subscription] })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  expect((await sandboxPay(t, body.next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number; payer_user_id: number; saved_method: unknown }>('select id, payer_user_id, saved_method from orders where token = $1', [body.order.token])
  const [rate] = await sql<{ id: number }>('select id from order_rates where order_id = $1 and number = 2', [order!.id])
  return { token: body.order.token, orderId: order!.id, payerUserId: order!.payer_user_id, productId: product.id, rate2: rate!.id, savedMethod: order!.saved_method }
}

async function decline(orderId: number) {
  await sql(`update orders set saved_method = $1::jsonb where id = $2`, [JSON.stringify({ provider: 'sandbox', paymentMethodId: sandboxDeclinedMethodId }), orderId])
}
async function restoreMethod(b: Bought) {
  await sql(`update orders set saved_method = $1::jsonb where id = $2`, [JSON.stringify(b.savedMethod), b.orderId])
}
const rateOf = async (id: number) => (await sql<{ state: string; next_attempt_at: Date | null }>('select state, next_attempt_at from order_rates where id = $1', [id]))[0]!
const dunningOf = async (rateId: number) => (await sql<{ id: number; state: string; step: number; reminders_sent: number; result: string | null; access_paused: boolean; next_step_at: Date | null }>(
  'select id, state, step, reminders_sent, result, access_paused, next_step_at from dunnings where rate_id = $1', [rateId]))[0]
const claimOf = async (rateId: number) => (await sql<{ id: number; inkasso_status: string; outcome_status: string | null; amount: number; collected_amount: number }>(
  'select id, inkasso_status, outcome_status, amount::int, collected_amount::int from claims where rate_id = $1', [rateId]))[0]
const mailsOf = async (orderToken: string) => sql<{ kind: string; text: string }>(
  `select kind, text from email_logs where kind in ('payment_reminder', 'payment_final_notice') and text like $1 order by id`, [`%${orderToken}%`])
const chargesOf = async (b: Bought) => Number((await sql<{ n: number }>(`select count(*)::int as n from payments where order_id = $1 and kind = 'charge' and rate_number = 2`, [b.orderId]))[0]!.n)
const hasAccess = async (b: Bought) => (await delivery.accessOf(t.deps.db, b.payerUserId, b.productId, t.deps.now())) !== null
const grantStates = async (b: Bought) => (await sql<{ state: string }>('select state from access_grants where order_id = $1', [b.orderId])).map((g) => g.state)

/** Moves the clock to the rate's due date and lets the billing charge it (the scheduler's charge). */
async function chargeDueRate(b: Bought) {
  const [rate] = await sql<{ due_date: Date }>('select due_date from order_rates where id = $1', [b.rate2])
  const wait = Math.ceil((new Date(rate!.due_date).getTime() - t.deps.now().getTime()) / 1000) + 60
  if (wait > 0) await advance(wait)
  return installments.chargeRate(t.deps, b.rate2, { reason: 'scheduled' })
}

async function putSettings(token: string, body: Record<string, unknown>) {
  const res = await t.request({ method: 'PUT', url: '/api/v1/cabinet/dunning_settings', token, payload: body })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('a failed rate through the whole dunning', () => {
  test('three retries on days 3, 7 and 14, a reminder with the pay link each time, then debt, a claim and a final notice; access paused and given back when paid', async () => {
    const b = await buy()
    expect(await hasAccess(b)).toBe(true)
    await decline(b.orderId)
    expect(await chargeDueRate(b)).toBe('failed')

    expect(await rateOf(b.rate2)).toMatchObject({ state: 'unpaid' })
    const opened = await dunningOf(b.rate2)
    expect(opened).toMatchObject({ state: 'in_progress', step: 0, reminders_sent: 1, access_paused: true })
    expect(new Date((await rateOf(b.rate2)).next_attempt_at!).getTime()).toBe(new Date(opened!.next_step_at!).getTime())
    expect(await hasAccess(b)).toBe(false)
    expect(await grantStates(b)).toEqual(['paused'])
    const [first] = await mailsOf(b.token)
    expect(first!.kind).toBe('payment_reminder')
    expect(first!.text).toContain(`http://localhost:3000/s/${seller.username}/payment/${b.token}/manage`)
    expect(first!.text).toContain('9,00€')

    // Nothing is due before day 3; on day 3 one retry runs, and a second sweep at the same moment runs none.
    await advance(2 * dayS)
    expect(await runDueDunning(t.deps)).toBe(0)
    for (const day of [3, 7, 14]) {
      await advance((day - (day === 3 ? 2 : day === 7 ? 3 : 7)) * dayS)
      expect(await runDueDunning(t.deps)).toBe(1)
      expect(await runDueDunning(t.deps)).toBe(0)
    }
    expect(await chargesOf(b)).toBe(4) // the scheduled charge and three retries, each once

    expect(await dunningOf(b.rate2)).toMatchObject({ state: 'completed', result: 'unpaid', step: 3, reminders_sent: 4, next_step_at: null })
    expect(await rateOf(b.rate2)).toMatchObject({ state: 'debt', next_attempt_at: null })
    expect(await claimOf(b.rate2)).toMatchObject({ inkasso_status: 'ready_for_inkasso', outcome_status: null, amount: 900, collected_amount: 0 })
    expect((await mailsOf(b.token)).map((m) => m.kind)).toEqual(['payment_reminder', 'payment_reminder', 'payment_reminder', 'payment_final_notice'])
    expect(await hasAccess(b)).toBe(false)

    // The payer pays the debt with a working method: the claim is collected and access comes back.
    await restoreMethod(b)
    expect(await installments.chargeRate(t.deps, b.rate2, { reason: 'manual' })).toBe('paid')
    expect(await rateOf(b.rate2)).toMatchObject({ state: 'paid' })
    expect(await claimOf(b.rate2)).toMatchObject({ outcome_status: 'collected', collected_amount: 900 })
    expect(await hasAccess(b)).toBe(true)
    expect(await grantStates(b)).toEqual(['active'])
  })

  test('a retry that succeeds ends the dunning paid and gives access back; no claim', async () => {
    const b = await buy()
    await decline(b.orderId)
    expect(await chargeDueRate(b)).toBe('failed')
    expect(await hasAccess(b)).toBe(false)
    await restoreMethod(b)
    await advance(3 * dayS + 60)
    expect(await runDueDunning(t.deps)).toBe(1)
    expect(await dunningOf(b.rate2)).toMatchObject({ state: 'completed', result: 'paid', step: 1 })
    expect(await rateOf(b.rate2)).toMatchObject({ state: 'paid' })
    expect(await claimOf(b.rate2)).toBeUndefined()
    expect(await hasAccess(b)).toBe(true)
    expect((await mailsOf(b.token)).map((m) => m.kind)).toEqual(['payment_reminder'])
  })

  test('the billing sweep running the due retry first counts as that step; the dunning sweep then finds nothing', async () => {
    const b = await buy()
    await decline(b.orderId)
    expect(await chargeDueRate(b)).toBe('failed')
    await advance(3 * dayS + 60)
    expect(await installments.chargeRate(t.deps, b.rate2, { reason: 'scheduled' })).toBe('failed')
    expect(await dunningOf(b.rate2)).toMatchObject({ state: 'in_progress', step: 1, reminders_sent: 2 })
    expect(await runDueDunning(t.deps)).toBe(0)
    expect(await chargesOf(b)).toBe(2)
  })

  test('two sweeps at once run a due step once', async () => {
    const b = await buy()
    await decline(b.orderId)
    expect(await chargeDueRate(b)).toBe('failed')
    await advance(3 * dayS + 60)
    await Promise.all([runDueDunning(t.deps), runDueDunning(t.deps), runDueDunning(t.deps)])
    expect(await chargesOf(b)).toBe(2)
    expect(await dunningOf(b.rate2)).toMatchObject({ state: 'in_progress', step: 1, reminders_sent: 2 })
    expect(await mailsOf(b.token)).toHaveLength(2)
  })

  test('a Polish order\'s reminder is Polish: the order\'s language (not the account\'s), the product\'s Polish name, the dates as Poland writes them', async () => {
    const b = await buy()
    await sql(`update orders set locale = 'pl' where id = $1`, [b.orderId])
    await sql(`update users set locale = 'de' where id = $1`, [b.payerUserId])
    await sql(`update products set translations = $1::jsonb where id = $2`, [JSON.stringify({ pl: { name: 'Kurs teorii koloru' } }), b.productId])
    await decline(b.orderId)
    expect(await chargeDueRate(b)).toBe('failed')
    const [rate] = await sql<{ due_date: Date }>('select due_date from order_rates where id = $1', [b.rate2])
    const dunning = await dunningOf(b.rate2)
    const [mail] = await sql<{ subject: string; text: string; locale: string }>(
      `select subject, text, locale from email_logs where kind = 'payment_reminder' and text like $1`, [`%${b.token}%`])
    expect(mail!.locale).toBe('pl')
    expect(mail!.subject).toBe('Płatność nieudana: Kurs teorii koloru')
    const due = dunningDate(new Date(rate!.due_date), 'pl')
    const retry = dunningDate(new Date(dunning!.next_step_at!), 'pl')
    expect(due).toMatch(/^\d{1,2} \p{L}+ \d{4}$/u) // "14 maja 2025"
    expect(mail!.text).toContain(`Nie udało się pobrać kwoty 9,00€ za Kurs teorii koloru`)
    expect(mail!.text).toContain(`z terminem płatności ${due}.`)
    expect(mail!.text).toContain(`Ponowimy próbę ${retry}.`)
    expect(mail!.text).toContain('Zapłać teraz')
  })

  test('a canceled plan ends its running dunning (canceled)', async () => {
    const b = await buy()
    await decline(b.orderId)
    expect(await chargeDueRate(b)).toBe('failed')
    const res = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${b.orderId}/cancel`, token: seller.accessToken, payload: {} })
    expect(res.statusCode, res.body).toBe(200)
    expect(await dunningOf(b.rate2)).toMatchObject({ state: 'completed', result: 'canceled' })
    await advance(30 * dayS)
    await runDueDunning(t.deps)
    expect(await chargesOf(b)).toBe(1)
    expect(await mailsOf(b.token)).toHaveLength(1)
  })

  test('dunning off: the rate is debt at once with a claim (not ready, as set), no reminder; access kept when the seller does not pause it', async () => {
    const other = await createSeller(t)
    const saved = await putSettings(other.accessToken, { enabled: false, retry_days: [2], pause_access: false, create_claims: false })
    expect(saved).toEqual({ enabled: false, retry_days: [2], pause_access: false, create_claims: false, is_default: false })
    const b = await buy(other)
    await decline(b.orderId)
    expect(await chargeDueRate(b)).toBe('failed')
    expect(await dunningOf(b.rate2)).toMatchObject({ state: 'skipped', access_paused: false })
    expect(await rateOf(b.rate2)).toMatchObject({ state: 'debt' })
    expect(await claimOf(b.rate2)).toMatchObject({ inkasso_status: 'not_ready_for_inkasso', amount: 900 })
    expect(await mailsOf(b.token)).toEqual([])
    expect(await hasAccess(b)).toBe(true)
  })
})

describe('dunning settings and lists', () => {
  test('defaults without a row; bad retry days are refused; the runs list filters and counts per state', async () => {
    const fresh = await createSeller(t)
    const got = await t.request({ method: 'GET', url: '/api/v1/cabinet/dunning_settings', token: fresh.accessToken })
    expect(got.json()).toEqual({ enabled: true, retry_days: [3, 7, 14], pause_access: true, create_claims: true, is_default: true })
    const bad = await t.request({ method: 'PUT', url: '/api/v1/cabinet/dunning_settings', token: fresh.accessToken, payload: { enabled: true, retry_days: [7, 3], pause_access: true, create_claims: true } })
    expect(bad.statusCode).toBe(400)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/dunning_settings' })).statusCode).toBe(401)

    const list = await t.request({ method: 'GET', url: '/api/v1/cabinet/dunnings?counts=true', token: seller.accessToken })
    expect(list.statusCode, list.body).toBe(200)
    const body = list.json()
    expect(body.total_count).toBeGreaterThanOrEqual(4)
    expect(body.counts.completed).toBeGreaterThanOrEqual(3)
    expect(body.list[0]).toMatchObject({ currency: 'eur', amount: 900, rate_number: 2, steps_total: 3 })
    const completed = await t.request({ method: 'GET', url: '/api/v1/cabinet/dunnings?dunning_status=completed&amount_from=900&amount_to=900', token: seller.accessToken })
    expect(completed.json().list.every((d: { state: string }) => d.state === 'completed')).toBe(true)
    expect(completed.json().counts).toBeUndefined()
    const none = await t.request({ method: 'GET', url: '/api/v1/cabinet/dunnings', token: fresh.accessToken })
    expect(none.json()).toMatchObject({ list: [], total_count: 0 })
  })
})

describe('claims', () => {
  /** A claim at once: the seller's dunning is off, the rate's charge failed. */
  async function claimFor(owner: TestSeller) {
    await putSettings(owner.accessToken, { enabled: false, retry_days: [3], pause_access: true, create_claims: true })
    const b = await buy(owner)
    await sql(`update order_rates set state = 'unpaid', attempts = 1, last_failure_reason = 'card_declined' where id = $1`, [b.rate2])
    await t.deps.db.transaction((tx) => rateChargeFailed(t.deps, tx, { orderId: b.orderId, rateId: b.rate2, failureReason: 'card_declined' }))
    return { ...b, claimId: (await claimOf(b.rate2))!.id }
  }
  const inkasso = (token: string, id: number, status: string, admin = false) =>
    t.request({ method: 'POST', url: `/api/v1/${admin ? 'admin' : 'cabinet'}/claims/${id}/inkasso`, token, payload: { status } })

  test('a seller moves a claim up to pre_court; court stages answer 403 and never show in their lists or counts', async () => {
    const owner = await createSeller(t)
    const c = await claimFor(owner)
    for (const status of ['in_inkasso', 'pre_court']) {
      const res = await inkasso(owner.accessToken, c.claimId, status)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().inkasso_status).toBe(status)
    }
    expect(await grantStates(c)).toEqual(['paused'])
    const court = await inkasso(owner.accessToken, c.claimId, 'court')
    expect(court.statusCode).toBe(403)
    expect((await inkasso(owner.accessToken, c.claimId, 'not_ready_for_inkasso')).statusCode).toBe(409)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/claims?inkasso_status=court', token: owner.accessToken })).statusCode).toBe(403)

    // A manager takes it to court: the seller still sees pre_court, cannot move it, and sees no court count.
    const manager = await signInManager(t)
    expect((await inkasso(manager, c.claimId, 'court', true)).json().inkasso_status).toBe('court')
    const list = await t.request({ method: 'GET', url: '/api/v1/cabinet/claims?counts=true', token: owner.accessToken })
    expect(list.json().list).toEqual([expect.objectContaining({ id: c.claimId, inkasso_status: 'pre_court', next_inkasso_states: [] })])
    expect(Object.keys(list.json().counts)).not.toContain('court')
    expect(list.json().counts).toMatchObject({ pre_court: 1, open: 1 })
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/claims?inkasso_status=pre_court', token: owner.accessToken })).json().total_count).toBe(1)
    expect((await inkasso(owner.accessToken, c.claimId, 'in_inkasso')).statusCode).toBe(403)

    const admin = await t.request({ method: 'GET', url: `/api/v1/admin/claims?seller_id=${owner.sellerId}&counts=true`, token: manager })
    expect(admin.json().list[0]).toMatchObject({ inkasso_status: 'court', next_inkasso_states: ['post_court'] })
    expect(admin.json().counts).toMatchObject({ court: 1, post_court: 0 })
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/claims', token: owner.accessToken })).statusCode).toBe(403)
  })

  test('a power seller sees and sets court stages', async () => {
    // Made a power seller after the sale (a power seller's new product waits for review before it sells).
    const power = await createSeller(t)
    const c = await claimFor(power)
    await sql('update sellers set power_seller = true where id = $1', [power.sellerId])
    for (const status of ['in_inkasso', 'pre_court', 'court', 'post_court']) expect((await inkasso(power.accessToken, c.claimId, status)).statusCode).toBe(200)
    const list = await t.request({ method: 'GET', url: '/api/v1/cabinet/claims?inkasso_status=post_court&counts=true', token: power.accessToken })
    expect(list.json()).toMatchObject({ total_count: 1, counts: { post_court: 1, court: 0 } })
  })

  test('a seller sees only their own claims; another\'s answers 404', async () => {
    const a = await createSeller(t)
    const b = await createSeller(t)
    const c = await claimFor(a)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/claims', token: b.accessToken })).json()).toMatchObject({ list: [], total_count: 0 })
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/claims?seller_id=${a.sellerId}`, token: b.accessToken })).json().total_count).toBe(0)
    expect((await inkasso(b.accessToken, c.claimId, 'in_inkasso')).statusCode).toBe(404)
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/claims/${c.claimId}/write_off`, token: b.accessToken, payload: {} })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/claims?order_id=${c.orderId}`, token: a.accessToken })).json().total_count).toBe(1)
  })

  test('writing off part, then the rest: the rate is skipped, the claim not_collected and access given back; no ledger rows', async () => {
    const owner = await createSeller(t)
    const c = await claimFor(owner)
    const ledgerBefore = await sql('select count(*)::int as n from ledger_entries where order_id = $1', [c.orderId])
    const url = `/api/v1/cabinet/claims/${c.claimId}/write_off`
    expect((await t.request({ method: 'POST', url, token: owner.accessToken, payload: { amount: 1000 } })).statusCode).toBe(422)
    const part = await t.request({ method: 'POST', url, token: owner.accessToken, payload: { amount: 400 } })
    expect(part.json()).toMatchObject({ written_off_amount: 400, open_amount: 500, is_written_off: true, outcome_status: null, date_resolved: null })
    expect(await rateOf(c.rate2)).toMatchObject({ state: 'debt' })
    const rest = await t.request({ method: 'POST', url, token: owner.accessToken, payload: {} })
    expect(rest.json()).toMatchObject({ written_off_amount: 900, open_amount: 0, outcome_status: 'not_collected' })
    expect(rest.json().date_resolved).not.toBeNull()
    expect(await rateOf(c.rate2)).toMatchObject({ state: 'skipped' })
    expect(await grantStates(c)).toEqual(['active'])
    expect((await t.request({ method: 'POST', url, token: owner.accessToken, payload: {} })).statusCode).toBe(409)
    expect(await sql('select count(*)::int as n from ledger_entries where order_id = $1', [c.orderId])).toEqual(ledgerBefore)
    const filtered = await t.request({ method: 'GET', url: '/api/v1/cabinet/claims?is_written_off=true&outcome_status=not_collected', token: owner.accessToken })
    expect(filtered.json().total_count).toBe(1)
  })

  test('outcomes: partially collected, then collected; collected is final; days overdue filter', async () => {
    const owner = await createSeller(t)
    const c = await claimFor(owner)
    const url = `/api/v1/cabinet/claims/${c.claimId}/outcome`
    expect((await t.request({ method: 'POST', url, token: owner.accessToken, payload: { outcome: 'partially_collected' } })).statusCode).toBe(422)
    const part = await t.request({ method: 'POST', url, token: owner.accessToken, payload: { outcome: 'partially_collected', collected_amount: 300 } })
    expect(part.json()).toMatchObject({ outcome_status: 'partially_collected', collected_amount: 300, open_amount: 600, date_resolved: null })
    const all = await t.request({ method: 'POST', url, token: owner.accessToken, payload: { outcome: 'collected' } })
    expect(all.json()).toMatchObject({ outcome_status: 'collected', collected_amount: 900, open_amount: 0 })
    expect(await grantStates(c)).toEqual(['active'])
    expect((await t.request({ method: 'POST', url, token: owner.accessToken, payload: { outcome: 'not_collected' } })).statusCode).toBe(409)
    const list = await t.request({ method: 'GET', url: '/api/v1/cabinet/claims?days_overdue_from=0&days_overdue_to=365&outcome_status=collected', token: owner.accessToken })
    expect(list.json().total_count).toBe(1)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/claims?days_overdue_from=400', token: owner.accessToken })).json().total_count).toBe(0)
  })
})
