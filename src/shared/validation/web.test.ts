import { describe, expect, test } from 'vitest'
import { isDomain, isUrl } from './web'

describe('domain', () => {
  test('domain of two or more labels passes', () => {
    for (const value of ['example.com', 'shop.example.com', 'my-shop.example.co.uk', 'EXAMPLE.COM']) expect(isDomain(value)).toBe(true)
  })
  test('internationalised domain in its xn-- form passes, in Unicode it fails', () => {
    expect(isDomain('xn--mnchen-3ya.de')).toBe(true)
    expect(isDomain('shop.xn--p1ai')).toBe(true)
    expect(isDomain('münchen.de')).toBe(false)
  })
  test('single label, IP address and trailing dot fail', () => {
    for (const value of ['localhost', '192.168.0.1', 'example.com.', '.example.com']) expect(isDomain(value)).toBe(false)
  })
  test('label starting or ending with a hyphen or holding an underscore fails', () => {
    for (const value of ['-shop.example.com', 'shop-.example.com', 'my_shop.example.com']) expect(isDomain(value)).toBe(false)
  })
  test('label of 63 characters passes, 64 fails', () => {
    expect(isDomain(`${'a'.repeat(63)}.com`)).toBe(true)
    expect(isDomain(`${'a'.repeat(64)}.com`)).toBe(false)
  })
  test('domain of 253 characters passes, 254 fails', () => {
    const domain = (length: number) => `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 196)}.com`
    expect(domain(253)).toHaveLength(253)
    expect(isDomain(domain(253))).toBe(true)
    expect(isDomain(domain(254))).toBe(false)
  })
  test('one-letter or numeric top-level domain fails', () => {
    expect(isDomain('example.c')).toBe(false)
    expect(isDomain('example.123')).toBe(false)
  })
})

describe('URL', () => {
  test('http and https URLs with path, query and fragment pass', () => {
    expect(isUrl('https://example.com')).toBe(true)
    expect(isUrl('http://shop.example.com:8080/thanks?order=1#top')).toBe(true)
  })
  test('Unicode host passes (the URL constructor turns it into xn--)', () => {
    expect(isUrl('https://münchen.de/kurs')).toBe(true)
  })
  test('other schemes fail', () => {
    for (const value of ['ftp://example.com', 'javascript:alert(1)', 'mailto:anna@example.com', 'data:text/html,hi']) {
      expect(isUrl(value)).toBe(false)
    }
  })
  test('relative and scheme-less URLs fail', () => {
    for (const value of ['example.com', '/cabinet', '//example.com']) expect(isUrl(value)).toBe(false)
  })
  test('host that is no domain fails: localhost, IP address, single label', () => {
    for (const value of ['http://localhost:3000', 'http://127.0.0.1/', 'https://intranet/']) expect(isUrl(value)).toBe(false)
  })
  test('URL with credentials fails', () => {
    expect(isUrl('https://bank.example@evil.example/')).toBe(false)
  })
  test('URL with whitespace anywhere fails', () => {
    for (const value of [' https://example.com', 'https://example.com ', 'https://exa\tmple.com', 'https://example.com/a b']) {
      expect(isUrl(value)).toBe(false)
    }
  })
  test('URL of 2048 characters passes, 2049 fails', () => {
    const base = 'https://example.com/'
    expect(isUrl(base + 'a'.repeat(2048 - base.length))).toBe(true)
    expect(isUrl(base + 'a'.repeat(2049 - base.length))).toBe(false)
  })
})
