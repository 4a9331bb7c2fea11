import type { MessageKey } from './messages'

// docs/reference/accounts-and-orders.md §5 date and time formats. The dotted forms and the 4-digit year refuse year 0000,
// which no calendar has.

export type CalendarDate = { year: number; month: number; day: number }

const timePattern = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/
const dottedDatePattern = /^([0-9]{2})\.([0-9]{2})\.([0-9]{4})$/
const dayMonthPattern = /^([0-9]{2})\.([0-9]{2})$/
const monthYearPattern = /^(0[1-9]|1[0-2])\.((?!0000)[0-9]{4})$/
const yearPattern = /^(?!0000)[0-9]{4}$/
/** Dates sent in requests: always UTC with milliseconds, as Date.prototype.toISOString writes them. */
const isoDateTimePattern = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$/

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** HH:MM from 00:00 to 23:59. */
export function isTime(value: string): boolean {
  return timePattern.test(value)
}

/** dd.mm.yyyy as a real calendar date (31.04. and 29.02. of a non-leap year are refused). */
export function parseDottedDate(value: string): CalendarDate | undefined {
  const match = dottedDatePattern.exec(value)
  if (!match) return undefined
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  return { year, month, day }
}

export function isDottedDate(value: string): boolean {
  return parseDottedDate(value) !== undefined
}

/** dd.mm without a year, so 29.02 is allowed. */
export function isDayMonth(value: string): boolean {
  const match = dayMonthPattern.exec(value)
  if (!match) return false
  const [day, month] = [Number(match[1]), Number(match[2])]
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(2000, month)
}

/** mm.yyyy */
export function isMonthYear(value: string): boolean {
  return monthYearPattern.test(value)
}

/** A 4-digit year. */
export function isYear(value: string): boolean {
  return yearPattern.test(value)
}

/** 2026-11-22T10:00:00.000Z; the date and time must exist (no 30 February, no 24:00). */
export function isIsoDateTime(value: string): boolean {
  if (!isoDateTimePattern.test(value)) return false
  const time = Date.parse(value)
  return !Number.isNaN(time) && new Date(time).toISOString() === value
}

// docs/reference/readings.md 19: the spec's 1800-2019 bound was a birthday rule. Birthdays run from 1900 to today minus
// 18 years (docs/reference/accounts-and-orders.md §5 "at least 18 years before today"); other dates take any real date.
export const birthdayMinYear = 1900
export const minimumAge = 18

/** The calendar day of `date` in the runtime's time zone: the user's own day in the browser. */
export function calendarDateOf(date: Date): CalendarDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day
}

/**
 * Whether someone born on `birth` has had their `age`-th birthday by `today`. Someone born on 29
 * February comes of age on 1 March in a non-leap year.
 */
export function isAtLeastAge(birth: CalendarDate, age: number, today: CalendarDate): boolean {
  return compareDates({ ...birth, year: birth.year + age }, today) <= 0
}

export type BirthdayIssue = Extract<MessageKey, 'invalid_date' | 'invalid_birthday'>

/** dd.mm.yyyy, year 1900 or later, at least 18 years old on `today`. */
export function birthdayIssue(value: string, today: Date = new Date()): BirthdayIssue | undefined {
  const birth = parseDottedDate(value)
  if (birth === undefined) return 'invalid_date'
  if (birth.year < birthdayMinYear || !isAtLeastAge(birth, minimumAge, calendarDateOf(today))) return 'invalid_birthday'
  return undefined
}

export function isBirthday(value: string, today: Date = new Date()): boolean {
  return birthdayIssue(value, today) === undefined
}
