import { Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { TextTranslationsInput } from '../../shared/i18n/text-translations'
import { localeCodes, type LocaleCode } from '../../shared/i18n/locales'
import { snakeToCamelKey } from '../lib/api-client'
import { LanguageCards } from './language-cards'

// A seller's plain texts per language for the owners that keep them with the generic helpers
// (src/shared/i18n/text-translations.ts; shop categories, legal texts, funnel offers, pricing plans, ticket types): the drafts read from an
// answer, the request's whole set, and the language cards with one input per text and the base text under it.

export type TextDraft<F extends string> = { [K in F]: string }
export type TextDrafts<F extends string> = { [L in LocaleCode]?: TextDraft<F> }

/** The answer's translations (camelCased locale keys, as the API client gives them: `ptBr`) as drafts, in locale order; a null text is empty. */
export function textDraftsOf<F extends string>(stored: unknown, fields: readonly F[]): TextDrafts<F> {
  const byKey = (stored && typeof stored === 'object' ? stored : {}) as Record<string, Record<string, unknown> | undefined>
  const drafts: TextDrafts<F> = {}
  for (const code of localeCodes) {
    const entry = byKey[snakeToCamelKey(code)] ?? byKey[code]
    if (entry) drafts[code] = Object.fromEntries(fields.map((field) => [field, typeof entry[field] === 'string' ? entry[field] : ''])) as TextDraft<F>
  }
  return drafts
}

/** The drafts as the request's `translations`: the whole set, an empty text as null (not stored). */
export function textTranslationsInputOf<F extends string>(drafts: TextDrafts<F>, fields: readonly F[]): TextTranslationsInput<F> {
  const out: TextTranslationsInput<F> = {}
  for (const code of localeCodes) {
    const draft = drafts[code]
    if (draft) out[code] = Object.fromEntries(fields.map((field) => [field, draft[field].trim() || null])) as { [K in F]: string | null }
  }
  return out
}

/** Complete: every text the base has is given in the language (a text without a base text is not asked for). */
export function textDraftComplete<F extends string>(draft: TextDraft<F>, base: { [K in F]?: string | null }, fields: readonly F[]): boolean {
  return fields.every((field) => !base[field]?.trim() || draft[field].trim() !== '')
}

export const emptyTextDraft = <F extends string>(fields: readonly F[]): TextDraft<F> => Object.fromEntries(fields.map((field) => [field, ''])) as TextDraft<F>

export type TextField<F extends string> = { name: F; label: string; maxLength: number; multiline?: boolean; base: string | null | undefined }

/** Language cards whose drafts are plain texts; a language is complete when it gives every text the base has. */
export function TextLanguageCards<F extends string>({ drafts, onChange, fields, testId }: {
  drafts: TextDrafts<F>; onChange: (drafts: TextDrafts<F>) => void; fields: readonly TextField<F>[]; testId: string
}) {
  const { t } = useTranslation()
  const baseNote = (base: string | null | undefined) => (base?.trim() ? t('products.translations.base', { text: base.length > 200 ? `${base.slice(0, 200)}…` : base }) : undefined)
  return (
    <LanguageCards
      drafts={drafts} onChange={onChange} testId={testId}
      empty={() => emptyTextDraft(fields.map((f) => f.name))}
      complete={(draft) => textDraftComplete(draft, Object.fromEntries(fields.map((f) => [f.name, f.base])) as { [K in F]?: string | null }, fields.map((f) => f.name))}
      fields={(code, draft, set) => fields.map((f) => {
        const props = {
          label: f.label, value: draft[f.name], maxLength: f.maxLength, description: baseNote(f.base),
          'data-testid': `${testId}-translation-${f.name}-${code}`,
          onChange: (e: { currentTarget: { value: string } }) => set({ ...draft, [f.name]: e.currentTarget.value }),
        }
        return f.multiline ? <Textarea key={f.name} {...props} autosize minRows={3} maxRows={16} /> : <TextInput key={f.name} {...props} />
      })}
    />
  )
}
