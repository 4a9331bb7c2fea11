import { Alert, Anchor, Button, Center, Loader, Stack, Text, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { IconCircleCheck, IconMailCheck } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { emailOnlyInput } from '../../../../shared/schemas/sign-in'
import { FormError } from '../../../components/form-error'
import { forgetMailPreview, MailPreviewLink } from '../../../components/mail-preview-link'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { entryPath } from '../../../lib/profiles'
import { useSearchParam } from '../../../lib/search'
import { setMe, useMe, type User } from '../../../lib/session'
import { acceptChangeEmail } from '../api/accept-change-email'
import { confirmEmail } from '../api/confirm-email'
import type { MailSent } from '../api/mail-sent'
import { resendConfirmation } from '../api/resend-confirmation'
import { AuthCard } from '../components/auth-card'

// /users/confirmation handles both mail links: `confirmation_token` (confirm the address of a new
// account) and `change_email_token` (accept a changed address). /users/confirmation/new resends.

type Kind = 'confirm' | 'change'

export function ConfirmationPage() {
  const { t } = useTranslation()
  const confirmationToken = useSearchParam('confirmation_token')
  const changeToken = useSearchParam('change_email_token')
  const kind: Kind | null = confirmationToken ? 'confirm' : changeToken ? 'change' : null
  const token = confirmationToken ?? changeToken ?? ''
  const me = useMe()
  const mutation = useMutation({
    mutationFn: (value: string) => (kind === 'change' ? acceptChangeEmail(value) : confirmEmail(value)),
    onSuccess: (user: User) => {
      if (kind === 'confirm') forgetMailPreview()
      if (me.data && me.data.id === user.id) setMe(user)
    },
  })
  const started = useRef(false)
  useEffect(() => {
    if (!kind || started.current) return
    started.current = true
    mutation.mutate(token)
  }, [kind, token, mutation])

  const title = kind === 'change' ? t('confirmation.changeTitle') : t('confirmation.title')

  if (!kind) {
    return (
      <AuthCard title={t('confirmation.title')}>
        <Stack>
          <Alert color="yellow">{t('confirmation.missingToken')}</Alert>
          <Button component={Link} to="/users/confirmation/new" variant="default">{t('confirmation.resendLink')}</Button>
        </Stack>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={title}>
      {mutation.isPending || mutation.isIdle ? (
        <Center py="lg">
          <Stack align="center" gap="sm">
            <Loader />
            <Text>{t('confirmation.checking')}</Text>
          </Stack>
        </Center>
      ) : mutation.isError ? (
        <Stack>
          <FormError error={mutation.error} title={t('confirmation.failedTitle')} />
          {kind === 'confirm' && <Button component={Link} to="/users/confirmation/new" variant="default">{t('confirmation.resendLink')}</Button>}
        </Stack>
      ) : (
        <Stack data-testid="confirmation-done">
          <Alert color="teal" icon={<IconCircleCheck size={20} />} title={kind === 'change' ? t('confirmation.changeDoneTitle') : t('confirmation.doneTitle')}>
            {kind === 'change' ? t('confirmation.changeDoneText', { email: mutation.data?.email ?? '' }) : t('confirmation.doneText')}
          </Alert>
          {me.data ? (
            <Button component={Link} to={entryPath(me.data)}>{t('public.openMyArea')}</Button>
          ) : (
            <Button component={Link} to="/users/sign_in">{t('auth.signIn')}</Button>
          )}
        </Stack>
      )}
    </AuthCard>
  )
}

/** A small one-field email form with a success message, used for resend and password reset requests. */
export function EmailRequestForm({ submit, submitLabel, sentTitle, sentText }: {
  submit: (email: string) => Promise<MailSent>
  submitLabel: string
  sentTitle: string
  sentText: (email: string) => string
}) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(emailOnlyInput, { email: '' }, i18n.language)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const mutation = useMutation({ mutationFn: (email: string) => submit(email), onSuccess: (_a, email) => setSentTo(email), onError: form.fail })
  if (sentTo) {
    return (
      <Stack>
        <Alert color="teal" icon={<IconMailCheck size={20} />} title={sentTitle} data-testid="request-sent">{sentText(sentTo)}</Alert>
        <MailPreviewLink url={mutation.data?.previewUrl} />
        <Anchor component={Link} to="/users/sign_in" size="sm">{t('signIn.backToSignIn')}</Anchor>
      </Stack>
    )
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) mutation.mutate(data.email)
      }}
      noValidate
    >
      <Stack gap="md">
        <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...textInputProps(form.field('email'))} />
        <FormError error={form.formError} />
        <Button type="submit" loading={mutation.isPending} fullWidth>{submitLabel}</Button>
        <Anchor component={Link} to="/users/sign_in" size="sm" ta="center">{t('signIn.backToSignIn')}</Anchor>
      </Stack>
    </form>
  )
}

export function ResendConfirmationPage() {
  const { t } = useTranslation()
  return (
    <AuthCard title={t('confirmation.resendTitle')} subtitle={t('confirmation.resendSubtitle')}>
      <EmailRequestForm
        submit={resendConfirmation}
        submitLabel={t('confirmation.resendSubmit')}
        sentTitle={t('confirmation.resentTitle')}
        sentText={(email) => t('confirmation.resentText', { email })}
      />
    </AuthCard>
  )
}
