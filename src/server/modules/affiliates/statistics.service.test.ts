import { describe, expect, test } from 'vitest'
import { commissionState } from './publisher-reads.service'
import { periodStart } from './statistics.service'

describe('statistics periods', () => {
  test('a day is its own period, a week starts on Monday, a month on its first day', () => {
    expect(periodStart('2026-11-27', 'day')).toBe('2026-11-27')
    expect(periodStart('2026-11-27', 'week')).toBe('2026-11-23')
    expect(periodStart('2026-11-23', 'week')).toBe('2026-11-23')
    expect(periodStart('2026-11-29', 'week')).toBe('2026-11-23')
    expect(periodStart('2026-01-01', 'week')).toBe('2025-12-29')
    expect(periodStart('2026-11-27', 'month')).toBe('2026-11-01')
  })
})

describe('commission states', () => {
  const now = new Date('2026-11-27T12:00:00Z')
  test('reversed once reversals took it all, pending while on hold, available after', () => {
    expect(commissionState({ amount: 1000, reversedAmount: 1000, availableAt: new Date('2026-12-01T00:00:00Z') }, now)).toBe('reversed')
    expect(commissionState({ amount: 1000, reversedAmount: 400, availableAt: new Date('2026-12-01T00:00:00Z') }, now)).toBe('pending')
    expect(commissionState({ amount: 1000, reversedAmount: 0, availableAt: now }, now)).toBe('available')
  })
})
