import { describe, expect, test } from 'vitest'
import { productTranslationsInput } from '../../../../shared/schemas/catalog'
import { toCamel } from '../../../lib/api-client'
import type { Product } from '../api/types'
import { draftsOf, emptyDraft, missingTexts, presentTexts, translationsInputOf } from './translation-draft'

// The "Languages" section's data (docs/decisions/0095-product-translations.md).

const stored = (value: Record<string, unknown>) => toCamel<Product['translations']>(value)
const entry = { name: null, description: null, description_html: null, bump_headline: null, bump_text: null }

describe('translation drafts', () => {
  test('the stored translations (camelCase as the API client gives them) become drafts by locale code, a plain description as paragraphs', () => {
    const drafts = draftsOf(stored({
      pt_br: { ...entry, name: 'Aquarela', description_html: '<p>Oito <em>módulos</em></p>', description: 'Oito módulos' },
      de: { ...entry, name: 'Aquarell', description: 'Mit Wasser\n\nmalen', bump_headline: 'Dazu?' },
    }))
    expect(Object.keys(drafts)).toEqual(['de', 'pt_br'])
    expect(drafts.pt_br).toEqual({ name: 'Aquarela', description_html: '<p>Oito <em>módulos</em></p>', bump_headline: '', bump_text: '' })
    expect(drafts.de).toEqual({ name: 'Aquarell', description_html: '<p>Mit Wasser</p><p>malen</p>', bump_headline: 'Dazu?', bump_text: '' })
    expect(draftsOf(undefined)).toEqual({})
  })

  test('the drafts as the API field: trimmed, empty texts (an emptied editor too) as null; the shared schema accepts it', () => {
    const input = translationsInputOf({
      pl: { name: ' Akwarela ', description_html: '<p></p>', bump_headline: '', bump_text: 'Trzy pędzle.' },
      pt_br: { ...emptyDraft(), description_html: '<p>Oito módulos</p>' },
    })
    expect(input).toEqual({
      pl: { name: 'Akwarela', description_html: null, bump_headline: null, bump_text: 'Trzy pędzle.' },
      pt_br: { name: null, description_html: '<p>Oito módulos</p>', bump_headline: null, bump_text: null },
    })
    expect(productTranslationsInput.safeParse(input).success).toBe(true)
  })

  test('complete when every text the product has is given, partial otherwise', () => {
    const present = presentTexts({ description: 'Eight modules', descriptionHtml: null }, { headline: 'Add brushes?', text: null })
    expect(present).toEqual(['name', 'description', 'bump_headline'])
    expect(presentTexts({ description: null, descriptionHtml: null }, undefined)).toEqual(['name'])
    const full = { name: 'Akwarela', description_html: '<p>Osiem modułów</p>', bump_headline: 'Dodać pędzle?', bump_text: '' }
    expect(missingTexts(full, present)).toEqual([])
    expect(missingTexts({ ...full, description_html: '<p> </p>', bump_headline: '  ' }, present)).toEqual(['description', 'bump_headline'])
    expect(missingTexts(emptyDraft(), ['name'])).toEqual(['name'])
  })
})
