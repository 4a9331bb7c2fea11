import { Button, Group, Stack, Textarea } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { cancelPayoutInput } from '../../../../shared/schemas/payouts'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { adminCancelPayout } from '../api/payouts'

// A manager cancels a payout (pending, or returned by the bank) with a reason the party is mailed.

export function PayoutCancelModal({ payoutId, onClose, onDone }: { payoutId: number | null; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(cancelPayoutInput, { reason: '' }, i18n.language)
  const cancel = useMutation({
    mutationFn: (reason: string) => adminCancelPayout(payoutId!, reason),
    onSuccess: () => {
      form.reset()
      onDone()
    },
    onError: (e) => form.fail(e),
  })
  return (
    <Modal opened={payoutId !== null} onClose={onClose} title={t('moneyPayouts.admin.cancelTitle', { id: payoutId ?? '' })}>
      <form onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) cancel.mutate(data.reason)
      }} noValidate>
        <Stack>
          <Textarea label={t('moneyPayouts.admin.reason')} required autosize minRows={3} {...textInputProps(form.field('reason'))} data-testid="payout-cancel-reason" />
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button color="red" type="submit" loading={cancel.isPending} data-testid="payout-cancel-submit">{t('moneyPayouts.admin.cancel')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
