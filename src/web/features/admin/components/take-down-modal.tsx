import { Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { takeDownInput } from '../../../../shared/schemas/catalog'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { takeDownProduct, type ModerationAnswer } from '../api/moderate-product'

// Taking a published product down (publish state admin_unpublished) with a reason the seller sees; the
// seller cannot publish it again until a manager restores it.

export type TakeDownTarget = { id: number; name: string; sellerUsername: string }

export function TakeDownModal({ product, onClose, onDone }: {
  product: TakeDownTarget | null; onClose: () => void; onDone: (answer: ModerationAnswer) => void
}) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(takeDownInput, { reason: '' }, i18n.language)
  const takeDown = useMutation({
    mutationFn: (reason: string) => takeDownProduct(product!.id, reason),
    onSuccess: (answer) => {
      form.reset()
      onDone(answer)
    },
    onError: (e) => form.fail(e),
  })
  const close = () => {
    form.reset()
    onClose()
  }
  return (
    <Modal opened={product !== null} onClose={close} size="md" title={t('adminProducts.takeDownTitle', { name: product?.name ?? '' })}>
      <form onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) takeDown.mutate(data.reason)
      }} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">{t('adminProducts.takeDownText', { username: product?.sellerUsername ?? '' })}</Text>
          <Textarea label={t('adminProducts.reason')} required autosize minRows={3} {...textInputProps(form.field('reason'))} data-testid="take-down-reason" />
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
            <Button color="red" type="submit" loading={takeDown.isPending} data-testid="take-down-submit">{t('adminProducts.takeDown')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
