import { dashboardPeriods, periodDays, type DashboardPeriod } from '../dashboard/periods'
import { roundHalfUp } from '../money'

// Analytics sets (docs/decisions/0087-analytics-sets.md): the charts a seller can save, their periods and
// buckets, and the pure parts of computing them (the period's window, the buckets a revenue chart draws,
// the cohort retention table). Days, weeks (ISO, Monday first) and months are UTC, like the dashboard's
// (src/shared/dashboard/periods.ts). Money stays integers of minor units per currency; shares are basis
// points (10 000 = 100 %).

export const analyticsChartKinds = ['revenue_by_product', 'subscription_retention', 'refund_rates', 'affiliate_performance'] as const
export type AnalyticsChartKind = (typeof analyticsChartKinds)[number]

/** The dashboard's periods (N days ending today) and a custom range of days. */
export const analyticsPeriods = [...dashboardPeriods, 'custom'] as const
export type AnalyticsPeriod = (typeof analyticsPeriods)[number]
export const defaultAnalyticsPeriod: AnalyticsPeriod = '90_days'

export const analyticsBuckets = ['day', 'week', 'month'] as const
export type AnalyticsBucket = (typeof analyticsBuckets)[number]

/** A custom range is at most this many days (three years). */
export const maxRangeDays = 3 * 366
/** A retention table follows cohorts for at most this many months after their first payment. */
export const maxRetentionMonths = 24
export const defaultRetentionMonths = 12
/** A set holds at most this many charts. */
export const maxChartsPerSet = 12

const dayMs = 86_400_000

/** YYYY-MM-DD of a UTC day. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10)
const startOfUtcDay = (date: Date) => new Date(Math.floor(date.getTime() / dayMs) * dayMs)

/** The half-open window [from, till) a chart reads: whole UTC days. */
export type AnalyticsWindow = { from: Date; till: Date }

/**
 * A preset period: today and the N - 1 days before it (the dashboard's rule); the window ends at the end of
 * today. A custom period: the days `from` to `till`, both included (read the right way round).
 */
export function analyticsWindow(period: AnalyticsPeriod, now: Date, range: { from?: string | undefined; till?: string | undefined } = {}): AnalyticsWindow {
  if (period === 'custom') {
    let [first, last] = [range.from ?? isoDay(now), range.till ?? isoDay(now)]
    if (first > last) [first, last] = [last, first]
    return { from: new Date(`${first}T00:00:00.000Z`), till: new Date(new Date(`${last}T00:00:00.000Z`).getTime() + dayMs) }
  }
  const today = startOfUtcDay(now)
  return { from: new Date(today.getTime() - (periodDays[period as DashboardPeriod] - 1) * dayMs), till: new Date(today.getTime() + dayMs) }
}

/** Days a window spans. */
export function windowDays(window: AnalyticsWindow): number {
  return Math.round((window.till.getTime() - window.from.getTime()) / dayMs)
}

/** The first day (YYYY-MM-DD) of the bucket a day falls in: itself, its ISO week's Monday, or its month's first day. */
export function bucketOf(day: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return day
  if (bucket === 'month') return `${day.slice(0, 7)}-01`
  const date = new Date(`${day}T00:00:00.000Z`)
  return isoDay(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * dayMs))
}

/** Every bucket's first day the window touches, oldest first (the first may start before the window). */
export function bucketStarts(window: AnalyticsWindow, bucket: AnalyticsBucket): string[] {
  const starts: string[] = []
  for (let t = window.from.getTime(); t < window.till.getTime(); t += dayMs) {
    const start = bucketOf(isoDay(new Date(t)), bucket)
    if (starts[starts.length - 1] !== start) starts.push(start)
  }
  return starts
}

/** `date` plus `months` calendar months (UTC), the day kept or cut to the month's last (31 Jan + 1 = 28/29 Feb). */
export function addMonthsUtc(date: Date, months: number): Date {
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()))
}

/** One subscription of a cohort: when its first payment was, and when it stopped (canceled, refunded, paused), if it did. */
export type CohortMember = { currency: string; firstPaidAt: Date; endedAt: Date | null }

export type RetentionRow = {
  /** The month of the first payment, YYYY-MM. */
  cohort: string
  currency: string
  subscriptions: number
  /** Index N = N months after each subscription's first payment: how many were still active; null while the cohort is younger. */
  active: (number | null)[]
  /** The same as a share of `subscriptions`, in basis points. */
  share_bps: (number | null)[]
}

/** a * 10 000 / b rounded half up (b > 0): a share in basis points. */
export function shareBps(part: number, whole: number): number {
  return whole > 0 ? roundHalfUp(part * 10_000, whole) : 0
}

/**
 * Cohort retention of subscriptions: cohorts by the month (UTC) of the first payment and by currency. A
 * subscription is active N months after its first payment when it had not stopped by then (`endedAt` after
 * that instant, or never). Cell N of a cohort is shown once every subscription in it is N months old (at
 * `now`); until then it is null. Month 0 is the first payment itself (everyone).
 */
export function retentionTable(members: readonly CohortMember[], now: Date, months: number): RetentionRow[] {
  const cohorts = new Map<string, CohortMember[]>()
  for (const m of members) {
    const key = `${isoDay(m.firstPaidAt).slice(0, 7)}|${m.currency}`
    let list = cohorts.get(key)
    if (!list) cohorts.set(key, list = [])
    list.push(m)
  }
  const rows: RetentionRow[] = []
  for (const [key, list] of cohorts) {
    const [cohort, currency] = key.split('|') as [string, string]
    const active: (number | null)[] = []
    for (let n = 0; n <= months; n++) {
      if (list.some((m) => addMonthsUtc(m.firstPaidAt, n) > now)) { active.push(null); continue }
      active.push(list.filter((m) => m.endedAt === null || m.endedAt > addMonthsUtc(m.firstPaidAt, n)).length)
    }
    rows.push({ cohort, currency, subscriptions: list.length, active, share_bps: active.map((a) => (a === null ? null : shareBps(a, list.length))) })
  }
  return rows.sort((a, b) => a.cohort.localeCompare(b.cohort) || a.currency.localeCompare(b.currency))
}
