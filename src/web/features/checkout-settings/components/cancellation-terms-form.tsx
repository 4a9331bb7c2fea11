import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductForm } from '../../../../shared/catalog'
import { createCancellationTermsInput } from '../../../../shared/schemas/checkout-settings'
import { useZodForm } from '../../../lib/forms'
import { createCancellationTerms } from '../api/create-cancellation-terms'
import type { CancellationTerms } from '../api/types'
import { updateCancellationTerms } from '../api/update-cancellation-terms'
import { CancellationTermsTranslations, termsDraftsOf, termsTranslationsInputOf, type TermsTranslationDrafts } from './cancellation-terms-translations'
import { LegalTextFields } from './legal-text-fields'

// The cancellation terms of one product form: a title and a plain-text body (up to 20000 characters, no
// script tags), shown to payers at /s/{seller}/document/cancellation_terms, with the same texts in other
// languages (docs/decisions/0095-product-translations.md).

export function CancellationTermsForm({ productType, terms, template, onDone, onCancel }: {
  productType: ProductForm; terms?: CancellationTerms | undefined; template?: { title: string; body: string } | undefined; onDone: () => void; onCancel: () => void
}) {
  const { i18n } = useTranslation()
  // New terms start from the template the shop shows until then.
  const initial = { product_type: productType, title: terms?.title ?? template?.title ?? '', body: terms?.body ?? template?.body ?? '' }
  const form = useZodForm(createCancellationTermsInput, initial, i18n.language)
  const [drafts, setDrafts] = useState<TermsTranslationDrafts>(() => termsDraftsOf(terms?.translations))
  const save = useMutation({
    mutationFn: () => {
      const input = { title: form.values.title, body: form.values.body, translations: termsTranslationsInputOf(drafts) }
      return terms ? updateCancellationTerms(terms.id, input) : createCancellationTerms({ ...input, product_type: productType })
    },
    onSuccess: onDone,
    onError: (e) => form.fail(e),
  })
  return (
    <LegalTextFields form={form} saving={save.isPending} onSave={() => save.mutate()} onCancel={onCancel} testId="terms">
      <CancellationTermsTranslations drafts={drafts} onChange={setDrafts} base={{ title: form.values.title }} />
    </LegalTextFields>
  )
}
