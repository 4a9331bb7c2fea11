import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { saveLegalTextInput } from '../../../../shared/schemas/checkout-settings'
import { useZodForm } from '../../../lib/forms'
import { saveLegalText } from '../api/legal-texts'
import { LegalTextFields } from './legal-text-fields'

// The seller's terms of sale or privacy policy: a title and a plain-text body, starting from what the shop
// shows now (the template until the seller saves their own).

export function LegalTextForm({ kind, text, onDone, onCancel }: {
  kind: 'terms' | 'privacy'; text: { title: string; body: string }; onDone: () => void; onCancel: () => void
}) {
  const { i18n } = useTranslation()
  const form = useZodForm(saveLegalTextInput, { title: text.title, body: text.body }, i18n.language)
  const save = useMutation({
    mutationFn: () => saveLegalText(kind, { title: form.values.title, body: form.values.body }),
    onSuccess: onDone,
    onError: (e) => form.fail(e),
  })
  return <LegalTextFields form={form} saving={save.isPending} onSave={() => save.mutate()} onCancel={onCancel} testId="legal" />
}
