import { describe, expect, test } from 'vitest'
import { localizedBumpTexts, localizedProductTexts, missingTranslations, productTranslationsOf } from './translations'

// The fallback of a product's texts, text by text (docs/decisions/0095-product-translations.md).

const base = { name: 'Watercolour', description: 'Eight modules', descriptionHtml: '<p>Eight <em>modules</em></p>' }

describe('product translations', () => {
  test('each text is the translation\'s, else the base text; no language or none stored gives the base texts', () => {
    const stored = { pl: { name: 'Akwarela' }, de: { description: 'Acht Module' } }
    expect(localizedProductTexts(base, stored, 'pl')).toEqual({ ...base, name: 'Akwarela' })
    expect(localizedProductTexts(base, stored, 'fr')).toEqual(base)
    expect(localizedProductTexts(base, stored, null)).toEqual(base)
    expect(localizedProductTexts(base, {}, 'pl')).toEqual(base)
  })

  test('a translated description replaces both forms: plain only drops the base rich text', () => {
    expect(localizedProductTexts(base, { de: { description: 'Acht Module' } }, 'de')).toEqual({ name: 'Watercolour', description: 'Acht Module', descriptionHtml: null })
    expect(localizedProductTexts(base, { de: { description: 'Acht Module', description_html: '<p>Acht</p>' } }, 'de').descriptionHtml).toBe('<p>Acht</p>')
  })

  test('the bump texts fall back the same way', () => {
    expect(localizedBumpTexts({ headline: 'Add?', text: 'Three brushes.' }, { pl: { bump_headline: 'Dodać?' } }, 'pl')).toEqual({ headline: 'Dodać?', text: 'Three brushes.' })
  })

  test('a stored value is read defensively: unknown locales and fields, empty and non-text values are left out', () => {
    expect(productTranslationsOf({ xx: { name: 'X' }, pl: { name: ' ', title: 'T', description: 3 }, de: { name: 'Aquarell' } })).toEqual({ de: { name: 'Aquarell' } })
    expect(productTranslationsOf(null)).toEqual({})
    expect(productTranslationsOf(['pl'])).toEqual({})
  })

  test('missing texts among those the product has; a description counts in either form', () => {
    expect(missingTranslations({ name: 'Akwarela', description_html: '<p>Osiem</p>' }, ['name', 'description', 'bump_text'])).toEqual(['bump_text'])
    expect(missingTranslations(undefined, ['name'])).toEqual(['name'])
  })
})
