import { describe, expect, test } from 'vitest'
import { isPhone, phoneToE164 } from './phone'

describe('phone', () => {
  test('international number with + and groups passes', () => {
    for (const value of ['+49 30 1234567', '+49 (0)30 123-4567', '+4915123456789', '+1 213 373 4253', '+41 44 668 18 00']) {
      expect(isPhone(value)).toBe(true)
    }
  })
  test('international number with 00 instead of + passes', () => {
    expect(isPhone('0049 30 1234567')).toBe(true)
  })
  test('national number passes only with a default country', () => {
    expect(isPhone('030 1234567')).toBe(false)
    expect(isPhone('030 1234567', 'DE')).toBe(true)
    expect(isPhone('030/1234567', 'DE')).toBe(true)
    expect(isPhone('(213) 373-4253', 'US')).toBe(true)
  })
  test('a default country without its own numbering plan reads no national numbers', () => {
    expect(isPhone('030 1234567', 'AQ')).toBe(false)
    expect(isPhone('+49 30 1234567', 'AQ')).toBe(true)
  })
  test('number too short or too long for its country fails', () => {
    expect(isPhone('+49 1')).toBe(false)
    expect(isPhone('+49 176 1234567890123')).toBe(false)
  })
  test('letters, an extension or a second + fail', () => {
    for (const value of ['+49 30 CALL-NOW', '+49 30 1234567 ext. 12', '++49 30 1234567', '+49 30 +1234567']) {
      expect(isPhone(value)).toBe(false)
    }
  })
  test('number of 32 characters is judged, 33 fails on length', () => {
    const padded = (length: number) => '+49 30 1234567'.padEnd(length - 1, ' ') + '8'
    expect(padded(32)).toHaveLength(32)
    expect(isPhone(padded(32))).toBe(true)
    expect(isPhone(padded(33))).toBe(false)
  })
  test('E.164 form for storage', () => {
    expect(phoneToE164('0049 (0)30 123-4567')).toBe('+49301234567')
    expect(phoneToE164('030 1234567', 'DE')).toBe('+49301234567')
    expect(phoneToE164('030 1234567')).toBeUndefined()
  })
})
