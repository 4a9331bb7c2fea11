import { describe, expect, test } from 'vitest'
import {
  birthdayIssue, isAtLeastAge, isBirthday, isDayMonth, isDottedDate, isIsoDateTime, isMonthYear, isTime, isYear,
  parseDottedDate,
} from './dates'

describe('time HH:MM', () => {
  test('00:00 and 23:59 pass', () => {
    expect(isTime('00:00')).toBe(true)
    expect(isTime('23:59')).toBe(true)
  })
  test('24:00 and 23:60 fail', () => {
    expect(isTime('24:00')).toBe(false)
    expect(isTime('23:60')).toBe(false)
  })
  test('one-digit hour, seconds or another separator fail', () => {
    for (const value of ['9:30', '09:30:00', '09.30', '0930', ' 09:30']) expect(isTime(value)).toBe(false)
  })
})

describe('date dd.mm.yyyy', () => {
  test('a real date is parsed to its parts', () => {
    expect(parseDottedDate('22.11.2026')).toEqual({ year: 2026, month: 11, day: 22 })
  })
  test('01.01.0001 and 31.12.9999 pass: any real date, no year bound (docs/reference/readings.md 19)', () => {
    expect(isDottedDate('01.01.0001')).toBe(true)
    expect(isDottedDate('31.12.9999')).toBe(true)
    expect(isDottedDate('15.06.1750')).toBe(true)
  })
  test('year 0000 fails', () => {
    expect(isDottedDate('01.01.0000')).toBe(false)
  })
  test('31 of a 30-day month fails, 30 passes', () => {
    expect(isDottedDate('30.04.2026')).toBe(true)
    expect(isDottedDate('31.04.2026')).toBe(false)
  })
  test('29.02 passes in a leap year (2024, 2000) and fails otherwise (2026, 1900)', () => {
    expect(isDottedDate('29.02.2024')).toBe(true)
    expect(isDottedDate('29.02.2000')).toBe(true)
    expect(isDottedDate('29.02.2026')).toBe(false)
    expect(isDottedDate('29.02.1900')).toBe(false)
  })
  test('day 00, month 00 and month 13 fail', () => {
    for (const value of ['00.01.2026', '01.00.2026', '01.13.2026']) expect(isDottedDate(value)).toBe(false)
  })
  test('one-digit day or month, two-digit year and ISO order fail', () => {
    for (const value of ['1.01.2026', '01.1.2026', '01.01.26', '2026-01-01']) expect(isDottedDate(value)).toBe(false)
  })
})

describe('birthday (docs/reference/readings.md 19: 1900 to today minus 18 years)', () => {
  const today = new Date(2026, 10, 22) // 22.11.2026, local time
  test('born exactly 18 years ago today passes', () => {
    expect(isBirthday('22.11.2008', today)).toBe(true)
  })
  test('born 18 years ago tomorrow (one day short of 18) is refused', () => {
    expect(birthdayIssue('23.11.2008', today)).toBe('invalid_birthday')
  })
  test('born on 01.01.1900 passes, 31.12.1899 is refused', () => {
    expect(isBirthday('01.01.1900', today)).toBe(true)
    expect(birthdayIssue('31.12.1899', today)).toBe('invalid_birthday')
  })
  test('a date in the future is refused', () => {
    expect(birthdayIssue('01.01.2030', today)).toBe('invalid_birthday')
  })
  test('a date that does not exist is invalid_date, not invalid_birthday', () => {
    expect(birthdayIssue('31.02.1990', today)).toBe('invalid_date')
    expect(birthdayIssue('1990-02-01', today)).toBe('invalid_date')
  })
  test('born on 29.02.2008 is 18 on 01.03.2026, not on 28.02.2026', () => {
    expect(isBirthday('29.02.2008', new Date(2026, 1, 28))).toBe(false)
    expect(isBirthday('29.02.2008', new Date(2026, 2, 1))).toBe(true)
  })
  test('age is compared by calendar day, ignoring the time of day', () => {
    expect(isAtLeastAge({ year: 2008, month: 11, day: 22 }, 18, { year: 2026, month: 11, day: 22 })).toBe(true)
    expect(isBirthday('22.11.2008', new Date(2026, 10, 22, 0, 0, 1))).toBe(true)
    expect(isBirthday('22.11.2008', new Date(2026, 10, 21, 23, 59, 59))).toBe(false)
  })
})

describe('dd.mm, mm.yyyy and yyyy', () => {
  test('dd.mm: 29.02 passes (no year), 30.02 and 31.04 fail', () => {
    expect(isDayMonth('29.02')).toBe(true)
    expect(isDayMonth('30.02')).toBe(false)
    expect(isDayMonth('31.04')).toBe(false)
    expect(isDayMonth('31.12')).toBe(true)
  })
  test('dd.mm: 00.01, 01.13 and one-digit parts fail', () => {
    for (const value of ['00.01', '01.13', '1.01', '01.1']) expect(isDayMonth(value)).toBe(false)
  })
  test('mm.yyyy: months 01 and 12 pass, 00 and 13 fail', () => {
    expect(isMonthYear('01.2026')).toBe(true)
    expect(isMonthYear('12.2026')).toBe(true)
    expect(isMonthYear('00.2026')).toBe(false)
    expect(isMonthYear('13.2026')).toBe(false)
  })
  test('mm.yyyy: one-digit month, two-digit year and year 0000 fail', () => {
    for (const value of ['1.2026', '01.26', '01.0000']) expect(isMonthYear(value)).toBe(false)
  })
  test('yyyy: 4 digits pass, 3 or 5 digits and 0000 fail', () => {
    expect(isYear('0001')).toBe(true)
    expect(isYear('2026')).toBe(true)
    for (const value of ['999', '20260', '0000', '20a6']) expect(isYear(value)).toBe(false)
  })
})

describe('ISO request dates', () => {
  test('UTC with milliseconds and Z passes', () => {
    expect(isIsoDateTime('2026-11-22T10:00:00.000Z')).toBe(true)
    expect(isIsoDateTime('2024-02-29T23:59:59.999Z')).toBe(true)
  })
  test('without milliseconds, with an offset or without Z fails', () => {
    for (const value of ['2026-11-22T10:00:00Z', '2026-11-22T10:00:00.000+01:00', '2026-11-22T10:00:00.000', '2026-11-22']) {
      expect(isIsoDateTime(value)).toBe(false)
    }
  })
  test('a day or time that does not exist fails (30 February, 24:00, minute 60)', () => {
    for (const value of ['2026-02-30T10:00:00.000Z', '2026-11-22T24:00:00.000Z', '2026-11-22T10:60:00.000Z', '2026-13-01T00:00:00.000Z']) {
      expect(isIsoDateTime(value)).toBe(false)
    }
  })
  test('microseconds or a lowercase z fail', () => {
    expect(isIsoDateTime('2026-11-22T10:00:00.000000Z')).toBe(false)
    expect(isIsoDateTime('2026-11-22T10:00:00.000z')).toBe(false)
  })
})
