import { AppError } from '../../../shared/errors'
import { crossRate, getCurrency, isDecimalRate, type CurrencyId } from '../../../shared/money'
import type { ExchangeRatesStatusOutput } from '../../../shared/schemas/exchange-rates'
import { assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as repo from './exchange-rates.repository'
import {
  fetchRatesXml, parseEcbXml, parseRatesFile, readRatesFile, RatesSourceError, type FetchLike, type ParsedRates,
} from './exchange-rates.sources'

// Where exchange rates come from and how a rate between two currencies is found (README.md "Rates",
// docs/decisions/0097-payer-currencies.md). Rates are stored per euro; a rate between two other currencies is
// the cross rate of their two rows, never a float.

export type Rate = { rate: string; source: string; ratedAt: Date }

/** The euro's own row: 1 per euro, always current. */
const euroRow = (at: Date) => ({ perEur: '1', source: 'identity', ratedAt: at })

function unavailable(currency: CurrencyId, why: 'missing' | 'stale'): AppError {
  const code = getCurrency(currency).code
  const message = why === 'missing'
    ? `Payment in ${code} is not available right now: no exchange rate`
    : `Payment in ${code} is not available right now: the exchange rate is out of date`
  return new AppError('currency_unavailable', message, [{ path: 'currency', message: 'unavailable' }])
}

/** The maximum age in milliseconds a rate may have to be used. */
const maxAgeMs = (ctx: Pick<Ctx, 'deps'>) => ctx.deps.settings.exchangeRateMaxAgeHours * 3600_000

type PerEur = { perEur: string; source: string; ratedAt: Date }

/** Whether a stored row may be used now (not older than the manager's limit). */
function usable(ctx: Pick<Ctx, 'deps'>, row: PerEur, now: Date): boolean {
  return now.getTime() - row.ratedAt.getTime() <= maxAgeMs(ctx)
}

/** The rate from a's currency to b's: their cross rate, the rows' source (the euro's own row has none), the older date. */
function combine(a: PerEur, b: PerEur, fromEur: boolean, toEur: boolean): Rate {
  const source = fromEur ? b.source : toEur ? a.source : a.source === b.source ? a.source : `${a.source}+${b.source}`
  const ratedAt = fromEur ? b.ratedAt : toEur ? a.ratedAt : (a.ratedAt < b.ratedAt ? a.ratedAt : b.ratedAt)
  return { rate: crossRate(a.perEur, b.perEur), source, ratedAt }
}

/**
 * The rate from `from` to `to` (units of `to` per unit of `from`): '1' for the same currency, otherwise the
 * cross rate of both currencies' rows per euro, dated by the older of the two. 422 `currency_unavailable` when a
 * rate is missing or older than the manager's limit (exchangeRateMaxAgeHours, relative to ctx.deps.now()).
 */
export async function rateBetween(ctx: Ctx, db: Executor, from: CurrencyId, to: CurrencyId): Promise<Rate> {
  const now = ctx.deps.now()
  if (from === to) return { rate: '1', source: 'identity', ratedAt: now }
  const wanted = [from, to].filter((c) => c !== 'eur')
  const rows = new Map((await repo.readRates(db, wanted)).map((row) => [row.currency, row]))
  const rowOf = (currency: CurrencyId): PerEur => {
    if (currency === 'eur') return euroRow(now)
    const row = rows.get(currency)
    if (!row) throw unavailable(currency, 'missing')
    if (!usable(ctx, row, now)) throw unavailable(currency, 'stale')
    return row
  }
  // The payer's currency (to) is the one named when both are missing: check it first.
  const b = rowOf(to)
  const a = rowOf(from)
  return combine(a, b, from === 'eur', to === 'eur')
}

/**
 * The usable rates from `base` to each of `targets` (one query), for showing prices in other currencies;
 * a target without a usable rate is left out of the map. `base` itself maps to '1'.
 */
export async function ratesFor(ctx: Ctx, db: Executor, base: CurrencyId, targets: CurrencyId[]): Promise<Map<CurrencyId, Rate>> {
  const now = ctx.deps.now()
  const wanted = [...new Set([base, ...targets])].filter((c) => c !== 'eur')
  const stored = new Map((await repo.readRates(db, wanted)).map((row) => [row.currency, row]))
  const rowOf = (currency: CurrencyId): PerEur | null => {
    if (currency === 'eur') return euroRow(now)
    const row = stored.get(currency)
    return row && usable(ctx, row, now) ? row : null
  }
  const result = new Map<CurrencyId, Rate>()
  const a = rowOf(base)
  for (const target of targets) {
    if (target === base) { result.set(target, { rate: '1', source: 'identity', ratedAt: now }); continue }
    const b = rowOf(target)
    if (!a || !b) continue
    result.set(target, combine(a, b, base === 'eur', target === 'eur'))
  }
  return result
}

/**
 * Puts rates in place directly (tests, the demo seed): each currency's units per euro, from `source`, dated
 * `ratedAt`. eur is skipped (1 by definition).
 */
export async function storeRates(db: Executor, rates: { currency: CurrencyId; perEur: string }[], source: string, ratedAt: Date): Promise<void> {
  for (const r of rates) if (!isDecimalRate(r.perEur)) throw new RangeError(`not a decimal rate for ${r.currency}: ${r.perEur}`)
  const fetchedAt = new Date()
  await repo.upsertRates(db, rates.filter((r) => r.currency !== 'eur').map((r) => ({ currency: r.currency, perEur: r.perEur, source, ratedAt, fetchedAt })))
}

export type RefreshResult = { source: 'ecb' | 'file'; ok: boolean; ratesCount: number; error: string | null }

/**
 * Reads the configured source and stores its rates, all in one transaction, with a row in the refresh log; a
 * source that fails (unreachable, malformed, no rates) leaves the stored rates as they were and logs why.
 * Source `off` does nothing (null). Safe to run twice: the same reading stores the same rows.
 */
export async function refreshRates(ctx: Ctx, options: { fetch?: FetchLike; timeoutMs?: number } = {}): Promise<RefreshResult | null> {
  const settings = ctx.deps.settings
  const source = settings.exchangeRateSource
  if (source === 'off') return null
  const readAt = ctx.deps.now()
  let parsed: ParsedRates
  try {
    parsed = source === 'ecb'
      ? parseEcbXml(await fetchRatesXml(settings.exchangeRateUrl, options), { requireDate: true })
      : parseRatesFile(await readRatesFile(settings.exchangeRateFile))
  } catch (error) {
    if (!(error instanceof RatesSourceError)) throw error
    await repo.insertRefresh(ctx.db, { source, ok: false, ratesCount: 0, error: error.message })
    ctx.deps.logger.warn({ source, error: error.message }, 'exchange rates: refresh failed, the previous rates stay')
    return { source, ok: false, ratesCount: 0, error: error.message }
  }
  const ratedAt = parsed.ratedAt ?? readAt
  await ctx.db.transaction(async (tx) => {
    await repo.upsertRates(tx, parsed.rates.map((r) => ({ currency: r.currency, perEur: r.perEur, source, ratedAt, fetchedAt: readAt })))
    await repo.insertRefresh(tx, { source, ok: true, ratesCount: parsed.rates.length, error: null })
  })
  ctx.deps.logger.info({ source, rates: parsed.rates.length, ratedAt, skipped: parsed.skipped }, 'exchange rates refreshed')
  return { source, ok: true, ratesCount: parsed.rates.length, error: null }
}

/**
 * The demo's rates (src/server/db/demo-exchange-rates.csv, a file in the CSV source format) put in place when the
 * currencies it names have no usable rate, dated when read, so a fresh demo offline can convert. A source that
 * answers later replaces them; they age out after the maximum age like any file's.
 */
export async function ensureRatesFromFile(ctx: Ctx, path: string): Promise<boolean> {
  const parsed = parseRatesFile(await readRatesFile(path))
  const usableNow = await ratesFor(ctx, ctx.db, 'eur', parsed.rates.map((r) => r.currency))
  if (parsed.rates.every((r) => usableNow.has(r.currency))) return false
  await storeRates(ctx.db, parsed.rates, 'file', ctx.deps.now())
  return true
}

/** Whether the stored rates need a refresh now: none stored, or the oldest past the maximum age (with source on). */
export async function ratesNeedRefresh(ctx: Ctx): Promise<boolean> {
  if (ctx.deps.settings.exchangeRateSource === 'off') return false
  const oldest = await repo.oldestRatedAt(ctx.db)
  return oldest === null || ctx.deps.now().getTime() - oldest.getTime() > maxAgeMs(ctx)
}

/** GET /admin/exchange_rates: every stored rate with its age and whether a checkout may use it, and the last ten refreshes. */
export async function ratesStatus(ctx: Ctx): Promise<ExchangeRatesStatusOutput> {
  assertCan(ctx.actor, 'admin.read')
  const now = ctx.deps.now()
  const [rows, refreshes] = await Promise.all([repo.readAllRates(ctx.db), repo.listRefreshes(ctx.db, 10)])
  return {
    source: ctx.deps.settings.exchangeRateSource,
    max_age_hours: ctx.deps.settings.exchangeRateMaxAgeHours,
    rates: rows.map((row) => ({
      currency: row.currency, per_eur: row.perEur, source: row.source,
      rated_at: row.ratedAt.toISOString(), fetched_at: row.fetchedAt.toISOString(),
      age_hours: Math.round((now.getTime() - row.ratedAt.getTime()) / 360_000) / 10,
      usable: usable(ctx, row, now),
    })),
    refreshes: refreshes.map((r) => ({
      id: r.id, source: r.source, ok: r.ok, rates_count: r.ratesCount, error: r.error, created_at: r.createdAt.toISOString(),
    })),
  }
}

/** POST /admin/exchange_rates/refresh: refreshes now (a failure is told in the log's newest row) and answers the status. */
export async function refreshRatesNow(ctx: Ctx): Promise<ExchangeRatesStatusOutput> {
  assertCan(ctx.actor, 'admin.write')
  // The platform settings another process saved (a manager just changed the source there) count at once.
  await ctx.deps.settings.refresh(ctx.db)
  await refreshRates(ctx)
  return ratesStatus(ctx)
}
