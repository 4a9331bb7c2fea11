import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { sandboxPay } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { dayMs, runDueWork } from '../test-clock/test-clock.service'

// docs/decisions/0055-platform-plans.md: managers' plans and promos, a seller buying a plan through the
// platform's own checkout, renewal by the billing engine, the features a plan grants (the seller's explicit
// flags winning), cancellation to the end of the paid period, promo limits and expiry, and the pricing link.

let t: TestApp
let manager: string
let seller: TestSeller
let pro: { id: number; product_id: number }
beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: 'on' })
  manager = await signInManager(t)
  seller = await createSeller(t)
  const res = await t.request({
    method: 'POST', url: '/api/v1/admin/platform_plans', token: manager, payload: {
      name: 'Pro', purpose: 'public', features: { custom_smtp: true, coupons: false },
      prices: [{ billing_cycle: 'monthly', amount: 4900, currency: 'eur' }, { billing_cycle: 'quarterly', amount: 13900, currency: 'eur' }, { billing_cycle: 'annually', amount: 49000, currency: 'eur' }],
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  pro = res.json()
})
afterAll(async () => { await t?.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const mails = (email: string, kind: string) => sql('select id from email_logs where lower("to") = lower($1) and kind = $2', [email, kind])
const features = async (s: TestSeller) => (await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: s.accessToken })).json().seller.features

/** Buys a plan as the seller: the checkout's order, paid on the sandbox's page. */
async function buy(s: TestSeller, payload: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: '/api/v1/cabinet/platform_plan/subscriptions', token: s.accessToken, payload: { terms_accepted: true, ...payload } })
  expect(res.statusCode, res.body).toBe(201)
  const paymentId = new URL(res.json().redirect_url, 'http://x').pathname.split('/').pop()!
  expect((await sandboxPay(t, paymentId)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return res.json()
}

describe('plans (managers)', () => {
  test('a plan with prices is sold by the platform account; lists filter by purpose and billingCycle; the public list has public and trial only', async () => {
    expect(pro).toMatchObject({ purpose: 'public', product_id: expect.any(Number), prices: expect.arrayContaining([{ billing_cycle: 'quarterly', amount: 13900, currency: 'eur' }]) })
    const [owner] = await sql('select s.username from products p join sellers s on s.id = p.seller_id where p.id = $1', [pro.product_id])
    expect(owner.username).toBe('sellfront')
    const hold = await t.request({ method: 'POST', url: '/api/v1/admin/platform_plans', token: manager, payload: { name: 'Held', purpose: 'on_hold', features: { coupons: false } } })
    expect(hold.statusCode).toBe(201)
    const monthlyOnly = await t.request({ method: 'POST', url: '/api/v1/admin/platform_plans', token: manager, payload: { name: 'Trial', purpose: 'trial', trial_days: 14, prices: [{ billing_cycle: 'monthly', amount: 4900, currency: 'eur' }] } })
    expect(monthlyOnly.statusCode, monthlyOnly.body).toBe(201)
    // A public plan needs a price; trial days only on a trial plan.
    expect((await t.request({ method: 'POST', url: '/api/v1/admin/platform_plans', token: manager, payload: { name: 'X', purpose: 'public' } })).statusCode).toBe(400)
    expect((await t.request({ method: 'POST', url: '/api/v1/admin/platform_plans', token: manager, payload: { name: 'X', purpose: 'on_hold', trial_days: 3 } })).statusCode).toBe(400)

    const names = async (url: string, token?: string) => (await t.request({ method: 'GET', url, token })).json().list.map((p: { name: string }) => p.name)
    expect(await names('/api/v1/admin/platform_plans?purpose=on_hold', manager)).toEqual(['Held'])
    expect(await names('/api/v1/admin/platform_plans?billingCycle=quarterly', manager)).toEqual(['Pro'])
    expect(await names('/api/v1/common/platform_plans')).toEqual(['Pro', 'Trial'])
    expect(await names('/api/v1/common/platform_plans?billingCycle=annually')).toEqual(['Pro'])
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/platform_plans', token: seller.accessToken })).statusCode).toBe(403)
  })
})

describe('a seller on a plan', () => {
  test('buying through the checkout starts the plan, grants its features under the seller\'s own flags, renews each cycle, and a cancel keeps it to the end of the paid period', async () => {
    expect((await features(seller)).custom_smtp).toBe(false)
    await sql(`update sellers set features = '{"coupons": true}'::jsonb where id = $1`, [seller.sellerId]) // a manager's explicit flag
    const bought = await buy(seller, { plan_id: pro.id, billing_cycle: 'monthly' })
    expect(bought.subscription.state).toBe('pending')
    const page = (await t.request({ method: 'GET', url: '/api/v1/cabinet/platform_plan', token: seller.accessToken })).json()
    expect(page.current).toMatchObject({ state: 'active', billing_cycle: 'monthly', plan: { name: 'Pro' } })
    expect(await features(seller)).toMatchObject({ custom_smtp: true, coupons: true })
    expect(await mails(seller.email, 'platform_plan_bought')).toHaveLength(1)

    // The billing engine renews it: one charge a month, one mail each.
    await t.deps.testClock.advance(t.deps.db, 31 * dayMs)
    await runDueWork(t.deps)
    await t.deps.jobs.drain()
    expect(await mails(seller.email, 'platform_plan_renewed')).toHaveLength(1)
    const [{ n }] = await sql(`select count(*)::int as n from payments where order_id = $1 and kind = 'charge' and state = 'successful'`, [page.current.order_id])
    expect(n).toBe(2)

    const canceled = await t.request({ method: 'POST', url: '/api/v1/cabinet/platform_plan/cancel', token: seller.accessToken })
    expect(canceled.statusCode, canceled.body).toBe(200)
    expect(canceled.json()).toMatchObject({ state: 'canceled', ends_at: expect.any(String) })
    expect((await features(seller)).custom_smtp).toBe(true)
    await t.deps.testClock.advance(t.deps.db, 31 * dayMs)
    await runDueWork(t.deps)
    await t.deps.jobs.drain()
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/platform_plan', token: seller.accessToken })).json().current).toBeNull()
    expect((await features(seller)).custom_smtp).toBe(false)
    expect(await mails(seller.email, 'platform_plan_ended')).toHaveLength(1)
  })

  test('a manager moves an account to an on_hold plan without a payment: its withheld flags apply', async () => {
    const other = await createSeller(t)
    const [held] = await sql(`select id from platform_plans where purpose = 'on_hold'`)
    const res = await t.request({ method: 'POST', url: `/api/v1/admin/sellers/${other.sellerId}/platform_plan`, token: manager, payload: { plan_id: held.id } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ state: 'active', order_id: null, plan: { purpose: 'on_hold' } })
    expect((await features(other)).coupons).toBe(false)
    // Only public and trial plans are bought.
    const buyHeld = await t.request({ method: 'POST', url: '/api/v1/cabinet/platform_plan/subscriptions', token: other.accessToken, payload: { plan_id: held.id, billing_cycle: 'monthly', terms_accepted: true } })
    expect(buyHeld.statusCode).toBe(403)
  })
})

describe('an account\'s moves (ports/account-moves.ts)', () => {
  const plans = async (s: TestSeller) => sql<{ purpose: string; state: string }>(
    'select p.purpose, s.state from platform_subscriptions s join platform_plans p on p.id = s.plan_id where s.seller_id = $1 order by s.id', [s.sellerId])
  const admin = (s: TestSeller, action: string) => t.request({ method: 'POST', url: `/api/v1/admin/users/${s.userId}/${action}`, token: manager })

  test('deactivated: the paid plan is cancelled and the account goes on hold; reactivated: the hold ends and the seller chooses again', async () => {
    const paused = await t.request({ method: 'POST', url: '/api/v1/admin/platform_plans', token: manager, payload: { name: 'Paused', purpose: 'on_hold', features: { coupons: false } } })
    expect(paused.statusCode, paused.body).toBe(201)
    const s = await createSeller(t)
    const bought = await buy(s, { plan_id: pro.id, billing_cycle: 'monthly' })
    expect(await plans(s)).toEqual([{ purpose: 'public', state: 'active' }])
    expect((await admin(s, 'deactivate')).statusCode).toBe(200)
    expect(await plans(s)).toEqual([{ purpose: 'public', state: 'ended' }, { purpose: 'on_hold', state: 'active' }])
    // The plan's order is cancelled in the billing engine: no rate is charged to a deactivated account.
    const [order] = await sql('select payment_state from orders where id = $1', [bought.subscription.order_id])
    expect(order.payment_state).toBe('payment_canceled')
    expect((await admin(s, 'reactivate')).statusCode).toBe(200)
    expect((await plans(s)).map((p) => p.state)).toEqual(['ended', 'ended'])
  })

  test('a deletion a manager starts moves the account to the deletion plan when one exists; completing it ends every plan', async () => {
    const s = await createSeller(t)
    expect((await admin(s, 'start_deletion')).statusCode).toBe(200)
    expect(await plans(s)).toEqual([]) // no deletion plan yet, nothing running: nothing to do
    const made = await t.request({ method: 'POST', url: '/api/v1/admin/platform_plans', token: manager, payload: { name: 'Leaving', purpose: 'deletion_requested' } })
    expect(made.statusCode, made.body).toBe(201)
    const other = await createSeller(t)
    expect((await admin(other, 'start_deletion')).statusCode).toBe(200)
    expect(await plans(other)).toEqual([{ purpose: 'deletion_requested', state: 'active' }])
    const done = await admin(other, 'complete_deletion')
    expect(done.statusCode, done.body).toBe(200)
    expect(await plans(other)).toEqual([{ purpose: 'deletion_requested', state: 'ended' }])
  })
})

describe('promos', () => {
  test('a promo gives its plan at its special price; its uses are counted once per seller up to the limit; an expired one answers 410', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/admin/platform_promos', token: manager, payload: { plan_id: pro.id, billing_cycle: 'annually', special_amount: 29000, max_uses: 1 } })
    expect(res.statusCode, res.body).toBe(201)
    const promo = res.json()
    expect((await t.request({ method: 'GET', url: `/api/v1/common/platform_promos/${promo.token}` })).json()).toMatchObject({ available: true, special_amount: 29000, plan: { name: 'Pro' } })

    const first = await createSeller(t)
    const bought = await buy(first, { promo_token: promo.token })
    const [order] = await sql('select first_amount from orders where id = $1', [bought.subscription.order_id])
    expect(Number(order.first_amount)).toBe(29000)
    const again = await t.request({ method: 'POST', url: '/api/v1/cabinet/platform_plan/subscriptions', token: first.accessToken, payload: { promo_token: promo.token, terms_accepted: true } })
    expect(again.statusCode).toBe(410) // used up (and used by this seller already)
    const second = await createSeller(t)
    const late = await t.request({ method: 'POST', url: '/api/v1/cabinet/platform_plan/subscriptions', token: second.accessToken, payload: { promo_token: promo.token, terms_accepted: true } })
    expect(late.statusCode).toBe(410)
    expect(late.json().error.type).toBe('promo_unavailable')

    const expired = (await t.request({ method: 'POST', url: '/api/v1/admin/platform_promos', token: manager, payload: { plan_id: pro.id, billing_cycle: 'monthly', free_months: 2, expires_at: '2020-01-01T00:00:00.000Z' } })).json()
    const gone = await t.request({ method: 'GET', url: `/api/v1/common/platform_promos/${expired.token}` })
    expect(gone.statusCode, gone.body).toBe(410)
  })
})

describe('the pricing link', () => {
  test('/preise?product_id=&step= opens the plans page with the plan preselected', async () => {
    const res = await t.request({ method: 'GET', url: `/preise?product_id=${pro.product_id}&step=2` })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe(`/cabinet/plans?plan_id=${pro.id}&step=2`)
    expect((await t.request({ method: 'GET', url: '/preise' })).headers.location).toBe('/cabinet/plans')
  })
})
