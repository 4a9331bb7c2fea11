import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { zBirthday } from '../../../../shared/validation/schemas'
import { translateIssue } from '../../../../shared/validation/messages'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { isApiError } from '../../../lib/api-client'
import { acceptProgram } from '../api/marketplace'
import type { AffiliateNode } from '../api/nodes'

// Joining a program (POST /common/affiliate_programs/{id}/accept). The first time, the server asks the
// publisher's birthday (400 `birthday_required`, docs/decisions/0048-affiliates.md "Age"): a dialog asks
// it (dd.mm.yyyy, 18 or older) and the same call is sent again with it.

export type JoinProgramProps = {
  programId: number
  recruitedBy?: string | undefined
  fromLandingPage?: boolean
  label?: string
  disabled?: boolean
  onJoined: (node: AffiliateNode) => void
}

export function JoinProgramButton({ programId, recruitedBy, fromLandingPage, label, disabled, onJoined }: JoinProgramProps) {
  const { t, i18n } = useTranslation()
  const [asking, setAsking] = useState(false)
  const [birthday, setBirthday] = useState('')
  const [birthdayError, setBirthdayError] = useState<string | null>(null)
  const join = useMutation({
    mutationFn: (withBirthday?: string) => acceptProgram(programId, {
      ...(recruitedBy ? { recruited_by: recruitedBy } : {}),
      ...(withBirthday ? { birthday: withBirthday } : {}),
      ...(fromLandingPage ? { from_landing_page: true } : {}),
    }),
    onSuccess: (node) => {
      setAsking(false)
      onJoined(node)
    },
    onError: (error) => {
      if (isApiError(error) && error.type === 'birthday_required') setAsking(true)
    },
  })
  const needsBirthday = isApiError(join.error) && join.error.type === 'birthday_required'

  const submitBirthday = () => {
    const parsed = zBirthday.safeParse(birthday.trim())
    if (!parsed.success) {
      setBirthdayError(translateIssue({ message: parsed.error.issues[0]?.message ?? 'invalid_value' }, i18n.language))
      return
    }
    setBirthdayError(null)
    join.mutate(parsed.data)
  }

  return (
    <>
      <Stack gap="xs">
        <Button onClick={() => join.mutate(undefined)} loading={join.isPending && !asking} disabled={disabled} data-testid="join-program" w="fit-content">
          {label ?? t('publisher.join.button')}
        </Button>
        {!needsBirthday && !asking && <FormError error={join.error} />}
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('publisher.join.birthdayTitle')}>
        <form onSubmit={(event) => { event.preventDefault(); submitBirthday() }} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('publisher.join.birthdayText')}</Text>
            <TextInput
              label={t('publisher.details.birthday')} placeholder="dd.mm.yyyy" required autoFocus
              value={birthday} onChange={(event) => setBirthday(event.currentTarget.value)} error={birthdayError}
              data-testid="join-birthday"
            />
            {!needsBirthday && <FormError error={join.error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)}>{t('common.cancel')}</Button>
              <Button type="submit" loading={join.isPending} data-testid="join-birthday-submit">{t('publisher.join.button')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
