import { Button, Group, Stack, Textarea } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { rejectInput } from '../../../../shared/schemas/catalog'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { decideReview } from '../api/review-decision'

// Rejecting a product under review with a reason the seller sees (the review queue and the product list).

export type ReviewTarget = { id: number; name: string }

export function RejectModal({ item, onClose, onDone }: { item: ReviewTarget | null; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(rejectInput, { reason: '' }, i18n.language)
  const reject = useMutation({
    mutationFn: (reason: string) => decideReview(item!.id, 'reject', reason),
    onSuccess: () => {
      form.reset()
      onDone()
    },
    onError: (e) => form.fail(e),
  })
  return (
    <Modal opened={item !== null} onClose={onClose} title={t('review.rejectTitle', { name: item?.name ?? '' })}>
      <form onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) reject.mutate(data.reason)
      }} noValidate>
        <Stack>
          <Textarea label={t('review.reason')} required autosize minRows={3} {...textInputProps(form.field('reason'))} data-testid="reject-reason" />
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button color="red" type="submit" loading={reject.isPending} data-testid="reject-submit">{t('review.reject')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
