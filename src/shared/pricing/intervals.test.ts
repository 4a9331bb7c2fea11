import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { addInterval, intervalCode, intervalCodes, isIntervalCode, normalizeInterval, parseInterval, zInterval } from './intervals'

const utc = (y: number, m: number, d: number, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min))
const iso = (date: Date) => date.toISOString().slice(0, 10)

describe('interval codes (docs/reference/readings.md 2)', () => {
  test('days 1..27 except multiples of 7, weeks 1..4, months 1..11, years 1 and 2: 41 codes', () => {
    const expected = [
      ...Array.from({ length: 27 }, (_, i) => i + 1).filter((n) => n % 7 !== 0).map((n) => `${n}d`),
      '1w', '2w', '3w', '4w',
      ...Array.from({ length: 11 }, (_, i) => `${i + 1}m`),
      '1y', '2y',
    ]
    expect([...intervalCodes]).toEqual(expected)
    expect(intervalCodes).toHaveLength(41)
  })
  test('7d, 14d, 21d and 28d are weeks: stored as 1w, 2w, 3w, 4w', () => {
    expect(normalizeInterval('7d')).toBe('1w')
    expect(normalizeInterval('14d')).toBe('2w')
    expect(normalizeInterval('21d')).toBe('3w')
    expect(normalizeInterval('28d')).toBe('4w')
    expect(parseInterval('14d')).toEqual({ unit: 'w', count: 2 })
  })
  test('stored as unit + count', () => {
    expect(parseInterval('1d')).toEqual({ unit: 'd', count: 1 })
    expect(parseInterval('27d')).toEqual({ unit: 'd', count: 27 })
    expect(parseInterval('11m')).toEqual({ unit: 'm', count: 11 })
    expect(parseInterval('2y')).toEqual({ unit: 'y', count: 2 })
  })
  test.each(['0d', '29d', '35d', '5w', '0m', '12m', '3y', '1M', ' 1m', '1m ', '01m', '1', 'm', '', '1.5m', '-1d'])(
    'the boundary %j is no interval', (code) => {
      expect(parseInterval(code)).toBeNull()
      expect(normalizeInterval(code)).toBeNull()
      expect(isIntervalCode(code)).toBe(false)
    },
  )
  test('every canonical code parses to itself', () => {
    for (const code of intervalCodes) {
      const parsed = parseInterval(code)
      expect(parsed).not.toBeNull()
      expect(intervalCode(parsed!)).toBe(code)
      expect(normalizeInterval(code)).toBe(code)
    }
  })
  test('intervalCode refuses a pair that is no interval (7 days is a week)', () => {
    expect(() => intervalCode({ unit: 'd', count: 7 })).toThrow(RangeError)
    expect(() => intervalCode({ unit: 'm', count: 12 })).toThrow(RangeError)
  })
  test('zInterval accepts every valid code, 7d..28d included, and gives the canonical code', () => {
    expect(zInterval.parse('7d')).toBe('1w')
    expect(zInterval.parse('28d')).toBe('4w')
    expect(zInterval.parse('3m')).toBe('3m')
    for (const code of intervalCodes) expect(zInterval.parse(code)).toBe(code)
  })
  test('zInterval answers invalid_interval for a bad code and required for none', () => {
    expect(zInterval.safeParse('12m').error?.issues.map((i) => i.message)).toEqual(['invalid_interval'])
    expect(zInterval.safeParse(3).error?.issues.map((i) => i.message)).toEqual(['invalid_interval'])
    expect(zInterval.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual(['required'])
  })
  test('property: normalizing is idempotent and agrees with parsing', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }), fc.constantFrom('d', 'w', 'm', 'y'), (n, unit) => {
      const normal = normalizeInterval(`${n}${unit}`)
      if (normal === null) expect(parseInterval(`${n}${unit}`)).toBeNull()
      else expect(normalizeInterval(normal)).toBe(normal)
    }))
  })
})

describe('addInterval: due dates in UTC', () => {
  test('Jan 31 + 1m is Feb 28, in a leap year Feb 29 (clamped to the last day)', () => {
    expect(iso(addInterval(utc(2025, 1, 31), '1m'))).toBe('2025-02-28')
    expect(iso(addInterval(utc(2024, 1, 31), '1m'))).toBe('2024-02-29')
  })
  test('Feb 28 + 1m with anchor day 31 is Mar 31: a schedule started on the 31st does not drift', () => {
    expect(iso(addInterval(utc(2025, 2, 28), '1m', 31))).toBe('2025-03-31')
    expect(iso(addInterval(utc(2025, 3, 31), '1m', 31))).toBe('2025-04-30')
  })
  test('Aug 31 + 6m is Feb 28 of the next year; Dec 15 + 1m is Jan 15', () => {
    expect(iso(addInterval(utc(2025, 8, 31), '6m'))).toBe('2026-02-28')
    expect(iso(addInterval(utc(2025, 12, 15), '1m'))).toBe('2026-01-15')
  })
  test('Feb 29 + 1y or 2y is Feb 28; with anchor day 29 the next leap year is Feb 29 again', () => {
    expect(iso(addInterval(utc(2024, 2, 29), '1y'))).toBe('2025-02-28')
    expect(iso(addInterval(utc(2024, 2, 29), '2y'))).toBe('2026-02-28')
    expect(iso(addInterval(addInterval(utc(2024, 2, 29), '2y'), '2y', 29))).toBe('2028-02-29')
  })
  test('days and weeks add whole UTC days and keep the time of day', () => {
    expect(addInterval(utc(2025, 3, 29, 10, 30), '2d').toISOString()).toBe('2025-03-31T10:30:00.000Z')
    expect(addInterval(utc(2025, 12, 30, 23, 59), '1w').toISOString()).toBe('2026-01-06T23:59:00.000Z')
    expect(addInterval(utc(2025, 1, 1), '7d').getTime()).toBe(addInterval(utc(2025, 1, 1), '1w').getTime())
  })
  test('months keep the UTC time of day', () => {
    expect(addInterval(utc(2025, 1, 31, 18, 5), '1m').toISOString()).toBe('2025-02-28T18:05:00.000Z')
  })
  test('takes a parsed interval as well as a code', () => {
    expect(iso(addInterval(utc(2025, 1, 10), { unit: 'w', count: 2 }))).toBe('2025-01-24')
  })
  test('refuses an invalid date, interval or anchor day', () => {
    expect(() => addInterval(new Date(Number.NaN), '1m')).toThrow(RangeError)
    expect(() => addInterval(utc(2025, 1, 1), '12m')).toThrow(RangeError)
    expect(() => addInterval(utc(2025, 1, 1), { unit: 'd', count: 7 })).toThrow(RangeError)
    expect(() => addInterval(utc(2025, 1, 1), '1m', 0)).toThrow(RangeError)
    expect(() => addInterval(utc(2025, 1, 1), '1m', 32)).toThrow(RangeError)
  })
  test('does not change the date it is given', () => {
    const date = utc(2025, 1, 31)
    addInterval(date, '1m')
    expect(iso(date)).toBe('2025-01-31')
  })
  const dates = fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true })
  test('property: a month step lands on the anchor day, or the last day of a shorter month', () => {
    fc.assert(fc.property(dates, fc.integer({ min: 1, max: 11 }), fc.integer({ min: 1, max: 31 }), (date, months, anchor) => {
      const result = addInterval(date, `${months}m`, anchor)
      const monthsApart = (result.getUTCFullYear() - date.getUTCFullYear()) * 12 + result.getUTCMonth() - date.getUTCMonth()
      expect(monthsApart).toBe(months)
      const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate()
      expect(result.getUTCDate()).toBe(Math.min(anchor, last))
      expect(result.getTime() % 86_400_000).toBe(date.getTime() % 86_400_000)
    }))
  })
  test('property: n weeks are 7n days', () => {
    fc.assert(fc.property(dates, fc.integer({ min: 1, max: 4 }), (date, weeks) => {
      expect(addInterval(date, `${weeks}w`).getTime() - date.getTime()).toBe(weeks * 7 * 86_400_000)
    }))
  })
})
