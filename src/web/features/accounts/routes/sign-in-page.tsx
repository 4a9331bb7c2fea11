import { Alert, Anchor, Button, Center, Divider, Group, Loader, Stack, Text, TextInput } from '@mantine/core'
import { PasswordField } from '../../../components/password-field'
import { useMutation } from '@tanstack/react-query'
import { IconMailCheck } from '@tabler/icons-react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { emailOnlyInput, signInInput } from '../../../../shared/schemas/sign-in'
import { FormError } from '../../../components/form-error'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { LOCALE_KEY, isLocale } from '../../../lib/locale'
import { destinationAfterSignIn, entryPath } from '../../../lib/profiles'
import { useSearchParam } from '../../../lib/search'
import { startSession, useMe, type SessionAnswer } from '../../../lib/session'
import { setLocale } from '../../../i18n'
import { MailPreviewLink } from '../../../components/mail-preview-link'
import { sendMagicLink } from '../api/send-magic-link'
import { signIn } from '../api/sign-in'
import { signInWithMagicLink } from '../api/sign-in-with-magic-link'
import { AuthCard } from '../components/auth-card'

// /users/sign_in: email and password, or a magic link by mail; `?magic_link_token=` signs in at once.
// Afterwards the user returns to `return_to` or to the area of their profile.

const passwordSchema = signInInput.omit({ fingerprint: true })

/** The account's language applies unless this browser has chosen one. */
function adoptAccountLocale(locale: string): void {
  let chosen: string | null = null
  try {
    chosen = localStorage.getItem(LOCALE_KEY)
  } catch {
    chosen = null
  }
  if (!chosen && isLocale(locale)) void setLocale(locale)
}

function useFinishSignIn() {
  const navigate = useNavigate()
  const returnTo = useSearchParam('return_to')
  return (answer: SessionAnswer) => {
    const user = startSession(answer)
    adoptAccountLocale(user.locale)
    void navigate({ href: destinationAfterSignIn(user, returnTo), replace: true })
  }
}

function PasswordForm({ onMagicLink }: { onMagicLink: () => void }) {
  const { t, i18n } = useTranslation()
  const finish = useFinishSignIn()
  const form = useZodForm(passwordSchema, { email: '', password: '' }, i18n.language, { noTrim: ['password'] })
  const mutation = useMutation({ mutationFn: signIn, onSuccess: finish, onError: form.fail })
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) mutation.mutate(data)
      }}
      noValidate
    >
      <Stack gap="md">
        <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...textInputProps(form.field('email'))} />
        <PasswordField label={t('fields.password')} autoComplete="current-password" required {...textInputProps(form.field('password'))} />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/users/password/new" size="sm">{t('signIn.forgotPassword')}</Anchor>
        </Group>
        <FormError error={form.formError} />
        <Button type="submit" size="md" loading={mutation.isPending} fullWidth data-testid="sign-in-submit">{t('auth.signIn')}</Button>
        <Divider label={t('common.or')} />
        <Button variant="default" onClick={onMagicLink} fullWidth data-testid="magic-link-mode">{t('signIn.magicLinkOption')}</Button>
      </Stack>
    </form>
  )
}

function MagicLinkForm({ onPassword }: { onPassword: () => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(emailOnlyInput, { email: '' }, i18n.language)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const mutation = useMutation({ mutationFn: sendMagicLink, onSuccess: (_answer, input) => setSentTo(input.email), onError: form.fail })
  if (sentTo) {
    return (
      <Stack>
        <Alert color="teal" icon={<IconMailCheck size={20} />} title={t('signIn.magicSentTitle')} data-testid="magic-link-sent">
          {t('signIn.magicSentText', { email: sentTo })}
        </Alert>
        <MailPreviewLink url={mutation.data?.previewUrl} />
        <Button variant="subtle" onClick={onPassword}>{t('signIn.usePassword')}</Button>
      </Stack>
    )
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) mutation.mutate(data)
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">{t('signIn.magicText')}</Text>
        <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...textInputProps(form.field('email'))} />
        <FormError error={form.formError} />
        <Button type="submit" size="md" loading={mutation.isPending} fullWidth>{t('signIn.sendMagicLink')}</Button>
        <Button variant="subtle" onClick={onPassword}>{t('signIn.usePassword')}</Button>
      </Stack>
    </form>
  )
}

function MagicLinkSignIn({ token }: { token: string }) {
  const { t } = useTranslation()
  const finish = useFinishSignIn()
  const mutation = useMutation({ mutationFn: signInWithMagicLink, onSuccess: finish })
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    mutation.mutate(token)
  }, [token, mutation])
  if (mutation.isError) {
    return (
      <Stack>
        <FormError error={mutation.error} title={t('signIn.magicFailedTitle')} />
        <Button component={Link} to="/users/sign_in" variant="default">{t('signIn.backToSignIn')}</Button>
      </Stack>
    )
  }
  return (
    <Center py="lg">
      <Stack align="center" gap="sm">
        <Loader />
        <Text>{t('signIn.magicSigningIn')}</Text>
      </Stack>
    </Center>
  )
}

export function SignInPage() {
  const { t } = useTranslation()
  const magicToken = useSearchParam('magic_link_token')
  const returnTo = useSearchParam('return_to')
  const [mode, setMode] = useState<'password' | 'magic'>('password')
  const me = useMe()

  return (
    <AuthCard
      title={t('signIn.title')}
      subtitle={
        <>
          {t('signIn.noAccount')}{' '}
          <Anchor underline="always" renderRoot={(props) => <Link {...props} to="/users/sign_up" search={returnTo ? { return_to: returnTo } : {}} />}>
            {t('signIn.createAccount')}
          </Anchor>
        </>
      }
    >
      {me.data && !magicToken && (
        <Alert color="indigo" variant="light" mb="md">
          {t('signIn.alreadySignedIn', { email: me.data.email })}{' '}
          <Anchor component={Link} to={entryPath(me.data)}>{t('public.openMyArea')}</Anchor>
        </Alert>
      )}
      {magicToken ? (
        <MagicLinkSignIn token={magicToken} />
      ) : mode === 'password' ? (
        <PasswordForm onMagicLink={() => setMode('magic')} />
      ) : (
        <MagicLinkForm onPassword={() => setMode('password')} />
      )}
      <Text size="sm" c="dimmed" mt="lg" ta="center">
        <Anchor component={Link} to="/users/confirmation/new" size="sm">{t('signIn.noConfirmation')}</Anchor>
      </Text>
    </AuthCard>
  )
}
