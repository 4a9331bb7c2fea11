import { describe, expect, test } from 'vitest'
import {
  isIdentifierSlug, isReservedSellerPathSegment, isReservedSlug, isSlug, productSlugIssue, reservedSellerPathSegments,
  reservedSlugs, shopSlugIssue, slugIssue,
} from './slugs'

describe('slug form 1: letters, digits, hyphens, 2 to 102', () => {
  test('slug of 1 character fails, 2 passes', () => {
    expect(isSlug('a')).toBe(false)
    expect(isSlug('ab')).toBe(true)
  })
  test('slug of 102 characters passes, 103 fails', () => {
    expect(isSlug('a'.repeat(102))).toBe(true)
    expect(isSlug('a'.repeat(103))).toBe(false)
  })
  test('letters, digits and hyphens in any place pass', () => {
    for (const value of ['my-course-2026', '2026', '-intro-', 'Käse-Kurs']) expect(isSlug(value)).toBe(true)
  })
  test('underscore, space, dot and slash fail', () => {
    for (const value of ['my_course', 'my course', 'my.course', 'my/course']) expect(isSlug(value)).toBe(false)
  })
  test('Cyrillic letters fail, with their own message (docs/reference/readings.md 20)', () => {
    expect(isSlug('курс')).toBe(false)
    expect(slugIssue('курс')).toBe('cyrillic')
    expect(slugIssue('my_course')).toBe('invalid_slug')
  })
})

describe('slug form 2: optional hyphen and a letter, then letters, digits, underscore, hyphen', () => {
  test('starting with a letter or a hyphen and a letter passes', () => {
    for (const value of ['a', 'header', '-dark_theme-2', 'Block_1']) expect(isIdentifierSlug(value)).toBe(true)
  })
  test('starting with a digit, an underscore, two hyphens or a lone hyphen fails', () => {
    for (const value of ['1block', '_block', '--block', '-', '-1', '']) expect(isIdentifierSlug(value)).toBe(false)
  })
  test('space, dot and Cyrillic fail', () => {
    for (const value of ['my block', 'my.block', 'блок']) expect(isIdentifierSlug(value)).toBe(false)
  })
})

describe('reserved slugs (docs/reference/readings.md 16)', () => {
  test('the list holds the app paths and both promo prefixes', () => {
    expect(reservedSlugs).toEqual(expect.arrayContaining(['cabinet', 'publish', 'api', 'healthz', 'preise', 'elopage_promos', 'ablefy_promos']))
    expect(reservedSellerPathSegments).toEqual(['sign_in', 'document', 'payment', 'courses'])
  })
  test('a reserved slug is refused for a shop, in any case', () => {
    expect(shopSlugIssue('cabinet')).toBe('reserved_slug')
    expect(shopSlugIssue('Cabinet')).toBe('reserved_slug')
    expect(isReservedSlug('PREISE')).toBe(true)
  })
  test('a slug that only starts with a reserved word is free', () => {
    expect(shopSlugIssue('cabinet-maker')).toBeUndefined()
    expect(isReservedSlug('apis')).toBe(false)
  })
  test('a seller page segment is free for a shop but refused for a product', () => {
    expect(shopSlugIssue('courses')).toBeUndefined()
    expect(productSlugIssue('courses')).toBe('reserved_slug')
    expect(productSlugIssue('Payment')).toBe('reserved_slug')
    expect(isReservedSellerPathSegment('sign_in')).toBe(true)
  })
  test('a root reserved slug is refused for a product too', () => {
    expect(productSlugIssue('admin')).toBe('reserved_slug')
  })
  test('an invalid slug reports invalid_slug before reserved', () => {
    expect(shopSlugIssue('team_member')).toBe('invalid_slug')
    expect(productSlugIssue('my course')).toBe('invalid_slug')
  })
})
