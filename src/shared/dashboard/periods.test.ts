import { describe, expect, test } from 'vitest'
import { bucketStart, dashboardPeriods, dashboardWindow, foldSeries, mondayOf, periodDays } from './periods'

// Wednesday 2025-03-12, mid-afternoon UTC.
const now = new Date('2025-03-12T15:30:00.000Z')

describe('dashboard periods', () => {
  test('a period of N days is today and the N - 1 days before it, from 00:00 UTC', () => {
    const week = dashboardWindow('7_days', now)
    expect(week.from.toISOString()).toBe('2025-03-06T00:00:00.000Z')
    expect(week.till).toBe(now)
    for (const period of dashboardPeriods) {
      const window = dashboardWindow(period, now)
      expect((now.getTime() - window.from.getTime()) / 86_400_000).toBeLessThan(periodDays[period])
      expect((now.getTime() - window.from.getTime()) / 86_400_000).toBeGreaterThan(periodDays[period] - 1)
    }
  })

  test('7, 30 and 90 days chart one bucket per day', () => {
    for (const period of ['7_days', '30_days', '90_days'] as const) {
      const window = dashboardWindow(period, now)
      expect(window.bucket).toBe('day')
      expect(window.buckets).toHaveLength(periodDays[period])
      expect(window.buckets.at(-1)).toBe('2025-03-12')
    }
  })

  test('180 and 365 days chart ISO weeks, the first cut at the period start', () => {
    const half = dashboardWindow('180_days', now)
    expect(half.bucket).toBe('week')
    expect(half.buckets[0]).toBe('2024-09-14') // a Saturday: the period's first day
    expect(half.buckets[1]).toBe('2024-09-16') // the Monday after
    expect(half.buckets.at(-1)).toBe('2025-03-10') // this week's Monday
    expect(half.buckets.slice(1).every((d) => mondayOf(d) === d)).toBe(true)
    expect(half.buckets).toHaveLength(27)
    const year = dashboardWindow('365_days', now)
    expect(year.buckets).toHaveLength(53)
    expect(new Set(year.buckets).size).toBe(year.buckets.length)
  })

  test('mondayOf and bucketStart', () => {
    expect(mondayOf('2025-03-16')).toBe('2025-03-10') // Sunday belongs to the week before
    expect(mondayOf('2025-03-10')).toBe('2025-03-10')
    const half = dashboardWindow('180_days', now)
    expect(bucketStart(half, '2024-09-15')).toBe('2024-09-14')
    expect(bucketStart(half, '2025-03-12')).toBe('2025-03-10')
    expect(bucketStart(dashboardWindow('7_days', now), '2025-03-08')).toBe('2025-03-08')
  })

  test('the series folds days into buckets per currency, zero-filled, ignoring days outside the window', () => {
    const half = dashboardWindow('180_days', now)
    const series = foldSeries(half, [
      { day: '2025-03-10', currency: 'eur', amount: 1000 },
      { day: '2025-03-12', currency: 'eur', amount: 500 },
      { day: '2025-03-11', currency: 'usd', amount: 700 },
      { day: '2024-09-14', currency: 'eur', amount: 1 },
      { day: '2024-09-13', currency: 'eur', amount: 99_999 }, // before the period
      { day: '2025-03-13', currency: 'eur', amount: 99_999 }, // after now
    ], ['eur', 'usd'])
    expect(series).toHaveLength(half.buckets.length)
    expect(series.at(-1)).toEqual({ start: '2025-03-10', amounts: { eur: 1500, usd: 700 } })
    expect(series[0]).toEqual({ start: '2024-09-14', amounts: { eur: 1, usd: 0 } })
    expect(series.reduce((sum, p) => sum + p.amounts.eur!, 0)).toBe(1501)
  })
})
