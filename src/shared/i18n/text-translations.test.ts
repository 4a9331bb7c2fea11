import { describe, expect, it } from 'vitest'
import { localizedTexts, missingTextTranslations, storableTextTranslations, textTranslationsAnswer, textTranslationsOf } from './text-translations'
import { textTranslationsInput } from '../schemas/translations'
import { z } from 'zod'

const fields = ['name', 'location'] as const

describe('text translations', () => {
  it('reads locale keys and named texts only, dropping empty languages', () => {
    expect(textTranslationsOf({ de: { name: 'Halle', other: 'x' }, xx: { name: 'no' }, pl: { name: '  ' }, fr: 'bad' }, fields))
      .toEqual({ de: { name: 'Halle' } })
    expect(textTranslationsOf(null, fields)).toEqual({})
    expect(textTranslationsOf(['de'], fields)).toEqual({})
  })

  it('falls back text by text, and leaves the base alone for an unknown or missing locale', () => {
    const base = { name: 'Main hall', location: 'Berlin', id: 7 }
    const stored = { de: { name: 'Großer Saal' } }
    expect(localizedTexts(base, stored, fields, 'de')).toEqual({ name: 'Großer Saal', location: 'Berlin', id: 7 })
    expect(localizedTexts(base, stored, fields, 'pl')).toBe(base)
    expect(localizedTexts(base, stored, fields, 'xx')).toBe(base)
    expect(localizedTexts(base, stored, fields, null)).toBe(base)
  })

  it('stores trimmed texts only, and clears on null or {}', () => {
    expect(storableTextTranslations({ de: { name: ' Saal ', location: '' }, pl: { name: null } }, fields)).toEqual({ de: { name: 'Saal' } })
    expect(storableTextTranslations(null, fields)).toEqual({})
    expect(storableTextTranslations({}, fields)).toEqual({})
  })

  it('answers every named text of a stored language, null when not given', () => {
    expect(textTranslationsAnswer({ de: { name: 'Saal' } }, fields)).toEqual({ de: { name: 'Saal', location: null } })
  })

  it('names what each language misses of the base texts', () => {
    expect(missingTextTranslations({ name: 'Hall', location: null }, { de: { location: 'Berlin' }, fr: { name: 'Salle' } }, fields))
      .toEqual({ de: ['name'], fr: [] })
  })

  it('refuses an unknown locale or text in a request', () => {
    const schema = textTranslationsInput({ name: z.string().max(5) })
    expect(schema.safeParse({ de: { name: 'Saal' } }).success).toBe(true)
    expect(schema.safeParse({ de: { name: null }, pl: {} }).success).toBe(true)
    expect(schema.safeParse({ xx: { name: 'a' } }).success).toBe(false)
    expect(schema.safeParse({ de: { title: 'a' } }).success).toBe(false)
    expect(schema.safeParse({ de: { name: 'too long' } }).success).toBe(false)
  })
})
