import { z } from 'zod'
import { daysInMonth } from '../validation/dates'

// Billing intervals (docs/reference/catalogue-and-selling.md §3, docs/reference/readings.md 2): days 1d..27d except the multiples of 7, which are
// weeks 1w..4w (7, 14, 21, 28 days); months 1m..11m; years 1y, 2y. Input may say 7d, 14d, 21d or 28d;
// they are stored as 1w..4w. An interval is stored as unit + count; its code is the two joined.

export const intervalUnits = ['d', 'w', 'm', 'y'] as const
export type IntervalUnit = (typeof intervalUnits)[number]
export type Interval = { readonly unit: IntervalUnit; readonly count: number }

/**
 * Every canonical code: 1d..27d without 7d, 14d, 21d; 1w..4w; 1m..11m; 1y, 2y (41 codes). Written out so
 * that `IntervalCode` is the exact union; a test checks the list against the rule.
 */
export const intervalCodes = [
  '1d', '2d', '3d', '4d', '5d', '6d', '8d', '9d', '10d', '11d', '12d', '13d', '15d', '16d', '17d', '18d', '19d', '20d',
  '22d', '23d', '24d', '25d', '26d', '27d',
  '1w', '2w', '3w', '4w',
  '1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m', '10m', '11m',
  '1y', '2y',
] as const
/** A canonical interval code, as stored ("1w", never "7d"). */
export type IntervalCode = (typeof intervalCodes)[number]

const canonical: ReadonlySet<string> = new Set<string>(intervalCodes)
const codePattern = /^([1-9][0-9]?)([dwmy])$/

/**
 * The unit and count of an interval code, weeks for 7d, 14d, 21d and 28d; null for anything else
 * ("0d", "29d", "5w", "12m", "3y", "1M", " 1m", "01m").
 */
export function parseInterval(code: string): Interval | null {
  const match = codePattern.exec(code)
  if (!match) return null
  const count = Number(match[1])
  const unit = match[2] as IntervalUnit
  if (unit === 'd' && count % 7 === 0 && count <= 28) return { unit: 'w', count: count / 7 }
  return canonical.has(code) ? { unit, count } : null
}

/** The canonical code of a valid code ("7d" -> "1w", "1m" -> "1m"); null for an invalid one. */
export function normalizeInterval(code: string): IntervalCode | null {
  const interval = parseInterval(code)
  return interval === null ? null : intervalCode(interval)
}

/** The code of a unit and count: { unit: 'w', count: 2 } -> "2w". Throws on a pair that is no interval. */
export function intervalCode(interval: Interval): IntervalCode {
  const code = `${interval.count}${interval.unit}`
  if (!isIntervalCode(code)) throw new RangeError(`not an interval: ${code}`)
  return code
}

export function isIntervalCode(value: unknown): value is IntervalCode {
  return typeof value === 'string' && canonical.has(value)
}

/** Any valid code, 7d..28d included; the parsed value is the canonical code ("14d" -> "2w"). */
/** The codes parseInterval takes, as the API document states them. */
export const intervalPattern = '^(?:(?:[1-9]|1[0-9]|2[0-8])d|[1-4]w|(?:[1-9]|1[01])m|[12]y)$'

export const zInterval = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_interval') })
  .refine((value) => parseInterval(value) !== null, { error: 'invalid_interval' })
  .meta({ pattern: intervalPattern, description: '1 to 27 days (7d, 14d, 21d, 28d read as weeks), 1 to 4 weeks, 1 to 11 months, 1 or 2 years' })
  .transform((value) => normalizeInterval(value) as IntervalCode)

const dayMs = 86_400_000

function toInterval(interval: string | Interval): Interval {
  if (typeof interval !== 'string') {
    intervalCode(interval) // throws on a pair that is no interval
    return interval
  }
  const parsed = parseInterval(interval)
  if (parsed === null) throw new RangeError(`not an interval: ${interval}`)
  return parsed
}

/**
 * The date one interval after `date`, in UTC, keeping the time of day. Days and weeks add 24-hour days.
 * Months and years add calendar months; the day of the month is `anchorDay` (default: the day of `date`),
 * clamped to the last day of the target month: Jan 31 + 1m is Feb 28 (Feb 29 in a leap year), and
 * Feb 28 + 1m with anchor day 31 is Mar 31, so a schedule started on the 31st does not drift to the 28th.
 */
export function addInterval(date: Date, interval: string | Interval, anchorDay?: number): Date {
  const time = date.getTime()
  if (Number.isNaN(time)) throw new RangeError('addInterval: invalid date')
  if (anchorDay !== undefined && (!Number.isInteger(anchorDay) || anchorDay < 1 || anchorDay > 31)) {
    throw new RangeError(`addInterval: anchor day must be 1..31, got ${anchorDay}`)
  }
  const { unit, count } = toInterval(interval)
  if (unit === 'd' || unit === 'w') return new Date(time + count * (unit === 'w' ? 7 : 1) * dayMs)

  const months = date.getUTCFullYear() * 12 + date.getUTCMonth() + count * (unit === 'y' ? 12 : 1)
  const year = Math.floor(months / 12)
  const month = months % 12 // 0-based
  const day = Math.min(anchorDay ?? date.getUTCDate(), daysInMonth(year, month + 1))
  const result = new Date(time)
  result.setUTCFullYear(year, month, day) // keeps the UTC time of day; years below 100 stay as given
  return result
}
