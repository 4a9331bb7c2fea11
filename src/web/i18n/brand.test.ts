import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { checklistItemKeys } from '../../shared/schemas/dashboard'
import { areaConfigs } from '../app/areas'
import { en } from './locales/en'

// The product is Sellfront: no text a user reads names another platform (docs/decisions/0041-first-ten-minutes.md).
// The spec's route names (/users/ablefy_affiliate) are paths, not texts, and may stay.

const otherBrands = /ablefy|elopage/i

function texts(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => texts(inner, prefix ? `${prefix}.${key}` : key))
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : []
  })
}

const src = join(__dirname, '..', '..')

describe('no other platform\'s brand in the texts', () => {
  test('every locale of the back office names only Sellfront', () => {
    const everyLocale = Object.values(import.meta.glob<Record<string, unknown>>('./locales/*.ts', { eager: true })).flatMap((module) => Object.values(module))
    const named = everyLocale.flatMap((locale) => texts(locale)).filter(([, text]) => otherBrands.test(text))
    expect(named).toEqual([])
  })

  test('the shop pages and the mails name only Sellfront', () => {
    const sources = [
      ...files(join(src, 'storefront')),
      join(src, 'server/modules/email/email.templates.ts'),
      join(src, 'server/modules/notifications/notifications.texts.ts'),
    ]
    const named = sources.filter((file) => otherBrands.test(readFileSync(file, 'utf8')))
    expect(named).toEqual([])
  })
})

describe('honest navigation', () => {
  test('the navigation offers the affiliate programs', () => {
    expect(areaConfigs.cabinet.nav.map((entry) => entry.to)).toContain('/cabinet/affiliate_programs')
  })

  test('every start-selling step the server names has its texts', () => {
    const keys = new Set(texts(en).map(([key]) => key))
    const missing = [...checklistItemKeys, 'legal_texts'].flatMap((step) =>
      ['title', 'open', 'done', 'action'].map((part) => `cabinet.checklist.items.${step}.${part}`)).filter((key) => !keys.has(key))
    expect(missing).toEqual([])
  })
})
