import { describe, expect, test } from 'vitest'
import { isEmail } from './email'

describe('email', () => {
  test('plain address passes', () => {
    expect(isEmail('anna@example.com')).toBe(true)
  })
  test('address with plus, dots, apostrophe and subdomains passes', () => {
    expect(isEmail("anna.o'neil+shop@mail.example.co.uk")).toBe(true)
  })
  test('address without @, local part or domain fails', () => {
    for (const value of ['anna.example.com', '@example.com', 'anna@', 'anna@@example.com']) expect(isEmail(value)).toBe(false)
  })
  test('address whose domain has no dot or a one-letter TLD fails', () => {
    expect(isEmail('anna@localhost')).toBe(false)
    expect(isEmail('anna@example.c')).toBe(false)
  })
  test('address with a leading, trailing or double dot in the local part fails', () => {
    for (const value of ['.anna@example.com', 'anna.@example.com', 'an..na@example.com']) expect(isEmail(value)).toBe(false)
  })
  test('address with a space fails', () => {
    expect(isEmail('anna maria@example.com')).toBe(false)
    expect(isEmail(' anna@example.com')).toBe(false)
  })
  test('local part of 64 characters passes, 65 fails', () => {
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true)
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false)
  })
  test('address of 254 characters passes, 255 fails', () => {
    // a domain of `length` characters: three 60-letter labels, one filling label and ".com"
    const domain = (length: number) => `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(length - 187)}.com`
    const at254 = `${'a'.repeat(64)}@${domain(189)}`
    expect(at254).toHaveLength(254)
    expect(isEmail(at254)).toBe(true)
    expect(isEmail(`${'a'.repeat(64)}@${domain(190)}`)).toBe(false)
  })
})
