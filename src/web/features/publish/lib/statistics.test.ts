import { describe, expect, test } from 'vitest'
import { chartPoints, conversionPercent, lastDays, statisticsCurrencies } from './statistics'

describe('statistics chart points', () => {
  test('conversion is the percent of clicks that became sales, two decimals, 0 without clicks', () => {
    expect(conversionPercent(0, 0)).toBe(0)
    expect(conversionPercent(3, 1)).toBe(33.33)
    expect(conversionPercent(200, 3)).toBe(1.5)
  })

  test('earnings are shown in one currency at a time, in minor units', () => {
    const series = [
      { periodStart: '2026-11-01', clicks: 10, sales: 1, earnings: [{ currency: 'eur', amount: 450 }, { currency: 'usd', amount: 100 }] },
      { periodStart: '2026-11-02', clicks: 0, sales: 0, earnings: [] },
    ]
    expect(statisticsCurrencies({ earnings: [{ currency: 'usd' }] }, series)).toEqual(['eur', 'usd'])
    expect(chartPoints(series, 'eur')).toEqual([
      { periodStart: '2026-11-01', clicks: 10, sales: 1, conversion: 10, earnings: 450 },
      { periodStart: '2026-11-02', clicks: 0, sales: 0, conversion: 0, earnings: 0 },
    ])
  })

  test('the last 30 days end today', () => {
    expect(lastDays(30, new Date('2026-11-27T12:00:00Z'))).toEqual({ from: '2026-10-29', till: '2026-11-27' })
  })
})
