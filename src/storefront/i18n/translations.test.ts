import { describe, expect, test } from 'vitest'
import { localeCodes, htmlLang } from '../../shared/i18n/locales'
import { en, type StorefrontTexts } from './en'
import { fill, plural, type PluralForms } from './format'
import { storefrontLocales, storefrontTextsFor } from './locales'

// Every locale of the storefront (docs/decisions/0094-storefront-languages.md) has exactly the English keys, the
// same placeholders in each text, and the plural forms its language uses.

const pluralCategories = ['zero', 'one', 'two', 'few', 'many', 'other'] as const
const isPlural = (value: unknown): value is PluralForms =>
  typeof value === 'object' && value !== null && 'other' in value && Object.keys(value).every((k) => (pluralCategories as readonly string[]).includes(k))

/** Every text by its dotted path; a plural group is one entry. */
function entries(value: unknown, prefix = ''): [string, string | PluralForms][] {
  if (typeof value === 'string' || isPlural(value)) return [[prefix, value]]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => entries(inner, prefix ? `${prefix}.${key}` : key))
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort()
const english = new Map(entries(en))

describe('the storefront in every language', () => {
  test('all 20 locales are there', () => {
    expect([...storefrontLocales].sort()).toEqual([...localeCodes].sort())
  })

  for (const locale of localeCodes.filter((code) => code !== 'en')) {
    test(`${locale}: the English keys, placeholders and the language's plural forms`, () => {
      const texts: StorefrontTexts = storefrontTextsFor(locale)
      const translated = new Map(entries(texts))
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort())
      const needed = new Intl.PluralRules(htmlLang(locale)).resolvedOptions().pluralCategories
      const problems: string[] = []
      for (const [key, source] of english) {
        const target = translated.get(key)
        if (target === undefined) continue
        if (typeof source === 'string') {
          if (typeof target !== 'string') { problems.push(`${key}: a text, not plural forms`); continue }
          if (source !== '' && target.trim() === '') problems.push(`${key}: empty`)
          if (placeholders(target).join() !== placeholders(source).join()) problems.push(`${key}: placeholders ${placeholders(target)} instead of ${placeholders(source)}`)
          continue
        }
        if (!isPlural(target)) { problems.push(`${key}: plural forms expected`); continue }
        for (const category of needed) if (target[category] === undefined) problems.push(`${key}: no '${category}' form`)
        const expected = placeholders(source.other).filter((p) => p !== 'count').join()
        for (const [category, text] of Object.entries(target)) {
          if (placeholders(text!).filter((p) => p !== 'count').join() !== expected) problems.push(`${key}.${category}: placeholders differ`)
        }
      }
      expect(problems).toEqual([])
    })
  }

  test('an unknown locale reads English, and filling keeps a placeholder without a value', () => {
    expect(storefrontTextsFor('xx' as never)).toBe(en)
    expect(fill('Open {name} {rest}', { name: 'Course' })).toBe('Open Course {rest}')
    expect(plural('pl', { one: '{count} plik', few: '{count} pliki', many: '{count} plików', other: '{count} pliku' }, 5)).toBe('5 plików')
    expect(plural('ar', { zero: 'لا شيء', one: 'واحد', two: 'اثنان', few: '{count} قليلة', many: '{count} كثيرة', other: '{count}' }, 0)).toBe('لا شيء')
  })
})
