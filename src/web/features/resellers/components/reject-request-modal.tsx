import { Button, Group, Stack, Textarea } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { rejectApprovalInput } from '../../../../shared/schemas/resellers'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { rejectRequest } from '../api/resellers'

// The reseller rejects a seller's request with a reason the seller reads on its reseller page and in the mail.

export function RejectRequestModal({ approvalId, onClose, onDone }: { approvalId: number | null; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(rejectApprovalInput, { reason: '' }, i18n.language)
  const reject = useMutation({
    mutationFn: (input: { reason: string }) => rejectRequest(approvalId!, input),
    onSuccess: () => {
      form.reset()
      onDone()
    },
    onError: (e) => form.fail(e),
  })
  return (
    <Modal opened={approvalId !== null} onClose={onClose} title={t('resellers.area.rejectTitle')}>
      <form noValidate onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) reject.mutate(data)
      }}>
        <Stack>
          <Textarea label={t('resellers.area.reason')} required autosize minRows={3} {...textInputProps(form.field('reason'))} data-testid="reseller-reject-reason" />
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button color="red" type="submit" loading={reject.isPending} data-testid="reseller-reject-submit">{t('resellers.area.reject')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
