import { describe, expect, test } from 'vitest'
import { isUsername, usernameIssue } from './username'

describe('username', () => {
  test('username of 2 characters is too short', () => {
    expect(usernameIssue('ab')).toBe('username_too_short')
  })
  test('username of 3 characters passes', () => {
    expect(isUsername('abc')).toBe(true)
  })
  test('username of 50 characters passes', () => {
    expect(isUsername('a'.repeat(50))).toBe(true)
  })
  test('username of 51 characters is too long', () => {
    expect(usernameIssue('a'.repeat(51))).toBe('username_too_long')
  })
  test('username starting with a digit, underscore, hyphen or space is invalid', () => {
    for (const name of ['1abc', '_abc', '-abc', ' abc']) expect(usernameIssue(name)).toBe('invalid_username')
  })
  test('username with letters, digits, underscore, hyphen and space after the first letter passes', () => {
    expect(isUsername('Anna_Maria-2 Shop')).toBe(true)
  })
  test('username with a dot, @ or < is invalid', () => {
    for (const name of ['anna.maria', 'anna@shop', 'anna<b>']) expect(usernameIssue(name)).toBe('invalid_username')
  })
  test('username with non-Latin, non-Cyrillic letters passes', () => {
    expect(isUsername('Jürgen Müller')).toBe(true)
    expect(isUsername('Ελένη')).toBe(true)
  })
  test('username with a Cyrillic letter is refused as cyrillic (docs/reference/readings.md 20)', () => {
    expect(usernameIssue('Иван')).toBe('cyrillic')
    // a Cyrillic "а" that looks like a Latin "a"
    expect(usernameIssue('p\u0430ypal')).toBe('cyrillic')
  })
})
