import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ProductForm } from '../../../../shared/catalog'
import { cancellationTermsBodyMaxLength, createCancellationTermsInput } from '../../../../shared/schemas/checkout-settings'
import { FormError } from '../../../components/form-error'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { createCancellationTerms } from '../api/create-cancellation-terms'
import type { CancellationTerms } from '../api/types'
import { updateCancellationTerms } from '../api/update-cancellation-terms'

// The cancellation terms of one product form: a title and a plain-text body (up to 20000 characters, no
// script tags), shown to payers at /s/{seller}/document/cancellation_terms.

export function CancellationTermsForm({ productType, terms, template, onDone, onCancel }: {
  productType: ProductForm; terms?: CancellationTerms | undefined; template?: { title: string; body: string } | undefined; onDone: () => void; onCancel: () => void
}) {
  const { t, i18n } = useTranslation()
  // New terms start from the template the shop shows until then.
  const initial = { product_type: productType, title: terms?.title ?? template?.title ?? '', body: terms?.body ?? template?.body ?? '' }
  const form = useZodForm(createCancellationTermsInput, initial, i18n.language)
  const save = useMutation({
    mutationFn: () => {
      const input = { title: form.values.title, body: form.values.body }
      return terms ? updateCancellationTerms(terms.id, input) : createCancellationTerms({ ...input, product_type: productType })
    },
    onSuccess: onDone,
    onError: (e) => form.fail(e),
  })
  return (
    <form noValidate onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) save.mutate()
    }}>
      <Stack gap="sm">
        <TextInput label={t('cancellationTerms.fields.title')} required maxLength={200} {...textInputProps(form.field('title'))} data-testid="terms-title" />
        <Textarea label={t('cancellationTerms.fields.body')} required autosize minRows={10} maxRows={24} maxLength={cancellationTermsBodyMaxLength}
          {...textInputProps(form.field('body'))} data-testid="terms-body" />
        <Text size="xs" c="dimmed" ta="right">{form.values.body.length} / {cancellationTermsBodyMaxLength}</Text>
        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" loading={save.isPending} data-testid="terms-save">{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}
