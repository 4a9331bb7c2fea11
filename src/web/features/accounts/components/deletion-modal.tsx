import { Alert, Button, Center, Checkbox, Group, List, Loader, Radio, Stack, Text, Textarea } from '@mantine/core'
import { PasswordField } from '../../../components/password-field'
import { useMutation, useQuery } from '@tanstack/react-query'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deletionSteps } from '../../../../shared/accounts'
import { deactivateInput, deletionReason } from '../../../../shared/schemas/accounts'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { humanizeStatus } from '../../../components/status-colors'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { deactivateAccount } from '../api/deactivate-account'
import { deleteAccount } from '../api/delete-account'
import { deletionStatusQuery } from '../api/deletion-status'

// The account deletion questionnaire of docs/reference/accounts-and-orders.md §2, steps -1 to 5:
// -1 deletion not possible (blockers) · 0 why deleting · 1 preparing account · 2 ready to be deleted ·
// 3 confirm deletion · 4 first deactivate (offer deactivation instead) · 5 confirm deactivation.

type Step = (typeof deletionSteps)[keyof typeof deletionSteps]
type Reason = (typeof deletionReason.options)[number]
type Outcome = 'deleted' | 'deactivated'

function ConfirmStep({ mode, reason, comment, onBack, onDone }: {
  mode: Outcome
  reason: Reason
  comment: string
  onBack: () => void
  onDone: (outcome: Outcome) => void
}) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(deactivateInput, { password: '', reason, comment: comment || undefined }, i18n.language, {
    noTrim: ['password'],
    toInput: (values) => ({ ...values, comment: values.comment?.trim() ? values.comment : undefined }),
  })
  const mutation = useMutation({
    mutationFn: mode === 'deleted' ? deleteAccount : deactivateAccount,
    onSuccess: () => onDone(mode),
    onError: form.fail,
  })
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) mutation.mutate(data)
      }}
      noValidate
    >
      <Stack>
        <Text>{t(mode === 'deleted' ? 'deletion.confirmDeleteText' : 'deletion.confirmDeactivateText')}</Text>
        <PasswordField label={t('fields.password')} autoComplete="current-password" required data-autofocus {...textInputProps(form.field('password'))} />
        <FormError error={form.formError} />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>{t('common.back')}</Button>
          <Button type="submit" color="red" loading={mutation.isPending} data-testid={`confirm-${mode}`}>
            {t(mode === 'deleted' ? 'deletion.deleteNow' : 'deletion.deactivateNow')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

export function DeletionModal({ opened, onClose, onFinished }: { opened: boolean; onClose: () => void; onFinished: (outcome: Outcome) => void }) {
  const { t } = useTranslation()
  const status = useQuery({ ...deletionStatusQuery(), enabled: opened })
  const [step, setStep] = useState<Step | null>(null)
  const [reason, setReason] = useState<Reason | null>(null)
  const [comment, setComment] = useState('')
  const [intent, setIntent] = useState<'delete' | 'deactivate'>('delete')
  const [understood, setUnderstood] = useState(false)
  const [reasonError, setReasonError] = useState<string | null>(null)
  /** Where to go once a reason is given, when a later step needed one first. */
  const [afterReason, setAfterReason] = useState<Step | null>(null)

  useEffect(() => {
    if (!opened) {
      setStep(null)
      setReason(null)
      setComment('')
      setIntent('delete')
      setUnderstood(false)
      setReasonError(null)
      setAfterReason(null)
    } else if (status.data && step === null) {
      const start = status.data.startStep as Step
      if (start === deletionSteps.confirmDeletion || start === deletionSteps.confirmDeactivation) {
        // the confirmation needs a reason: ask for it first
        setAfterReason(start)
        setStep(deletionSteps.whyDeleting)
      } else {
        setStep(start)
      }
    }
  }, [opened, status.data, step])

  const canDelete = status.data?.canDelete ?? false
  const toConfirm = (target: Step) => {
    if (reason) return setStep(target)
    setAfterReason(target)
    setStep(deletionSteps.whyDeleting)
  }

  let body: React.ReactNode
  if (status.isError) {
    body = <FormError error={status.error} />
  } else if (step === null) {
    body = <Center py="lg"><Loader /></Center>
  } else if (step === deletionSteps.notPossible) {
    body = (
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle size={20} />} title={t('deletion.notPossibleTitle')}>{t('deletion.notPossibleText')}</Alert>
        {(status.data?.blockers.length ?? 0) > 0 && (
          <List spacing={4} size="sm">
            {status.data?.blockers.map((blocker) => (
              <List.Item key={blocker}>{t(`deletion.blockers.${blocker}`, { defaultValue: humanizeStatus(blocker) })}</List.Item>
            ))}
          </List>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
          {status.data?.accountState === 'active' && (
            <Button variant="light" onClick={() => { setIntent('deactivate'); setStep(deletionSteps.whyDeleting) }}>{t('deletion.deactivateInstead')}</Button>
          )}
        </Group>
      </Stack>
    )
  } else if (step === deletionSteps.whyDeleting) {
    body = (
      <Stack>
        <Radio.Group
          label={t(intent === 'delete' ? 'deletion.whyDelete' : 'deletion.whyDeactivate')}
          value={reason ?? ''}
          onChange={(value) => { setReason(value as Reason); setReasonError(null) }}
          error={reasonError}
          required
        >
          <Stack gap="xs" mt="xs">
            {deletionReason.options.map((value) => <Radio key={value} value={value} label={t(`deletion.reasons.${value}`)} />)}
          </Stack>
        </Radio.Group>
        <Textarea label={t('deletion.comment')} description={t('deletion.commentHint')} value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
        <Group justify="space-between">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            onClick={() => {
              if (!reason) return setReasonError(t('validation.required'))
              setStep(afterReason ?? (intent === 'delete' ? deletionSteps.preparing : deletionSteps.firstDeactivate))
              setAfterReason(null)
            }}
          >
            {t('common.next')}
          </Button>
        </Group>
      </Stack>
    )
  } else if (step === deletionSteps.preparing) {
    body = (
      <Stack>
        <Text>{t('deletion.preparingText')}</Text>
        <List spacing={4} size="sm">
          {(['products', 'subscriptions', 'payouts', 'records', 'final'] as const).map((key) => <List.Item key={key}>{t(`deletion.preparing.${key}`)}</List.Item>)}
        </List>
        <Checkbox checked={understood} onChange={(e) => setUnderstood(e.currentTarget.checked)} label={t('deletion.understood')} />
        <Group justify="space-between">
          <Button variant="default" onClick={() => setStep(deletionSteps.whyDeleting)}>{t('common.back')}</Button>
          <Button disabled={!understood} onClick={() => setStep(canDelete ? deletionSteps.ready : deletionSteps.notPossible)}>{t('common.next')}</Button>
        </Group>
      </Stack>
    )
  } else if (step === deletionSteps.ready) {
    body = (
      <Stack>
        <Text>{t('deletion.readyText')}</Text>
        <Group justify="space-between">
          <Button variant="default" onClick={() => setStep(deletionSteps.firstDeactivate)}>{t('deletion.considerDeactivation')}</Button>
          <Button color="red" onClick={() => toConfirm(deletionSteps.confirmDeletion)}>{t('deletion.continueDeletion')}</Button>
        </Group>
      </Stack>
    )
  } else if (step === deletionSteps.firstDeactivate) {
    body = (
      <Stack>
        <Text>{t('deletion.firstDeactivateText')}</Text>
        <Group justify="space-between">
          {canDelete ? (
            <Button variant="default" onClick={() => toConfirm(deletionSteps.confirmDeletion)}>{t('deletion.stillDelete')}</Button>
          ) : (
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          )}
          <Button onClick={() => toConfirm(deletionSteps.confirmDeactivation)}>{t('deletion.deactivateInstead')}</Button>
        </Group>
      </Stack>
    )
  } else {
    const mode: Outcome = step === deletionSteps.confirmDeletion ? 'deleted' : 'deactivated'
    body = reason ? (
      <ConfirmStep
        key={mode}
        mode={mode}
        reason={reason}
        comment={comment}
        onBack={() => setStep(mode === 'deleted' ? deletionSteps.ready : deletionSteps.firstDeactivate)}
        onDone={onFinished}
      />
    ) : null
  }

  const titleKey = step === null ? 'deletion.title' : `deletion.steps.${step}`
  return (
    <Modal opened={opened} onClose={onClose} title={t(titleKey)} size="md" data-testid="deletion-modal">
      {body}
    </Modal>
  )
}
