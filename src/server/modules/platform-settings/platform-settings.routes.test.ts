import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createDeps, closeDeps } from '../../bootstrap'

// Managers change home country, fees and test mode at run time over the environment's defaults
// (docs/decisions/0062-platform-settings.md): the code reads the values in force, every change is recorded,
// null returns a setting to the environment's value.

let t: TestApp
let manager: string
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp({ HOME_COUNTRY: 'DE', PLATFORM_FEE_BPS: '0' })
  manager = await signInManager(t)
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const settings = (token = manager) => t.request({ method: 'GET', url: '/api/v1/admin/platform_settings', headers: { authorization: `Bearer ${token}` } })
const patch = (payload: Record<string, unknown>, token = manager) =>
  t.request({ method: 'PATCH', url: '/api/v1/admin/platform_settings', headers: { authorization: `Bearer ${token}` }, payload })
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

async function paidOrderFee(): Promise<number> {
  const product = await publishedProduct(t, seller.accessToken)
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [row] = await sql<{ fee: string }>(
    `select coalesce(sum(-amount), 0)::text as fee from ledger_entries where account = 'platform_revenue' and order_id = (select id from orders where token = $1)`,
    [res.json().order.token])
  return Number(row!.fee)
}

describe('platform settings', () => {
  test('a manager reads the values in force and the environment\'s; others may not', async () => {
    const res = await settings()
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      home_country: 'DE', payments_test_mode: true, platform_fee_bps: 0, set_by_manager: [], updated_at: null,
      environment: { home_country: 'DE', payments_test_mode: true, platform_fee_bps: 0 },
    })
    expect((await settings(seller.accessToken)).statusCode).toBe(403)
    expect((await patch({ home_country: 'AT' }, seller.accessToken)).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/platform_settings' })).statusCode).toBe(401)
  })

  test('bad values are refused and change nothing', async () => {
    for (const body of [{ home_country: 'XX' }, { connect_fee_bps: 10_001 }, { platform_fee_bps: -1 }, { platform_fee_bps: 2.5 }, { payments_test_mode: 'no' }, { unknown: 1 }]) {
      const res = await patch(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await settings()).json().set_by_manager).toEqual([])
  })

  test('the home country a manager sets is the one sellers\' profiles start with', async () => {
    const res = await patch({ home_country: 'AT' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ home_country: 'AT', set_by_manager: ['home_country'], environment: { home_country: 'DE' } })
    const profile = await t.request({ method: 'GET', url: '/api/v1/cabinet/profile', headers: { authorization: `Bearer ${seller.accessToken}` } })
    expect(profile.json().home_country).toBe('AT')
  })

  test('a fee a manager sets applies to payments made after the change, not before', async () => {
    expect(await paidOrderFee()).toBe(0)
    expect((await patch({ platform_fee_bps: 1000 })).json().platform_fee_bps).toBe(1000)
    const fee = await paidOrderFee()
    expect(fee).toBeGreaterThan(0)
  })

  test('test mode off removes the sandbox from every seller at once; null returns it to the environment\'s', async () => {
    const matrix = () => t.request({ method: 'GET', url: '/api/v1/cabinet/payment_settings', headers: { authorization: `Bearer ${seller.accessToken}` } })
    expect((await matrix()).json().test_mode).toBe(true)
    expect((await patch({ payments_test_mode: false })).statusCode).toBe(200)
    expect((await matrix()).json()).toMatchObject({ test_mode: false, payment_account_done: false })
    const reset = await patch({ payments_test_mode: null })
    expect(reset.json()).toMatchObject({ payments_test_mode: true })
    expect(reset.json().set_by_manager).not.toContain('payments_test_mode')
    expect((await matrix()).json().test_mode).toBe(true)
  })

  test('every change is listed with the manager who made it, newest first; a repeated value records nothing', async () => {
    expect((await patch({ home_country: 'AT' })).statusCode).toBe(200)
    const res = await t.request({ method: 'GET', url: '/api/v1/admin/platform_settings/changes', headers: { authorization: `Bearer ${manager}` } })
    expect(res.statusCode, res.body).toBe(200)
    const list = res.json().list as { setting: string; previous_value: unknown; new_value: unknown; manager_email: string }[]
    expect(list.map((c) => [c.setting, c.previous_value, c.new_value])).toEqual([
      ['payments_test_mode', false, null],
      ['payments_test_mode', null, false],
      ['platform_fee_bps', null, 1000],
      ['home_country', null, 'AT'],
    ])
    expect(list[0]!.manager_email).toMatch(/^manager/)
    // The web list's parameters (sort key and direction) are accepted.
    const oldest = await t.request({ method: 'GET', url: '/api/v1/admin/platform_settings/changes?sort_key=id&sort_dir=asc&page=1&per=1', headers: { authorization: `Bearer ${manager}` } })
    expect(oldest.json().list.map((c: { setting: string }) => c.setting)).toEqual(['home_country'])
  })

  test('another process sharing the database has the change after its refresh', async () => {
    const other = await createDeps(t.deps.config, { database: { ...t.deps.database, close: async () => {} }, logger: t.deps.logger, work: false, jwtKey: t.deps.jwtKey })
    try {
      expect(other.settings.homeCountry).toBe('AT')
      await patch({ home_country: 'CH' })
      expect(other.settings.homeCountry).toBe('AT')
      await other.settings.refresh(other.db)
      expect(other.settings.values()).toMatchObject({ homeCountry: 'CH', platformFeeBps: 1000 })
    } finally {
      await closeDeps(other)
    }
  })
})

describe('platform settings with the test clock on', () => {
  let clocked: TestApp
  beforeAll(async () => { clocked = await createTestApp({ TEST_CLOCK: 'on' }) })
  afterAll(async () => { await clocked.close() })

  test('test mode cannot go off while the clock runs', async () => {
    const token = await signInManager(clocked)
    const res = await clocked.request({ method: 'PATCH', url: '/api/v1/admin/platform_settings', headers: { authorization: `Bearer ${token}` }, payload: { payments_test_mode: false } })
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().error.fields).toEqual([{ path: 'payments_test_mode', message: expect.any(String) }])
  })
})
