import { Alert, Button, Stack } from '@mantine/core'
import { PasswordField } from '../../../components/password-field'
import { useMutation } from '@tanstack/react-query'
import { notifications } from '@mantine/notifications'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { resetPasswordInput } from '../../../../shared/schemas/accounts'
import { FormError } from '../../../components/form-error'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { useSearchParam } from '../../../lib/search'
import { requestPasswordReset } from '../api/request-password-reset'
import { resetPassword } from '../api/reset-password'
import { AuthCard } from '../components/auth-card'
import { PasswordRules } from '../components/password-rules'
import { EmailRequestForm } from './email-pages'

// /users/password/new asks for the reset mail; /users/password/edit?reset_password_token=T sets the
// new password.

export function PasswordNewPage() {
  const { t } = useTranslation()
  return (
    <AuthCard title={t('password.newTitle')} subtitle={t('password.newSubtitle')}>
      <EmailRequestForm
        submit={requestPasswordReset}
        submitLabel={t('password.newSubmit')}
        sentTitle={t('password.sentTitle')}
        sentText={(email) => t('password.sentText', { email })}
      />
    </AuthCard>
  )
}

export function PasswordEditPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const token = useSearchParam('reset_password_token') ?? ''
  const form = useZodForm(resetPasswordInput, { token, password: '' }, i18n.language, { noTrim: ['password'] })
  const [repeat, setRepeat] = useState('')
  const [repeatError, setRepeatError] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('password.changedSignIn'), autoClose: 6000 })
      await navigate({ to: '/users/sign_in' })
    },
    onError: form.fail,
  })

  if (!token) {
    return (
      <AuthCard title={t('password.editTitle')}>
        <Stack>
          <Alert color="yellow">{t('password.missingToken')}</Alert>
          <Button component={Link} to="/users/password/new" variant="default">{t('password.requestAgain')}</Button>
        </Stack>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('password.editTitle')} subtitle={t('password.editSubtitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          const data = form.validate()
          const matches = repeat === form.values.password
          setRepeatError(matches ? null : t('password.mismatch'))
          if (data && matches) mutation.mutate(data)
        }}
        noValidate
      >
        <Stack gap="md">
          <div>
            <PasswordField label={t('password.newPassword')} autoComplete="new-password" required {...textInputProps(form.field('password'))} />
            <PasswordRules value={form.values.password} />
          </div>
          <PasswordField
            label={t('password.repeat')}
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(event) => setRepeat(event.currentTarget.value)}
            error={repeatError}
          />
          <FormError error={form.formError} />
          {form.errors.token && <Alert color="red">{t('password.invalidLink')}</Alert>}
          <Button type="submit" loading={mutation.isPending} fullWidth>{t('password.save')}</Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
