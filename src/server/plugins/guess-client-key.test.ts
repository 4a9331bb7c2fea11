import { describe, expect, test } from 'vitest'
import { guessClientKey } from './rate-limits'

// docs/decisions/0040-guess-limits.md: guesses are counted per IPv4 address and per IPv6 /64.
describe('guessClientKey', () => {
  test('IPv4 as it is; IPv4-mapped IPv6 as IPv4; IPv6 by its /64 prefix', () => {
    expect(guessClientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(guessClientKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(guessClientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(guessClientKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
    expect(guessClientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(guessClientKey('::1')).toBe('0:0:0:0::/64')
    expect(guessClientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })
})
