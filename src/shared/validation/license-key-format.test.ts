import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import {
  generateLicenseKey, hasProtectionToken, licenseKeyFormatCapacity, licenseKeyFormatIssue, parseLicenseKeyFormat,
} from './license-key-format'
import { translateMessage } from './messages'

const counter = () => {
  let i = 0
  return (n: number) => i++ % n
}

describe('license key formats (docs/reference/catalogue-and-selling.md §5)', () => {
  test('a format of placeholders alphabetic, alphanumeric and numeric with literal text is valid', () => {
    expect(licenseKeyFormatIssue('{alphanumeric:5}-{numeric:4}')).toBeUndefined()
    expect(licenseKeyFormatIssue('PRO-{alphabetic:3}')).toBeUndefined()
    expect(licenseKeyFormatIssue('{numeric:64}')).toBeUndefined()
  })

  test('bad format: text without a placeholder, a broken brace, spaces or an unsized placeholder', () => {
    for (const format of ['ABC-DEF', '{alphanumeric:5', 'alphanumeric:5}', '{alphanumeric:5} x', '{numeric}', '', '{}', `{numeric:5}${'x'.repeat(200)}`]) {
      expect(licenseKeyFormatIssue(format), format).toBe('license_key_format_invalid')
    }
  })

  test('the bad-format message mentions the parameter placeholder', () => {
    expect(translateMessage('license_key_format_invalid', 'en')).toContain('{alphanumeric:5}')
    expect(translateMessage('license_key_format_invalid', 'de')).toContain('{numeric:4}')
  })

  test('format size: at least one placeholder of size 3 or more; sizes are 1..64', () => {
    expect(licenseKeyFormatIssue('{numeric:2}-{alphabetic:2}')).toBe('license_key_format_size')
    expect(licenseKeyFormatIssue('{numeric:3}-{alphabetic:0}')).toBe('license_key_format_size')
    expect(licenseKeyFormatIssue('{numeric:65}')).toBe('license_key_format_size')
    expect(licenseKeyFormatIssue('{numeric:2}-{alphabetic:3}')).toBeUndefined()
  })

  test('format type: only alphabetic, alphanumeric or numeric', () => {
    expect(licenseKeyFormatIssue('{hex:8}')).toBe('license_key_format_type')
    expect(licenseKeyFormatIssue('{numeric:4}-{symbols:4}')).toBe('license_key_format_type')
  })

  test('the protection token placeholder is detected and kept verbatim by generation', () => {
    expect(hasProtectionToken('{protection_token}-{numeric:5}')).toBe(true)
    expect(hasProtectionToken('{numeric:5}')).toBe(false)
    expect(licenseKeyFormatIssue('{protection_token}-{numeric:5}')).toBeUndefined()
    expect(licenseKeyFormatIssue('{protection_token}')).toBe('license_key_format_invalid')
    expect(generateLicenseKey('{protection_token}-{numeric:3}', counter())).toBe('{protection_token}-012')
  })

  test('generation fills each placeholder from its alphabet with the random function given', () => {
    expect(generateLicenseKey('K-{alphabetic:3}-{numeric:4}', counter())).toBe('K-ABC-3456')
    expect(() => generateLicenseKey('{numeric:2}', counter())).toThrow(RangeError)
  })

  test('a generated key always matches the shape of its format', () => {
    fc.assert(fc.property(
      fc.integer({ min: 3, max: 12 }), fc.integer({ min: 1, max: 8 }), fc.infiniteStream(fc.nat()),
      (a, n, stream) => {
        const iterator = stream[Symbol.iterator]()
        const key = generateLicenseKey(`X-{alphanumeric:${a}}-{numeric:${n}}`, (max) => iterator.next().value % max)
        return new RegExp(`^X-[A-Z0-9]{${a}}-[0-9]{${n}}$`).test(key)
      },
    ))
  })

  test('capacity counts the distinct keys a format can make', () => {
    expect(licenseKeyFormatCapacity('{numeric:3}')).toBe(1000)
    expect(licenseKeyFormatCapacity('{alphabetic:3}-{numeric:1}')).toBe(26 ** 3 * 10)
    expect(licenseKeyFormatCapacity('{alphanumeric:64}')).toBe(Infinity)
    expect(licenseKeyFormatCapacity('nope')).toBe(0)
  })

  test('parse answers the parts in order', () => {
    expect(parseLicenseKeyFormat('A{numeric:3}')).toEqual({ ok: true, parts: [{ kind: 'literal', text: 'A' }, { kind: 'placeholder', type: 'numeric', size: 3 }] })
  })
})
