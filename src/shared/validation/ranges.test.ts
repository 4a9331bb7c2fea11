import { describe, expect, test } from 'vitest'
import { isInRange, rangeFilters } from './ranges'

describe('range filters of docs/reference/accounts-and-orders.md §5', () => {
  test('vat and rate percentages: 0 and 100 pass, -0.01 and 100.01 fail, fractions pass', () => {
    for (const range of [rangeFilters.vatPercent, rangeFilters.ratePercent]) {
      expect(isInRange(0, range)).toBe(true)
      expect(isInRange(100, range)).toBe(true)
      expect(isInRange(19.5, range)).toBe(true)
      expect(isInRange(-0.01, range)).toBe(false)
      expect(isInRange(100.01, range)).toBe(false)
    }
  })
  test('numeric filters: 0 and any large number pass, -1 fails', () => {
    expect(isInRange(0, rangeFilters.numeric)).toBe(true)
    expect(isInRange(Number.MAX_SAFE_INTEGER, rangeFilters.numeric)).toBe(true)
    expect(isInRange(-1, rangeFilters.numeric)).toBe(false)
  })
  test('charges count: 0 and 10000 pass, -1, 10001 and 1.5 fail', () => {
    expect(isInRange(0, rangeFilters.chargesCount)).toBe(true)
    expect(isInRange(10_000, rangeFilters.chargesCount)).toBe(true)
    expect(isInRange(-1, rangeFilters.chargesCount)).toBe(false)
    expect(isInRange(10_001, rangeFilters.chargesCount)).toBe(false)
    expect(isInRange(1.5, rangeFilters.chargesCount)).toBe(false)
  })
  test('overdue days: 0 and 365 pass, -1 and 366 fail', () => {
    expect(isInRange(0, rangeFilters.overdueDays)).toBe(true)
    expect(isInRange(365, rangeFilters.overdueDays)).toBe(true)
    expect(isInRange(-1, rangeFilters.overdueDays)).toBe(false)
    expect(isInRange(366, rangeFilters.overdueDays)).toBe(false)
  })
  test('number field: 1 and 1000000 pass, 0 and 1000001 fail', () => {
    expect(isInRange(1, rangeFilters.numberField)).toBe(true)
    expect(isInRange(1_000_000, rangeFilters.numberField)).toBe(true)
    expect(isInRange(0, rangeFilters.numberField)).toBe(false)
    expect(isInRange(1_000_001, rangeFilters.numberField)).toBe(false)
  })
  test('NaN and infinities are in no range', () => {
    for (const value of [Number.NaN, Infinity, -Infinity]) expect(isInRange(value, rangeFilters.numeric)).toBe(false)
  })
})
