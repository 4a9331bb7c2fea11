import { expect, test } from 'vitest'
import { cookieConsentCategories, parseConsent, serializeConsent } from './cookie-consent'

const allIds = cookieConsentCategories.map((c) => c.id)

test('no cookie means only the required categories', () => {
  expect(parseConsent(undefined)).toEqual([1])
})
test('"all" accepts every category and every category serialises back to "all"', () => {
  expect(parseConsent('all')).toEqual(allIds)
  expect(serializeConsent(allIds)).toBe('all')
})
test('a list keeps known ids, adds the required one and drops unknown ids', () => {
  expect(parseConsent('3, 99,2')).toEqual([1, 2, 3])
  expect(serializeConsent([3, 1, 3])).toBe('1,3')
})
