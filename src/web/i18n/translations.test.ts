import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { areaConfigs } from '../app/areas'
import { areas } from '../lib/profiles'
import { languageNames, locales } from '../lib/locale'
import { profileTypes } from '../../shared/accounts'
import { deletionReason } from '../../shared/schemas/accounts'
import { de } from './locales/de'
import { en } from './locales/en'
import { otherLocales } from './locales/others'

// Every text key the code asks for exists in English, and German has exactly the English keys.

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

  test('every text with a count is a plural key (key_one and key_other), so "1 lessons" cannot be shown', () => {
    for (const locale of [en, de]) {
      const texts = flatten(locale).map((key) => [key, key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], locale) as string] as const)
      expect(texts.filter(([key, text]) => text.includes('{{count}}') && !/_(zero|one|two|few|many|other)$/.test(key)).map(([key]) => key)).toEqual([])
      const keys = new Set(texts.map(([key]) => key))
      expect([...keys].filter((key) => key.endsWith('_one') && !keys.has(key.replace(/_one$/, '_other')))).toEqual([])
    }
  })

  test('every spec locale is present with its language name; other locales only use English keys', () => {
    expect(locales).toHaveLength(20)
    for (const locale of locales) expect(languageNames[locale]).toBeTruthy()
    expect(Object.keys(otherLocales).sort()).toEqual(locales.filter((l) => l !== 'en' && l !== 'de').sort())
    for (const translation of Object.values(otherLocales)) {
      expect(flatten(translation).filter((key) => !enKeys.has(key))).toEqual([])
    }
  })
})
