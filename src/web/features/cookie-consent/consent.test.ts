import { describe, expect, test } from 'vitest'
import { consentCookie, isAccepted, parseConsent, serializeConsent } from './consent'

const categories = [
  { id: 1, required: true },
  { id: 2, required: false },
  { id: 3, required: false },
]

describe('cookie consent', () => {
  test('reads all, a list of ids, or nothing', () => {
    expect(parseConsent('a=1; sf_cookie_consent=all; b=2')).toBe('all')
    expect(parseConsent('sf_cookie_consent=1,3')).toEqual(['1', '3'])
    expect(parseConsent('sf_cookie_consent=1%2C3')).toEqual(['1', '3'])
    expect(parseConsent('other=1')).toBeNull()
  })
  test('required categories are always on; every category on is `all`', () => {
    expect(serializeConsent([], categories)).toBe('1')
    expect(serializeConsent([3], categories)).toBe('1,3')
    expect(serializeConsent([2, 3], categories)).toBe('all')
  })
  test('the cookie keeps the list readable and lasts a year', () => {
    expect(consentCookie('1,3', false)).toBe('sf_cookie_consent=1,3; Path=/; Max-Age=31536000; SameSite=Lax')
    expect(consentCookie('all', true)).toContain('; Secure')
  })
  test('acceptance per category', () => {
    expect(isAccepted(null, categories[0]!)).toBe(true)
    expect(isAccepted(null, categories[1]!)).toBe(false)
    expect(isAccepted(['3'], categories[2]!)).toBe(true)
    expect(isAccepted('all', categories[1]!)).toBe(true)
  })
})
