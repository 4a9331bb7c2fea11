import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { featureFlags } from '../../../shared/accounts'

// A seller's feature flags as a manager sets them and as the seller reads them (docs/decisions/0077-feature-flags.md):
// PATCH /admin/sellers/{id} `features` merges overrides (null: back to the plan's value or the default), an
// unknown flag is refused (400 INVALID_INPUT, strict body), the sources (default, platform_plan, override) of GET /cabinet/features and
// /admin/sellers/{id}/features, the signed-in user's `seller.features`, a seller cannot set their own, and a
// flag switched off holds from the seller's next request on the same session.

let t: TestApp
let manager: string
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  manager = await signInManager(t)
  seller = await createSeller(t)
}, 120_000)
afterAll(async () => { await t?.close() })

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) })
const stateOf = (body: any, flag: string) => body.features.find((f: any) => f.flag === flag)

describe('a manager sets a seller\'s flags', () => {
  test('true and false override, null goes back to the default; other flags and fields stay', async () => {
    const set = await call('PATCH', `/admin/sellers/${seller.sellerId}`, manager, { features: { coupons: false, live_shopping: true } })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json()).toMatchObject({ id: seller.sellerId, power_seller: false, blocked: false })
    expect(stateOf(set.json(), 'coupons')).toMatchObject({ enabled: false, source: 'override', default: true, override: false, plan: null })
    expect(stateOf(set.json(), 'live_shopping')).toMatchObject({ enabled: true, source: 'override', default: false })
    expect(stateOf(set.json(), 'funnels')).toMatchObject({ enabled: true, source: 'default', override: null })
    expect(set.json().features).toHaveLength(Object.keys(featureFlags).length)

    // Merge, not replace: a second change leaves the first.
    const more = await call('PATCH', `/admin/sellers/${seller.sellerId}`, manager, { power_seller: true, features: { funnels: false } })
    expect(more.json()).toMatchObject({ power_seller: true })
    expect(stateOf(more.json(), 'coupons')).toMatchObject({ enabled: false, source: 'override' })
    expect(stateOf(more.json(), 'funnels')).toMatchObject({ enabled: false, source: 'override' })

    // The existing body stays valid without features.
    expect((await call('PATCH', `/admin/sellers/${seller.sellerId}`, manager, { power_seller: false })).statusCode).toBe(200)

    const back = await call('PATCH', `/admin/sellers/${seller.sellerId}`, manager, { features: { coupons: null, funnels: null } })
    expect(stateOf(back.json(), 'coupons')).toMatchObject({ enabled: true, source: 'default', override: null })
    expect(stateOf(back.json(), 'funnels')).toMatchObject({ enabled: true, source: 'default' })
    expect(stateOf(back.json(), 'live_shopping')).toMatchObject({ enabled: true, source: 'override' })
    const [row] = (await t.deps.database.executeSql('select features from sellers where id = $1', [seller.sellerId])).rows as { features: Record<string, boolean> }[]
    expect(row!.features).toEqual({ live_shopping: true })
  })

  test('an unknown flag or a value not true, false or null is 400 INVALID_INPUT; an unknown seller 404; a seller is 403', async () => {
    const unknown = await call('PATCH', `/admin/sellers/${seller.sellerId}`, manager, { features: { teleport: true } })
    // The app answers schema refusals (strict bodies) with 400 INVALID_INPUT and the field (src/server/plugins/errors.ts).
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toMatchObject({ type: 'INVALID_INPUT', fields: [{ path: 'features.teleport' }] })
    expect((await call('PATCH', `/admin/sellers/${seller.sellerId}`, manager, { features: { coupons: 'off' } })).statusCode).toBe(400)
    expect((await call('PATCH', '/admin/sellers/999999', manager, { features: { coupons: false } })).statusCode).toBe(404)
    expect((await call('PATCH', `/admin/sellers/${seller.sellerId}`, seller.accessToken, { features: { coupons: false } })).statusCode).toBe(403)
    expect((await call('GET', `/admin/sellers/${seller.sellerId}/features`, seller.accessToken)).statusCode).toBe(403)
  })

  test('a seller cannot set their own flags: the profile and account bodies refuse `features`', async () => {
    const own = await createSeller(t)
    for (const [method, url] of [['PUT', '/cabinet/profile'], ['PATCH', '/app/user/me']] as const) {
      const res = await call(method, url, own.accessToken, { features: { live_shopping: true } })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain('features')
    }
    expect((await call('PATCH', `/admin/sellers/${own.sellerId}`, own.accessToken, { features: { live_shopping: true } })).statusCode).toBe(403)
    const [row] = (await t.deps.database.executeSql('select features from sellers where id = $1', [own.sellerId])).rows as { features: Record<string, boolean> }[]
    expect(row!.features).toEqual({})
  })
})

describe('sources', () => {
  test('the platform plan over the default, the override over the plan; the plans on offer that unlock a flag', async () => {
    const other = await createSeller(t)
    const plan = await call('POST', '/admin/platform_plans', manager, {
      name: `Flags ${Date.now()}`, purpose: 'public', features: { community: true, coupons: false },
      prices: [{ billing_cycle: 'monthly', amount: 4900, currency: 'eur' }],
    })
    expect(plan.statusCode, plan.body).toBe(201)
    const planId = plan.json().id ?? plan.json().platform_plan?.id
    expect((await call('POST', `/admin/sellers/${other.sellerId}/platform_plan`, manager, { plan_id: planId })).statusCode).toBeLessThan(300)

    const mine = await call('GET', '/cabinet/features', other.accessToken)
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json().platform_plan).toMatchObject({ id: planId })
    expect(stateOf(mine.json(), 'community')).toMatchObject({ enabled: true, source: 'platform_plan', plan: true, default: false })
    expect(stateOf(mine.json(), 'coupons')).toMatchObject({ enabled: false, source: 'platform_plan', plan: false })
    expect(stateOf(mine.json(), 'domains')).toMatchObject({ enabled: true, source: 'default' })
    expect(stateOf(mine.json(), 'community').unlocked_by).toContainEqual(expect.objectContaining({ id: planId }))
    expect(stateOf(mine.json(), 'coupons').unlocked_by).not.toContainEqual(expect.objectContaining({ id: planId }))

    // The plan withholds coupons: the gate holds; a manager's override opens them again.
    expect((await call('GET', '/cabinet/coupons', other.accessToken)).statusCode).toBe(403)
    await call('PATCH', `/admin/sellers/${other.sellerId}`, manager, { features: { coupons: true, community: false } })
    const admin = (await call('GET', `/admin/sellers/${other.sellerId}/features`, manager)).json()
    expect(stateOf(admin, 'coupons')).toMatchObject({ enabled: true, source: 'override', plan: false, override: true })
    expect(stateOf(admin, 'community')).toMatchObject({ enabled: false, source: 'override', plan: true })
    expect((await call('GET', '/cabinet/coupons', other.accessToken)).statusCode).toBe(200)
    // The signed-in user's answer carries the values in effect.
    const me = (await call('GET', '/app/user/me', other.accessToken)).json()
    expect((me.user ?? me).seller.features).toMatchObject({ coupons: true, community: false })
  })

  test('checkout offers TWINT and Klarna only with their flags, Klarna for later rates only with klarna_subscriptions', async () => {
    const shop = await createSeller(t)
    const oneTime = await publishedProduct(t, shop.accessToken, { pricing_plans: [oneTimePlan(1990)] })
    const monthly = await publishedProduct(t, shop.accessToken, { pricing_plans: [{ form: 'subscription', currency_id: 'eur', price: 990, interval: '1m' }] })
    const methodsOf = async (product: { slug: string }) => {
      const page = await t.request({ method: 'GET', url: `/api/v1/shop/${shop.username}/products/${product.slug}/checkout` })
      expect(page.statusCode, page.body).toBe(200)
      return page.json().payment_methods as string[]
    }
    expect(await methodsOf(oneTime)).toEqual(expect.arrayContaining(['klarna', 'twint']))
    expect(await methodsOf(monthly)).not.toContain('klarna')
    await call('PATCH', `/admin/sellers/${shop.sellerId}`, manager, { features: { twint: false, klarna_subscriptions: true } })
    expect(await methodsOf(oneTime)).not.toContain('twint')
    expect(await methodsOf(monthly)).toContain('klarna')
    // Klarna then pays the subscription and keeps its method for the later rates.
    const bySubscription = await submitOrder(t, { product_id: monthly.id, pricing_plan_id: monthly.pricing_plans[0].id, payment_method: 'klarna', payer: fullPayer(), terms_accepted: true })
    expect(bySubscription.statusCode, bySubscription.body).toBe(201)
    expect((await sandboxPay(t, bySubscription.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const [kept] = (await t.deps.database.executeSql(
      'select o.payment_state, o.payment_method, o.saved_method is not null as kept from orders o where o.token = $1', [bySubscription.json().order.token])).rows as { payment_state: string; payment_method: string; kept: boolean }[]
    expect(kept).toEqual({ payment_state: 'paid', payment_method: 'klarna', kept: true })
    await call('PATCH', `/admin/sellers/${shop.sellerId}`, manager, { features: { klarna: false } })
    expect(await methodsOf(oneTime)).not.toContain('klarna')
    expect(await methodsOf(monthly)).not.toContain('klarna')
    const refused = await submitOrder(t, { product_id: oneTime.id, pricing_plan_id: oneTime.pricing_plans[0].id, payment_method: 'twint', payer: fullPayer(), terms_accepted: true })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({ type: 'feature_disabled', flag: 'twint' })
  })

  test('a flag switched off mid-session holds from the next request', async () => {
    const live = await createSeller(t)
    expect((await call('GET', '/cabinet/dunning_settings', live.accessToken)).statusCode).toBe(200)
    await call('PATCH', `/admin/sellers/${live.sellerId}`, manager, { features: { dunning: false } })
    const off = await call('GET', '/cabinet/dunning_settings', live.accessToken)
    expect(off.statusCode).toBe(403)
    expect(off.json().error).toMatchObject({ type: 'feature_disabled', flag: 'dunning' })
    await call('PATCH', `/admin/sellers/${live.sellerId}`, manager, { features: { dunning: null } })
    expect((await call('GET', '/cabinet/dunning_settings', live.accessToken)).statusCode).toBe(200)
  })
})
