import { localeCodes, type LocaleCode } from '../../../../shared/i18n/locales'
import type { TextTranslationsInput } from '../../../../shared/i18n/text-translations'
import { snakeToCamelKey } from '../../../lib/api-client'

// Plain texts per language (a pricing plan's name, a ticket type's name and location; docs/decisions/0095-product-translations.md)
// as the wizard edits them: the stored set as drafts, the drafts as the request's `translations` (the whole set: a
// language removed here is removed), and whether a language gives every text the base has.

export type TextDraft<F extends string> = Record<F, string>
export type TextDrafts<F extends string> = { [L in LocaleCode]?: TextDraft<F> }

/** The answer's translations (camelCase locale keys, as the API client gives them: `pt_br` is `ptBr`) as drafts, in locale order. */
export function textDraftsOf<F extends string>(stored: unknown, fields: readonly F[]): TextDrafts<F> {
  const byKey = (stored && typeof stored === 'object' ? stored : {}) as Record<string, Record<string, unknown> | undefined>
  const drafts: TextDrafts<F> = {}
  for (const code of localeCodes) {
    const entry = byKey[snakeToCamelKey(code)]
    if (!entry) continue
    drafts[code] = Object.fromEntries(fields.map((field) => [field, typeof entry[field] === 'string' ? entry[field] : ''])) as TextDraft<F>
  }
  return drafts
}

/** The drafts as the request's `translations`: trimmed, an empty text sent as null (not translated). */
export function textTranslationsInputOf<F extends string>(drafts: TextDrafts<F>, fields: readonly F[]): TextTranslationsInput<F> {
  const input: TextTranslationsInput<F> = {}
  for (const code of localeCodes) {
    const draft = drafts[code]
    if (draft) input[code] = Object.fromEntries(fields.map((field) => [field, draft[field].trim() || null])) as { [K in F]: string | null }
  }
  return input
}

/** Complete: every text the base has is given in the language (a text without a base text is not asked for). */
export function textDraftComplete<F extends string>(draft: TextDraft<F>, base: { [K in F]?: string | null }, fields: readonly F[]): boolean {
  return fields.every((field) => !base[field]?.trim() || draft[field].trim() !== '')
}

export const emptyTextDraft = <F extends string>(fields: readonly F[]): TextDraft<F> => Object.fromEntries(fields.map((field) => [field, ''])) as TextDraft<F>
