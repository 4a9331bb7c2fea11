import { describe, expect, test } from 'vitest'
import { countryCodes, isCountryCode, requiresState, stateRequiredCountries, vatPrefixOf } from './countries'

describe('country codes (ISO 3166-1 alpha-2)', () => {
  test('the list holds the 249 assigned codes, each once, sorted', () => {
    expect(countryCodes).toHaveLength(249)
    expect(new Set(countryCodes).size).toBe(249)
    expect([...countryCodes].sort()).toEqual([...countryCodes])
  })
  test('assigned codes pass: DE, GR, CH, GB, AE, US, AX', () => {
    for (const code of ['DE', 'GR', 'CH', 'GB', 'AE', 'US', 'AX']) expect(isCountryCode(code)).toBe(true)
  })
  test('lowercase, EL, UK, XK and three letters fail', () => {
    for (const code of ['de', 'EL', 'UK', 'XK', 'DEU', '']) expect(isCountryCode(code)).toBe(false)
  })
})

describe('states and provinces (docs/reference/readings.md 22)', () => {
  test('US, CA, MX and IN need a state; DE does not', () => {
    expect(stateRequiredCountries).toEqual(['US', 'CA', 'MX', 'IN'])
    for (const code of ['US', 'CA', 'MX', 'IN']) expect(requiresState(code)).toBe(true)
    expect(requiresState('DE')).toBe(false)
  })
  test('Greece is GR in addresses and EL in VAT ids', () => {
    expect(vatPrefixOf('GR')).toBe('EL')
    expect(vatPrefixOf('DE')).toBe('DE')
  })
})
