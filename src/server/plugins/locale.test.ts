import { expect, test } from 'vitest'
import { chooseShopLocale, pickLocale } from './locale'

test('Content-Language wins over Accept-Language', () => {
  expect(pickLocale({ 'content-language': 'de', 'accept-language': 'fr' })).toBe('de')
})
test('a region tag falls back to its language, and pt-BR maps to pt_br', () => {
  expect(pickLocale({ 'accept-language': 'fr-CH,fr;q=0.9' })).toBe('fr')
  expect(pickLocale({ 'accept-language': 'pt-BR' })).toBe('pt_br')
})
test('an unknown language answers en', () => {
  expect(pickLocale({ 'accept-language': 'xx' })).toBe('en')
  expect(pickLocale({})).toBe('en')
})

test('a shop page: ?lang=, then the kept choice, then Accept-Language by weight, then the shop default; only offered languages', () => {
  const offered = ['de', 'en', 'pl', 'ar'] as const
  expect(chooseShopLocale({ query: 'pl', cookie: 'ar', acceptLanguage: 'en', offered })).toBe('pl')
  expect(chooseShopLocale({ query: 'fr', cookie: 'ar', acceptLanguage: 'en', offered })).toBe('ar')
  expect(chooseShopLocale({ query: 'xx', cookie: 'fr', acceptLanguage: 'fr-CH, en;q=0.5, pl;q=0.8', offered })).toBe('pl')
  expect(chooseShopLocale({ acceptLanguage: 'fr, *;q=0.1', offered })).toBe('de')
  expect(chooseShopLocale({ acceptLanguage: 'en;q=0, pl', offered })).toBe('pl')
  expect(chooseShopLocale({ acceptLanguage: 'pl-PL', offered })).toBe('pl')
  expect(chooseShopLocale({ query: 'constructor', acceptLanguage: ';;,q=1', offered })).toBe('de')
  expect(chooseShopLocale({ offered: [] })).toBe('en')
})
