import { Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { localeCodes, type LocaleCode } from '../../../../shared/i18n/locales'
import { LanguageCards } from '../../../components/language-cards'
import { cancellationTermsBodyMaxLength, type CancellationTermsTranslationsInput } from '../../../../shared/schemas/checkout-settings'
import { snakeToCamelKey } from '../../../lib/api-client'

// The cancellation terms' "Languages" (docs/decisions/0095-product-translations.md): their title and text in
// other languages. A payer who reads the shop in one of them sees these texts on the terms' page; a text left
// empty shows as written above. Saved with the terms, as the whole set.

export type TermsTranslationDraft = { title: string; body: string }
export type TermsTranslationDrafts = { [L in LocaleCode]?: TermsTranslationDraft }

type Stored = Record<string, { title?: string | null; body?: string | null } | undefined> | undefined

/** The answer's translations (camelCased keys: `ptBr`) as drafts. */
export function termsDraftsOf(stored: Stored): TermsTranslationDrafts {
  const drafts: TermsTranslationDrafts = {}
  for (const code of localeCodes) {
    const entry = stored?.[snakeToCamelKey(code)]
    if (entry) drafts[code] = { title: entry.title ?? '', body: entry.body ?? '' }
  }
  return drafts
}

/** The drafts as the request's `translations` (the whole set; empty texts are not stored). */
export function termsTranslationsInputOf(drafts: TermsTranslationDrafts): CancellationTermsTranslationsInput {
  const out: CancellationTermsTranslationsInput = {}
  for (const code of localeCodes) {
    const draft = drafts[code]
    if (draft) out[code] = { title: draft.title.trim() || null, body: draft.body.trim() || null }
  }
  return out
}

export function CancellationTermsTranslations({ drafts, onChange, base }: {
  drafts: TermsTranslationDrafts; onChange: (drafts: TermsTranslationDrafts) => void; base: { title: string }
}) {
  const { t } = useTranslation()
  return (
    <LanguageCards
      drafts={drafts} onChange={onChange} testId="terms" empty={() => ({ title: '', body: '' })}
      complete={(draft) => draft.title.trim() !== '' && draft.body.trim() !== ''}
      fields={(code, draft, set) => (
        <>
          <TextInput label={t('cancellationTerms.fields.title')} value={draft.title} maxLength={200} onChange={(e) => set({ ...draft, title: e.currentTarget.value })}
            description={base.title.trim() ? t('products.translations.base', { text: base.title }) : undefined} data-testid={`terms-translation-title-${code}`} />
          <Textarea label={t('cancellationTerms.fields.body')} value={draft.body} autosize minRows={6} maxRows={20} maxLength={cancellationTermsBodyMaxLength}
            onChange={(e) => set({ ...draft, body: e.currentTarget.value })} data-testid={`terms-translation-body-${code}`} />
        </>
      )}
    />
  )
}
