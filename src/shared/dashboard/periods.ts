// The seller dashboard's periods (docs/reference/accounts-and-orders.md: "Dashboard period default 90_days; options 7, 30, 90, 180,
// 365 days") and how a period's days fold into the chart's buckets. Days are UTC calendar days; a period
// of N days is today and the N - 1 days before it, so "7 days" on a Wednesday starts last Thursday.
// Short periods chart one bucket per day; 180 and 365 days one per ISO week (Monday first), the first
// week cut at the period's start so no bucket reaches outside the period.

export const dashboardPeriods = ['7_days', '30_days', '90_days', '180_days', '365_days'] as const
export type DashboardPeriod = (typeof dashboardPeriods)[number]
export const defaultDashboardPeriod: DashboardPeriod = '90_days'

export const periodDays: Readonly<Record<DashboardPeriod, number>> = { '7_days': 7, '30_days': 30, '90_days': 90, '180_days': 180, '365_days': 365 }

/** Rates falling due within this many days count as upcoming. */
export const upcomingRateDays = 30

export type Bucket = 'day' | 'week'

export type DashboardWindow = {
  period: DashboardPeriod
  /** The first instant of the period: 00:00 UTC of its first day. */
  from: Date
  /** The end of the period: now. */
  till: Date
  bucket: Bucket
  /** Each bucket's first day (YYYY-MM-DD), oldest first. */
  buckets: string[]
}

const dayMs = 86_400_000

/** YYYY-MM-DD of a UTC day. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10)
}

function startOfUtcDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / dayMs) * dayMs)
}

/** The Monday (UTC) of the ISO week `day` (YYYY-MM-DD) falls in. */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`)
  const sinceMonday = (date.getUTCDay() + 6) % 7
  return dayOf(new Date(date.getTime() - sinceMonday * dayMs))
}

export function bucketOfPeriod(period: DashboardPeriod): Bucket {
  return periodDays[period] > 90 ? 'week' : 'day'
}

export function dashboardWindow(period: DashboardPeriod, now: Date): DashboardWindow {
  const days = periodDays[period]
  const from = new Date(startOfUtcDay(now).getTime() - (days - 1) * dayMs)
  const bucket = bucketOfPeriod(period)
  const buckets: string[] = []
  for (let i = 0; i < days; i++) {
    const day = dayOf(new Date(from.getTime() + i * dayMs))
    const start = bucketStart({ bucket, from }, day)
    if (buckets[buckets.length - 1] !== start) buckets.push(start)
  }
  return { period, from, till: now, bucket, buckets }
}

/** The first day of the bucket that `day` (YYYY-MM-DD, inside the window) belongs to. */
export function bucketStart(window: Pick<DashboardWindow, 'bucket' | 'from'>, day: string): string {
  if (window.bucket === 'day') return day
  const monday = mondayOf(day)
  const first = dayOf(window.from)
  return monday < first ? first : monday
}

export type DailyAmount = { day: string; currency: string; amount: number }
export type SeriesPoint = { start: string; amounts: Record<string, number> }

/**
 * Folds per-day sums (from SQL) into the window's buckets: one point per bucket, each with an amount per
 * currency (0 where nothing happened, so every currency draws a continuous line). Days outside the
 * window are ignored.
 */
export function foldSeries(window: DashboardWindow, rows: readonly DailyAmount[], currencies: readonly string[]): SeriesPoint[] {
  const points = new Map<string, Record<string, number>>(
    window.buckets.map((start) => [start, Object.fromEntries(currencies.map((c) => [c, 0]))]),
  )
  const first = dayOf(window.from)
  const last = dayOf(window.till)
  for (const row of rows) {
    if (row.day < first || row.day > last) continue
    const point = points.get(bucketStart(window, row.day))
    if (!point) continue
    point[row.currency] = (point[row.currency] ?? 0) + row.amount
  }
  return [...points.entries()].map(([start, amounts]) => ({ start, amounts }))
}
