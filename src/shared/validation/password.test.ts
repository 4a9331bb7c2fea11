import { describe, expect, test } from 'vitest'
import { isPassword, passwordIssue, passwordSpecialCharacters } from './password'

describe('password (docs/reference/readings.md 18)', () => {
  test('password of 7 characters is too short', () => {
    expect(passwordIssue('abcdef!')).toBe('password_too_short')
  })
  test('password of 8 characters with a special character passes', () => {
    expect(passwordIssue('abcdefg!')).toBeUndefined()
  })
  test('password of 40 characters with a special character passes', () => {
    expect(isPassword(`${'a'.repeat(39)}!`)).toBe(true)
  })
  test('password of 41 characters is too long', () => {
    expect(passwordIssue(`${'a'.repeat(40)}!`)).toBe('password_too_long')
  })
  test('password of 8 letters and digits without a special character needs one', () => {
    expect(passwordIssue('abcd1234')).toBe('password_needs_special')
  })
  test('a space or a non-ASCII symbol is not a special character', () => {
    expect(passwordIssue('abcd 1234')).toBe('password_needs_special')
    expect(passwordIssue('abcd1234€')).toBe('password_needs_special')
  })
  test('every character of the special set counts, including quote, backslash, pipe and backtick', () => {
    expect(passwordSpecialCharacters).toHaveLength(32)
    for (const char of '!@#$%^&*()-_=+[]{};:\'",.<>/?\\|`~') expect(passwordIssue(`abcdefg${char}`)).toBeUndefined()
  })
})
