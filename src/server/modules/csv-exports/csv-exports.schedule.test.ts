import { describe, expect, test } from 'vitest'
import { nextRunAt } from './csv-exports.schedule'

describe('the next send time of a scheduled export', () => {
  test('daily: 06:00 UTC today if still ahead, else tomorrow', () => {
    expect(nextRunAt('daily', null, new Date('2025-03-10T05:59:00Z')).toISOString()).toBe('2025-03-10T06:00:00.000Z')
    expect(nextRunAt('daily', null, new Date('2025-03-10T06:00:00Z')).toISOString()).toBe('2025-03-11T06:00:00.000Z')
  })

  test('weekly: the next such weekday (Monday = 1, Sunday = 7)', () => {
    // 2025-03-10 is a Monday
    expect(nextRunAt('weekly', 1, new Date('2025-03-10T05:00:00Z')).toISOString()).toBe('2025-03-10T06:00:00.000Z')
    expect(nextRunAt('weekly', 1, new Date('2025-03-10T07:00:00Z')).toISOString()).toBe('2025-03-17T06:00:00.000Z')
    expect(nextRunAt('weekly', 3, new Date('2025-03-10T07:00:00Z')).toISOString()).toBe('2025-03-12T06:00:00.000Z')
    expect(nextRunAt('weekly', 7, new Date('2025-03-10T07:00:00Z')).toISOString()).toBe('2025-03-16T06:00:00.000Z')
  })

  test('monthly: the day of this month if ahead, else of the next; across the year end', () => {
    expect(nextRunAt('monthly', 15, new Date('2025-03-10T07:00:00Z')).toISOString()).toBe('2025-03-15T06:00:00.000Z')
    expect(nextRunAt('monthly', 1, new Date('2025-03-10T07:00:00Z')).toISOString()).toBe('2025-04-01T06:00:00.000Z')
    expect(nextRunAt('monthly', 28, new Date('2025-12-28T06:00:00Z')).toISOString()).toBe('2026-01-28T06:00:00.000Z')
  })
})
