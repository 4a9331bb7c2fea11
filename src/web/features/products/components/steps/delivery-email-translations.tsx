import { TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { plainTextOf, richTextOf } from '../../../../../shared/html/rich-text'
import { localeCodes, type LocaleCode } from '../../../../../shared/i18n/locales'
import { LanguageCards } from '../../../../components/language-cards'
import type { DeliveryTranslationsInput } from '../../../../../shared/schemas/delivery'
import { RichTextEditor } from '../../../../components/rich-text-editor'
import { snakeToCamelKey } from '../../../../lib/api-client'

// The custom delivery mail's "Languages" (docs/decisions/0095-product-translations.md): its subject and body in
// other languages. A payer who ordered in one of them gets these texts; a text left empty is sent as written
// above. Saved with the delivery settings, as the whole set.

export type DeliveryTranslationDraft = { subject: string; body: string }
export type DeliveryTranslationDrafts = { [L in LocaleCode]?: DeliveryTranslationDraft }

type Stored = Record<string, { customSubject?: string | null; customBody?: string | null } | undefined> | undefined

/** The answer's translations (camelCased keys: `ptBr`) as drafts; a plain body opens as paragraphs. */
export function deliveryDraftsOf(stored: Stored): DeliveryTranslationDrafts {
  const drafts: DeliveryTranslationDrafts = {}
  for (const code of localeCodes) {
    const entry = stored?.[snakeToCamelKey(code)]
    if (entry) drafts[code] = { subject: entry.customSubject ?? '', body: richTextOf(entry.customBody ?? '') }
  }
  return drafts
}

/** The drafts as the request's `translations` (the whole set; empty texts are not stored). */
export function deliveryTranslationsInputOf(drafts: DeliveryTranslationDrafts): DeliveryTranslationsInput {
  const out: DeliveryTranslationsInput = {}
  for (const code of localeCodes) {
    const draft = drafts[code]
    if (draft) out[code] = { custom_subject: draft.subject.trim() || null, custom_body: plainTextOf(draft.body).trim() ? draft.body : null }
  }
  return out
}

export function DeliveryEmailTranslations({ drafts, onChange, base }: {
  drafts: DeliveryTranslationDrafts; onChange: (drafts: DeliveryTranslationDrafts) => void; base: { subject: string }
}) {
  const { t } = useTranslation()
  return (
    <LanguageCards
      drafts={drafts} onChange={onChange} testId="delivery" empty={() => ({ subject: '', body: '' })}
      complete={(draft) => draft.subject.trim() !== '' && plainTextOf(draft.body).trim() !== ''}
      fields={(code, draft, set) => (
        <>
          <TextInput label={t('payerArea.delivery.subject')} value={draft.subject} maxLength={200} onChange={(e) => set({ ...draft, subject: e.currentTarget.value })}
            description={base.subject.trim() ? t('products.translations.base', { text: base.subject }) : undefined} data-testid={`delivery-translation-subject-${code}`} />
          <RichTextEditor label={t('payerArea.delivery.body')} value={draft.body} onChange={(value) => set({ ...draft, body: value })} minHeight={120} data-testid={`delivery-translation-body-${code}`} />
        </>
      )}
    />
  )
}
