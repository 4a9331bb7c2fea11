import { expect, test } from 'vitest'
import { pickLocale } from './locale'

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
