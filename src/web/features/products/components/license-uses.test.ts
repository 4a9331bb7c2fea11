import { describe, expect, test } from 'vitest'
import { licenseSettingsInput } from '../../../../shared/schemas/licenses'
import { atActivationLimit, usesText } from './license-uses'
import { countOf } from './money'

describe('license key uses in the seller list', () => {
  test('an empty activation limit field means no limit; a whole number is the limit; junk fails the shared schema', () => {
    expect(countOf('')).toBeNull()
    expect(countOf(' 3 ')).toBe(3)
    expect(licenseSettingsInput.safeParse({ activation_limit: countOf('') }).success).toBe(true)
    expect(licenseSettingsInput.safeParse({ activation_limit: countOf('2.5') }).success).toBe(false)
    expect(licenseSettingsInput.safeParse({ activation_limit: countOf('0') }).success).toBe(false)
  })

  test('a sold key shows its uses against the limit; an available key shows none', () => {
    expect(usesText({ state: 'used', uses: 2 }, 5)).toBe('2 / 5')
    expect(usesText({ state: 'used', uses: 2 }, null)).toBe('2')
    expect(usesText({ state: 'available', uses: 0 }, 5)).toBeNull()
  })

  test('a key is at its limit only when sold, not revoked and uses reach the limit', () => {
    expect(atActivationLimit({ state: 'used', uses: 3, revoked: false }, 3)).toBe(true)
    expect(atActivationLimit({ state: 'used', uses: 2, revoked: false }, 3)).toBe(false)
    expect(atActivationLimit({ state: 'used', uses: 3, revoked: false }, null)).toBe(false)
    expect(atActivationLimit({ state: 'used', uses: 3, revoked: true }, 3)).toBe(false)
  })
})
