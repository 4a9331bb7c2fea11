import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { startEcbStandIn, type EcbStandIn } from '../../../../tests/stand-ins/ecb-stand-in'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { storeRates } from './exchange-rates.service'

// The manager's view of exchange rates (README.md): the stored rates with their age and whether usable, the
// refresh log, a refresh on demand; the source is set in the platform settings, whose earlier bodies stay valid.

let t: TestApp
let manager: string
let seller: TestSeller
let ecb: EcbStandIn
beforeAll(async () => {
  t = await createTestApp()
  manager = await signInManager(t)
  seller = await createSeller(t)
  ecb = await startEcbStandIn(new Date().toISOString().slice(0, 10), { USD: '1.0823', CHF: '0.9402' })
})
afterAll(async () => { await t.close(); await ecb.close() })

const status = (token = manager) => t.request({ method: 'GET', url: '/api/v1/admin/exchange_rates', token })
const refresh = (token = manager) => t.request({ method: 'POST', url: '/api/v1/admin/exchange_rates/refresh', token })
const patch = (payload: Record<string, unknown>, token = manager) => t.request({ method: 'PATCH', url: '/api/v1/admin/platform_settings', token, payload })

describe('exchange rates for managers', () => {
  test('only managers see or refresh them', async () => {
    expect((await status(seller.accessToken)).statusCode).toBe(403)
    expect((await refresh(seller.accessToken)).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/exchange_rates' })).statusCode).toBe(401)
    expect((await t.request({ method: 'POST', url: '/api/v1/admin/exchange_rates/refresh' })).statusCode).toBe(401)
    const res = await status()
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ source: 'off', max_age_hours: 144, rates: [], refreshes: [] })
  })

  test('the settings take the source, its address, a file and the maximum age; bad values are refused', async () => {
    const res = await patch({ exchange_rate_source: 'ecb', exchange_rate_url: ecb.endpoint, exchange_rate_max_age_hours: 48 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      exchange_rate_source: 'ecb', exchange_rate_url: ecb.endpoint, exchange_rate_file: '', exchange_rate_max_age_hours: 48,
      environment: { exchange_rate_source: 'off', exchange_rate_url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml', exchange_rate_max_age_hours: 144 },
    })
    expect(res.json().set_by_manager).toEqual(expect.arrayContaining(['exchange_rate_source', 'exchange_rate_url', 'exchange_rate_max_age_hours']))
    for (const body of [
      { exchange_rate_source: 'bank' }, { exchange_rate_url: 'not a url' }, { exchange_rate_url: 'file:///etc/passwd' },
      { exchange_rate_file: '' }, { exchange_rate_max_age_hours: 0 }, { exchange_rate_max_age_hours: 721 }, { exchange_rate_max_age_hours: 1.5 },
    ]) {
      expect((await patch(body)).statusCode, JSON.stringify(body)).toBe(400)
    }
  })

  test('the bodies documented before still work, and every change is in the history', async () => {
    for (const body of [{ home_country: 'AT' }, { platform_fee_bps: 100 }, { payments_test_mode: null }, { connect_fee_bps: null, platform_fee_bps: null }]) {
      const res = await patch(body)
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(200)
    }
    const changes = await t.request({ method: 'GET', url: '/api/v1/admin/platform_settings/changes?per=50', token: manager })
    const settings = (changes.json().list as { setting: string }[]).map((c) => c.setting)
    expect(settings).toEqual(expect.arrayContaining(['exchange_rate_source', 'exchange_rate_url', 'exchange_rate_max_age_hours', 'home_country']))
  })

  test('refresh now reads the source and answers the rates, usable, with the refresh', async () => {
    const res = await refresh()
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.source).toBe('ecb')
    expect(body.max_age_hours).toBe(48)
    expect(body.rates.map((r: { currency: string; per_eur: string; source: string; usable: boolean }) => [r.currency, r.per_eur, r.source, r.usable]))
      .toEqual([['chf', '0.9402', 'ecb', true], ['usd', '1.0823', 'ecb', true]])
    expect(body.refreshes[0]).toMatchObject({ source: 'ecb', ok: true, rates_count: 2, error: null })
  })

  test('a failed refresh is told in the log and the rates stay; an old rate shows as not usable', async () => {
    ecb.failNext(500, 'down')
    const res = await refresh()
    expect(res.json().refreshes[0]).toMatchObject({ ok: false, error: `${ecb.endpoint} answered HTTP 500` })
    expect(res.json().rates).toHaveLength(2)
    await storeRates(t.deps.db, [{ currency: 'pln', perEur: '4.29' }], 'file', new Date(t.clock.now.getTime() - 50 * 3600_000))
    const pln = (await status()).json().rates.find((r: { currency: string }) => r.currency === 'pln')
    expect(pln).toMatchObject({ per_eur: '4.29', source: 'file', usable: false, age_hours: 50 })
  })

  test('with the source off, refresh reads nothing and answers the status', async () => {
    expect((await patch({ exchange_rate_source: 'off' })).statusCode).toBe(200)
    const count = (await status()).json().refreshes.length
    const res = await refresh()
    expect(res.statusCode).toBe(200)
    expect(res.json().refreshes).toHaveLength(count)
  })

  test('the routes are in the API document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json()
    expect(doc.paths['/api/v1/admin/exchange_rates']?.get).toBeDefined()
    expect(doc.paths['/api/v1/admin/exchange_rates/refresh']?.post).toBeDefined()
  })
})
