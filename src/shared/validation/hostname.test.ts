import { describe, expect, test } from 'vitest'
import { asciiHostname, isSameOrSubdomain } from './hostname'

describe('host names a seller connects', () => {
  test.each([
    ['shop.example.com', 'shop.example.com'],
    ['Shop.Example.COM', 'shop.example.com'],
    ['  example.de. ', 'example.de'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['a-b.c-d.example.co.uk', 'a-b.c-d.example.co.uk'],
  ])('%s is %s', (input, host) => {
    expect(asciiHostname(input)).toEqual({ ok: true, host })
  })

  test.each([
    '', 'localhost', 'https://shop.example.com', 'shop.example.com/path', 'shop.example.com:8443', 'user@example.com',
    '127.0.0.1', '[::1]', '-shop.example.com', 'shop-.example.com', 'shop..example.com', 'shop example.com', '*.example.com',
    'example.123', `${'a'.repeat(64)}.example.com`, `${'abcdefghi.'.repeat(26)}com`, 'shop_1.example.com', 'a%2eexample.com',
  ])('%j is refused', (input) => {
    const check = asciiHostname(input)
    expect(check.ok).toBe(false)
  })

  test('a subdomain belongs to its parent, a look-alike does not', () => {
    expect(isSameOrSubdomain('a.sellfront.site', 'sellfront.site')).toBe(true)
    expect(isSameOrSubdomain('sellfront.site', 'sellfront.site')).toBe(true)
    expect(isSameOrSubdomain('evilsellfront.site', 'sellfront.site')).toBe(false)
  })
})
