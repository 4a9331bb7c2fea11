import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { signInManager } from '../../../../tests/factories/catalog'
import { startEcbStandIn, type EcbStandIn } from '../../../../tests/stand-ins/ecb-stand-in'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { AppError } from '../../../shared/errors'
import { systemContext } from '../../context'
import { refreshRatesJob, refreshRatesAtStartIfStale } from './exchange-rates.jobs'
import { rateBetween, ratesFor, ratesNeedRefresh, refreshRates, storeRates } from './exchange-rates.service'

// Where rates come from and how a rate is found (README.md): a refresh stores the source's rates in one
// transaction or, failing, keeps the old ones and logs why; a rate between two currencies is the cross rate
// of their rows per euro, refused when missing or older than the maximum age.

let t: TestApp
let manager: string
let ecb: EcbStandIn
let dir: string
beforeAll(async () => {
  t = await createTestApp()
  manager = await signInManager(t)
  ecb = await startEcbStandIn('2026-11-27', { USD: '1.0823', PLN: '4.2931', JPY: '163.45', XYZ: '9' })
  dir = mkdtempSync(join(tmpdir(), 'sf-rates-'))
})
afterAll(async () => {
  await t.close()
  await ecb.close()
  rmSync(dir, { recursive: true, force: true })
})

const ctx = () => systemContext(t.deps)
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
async function settings(payload: Record<string, unknown>) {
  const res = await t.request({ method: 'PATCH', url: '/api/v1/admin/platform_settings', token: manager, payload })
  expect(res.statusCode, res.body).toBe(200)
}
const stored = async () => Object.fromEntries((await sql<{ currency: string; per_eur: string }>('select currency, per_eur from exchange_rates order by currency')).map((r) => [r.currency, r.per_eur]))
const lastRefresh = async () => (await sql<{ source: string; ok: boolean; rates_count: number; error: string | null }>('select source, ok, rates_count, error from exchange_rate_refreshes order by id desc limit 1'))[0]
const unavailableMessage = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e)
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).type).toBe('currency_unavailable')
  expect((error as AppError).fields).toEqual([{ path: 'currency', message: 'unavailable' }])
  return (error as AppError).message
}

describe('refreshing', () => {
  beforeEach(async () => { await sql('delete from exchange_rates'); await sql('delete from exchange_rate_refreshes') })

  test('tests run with the source off: a refresh reads nothing', async () => {
    expect(t.deps.settings.exchangeRateSource).toBe('off')
    expect(await refreshRates(ctx())).toBeNull()
    expect(await stored()).toEqual({})
    expect(await lastRefresh()).toBeUndefined()
  })

  test('from the central bank: every known currency stored lowercase, dated the reference day, the refresh logged', async () => {
    await settings({ exchange_rate_source: 'ecb', exchange_rate_url: ecb.endpoint })
    expect(await refreshRates(ctx())).toEqual({ source: 'ecb', ok: true, ratesCount: 3, error: null })
    expect(await stored()).toEqual({ jpy: '163.45', pln: '4.2931', usd: '1.0823' })
    const [row] = await sql<{ rated_at: Date; source: string }>("select rated_at, source from exchange_rates where currency = 'usd'")
    expect(new Date(row!.rated_at).toISOString()).toBe('2026-11-27T15:00:00.000Z')
    expect(row!.source).toBe('ecb')
    expect(await lastRefresh()).toEqual({ source: 'ecb', ok: true, rates_count: 3, error: null })
    // Twice is the same rows (the job may run twice).
    await refreshRates(ctx())
    expect(await stored()).toEqual({ jpy: '163.45', pln: '4.2931', usd: '1.0823' })
  })

  test('a failing source keeps the previous rates and logs the failure in words', async () => {
    await settings({ exchange_rate_source: 'ecb', exchange_rate_url: ecb.endpoint })
    await refreshRates(ctx())
    ecb.failNext(503, 'down')
    expect(await refreshRates(ctx())).toMatchObject({ ok: false, error: `${ecb.endpoint} answered HTTP 503` })
    ecb.body = `<Envelope><Cube><Cube time='2026-11-28'><Cube currency='USD' rate='1.09'/><Cube currency='PLN' rate='4,30'/></Cube></Cube></Envelope>`
    expect(await refreshRates(ctx())).toMatchObject({ ok: false, error: 'rate 2: malformed rate for PLN' })
    ecb.body = null
    expect(await stored()).toEqual({ jpy: '163.45', pln: '4.2931', usd: '1.0823' })
    expect(await lastRefresh()).toEqual({ source: 'ecb', ok: false, rates_count: 0, error: 'rate 2: malformed rate for PLN' })
    // An address nothing answers on.
    await settings({ exchange_rate_url: 'http://127.0.0.1:9/eurofxref-daily.xml' })
    expect((await refreshRates(ctx()))?.error).toMatch(/^http:\/\/127\.0\.0\.1:9\/eurofxref-daily\.xml cannot be reached/)
    expect(await stored()).toEqual({ jpy: '163.45', pln: '4.2931', usd: '1.0823' })
  })

  test('from a file: lines with a date, then lines without (dated when read), then the bank\'s XML; a missing file fails', async () => {
    const path = join(dir, 'rates.csv')
    writeFileSync(path, 'date,2026-11-20\ncurrency,rate\nCHF,0.94\nGBP,0.8312\n')
    await settings({ exchange_rate_source: 'file', exchange_rate_file: path })
    expect(await refreshRates(ctx())).toEqual({ source: 'file', ok: true, ratesCount: 2, error: null })
    const rows = await sql<{ currency: string; source: string; rated_at: Date }>('select currency, source, rated_at from exchange_rates order by currency')
    expect(rows.map((r) => [r.currency, r.source, new Date(r.rated_at).toISOString()])).toEqual([
      ['chf', 'file', '2026-11-20T15:00:00.000Z'], ['gbp', 'file', '2026-11-20T15:00:00.000Z'],
    ])

    writeFileSync(path, 'CHF,0.95\n')
    await refreshRates(ctx())
    const [chf] = await sql<{ rated_at: Date }>("select rated_at from exchange_rates where currency = 'chf'")
    expect(new Date(chf!.rated_at).getTime()).toBe(t.clock.now.getTime())

    const xml = join(dir, 'rates.xml')
    writeFileSync(xml, `<Envelope><Cube><Cube time='2026-11-27'><Cube currency='CHF' rate='0.96'/></Cube></Cube></Envelope>`)
    await settings({ exchange_rate_file: xml })
    await refreshRates(ctx())
    expect((await stored()).chf).toBe('0.96')

    await settings({ exchange_rate_file: join(dir, 'missing.csv') })
    expect(await refreshRates(ctx())).toMatchObject({ ok: false, error: `${join(dir, 'missing.csv')} cannot be read (ENOENT)` })
    expect((await stored()).chf).toBe('0.96')
  })

  test('the job refreshes; at start it is enqueued only when rates are missing or too old', async () => {
    await settings({ exchange_rate_source: 'ecb', exchange_rate_url: ecb.endpoint, exchange_rate_max_age_hours: 144 })
    expect(await ratesNeedRefresh(ctx())).toBe(true)
    expect(await refreshRatesAtStartIfStale(t.deps)).toBe(true)
    await t.deps.jobs.drain()
    expect(await stored()).toEqual({ jpy: '163.45', pln: '4.2931', usd: '1.0823' })
    // The stand-in's date is in the past: set rates dated now, and there is nothing to do.
    await storeRates(t.deps.db, [{ currency: 'usd', perEur: '1.08' }, { currency: 'pln', perEur: '4.29' }, { currency: 'jpy', perEur: '163' }], 'ecb', t.clock.now)
    expect(await refreshRatesAtStartIfStale(t.deps)).toBe(false)
    await t.deps.jobs.enqueue(t.deps.db, refreshRatesJob, {})
    await t.deps.jobs.drain()
    expect(await lastRefresh()).toMatchObject({ ok: true, rates_count: 3 })
    await settings({ exchange_rate_source: 'off' })
    await sql('delete from exchange_rates')
    expect(await refreshRatesAtStartIfStale(t.deps)).toBe(false)
  })
})

describe('the rate between two currencies', () => {
  beforeAll(async () => {
    await settings({ exchange_rate_source: 'off', exchange_rate_max_age_hours: 48 })
    await sql('delete from exchange_rates')
    const hoursAgo = (h: number) => new Date(t.clock.now.getTime() - h * 3600_000)
    await storeRates(t.deps.db, [{ currency: 'usd', perEur: '1.0823' }, { currency: 'pln', perEur: '4.2931' }], 'ecb', hoursAgo(20))
    await storeRates(t.deps.db, [{ currency: 'jpy', perEur: '163.45' }, { currency: 'eur', perEur: '2' }], 'ecb', hoursAgo(30))
    await storeRates(t.deps.db, [{ currency: 'chf', perEur: '0.94' }], 'ecb', hoursAgo(49))
  })

  test('the same currency is 1 from nowhere', async () => {
    const rate = await rateBetween(ctx(), t.deps.db, 'kwd', 'kwd')
    expect(rate).toEqual({ rate: '1', source: 'identity', ratedAt: t.clock.now })
  })

  test('from and to the euro: the row itself and its inverse; eur is never stored', async () => {
    expect(await rateBetween(ctx(), t.deps.db, 'eur', 'pln')).toMatchObject({ rate: '4.2931', source: 'ecb' })
    expect((await rateBetween(ctx(), t.deps.db, 'pln', 'eur')).rate).toBe('0.232931914')
    expect(await sql("select 1 from exchange_rates where currency = 'eur'")).toEqual([])
  })

  test('between two others: the cross rate, dated by the older row', async () => {
    const rate = await rateBetween(ctx(), t.deps.db, 'usd', 'jpy')
    expect(rate.rate).toBe('151.0209739')
    expect(rate.ratedAt).toEqual(new Date(t.clock.now.getTime() - 30 * 3600_000))
    expect(rate.source).toBe('ecb')
  })

  test('a missing rate refuses that currency with a clear message', async () => {
    expect(await unavailableMessage(rateBetween(ctx(), t.deps.db, 'eur', 'sek'))).toBe('Payment in SEK is not available right now: no exchange rate')
    expect(await unavailableMessage(rateBetween(ctx(), t.deps.db, 'sek', 'usd'))).toBe('Payment in SEK is not available right now: no exchange rate')
  })

  test('a rate older than the maximum age is not used, and is again when the manager allows more', async () => {
    expect(await unavailableMessage(rateBetween(ctx(), t.deps.db, 'eur', 'chf'))).toBe('Payment in CHF is not available right now: the exchange rate is out of date')
    await settings({ exchange_rate_max_age_hours: 72 })
    expect((await rateBetween(ctx(), t.deps.db, 'eur', 'chf')).rate).toBe('0.94')
    await settings({ exchange_rate_max_age_hours: 48 })
    // Time passes: the 30-hour-old yen is out of date 19 hours later.
    t.clock.advance(19 * 3600)
    try {
      expect(await unavailableMessage(rateBetween(ctx(), t.deps.db, 'usd', 'jpy'))).toMatch(/JPY .*out of date/)
    } finally {
      t.clock.advance(-19 * 3600)
    }
  })

  test('ratesFor: the usable rates from one currency, the others left out, in one call', async () => {
    const rates = await ratesFor(ctx(), t.deps.db, 'eur', ['eur', 'usd', 'pln', 'chf', 'sek'])
    expect([...rates.keys()]).toEqual(['eur', 'usd', 'pln'])
    expect(rates.get('eur')?.rate).toBe('1')
    expect(rates.get('pln')?.rate).toBe('4.2931')
    const fromUsd = await ratesFor(ctx(), t.deps.db, 'usd', ['pln', 'jpy'])
    expect(fromUsd.get('pln')?.rate).toBe((await rateBetween(ctx(), t.deps.db, 'usd', 'pln')).rate)
    expect((await ratesFor(ctx(), t.deps.db, 'chf', ['usd'])).size).toBe(0)
  })
})
