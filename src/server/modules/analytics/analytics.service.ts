import {
  analyticsWindow, bucketStarts, maxRangeDays, retentionTable, shareBps, windowDays, type AnalyticsBucket, type AnalyticsChartKind, type AnalyticsPeriod,
} from '../../../shared/analytics/charts'
import { AppError } from '../../../shared/errors'
import { isCurrencyId, toMajorUnitsString } from '../../../shared/money'
import type {
  AnalyticsChartInput, AnalyticsChartOutput, AnalyticsChartResult, AnalyticsSetOutput, RunAnalyticsChartQuery, SaveAnalyticsSetInput,
} from '../../../shared/schemas/analytics'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import { csvFromPages } from '../../csv-export'
import type { StoredAnalyticsChart } from '../../db/schema'
import * as repo from './analytics.repository'

// Analytics sets (/cabinet/analytics_sets, docs/decisions/0087-analytics-sets.md), behind the
// metabase_analytics_sets flag (route config): a seller saves named sets of charts with their options; a chart
// runs for its saved period or the page's period filter, over the acting seller's own data only, per currency
// (never converted or added across currencies), and downloads as CSV. Reading and saving need `dashboard.read`:
// the figures are the dashboard's kind (finance's, for team members), and a set changes nothing but itself.

const action = 'dashboard.read' as const

function chartOutput(chart: StoredAnalyticsChart): AnalyticsChartOutput {
  return {
    kind: chart.kind as AnalyticsChartKind, title: chart.title ?? null, period: chart.period as AnalyticsPeriod, from: chart.from ?? null, till: chart.till ?? null,
    bucket: chart.bucket as AnalyticsBucket, currency: chart.currency ?? null, months: chart.months,
  }
}

function output(row: repo.AnalyticsSetRow): AnalyticsSetOutput {
  return {
    id: row.id, name: row.name, description: row.description, charts: row.charts.map(chartOutput),
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

/** A custom period needs both days and at most maxRangeDays; a preset keeps no days. */
function checkPeriod(period: AnalyticsPeriod, from: string | null | undefined, till: string | null | undefined, path: string): void {
  if (period !== 'custom') return
  if (!from || !till) throw new AppError('validation_failed', 'A custom period needs a first and a last day', [{ path: `${path}from`, message: 'required' }])
  const days = windowDays(analyticsWindow('custom', new Date(), { from, till }))
  if (days > maxRangeDays) throw new AppError('validation_failed', `A period is at most ${maxRangeDays} days`, [{ path: `${path}till`, message: 'too_long' }])
}

function stored(charts: readonly AnalyticsChartInput[]): StoredAnalyticsChart[] {
  return charts.map((c, i) => {
    checkPeriod(c.period, c.from, c.till, `charts.${i}.`)
    const custom = c.period === 'custom'
    return {
      kind: c.kind, title: c.title || null, period: c.period, from: custom ? c.from! : null, till: custom ? c.till! : null, bucket: c.bucket,
      currency: c.currency ?? null, months: c.months,
    }
  })
}

export async function listSets(ctx: Ctx): Promise<{ list: AnalyticsSetOutput[] }> {
  const sellerId = actingSellerId(ctx.actor, action)
  return { list: (await repo.listOfSeller(ctx.db, sellerId)).map(output) }
}

async function setOf(ctx: Ctx, sellerId: number, id: number): Promise<repo.AnalyticsSetRow> {
  const row = await repo.findOfSeller(ctx.db, sellerId, id)
  if (!row) throw new AppError('not_found', 'This analytics set does not exist')
  return row
}

export async function getSet(ctx: Ctx, id: number): Promise<AnalyticsSetOutput> {
  const sellerId = actingSellerId(ctx.actor, action)
  return output(await setOf(ctx, sellerId, id))
}

export async function createSet(ctx: Ctx, input: SaveAnalyticsSetInput): Promise<AnalyticsSetOutput> {
  const sellerId = actingSellerId(ctx.actor, action)
  const charts = stored(input.charts)
  return output(await repo.insert(ctx.db, { sellerId, name: input.name, description: input.description || null, charts, createdAt: ctx.now, updatedAt: ctx.now }))
}

export async function updateSet(ctx: Ctx, id: number, input: SaveAnalyticsSetInput): Promise<AnalyticsSetOutput> {
  const sellerId = actingSellerId(ctx.actor, action)
  const charts = stored(input.charts)
  const row = await repo.update(ctx.db, sellerId, id, { name: input.name, description: input.description || null, charts, updatedAt: ctx.now })
  if (!row) throw new AppError('not_found', 'This analytics set does not exist')
  return output(row)
}

export async function deleteSet(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, action)
  if (!(await repo.remove(ctx.db, sellerId, id))) throw new AppError('not_found', 'This analytics set does not exist')
}

/** Runs chart number `index` of the seller's set for its saved period, or the period filter's when given. */
export async function runChart(ctx: Ctx, id: number, index: number, query: RunAnalyticsChartQuery): Promise<AnalyticsChartResult> {
  const sellerId = actingSellerId(ctx.actor, action)
  const set = await setOf(ctx, sellerId, id)
  const saved = set.charts[index]
  if (!saved) throw new AppError('not_found', 'This set has no such chart')
  const chart = chartOutput(saved)
  const period = query.period ?? chart.period
  const range = query.period ? { from: query.from, till: query.till } : { from: chart.from ?? undefined, till: chart.till ?? undefined }
  checkPeriod(period, range.from, range.till, '')
  const window = analyticsWindow(period, ctx.now, range)
  const currency = query.currency ?? chart.currency
  const scope: repo.ChartScope = { sellerId, from: window.from, till: window.till, currency: currency && isCurrencyId(currency) ? currency : null }
  const common = { title: chart.title, period, from: window.from.toISOString(), till: window.till.toISOString() }

  switch (chart.kind) {
    case 'revenue_by_product': {
      const rows = await repo.revenueByProduct(ctx.db, scope, chart.bucket)
      return {
        kind: chart.kind, ...common, currencies: currenciesOf(rows.map((r) => [r.currency, r.revenue])), bucket: chart.bucket, buckets: bucketStarts(window, chart.bucket),
        rows: rows.map((r) => ({ bucket: r.bucket, product_id: r.productId, product_name: r.productName, currency: r.currency, revenue: r.revenue, charges_count: r.count })),
      }
    }
    case 'subscription_retention': {
      const rows = retentionTable(await repo.subscriptions(ctx.db, scope), ctx.now, chart.months)
      return { kind: chart.kind, ...common, currencies: currenciesOf(rows.map((r) => [r.currency, r.subscriptions])), months: chart.months, rows }
    }
    case 'refund_rates': {
      const rows = await repo.refundRates(ctx.db, scope)
      return {
        kind: chart.kind, ...common, currencies: currenciesOf(rows.map((r) => [r.currency, r.paidAmount])),
        rows: rows.map((r) => ({
          product_id: r.productId, product_name: r.productName, currency: r.currency, paid_amount: r.paidAmount, paid_count: r.paidCount,
          refunded_amount: r.refundedAmount, refunded_count: r.refundedCount,
          amount_rate_bps: shareBps(r.refundedAmount, r.paidAmount), count_rate_bps: shareBps(r.refundedCount, r.paidCount),
        })),
      }
    }
    case 'affiliate_performance': {
      const rows = await repo.affiliatePerformance(ctx.db, scope)
      return {
        kind: chart.kind, ...common, currencies: currenciesOf(rows.map((r) => [r.currency, r.revenue])),
        rows: rows.map((r) => ({ publisher_id: r.publisherId, publisher_name: r.publisherName, currency: r.currency, orders: r.orders, revenue: r.revenue, commissions: r.commissions })),
      }
    }
  }
}

/** The currencies of the rows, the one with most first (by the given measure), then by code. */
function currenciesOf(pairs: readonly (readonly [string, number])[]): string[] {
  const totals = new Map<string, number>()
  for (const [currency, value] of pairs) totals.set(currency, (totals.get(currency) ?? 0) + value)
  return [...totals].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([currency]) => currency)
}

const major = (amount: number, currency: string) => (isCurrencyId(currency) ? toMajorUnitsString(amount, currency) : String(amount))
/** A share in basis points as a percent with two decimals: 1250 -> "12.50" (shares are never negative). */
const percent = (bps: number | null) => (bps === null ? '' : `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`)

/**
 * The rows of a chart as CSV (one line per row; amounts in major units with their currency beside, shares in
 * percent with two decimals), through the cabinet's CSV writer (src/server/csv-export.ts: csv-stringify, text
 * cells neutralised). Answers the file name too: `<kind>-<first day>-<last day>.csv`.
 */
export async function chartCsv(ctx: Ctx, id: number, index: number, query: RunAnalyticsChartQuery): Promise<{ filename: string; csv: string }> {
  const result = await runChart(ctx, id, index, query)
  const lastDay = new Date(new Date(result.till).getTime() - 86_400_000).toISOString().slice(0, 10)
  const filename = `${result.kind}-${result.from.slice(0, 10)}-${lastDay}.csv`
  const pages = <T>(rows: T[]) => async ({ offset, limit }: { offset: number; limit: number }) => rows.slice(offset, offset + limit)
  switch (result.kind) {
    case 'revenue_by_product': {
      const columns = ['bucket', 'product_id', 'product_name', 'currency', 'revenue', 'charges_count'] as const
      return { filename, csv: await csvFromPages(columns, pages(result.rows.map((r) => ({
        bucket: r.bucket, product_id: String(r.product_id), product_name: r.product_name, currency: r.currency, revenue: major(r.revenue, r.currency), charges_count: String(r.charges_count),
      }))), { raw: ['revenue'] }) }
    }
    case 'subscription_retention': {
      const monthColumns = Array.from({ length: result.months + 1 }, (_, n) => `month_${n}` as const)
      const columns = ['cohort', 'currency', 'subscriptions', ...monthColumns]
      return { filename, csv: await csvFromPages(columns, pages(result.rows.map((r) => ({
        cohort: r.cohort, currency: r.currency, subscriptions: String(r.subscriptions),
        ...Object.fromEntries(monthColumns.map((c, n) => [c, percent(r.share_bps[n] ?? null)])),
      }))), { raw: monthColumns }) }
    }
    case 'refund_rates': {
      const columns = ['product_id', 'product_name', 'currency', 'paid_amount', 'paid_count', 'refunded_amount', 'refunded_count', 'amount_rate_percent', 'count_rate_percent'] as const
      return { filename, csv: await csvFromPages(columns, pages(result.rows.map((r) => ({
        product_id: String(r.product_id), product_name: r.product_name, currency: r.currency, paid_amount: major(r.paid_amount, r.currency), paid_count: String(r.paid_count),
        refunded_amount: major(r.refunded_amount, r.currency), refunded_count: String(r.refunded_count),
        amount_rate_percent: percent(r.amount_rate_bps), count_rate_percent: percent(r.count_rate_bps),
      }))), { raw: ['paid_amount', 'refunded_amount'] }) }
    }
    case 'affiliate_performance': {
      const columns = ['publisher_id', 'publisher_name', 'currency', 'orders', 'revenue', 'commissions'] as const
      return { filename, csv: await csvFromPages(columns, pages(result.rows.map((r) => ({
        publisher_id: String(r.publisher_id), publisher_name: r.publisher_name, currency: r.currency, orders: String(r.orders),
        revenue: major(r.revenue, r.currency), commissions: major(r.commissions, r.currency),
      }))), { raw: ['revenue', 'commissions'] }) }
    }
  }
}
