import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cancellationTermsBodyMaxLength, legalTextFields, saveLegalTextInput } from '../../../../shared/schemas/checkout-settings'
import { TextLanguageCards, textDraftsOf, textTranslationsInputOf, type TextDrafts } from '../../../components/text-language-cards'
import type { LegalTexts } from '../api/legal-texts'
import { useZodForm } from '../../../lib/forms'
import { saveLegalText } from '../api/legal-texts'
import { LegalTextFields } from './legal-text-fields'

// The seller's terms of sale or privacy policy: a title and a plain-text body, starting from what the shop
// shows now (the template until the seller saves their own), with the same texts in other languages
// (docs/decisions/0095-product-translations.md), saved with it as the whole set.

export function LegalTextForm({ kind, text, onDone, onCancel }: {
  kind: 'terms' | 'privacy'; text: { title: string; body: string; translations?: LegalTexts['terms']['translations'] }; onDone: () => void; onCancel: () => void
}) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(saveLegalTextInput, { title: text.title, body: text.body }, i18n.language)
  const [drafts, setDrafts] = useState<TextDrafts<'title' | 'body'>>(() => textDraftsOf(text.translations, legalTextFields))
  const save = useMutation({
    mutationFn: () => saveLegalText(kind, { title: form.values.title, body: form.values.body, translations: textTranslationsInputOf(drafts, legalTextFields) }),
    onSuccess: onDone,
    onError: (e) => form.fail(e),
  })
  return (
    <LegalTextFields form={form} saving={save.isPending} onSave={() => save.mutate()} onCancel={onCancel} testId="legal">
      <TextLanguageCards drafts={drafts} onChange={setDrafts} testId="legal" fields={[
        { name: 'title', label: t('cancellationTerms.fields.title'), maxLength: 200, base: form.values.title },
        { name: 'body', label: t('cancellationTerms.fields.body'), maxLength: cancellationTermsBodyMaxLength, multiline: true, base: form.values.body },
      ]} />
    </LegalTextFields>
  )
}
