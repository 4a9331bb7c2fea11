import { describe, expect, test } from 'vitest'
import { isVatId, normalizeVatId, vatIdIssue, vatPatternPrefixes } from './vat'

/** One id per country that matches the country's pattern (format only; check digits are not judged). */
const wellFormed: Record<string, string> = {
  AT: 'ATU12345678', BE: 'BE0123456789', BG: 'BG123456789', CY: 'CY12345678A', CZ: 'CZ12345678', DE: 'DE136695976',
  DK: 'DK12345678', EE: 'EE101234567', EL: 'EL094259216', ES: 'ESA12345678', FI: 'FI12345678', FR: 'FR40303265045',
  GB: 'GB980780684', HR: 'HR12345678901', HU: 'HU12345678', IE: 'IE1234567T', IT: 'IT12345678901', LT: 'LT123456789',
  LU: 'LU12345678', LV: 'LV12345678901', MT: 'MT12345678', NL: 'NL123456789B01', PL: 'PL1234567890', PT: 'PT123456789',
  RO: 'RO1234567', SE: 'SE123456789001', SI: 'SI12345678', SK: 'SK1234567890', CH: 'CHE116281710',
}

describe('VAT id', () => {
  test('every country of docs/reference/accounts-and-orders.md §5 has a pattern, Greece under EL', () => {
    for (const prefix of Object.keys(wellFormed)) expect(vatPatternPrefixes).toContain(prefix)
  })
  test('an id matching its country pattern passes, for each listed country', () => {
    for (const [prefix, id] of Object.entries(wellFormed)) expect([prefix, vatIdIssue(id)]).toEqual([prefix, undefined])
  })
  test('an id with one letter more than its country pattern is wrong_vat, for each listed country', () => {
    for (const [prefix, id] of Object.entries(wellFormed)) expect([prefix, vatIdIssue(`${id}X`)]).toEqual([prefix, 'wrong_vat'])
  })
  test('DE id of 9 digits passes, 8 or 10 digits is wrong_vat', () => {
    expect(vatIdIssue('DE136695976')).toBeUndefined()
    expect(vatIdIssue('DE13669597')).toBe('wrong_vat')
    expect(vatIdIssue('DE1366959761')).toBe('wrong_vat')
  })
  test('a Greek id with the address code GR instead of EL is wrong_vat (docs/reference/readings.md 22)', () => {
    expect(vatIdIssue('GR094259216')).toBe('wrong_vat')
    expect(vatIdIssue('EL094259216')).toBeUndefined()
  })
  test('Swiss id printed with hyphen, dots and MWST passes', () => {
    expect(isVatId('CHE-116.281.710 MWST')).toBe(true)
  })
  test('an id written with spaces or in lowercase passes', () => {
    expect(isVatId('de 136 695 976')).toBe(true)
  })
  test('an id of a country without a pattern is checked for its characters only', () => {
    expect(isVatId('NO123456789MVA')).toBe(true)
    expect(isVatId('XI123456789')).toBe(true)
    expect(isVatId('12-3456789')).toBe(true)
  })
  test('an id with a character other than letters, digits, underscore and hyphen is invalid_vat', () => {
    for (const value of ['DE136695976!', 'DE/136695976', 'DE+136695976', 'DEÜ36695976']) expect(vatIdIssue(value)).toBe('invalid_vat')
  })
  test('underscore and hyphen are allowed characters', () => {
    expect(vatIdIssue('AB_12-34')).toBeUndefined()
  })
  test('an empty id is invalid_vat', () => {
    expect(vatIdIssue('')).toBe('invalid_vat')
    expect(vatIdIssue('  ')).toBe('invalid_vat')
  })
  test('id of 30 characters passes, 31 is invalid_vat', () => {
    expect(vatIdIssue('X'.repeat(30))).toBeUndefined()
    expect(vatIdIssue('X'.repeat(31))).toBe('invalid_vat')
  })
  test('normalising removes spaces and dots and uppercases', () => {
    expect(normalizeVatId(' che-116.281.710 mwst ')).toBe('CHE-116281710MWST')
  })
})
