import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { cancellationTermsBodyMaxLength, saveLegalTextInput } from '../../../../shared/schemas/checkout-settings'
import { FormError } from '../../../components/form-error'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { saveLegalText } from '../api/legal-texts'

// The seller's terms of sale or privacy policy: a title and a plain-text body, starting from what the shop
// shows now (the template until the seller saves their own).

export function LegalTextForm({ kind, text, onDone, onCancel }: {
  kind: 'terms' | 'privacy'; text: { title: string; body: string }; onDone: () => void; onCancel: () => void
}) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(saveLegalTextInput, { title: text.title, body: text.body }, i18n.language)
  const save = useMutation({
    mutationFn: () => saveLegalText(kind, { title: form.values.title, body: form.values.body }),
    onSuccess: onDone,
    onError: (e) => form.fail(e),
  })
  return (
    <form noValidate onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) save.mutate()
    }}>
      <Stack gap="sm">
        <TextInput label={t('cancellationTerms.fields.title')} required maxLength={200} {...textInputProps(form.field('title'))} data-testid="legal-title" />
        <Textarea label={t('cancellationTerms.fields.body')} required autosize minRows={10} maxRows={24} maxLength={cancellationTermsBodyMaxLength}
          {...textInputProps(form.field('body'))} data-testid="legal-body" />
        <Text size="xs" c="dimmed" ta="right">{form.values.body.length} / {cancellationTermsBodyMaxLength}</Text>
        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" loading={save.isPending} data-testid="legal-save">{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}
