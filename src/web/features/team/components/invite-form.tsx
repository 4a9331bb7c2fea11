import { Button, Group, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { inviteTeamMemberInput } from '../../../../shared/schemas/teams'
import { FormError } from '../../../components/form-error'
import { camelToSnakeKey } from '../../../lib/api-client'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { inviteTeamMember } from '../api/team'
import { noLevels, PermissionsMatrix, type Levels } from './permissions-matrix'

// The invite modal's form: an email and the per-area matrix (docs/decisions/0053-team-members.md).

const snakeLevels = (levels: Levels) => Object.fromEntries(Object.entries(levels).map(([key, level]) => [camelToSnakeKey(key), level]))

export function InviteForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(inviteTeamMemberInput, { email: '', permissions: noLevels() }, i18n.language, {
    toInput: (values) => ({ ...values, permissions: snakeLevels(values.permissions) }),
  })
  const submit = async () => {
    const input = form.validate()
    if (!input) return
    try {
      await inviteTeamMember(input)
      onDone()
    } catch (error) {
      form.fail(error)
    }
  }
  return (
    <Stack gap="md" component="form" onSubmit={(event) => { event.preventDefault(); void submit() }} data-testid="invite-form">
      <TextInput label={t('team.email')} type="email" required {...textInputProps(form.field('email'))} data-testid="invite-email" />
      <PermissionsMatrix value={form.values.permissions} onChange={(next) => form.setValue('permissions', next)} />
      <FormError error={form.formError} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" data-testid="invite-submit">{t('team.sendInvite')}</Button>
      </Group>
    </Stack>
  )
}
