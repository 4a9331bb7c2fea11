import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { areaConfigs } from '../app/areas'
import { areas } from '../lib/profiles'
import { languageNames, locales } from '../lib/locale'
import { profileTypes } from '../../shared/accounts'
import { deletionReason } from '../../shared/schemas/accounts'
import { htmlLang, type Locale } from '../lib/locale'
import { de } from './locales/de'
import { en, type LocaleTexts } from './locales/en'

// Every text key the code asks for exists in English, and every complete locale has exactly the English keys,
// the same placeholders, and the plural forms its language uses.

/** The complete locales' files, read at once (the app loads them on demand: ../complete-locales.ts). */
const completeFiles = Object.entries(import.meta.glob<Record<string, LocaleTexts>>(['./locales/*.ts', '!./locales/en.ts'], { eager: true }))
  .map(([path, module]) => { const locale = /\/([a-z_]+)\.ts$/.exec(path)![1] as Locale; return [locale, module[locale]!] as const })

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key))
}

const enKeys = new Set(flatten(en))
/** A key with a count also exists as key_one / key_other. */
const has = (key: string) => enKeys.has(key) || enKeys.has(`${key}_other`)

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : []
  })
}

const webRoot = join(__dirname, '..')

describe('translations', () => {
  test('every literal key used in the code exists in English', () => {
    const missing: string[] = []
    for (const file of sourceFiles(webRoot)) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)) if (!has(match[1]!)) missing.push(`${match[1]} (${file})`)
      for (const match of text.matchAll(/i18nKey="([^"]+)"/g)) if (!has(match[1]!)) missing.push(`${match[1]} (${file})`)
      for (const match of text.matchAll(/\?\s*'([a-z][a-zA-Z]+\.[a-zA-Z0-9_.]+)'\s*:\s*'([a-z][a-zA-Z]+\.[a-zA-Z0-9_.]+)'/g)) {
        for (const key of [match[1]!, match[2]!]) if (!has(key)) missing.push(`${key} (${file})`)
      }
    }
    expect(missing).toEqual([])
  })

  test('the keys built from data exist in English', () => {
    const keys: string[] = []
    for (const area of areas) {
      keys.push(`areas.${area}`, `gate.${area}.title`, `gate.${area}.text`)
      for (const entry of areaConfigs[area].nav) keys.push(`nav.${area}.${entry.key}`)
    }
    for (const type of profileTypes) keys.push(`profileTypes.${type}`)
    for (const type of ['seller', 'publisher', 'payer', 'platform_affiliate']) {
      for (const part of ['title', 'text', 'confirm', 'open']) keys.push(`addProfile.${type}.${part}`)
    }
    for (const reason of deletionReason.options) keys.push(`deletion.reasons.${reason}`)
    for (const step of ['-1', '0', '1', '2', '3', '4', '5']) keys.push(`deletion.steps.${step}`)
    for (const control of ['first', 'previous', 'next', 'last']) keys.push(`list.${control}Page`)
    expect(keys.filter((key) => !has(key))).toEqual([])
  })

  test('German has exactly the English keys', () => {
    expect(flatten(de).sort()).toEqual([...enKeys].sort())
  })

  /** Each key's text, by its dotted path. */
  const textsOf = (value: unknown) => new Map(flatten(value).map((key) => [key, key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], value) as string]))
  /**
   * The placeholders and the tags of the Trans components (numbered, or named by a closing tag in English, such
   * as the sign-up's <terms>), which a translation may move but not change.
   */
  const componentTags = new Set([...JSON.stringify(en).matchAll(/<\/([a-z]+)>/g)].map((m) => m[1]!))
  const marks = (text: string) => [...text.matchAll(/\{\{\s*[\w.]+\s*\}\}|<\/?\d+\/?>|<\/?([a-z]+)>/g)]
    .filter((m) => m[1] === undefined || componentTags.has(m[1]))
    .map((m) => m[0].replace(/\s/g, '')).sort()

  test.each(completeFiles.map(([locale, texts]) => ({ locale, texts })))('$locale has every English key, its plural forms, and the same placeholders', ({ locale, texts }) => {
    const english = textsOf(en)
    const translated = textsOf(texts)
    // The plural forms beyond one and other that the language's rules name (Intl.PluralRules), beside each key_other.
    const extraForms = new Intl.PluralRules(htmlLang(locale)).resolvedOptions().pluralCategories.filter((form) => form !== 'one' && form !== 'other')
    const expected = new Map(english)
    for (const [key, text] of english) if (key.endsWith('_other')) for (const form of extraForms) expected.set(key.replace(/_other$/, `_${form}`), text)
    expect([...expected.keys()].filter((key) => !translated.has(key)), 'missing').toEqual([])
    expect([...translated.keys()].filter((key) => !expected.has(key)), 'not English keys').toEqual([])
    // A "one" form may say the number in words ("un jour"); the others keep the placeholders.
    const changed = [...english].filter(([key, text]) => !key.endsWith('_one') && marks(text).join() !== marks(translated.get(key) ?? '').join())
    expect(changed.map(([key]) => key), 'placeholders differ').toEqual([])
  })

  test('every text with a count is a plural key (key_one and key_other), so "1 lessons" cannot be shown', () => {
    for (const locale of [en, ...completeFiles.map(([, texts]) => texts)]) {
      const texts = flatten(locale).map((key) => [key, key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], locale) as string] as const)
      expect(texts.filter(([key, text]) => text.includes('{{count}}') && !/_(zero|one|two|few|many|other)$/.test(key)).map(([key]) => key)).toEqual([])
      const keys = new Set(texts.map(([key]) => key))
      expect([...keys].filter((key) => key.endsWith('_one') && !keys.has(key.replace(/_one$/, '_other')))).toEqual([])
    }
  })

  test('every spec locale is present with its language name and, English aside, its complete file', () => {
    expect(locales).toHaveLength(20)
    for (const locale of locales) expect(languageNames[locale]).toBeTruthy()
    expect(completeFiles.map(([locale]) => locale).sort()).toEqual(locales.filter((l) => l !== 'en').sort())
  })
})
