import { describe, expect, test } from 'vitest'
import { formatDate, formatDateTime, formatDayShort, formatMonth } from './format'

describe('one date style per locale', () => {
  test('an instant shows its date and time in the reader\'s language', () => {
    expect(formatDateTime('2026-11-22T10:00:00.000Z', 'en')).toMatch(/^Nov 22, 2026, \d{1,2}:\d{2}\s?[AP]M$/)
    expect(formatDateTime('2026-11-22T10:00:00.000Z', 'de')).toMatch(/^22\.11\.2026, \d{2}:\d{2}$/)
  })
  test('a bare day is that calendar day, without a time, in every time zone', () => {
    expect(formatDate('2026-12-01', 'en')).toBe('Dec 1, 2026')
    expect(formatDate('2026-12-01', 'de')).toBe('01.12.2026')
    expect(formatDateTime('2026-12-01', 'de')).toBe('01.12.2026')
  })
  test('the date part of a date and time is the same text as the date alone', () => {
    const instant = '2026-11-22T12:00:00.000Z'
    for (const locale of ['en', 'de', 'fr']) expect(formatDateTime(instant, locale).startsWith(formatDate(instant, locale))).toBe(true)
  })
  test('months and chart days', () => {
    expect(formatMonth('2026-11-01', 'en')).toBe('November 2026')
    expect(formatMonth('2026-11', 'de')).toBe('November 2026')
    expect(formatDayShort('2026-11-22', 'de')).toBe('22. Nov.')
  })
  test('what is not a date is shown as given', () => {
    expect(formatDate('soon', 'en')).toBe('soon')
    expect(formatDateTime('soon', 'en')).toBe('soon')
    expect(formatMonth('soon', 'en')).toBe('soon')
  })
})
