import { isLocaleCode, localeCodes, type LocaleCode } from '../i18n/locales'

// A product's texts in other languages (docs/decisions/0095-product-translations.md): per locale, any of the
// texts a payer reads on the shop pages and the checkout. The base texts (the product's own columns) are in the
// shop's default language; a page in another language shows each text's translation when there is one, else
// the base text, text by text. Server (storage, shop pages, mails) and back office (the wizard) read them here.

/** The texts a translation may give, as stored and as the API names them. */
export const productTranslationFields = ['name', 'description', 'description_html', 'bump_headline', 'bump_text'] as const
export type ProductTranslationField = (typeof productTranslationFields)[number]
export type ProductTranslation = { [K in ProductTranslationField]?: string }
export type ProductTranslations = { [L in LocaleCode]?: ProductTranslation }

/**
 * The texts a seller translates, as the wizard counts them: the description is one text (its rich and plain
 * forms together), the order bump's headline and text are the product's checkout texts.
 */
export const translatableTexts = ['name', 'description', 'bump_headline', 'bump_text'] as const
export type TranslatableText = (typeof translatableTexts)[number]

/**
 * A stored value read defensively: locale keys only, known fields with text only; an entry with no text is
 * left out. What the database holds was written through the schema, so this changes nothing in practice.
 */
export function productTranslationsOf(stored: unknown): ProductTranslations {
  const out: ProductTranslations = {}
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return out
  for (const code of localeCodes) {
    const entry = (stored as Record<string, unknown>)[code]
    if (!entry || typeof entry !== 'object') continue
    const texts: ProductTranslation = {}
    for (const field of productTranslationFields) {
      const value = (entry as Record<string, unknown>)[field]
      if (typeof value === 'string' && value.trim() !== '') texts[field] = value
    }
    if (Object.keys(texts).length > 0) out[code] = texts
  }
  return out
}

/** The translation of `locale`, or null (no locale: the base texts; no translation in it). */
export function translationIn(stored: unknown, locale: LocaleCode | null | undefined): ProductTranslation | null {
  if (!locale || !isLocaleCode(locale) || !stored || typeof stored !== 'object') return null
  return productTranslationsOf({ [locale]: (stored as Record<string, unknown>)[locale] })[locale] ?? null
}

export type ProductBaseTexts = { name: string; description: string | null; descriptionHtml: string | null }

/**
 * A product's name and description in `locale`: each the translation's, else the base text. The description's
 * rich and plain forms go together: a translated description (either form) replaces both, so a page never
 * shows the base language's rich text beside a translated plain one.
 */
export function localizedProductTexts(base: ProductBaseTexts, stored: unknown, locale: LocaleCode | null | undefined): ProductBaseTexts {
  const tr = translationIn(stored, locale)
  if (!tr) return { name: base.name, description: base.description, descriptionHtml: base.descriptionHtml }
  const translated = tr.description !== undefined || tr.description_html !== undefined
  return {
    name: tr.name ?? base.name,
    description: translated ? (tr.description ?? null) : base.description,
    descriptionHtml: translated ? (tr.description_html ?? null) : base.descriptionHtml,
  }
}

/** The order bump's headline and text in `locale`: each the translation's, else the base text. */
export function localizedBumpTexts(base: { headline: string | null; text: string | null }, stored: unknown, locale: LocaleCode | null | undefined) {
  const tr = translationIn(stored, locale)
  return { headline: tr?.bump_headline ?? base.headline, text: tr?.bump_text ?? base.text }
}

/**
 * The texts a translation still lacks among those the product has a base text for (`present`): empty when it is
 * complete. A description counts as given in either form.
 */
export function missingTranslations(entry: ProductTranslation | undefined, present: readonly TranslatableText[]): TranslatableText[] {
  const has = (text: TranslatableText) => {
    const value = text === 'description' ? entry?.description ?? entry?.description_html : entry?.[text]
    return typeof value === 'string' && value.trim() !== ''
  }
  return present.filter((text) => !has(text))
}
