import { describe, expect, test } from 'vitest'
import {
  countryOfVatIdPrefix, euMemberStates, hasVatRate, isEuMemberState, vatIdPrefixOfCountry, vatRateBps, vatRateTable,
} from './vat-rates'

describe('the VAT rate table', () => {
  test('covers the 27 EU member states plus CH and GB, once each', () => {
    expect(euMemberStates).toHaveLength(27)
    expect(new Set(euMemberStates).size).toBe(27)
    expect(Object.keys(vatRateTable.standardBps).sort()).toEqual([...euMemberStates, 'CH', 'GB'].sort())
  })

  test('names its source and the date it reflects', () => {
    expect(vatRateTable.source).toMatch(/European Commission/)
    expect(vatRateTable.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  test.each([
    ['DE', 1900], ['AT', 2000], ['FR', 2000], ['IE', 2300], ['LU', 1700], ['HU', 2700], ['FI', 2550], ['GR', 2400],
    ['CH', 810], ['GB', 2000],
  ] as const)('the standard rate of %s is %i bps', (country, bps) => expect(vatRateBps(country)).toBe(bps))

  test('every rate is whole basis points below 100 %', () => {
    for (const bps of [...Object.values(vatRateTable.standardBps), ...Object.values(vatRateTable.ebookBps)]) {
      expect(Number.isSafeInteger(bps)).toBe(true)
      expect(bps).toBeGreaterThanOrEqual(0)
      expect(bps).toBeLessThan(10_000)
    }
  })

  test('an e-book uses the reduced rate where the table knows one', () => {
    expect(vatRateBps('DE', 'ebook')).toBe(700)
    expect(vatRateBps('FR', 'ebook')).toBe(550)
    expect(vatRateBps('IE', 'ebook')).toBe(0)
  })

  test('an e-book falls back to the standard rate where no reduced rate is recorded', () => {
    expect(vatRateBps('DK', 'ebook')).toBe(2500)
    expect(vatRateBps('GB', 'ebook')).toBe(2000)
  })

  test('the table cannot be changed at run time', () => {
    expect(Object.isFrozen(vatRateTable)).toBe(true)
    expect(Object.isFrozen(vatRateTable.standardBps)).toBe(true)
  })

  test('CH and GB have rates but are not EU member states', () => {
    expect(hasVatRate('CH')).toBe(true)
    expect(isEuMemberState('CH')).toBe(false)
    expect(isEuMemberState('GB')).toBe(false)
    expect(hasVatRate('US')).toBe(false)
    expect(hasVatRate('toString')).toBe(false)
    expect(isEuMemberState('EL')).toBe(false)
  })
})

describe('Greece is GR in addresses and EL in VAT ids (docs/reference/readings.md 22)', () => {
  test('the VAT id prefix of GR is EL, other countries keep their code', () => {
    expect(vatIdPrefixOfCountry('GR')).toBe('EL')
    expect(vatIdPrefixOfCountry('DE')).toBe('DE')
  })

  test('the country of the prefix EL is GR', () => {
    expect(countryOfVatIdPrefix('EL')).toBe('GR')
    expect(countryOfVatIdPrefix('el')).toBe('GR')
    expect(countryOfVatIdPrefix('FR')).toBe('FR')
  })

  test('GR is not a VAT id prefix, nor is an unknown code', () => {
    expect(countryOfVatIdPrefix('GR')).toBeUndefined()
    expect(countryOfVatIdPrefix('ZZ')).toBeUndefined()
  })

  test('every member state maps to its prefix and back', () => {
    for (const country of euMemberStates) expect(countryOfVatIdPrefix(vatIdPrefixOfCountry(country))).toBe(country)
  })
})
