import { missingTranslations, type TranslatableText } from '../../../../shared/catalog/translations'
import { plainTextOf, richTextOf } from '../../../../shared/html/rich-text'
import { localeCodes, type LocaleCode } from '../../../../shared/i18n/locales'
import type { ProductTranslationsInput } from '../../../../shared/schemas/catalog'
import { snakeToCamelKey } from '../../../lib/api-client'
import type { Product } from '../api/types'

// The product wizard's "Languages" section as data (docs/decisions/0095-product-translations.md): the stored
// translations as editable drafts, the drafts as the `translations` field of PATCH /cabinet/products/{id}
// (the whole set: a language removed here is removed), and which texts each language still lacks.

/** One language's texts as the section edits them; the description is the editor's rich text. */
export type TranslationDraft = { name: string; description_html: string; bump_headline: string; bump_text: string }
export type TranslationDrafts = Partial<Record<LocaleCode, TranslationDraft>>

export const emptyDraft = (): TranslationDraft => ({ name: '', description_html: '', bump_headline: '', bump_text: '' })

type StoredTranslation = { name: string | null; description: string | null; descriptionHtml: string | null; bumpHeadline: string | null; bumpText: string | null }

/** The product's stored translations (camelCase keys, as the API client gives them: `pt_br` is `ptBr`) as drafts, in locale order. */
export function draftsOf(stored: Product['translations']): TranslationDrafts {
  const byKey = (stored ?? {}) as Record<string, StoredTranslation | undefined>
  const drafts: TranslationDrafts = {}
  for (const code of localeCodes) {
    const entry = byKey[snakeToCamelKey(code)]
    if (!entry) continue
    drafts[code] = {
      name: entry.name ?? '',
      // a description given only as plain text opens as paragraphs, like the base description
      description_html: entry.descriptionHtml ?? richTextOf(entry.description ?? ''),
      bump_headline: entry.bumpHeadline ?? '',
      bump_text: entry.bumpText ?? '',
    }
  }
  return drafts
}

/** Whether the editor's rich text holds any text (an emptied editor leaves `<p></p>`). */
const hasText = (html: string) => plainTextOf(html).trim() !== ''

/** The drafts as the API's `translations`: empty texts are left out (not translated), the server sanitises the rich text. */
export function translationsInputOf(drafts: TranslationDrafts): ProductTranslationsInput {
  const input: ProductTranslationsInput = {}
  for (const code of localeCodes) {
    const draft = drafts[code]
    if (!draft) continue
    input[code] = {
      name: draft.name.trim() || null,
      description_html: hasText(draft.description_html) ? draft.description_html.trim() : null,
      bump_headline: draft.bump_headline.trim() || null,
      bump_text: draft.bump_text.trim() || null,
    }
  }
  return input
}

/**
 * The texts this product has a base text for, which a complete translation gives too: the name always, the
 * description when there is one, the order bump's headline and text when its checkout has them.
 */
export function presentTexts(product: Pick<Product, 'description' | 'descriptionHtml'>, bump: { headline: string | null; text: string | null } | undefined): TranslatableText[] {
  return [
    'name',
    ...(product.description || product.descriptionHtml ? ['description' as const] : []),
    ...(bump?.headline ? ['bump_headline' as const] : []),
    ...(bump?.text ? ['bump_text' as const] : []),
  ]
}

/** The texts a language's draft still lacks among `present`: none, and the language is complete. */
export function missingTexts(draft: TranslationDraft, present: readonly TranslatableText[]): TranslatableText[] {
  return missingTranslations({
    name: draft.name, bump_headline: draft.bump_headline, bump_text: draft.bump_text,
    ...(hasText(draft.description_html) ? { description_html: draft.description_html } : {}),
  }, present)
}
