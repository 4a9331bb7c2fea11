import { Button, Group, Stack, Textarea } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { rejectBankAccountInput } from '../../../../shared/schemas/payouts'
import { bankAccountRejectionReasons } from '../../../../shared/states/bank-account'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { SelectField } from '../../../components/select-field'
import { selectInputProps, textInputProps, useZodForm } from '../../../lib/forms'
import { rejectBankAccount } from '../api/bank-accounts'

// A manager rejects a bank account with a reason the party sees in their list and a comment for the mail.

type Values = { reason: string | null; comment: string }

export function BankRejectModal({ accountId, onClose, onDone }: { accountId: number | null; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(rejectBankAccountInput, { reason: null, comment: '' } as Values, i18n.language, {
    toInput: (v) => ({ reason: v.reason ?? '', comment: v.comment || undefined }),
  })
  const reject = useMutation({
    mutationFn: (input: Parameters<typeof rejectBankAccount>[1]) => rejectBankAccount(accountId!, input),
    onSuccess: () => {
      form.reset()
      onDone()
    },
    onError: (e) => form.fail(e),
  })
  return (
    <Modal opened={accountId !== null} onClose={onClose} title={t('moneyBank.review.rejectTitle')}>
      <form noValidate onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) reject.mutate(data)
      }}>
        <Stack>
          <SelectField
            label={t('moneyBank.review.reason')} required searchable={false}
            data={bankAccountRejectionReasons.map((r) => ({ value: r, label: t(`moneyBank.reasons.${r}`) }))}
            {...selectInputProps(form.field('reason'))}
            data-testid="admin-bank-reject-reason"
          />
          <Textarea label={t('moneyBank.review.comment')} autosize minRows={3} {...textInputProps(form.field('comment'))} data-testid="admin-bank-reject-comment" />
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button color="red" type="submit" loading={reject.isPending} data-testid="admin-bank-reject-submit">{t('moneyBank.review.reject')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
