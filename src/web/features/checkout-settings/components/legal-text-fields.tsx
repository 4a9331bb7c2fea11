import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core'
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cancellationTermsBodyMaxLength } from '../../../../shared/schemas/checkout-settings'
import { FormError } from '../../../components/form-error'
import { textInputProps, type FieldProps } from '../../../lib/forms'

// The title-and-body form every legal text shares (cancellation terms, terms of sale, privacy policy);
// `testId` prefixes its fields' test ids.

/** The part of a useZodForm answer these fields use. */
type LegalTextForm = {
  values: { title: string; body: string }; formError: unknown
  field: (name: 'title' | 'body') => FieldProps<string>; validate: () => unknown
}

export function LegalTextFields({ form, saving, onSave, onCancel, testId, children }: {
  form: LegalTextForm; saving: boolean; onSave: () => void; onCancel: () => void; testId: string
  /** More fields below the text (the cancellation terms' languages). */
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <form noValidate onSubmit={(event: FormEvent) => {
      event.preventDefault()
      if (form.validate()) onSave()
    }}>
      <Stack gap="sm">
        <TextInput label={t('cancellationTerms.fields.title')} required maxLength={200} {...textInputProps(form.field('title'))} data-testid={`${testId}-title`} />
        <Textarea label={t('cancellationTerms.fields.body')} required autosize minRows={10} maxRows={24} maxLength={cancellationTermsBodyMaxLength}
          {...textInputProps(form.field('body'))} data-testid={`${testId}-body`} />
        <Text size="xs" c="dimmed" ta="right">{form.values.body.length} / {cancellationTermsBodyMaxLength}</Text>
        {children}
        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" loading={saving} data-testid={`${testId}-save`}>{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}
