import { describe, expect, test } from 'vitest'
import { addMonthsUtc, analyticsWindow, bucketStarts, retentionTable, shareBps } from './charts'

const now = new Date('2026-06-15T12:00:00.000Z')

describe('analytics windows and buckets', () => {
  test('a preset period is today and the days before it, ending at the end of today; a custom one is its days, both included', () => {
    expect(analyticsWindow('7_days', now)).toEqual({ from: new Date('2026-06-09T00:00:00.000Z'), till: new Date('2026-06-16T00:00:00.000Z') })
    expect(analyticsWindow('custom', now, { from: '2026-02-28', till: '2026-02-01' })).toEqual({ from: new Date('2026-02-01T00:00:00.000Z'), till: new Date('2026-03-01T00:00:00.000Z') })
  })

  test('weeks start on Monday and months on the 1st; the first bucket may start before the window', () => {
    const window = analyticsWindow('custom', now, { from: '2026-05-28', till: '2026-06-09' })
    expect(bucketStarts(window, 'week')).toEqual(['2026-05-25', '2026-06-01', '2026-06-08'])
    expect(bucketStarts(window, 'month')).toEqual(['2026-05-01', '2026-06-01'])
    expect(bucketStarts(window, 'day')).toHaveLength(13)
  })

  test('a month later keeps the day or cuts it to the month\'s last', () => {
    expect(addMonthsUtc(new Date('2026-01-31T10:00:00.000Z'), 1)).toEqual(new Date('2026-02-28T10:00:00.000Z'))
    expect(addMonthsUtc(new Date('2026-11-15T00:00:00.000Z'), 3)).toEqual(new Date('2027-02-15T00:00:00.000Z'))
  })

  test('shares are basis points rounded half up', () => {
    expect(shareBps(1, 3)).toBe(3_333)
    expect(shareBps(2, 3)).toBe(6_667)
    expect(shareBps(0, 0)).toBe(0)
  })
})

describe('cohort retention', () => {
  test('a cell shows once every subscription of the cohort is N months old; one that stopped is active until it stopped', () => {
    const rows = retentionTable([
      { currency: 'eur', firstPaidAt: new Date('2026-03-01T00:00:00.000Z'), endedAt: new Date('2026-04-15T00:00:00.000Z') },
      { currency: 'eur', firstPaidAt: new Date('2026-03-31T00:00:00.000Z'), endedAt: null },
      { currency: 'chf', firstPaidAt: new Date('2026-03-02T00:00:00.000Z'), endedAt: new Date('2026-03-02T00:00:00.000Z') },
    ], now, 3)
    expect(rows).toEqual([
      { cohort: '2026-03', currency: 'chf', subscriptions: 1, active: [0, 0, 0, 0], share_bps: [0, 0, 0, 0] },
      // 1 March stopped 15 April: active at +1 (1 April), not at +2. +3 months of 31 March is 30 June, after now
      { cohort: '2026-03', currency: 'eur', subscriptions: 2, active: [2, 2, 1, null], share_bps: [10_000, 10_000, 5_000, null] },
    ])
  })
})
