import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { PasswordField } from '../../../components/password-field'
import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { changeEmailInput, changePasswordInput, updateMeInput } from '../../../../shared/schemas/accounts'
import { isUsername, translateMessage } from '../../../../shared/validation'
import { FormError } from '../../../components/form-error'
import { SelectField } from '../../../components/select-field'
import { selectInputProps, textInputProps, useZodForm } from '../../../lib/forms'
import { isLocale, languageNames, locales } from '../../../lib/locale'
import { areaOfPath } from '../../../lib/profiles'
import { useSearchParam } from '../../../lib/search'
import { setMe, signOut, useMe, type User } from '../../../lib/session'
import { setLocale } from '../../../i18n'
import { changeEmail } from '../api/change-email'
import { changePassword } from '../api/change-password'
import { checkUsername } from '../api/check-username'
import { MailPreviewLink } from '../../../components/mail-preview-link'
import { resendConfirmation } from '../api/resend-confirmation'
import { updateMe } from '../api/update-me'
import { DeletionModal } from '../components/deletion-modal'
import { PasswordRules } from '../components/password-rules'
import { SellerProfileForm } from '../components/seller-profile-form'
import { ShopPresenceForm } from '../components/shop-presence-form'

// /<area>/profile/edit: the account settings, reachable from every area's user menu. In the cabinet,
// `?seller_profile_edit=true` opens it with the seller profile first (finish registration, docs/reference/accounts-and-orders.md §2).

function Section({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" data-testid={testId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} fz="lg">{title}</Title>
          {description && <Text size="sm" c="dimmed">{description}</Text>}
        </Stack>
        {children}
      </Stack>
    </Card>
  )
}

type PersonalValues = { first_name: string; last_name: string; username: string; locale: string | null }

function useUsernameCheck(username: string, current: string | null): string | undefined {
  const { i18n } = useTranslation()
  const [taken, setTaken] = useState<string | undefined>()
  useEffect(() => {
    const value = username.trim()
    setTaken(undefined)
    if (!value || value.toLowerCase() === (current ?? '').toLowerCase() || !isUsername(value)) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      checkUsername(value, controller.signal)
        .then((answer) => setTaken(answer.available ? undefined : translateMessage(answer.message ?? 'username_taken', i18n.language)))
        .catch(() => setTaken(undefined))
    }, 500)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [username, current, i18n.language])
  return taken
}

function PersonalDetails({ user }: { user: User }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(
    updateMeInput,
    { first_name: user.firstName, last_name: user.lastName, username: user.username ?? '', locale: isLocale(user.locale) ? user.locale : 'en' } as PersonalValues,
    i18n.language,
    { toInput: (values) => ({ ...values, username: values.username.trim() ? values.username : undefined, locale: values.locale ?? undefined }) },
  )
  const usernameTaken = useUsernameCheck(form.values.username, user.username)
  const mutation = useMutation({
    mutationFn: updateMe,
    onSuccess: (updated) => {
      setMe(updated)
      if (isLocale(updated.locale) && updated.locale !== i18n.language) void setLocale(updated.locale)
      notifications.show({ color: 'teal', message: t('settings.saved'), autoClose: 4000 })
    },
    onError: form.fail,
  })
  const username = form.field('username')
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data && !usernameTaken) mutation.mutate(data)
      }}
      noValidate
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.firstName')} autoComplete="given-name" required {...textInputProps(form.field('first_name'))} />
          <TextInput label={t('fields.lastName')} autoComplete="family-name" required {...textInputProps(form.field('last_name'))} />
          <TextInput label={t('fields.username')} description={t('settings.usernameHint')} autoComplete="username" {...textInputProps(username)} error={username.error ?? usernameTaken} />
          <SelectField
            label={t('settings.language')}
            data={locales.map((value) => ({ value, label: languageNames[value] }))}
            required
            {...selectInputProps(form.field('locale'))}
          />
        </SimpleGrid>
        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}

function EmailSettings({ user }: { user: User }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(changeEmailInput, { email: '', password: '' }, i18n.language, { noTrim: ['password'] })
  const mutation = useMutation({
    mutationFn: changeEmail,
    onSuccess: (_answer, input) => {
      setMe({ ...user, unconfirmedEmail: input.email })
      form.reset()
      notifications.show({ color: 'teal', title: t('settings.emailChangeSentTitle'), message: t('settings.emailChangeSent', { email: input.email }), autoClose: 8000 })
    },
    onError: form.fail,
  })
  const resend = useMutation({
    mutationFn: () => resendConfirmation(user.email),
    onSuccess: () => notifications.show({ color: 'teal', message: t('confirmation.resentText', { email: user.email }), autoClose: 6000 }),
  })
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fw={500}>{user.email}</Text>
        {user.confirmed ? <Badge color="green" variant="light">{t('settings.confirmed')}</Badge> : <Badge color="yellow" variant="light">{t('settings.notConfirmed')}</Badge>}
      </Group>
      {!user.confirmed && (
        <Alert color="yellow" variant="light">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('settings.confirmHint')}</Text>
            <Button size="xs" variant="light" onClick={() => resend.mutate()} loading={resend.isPending}>{t('confirmation.resendSubmit')}</Button>
          </Group>
        </Alert>
      )}
      {!user.confirmed && <MailPreviewLink url={resend.data?.previewUrl} />}
      {user.unconfirmedEmail && <Alert color="indigo" variant="light">{t('settings.pendingEmail', { email: user.unconfirmedEmail })}</Alert>}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          const data = form.validate()
          if (data) mutation.mutate(data)
        }}
        noValidate
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('settings.newEmail')} type="email" autoComplete="email" required {...textInputProps(form.field('email'))} />
            <PasswordField label={t('settings.currentPassword')} autoComplete="current-password" required {...textInputProps(form.field('password'))} />
          </SimpleGrid>
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>{t('settings.changeEmail')}</Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}

function PasswordSettings() {
  const { t, i18n } = useTranslation()
  const form = useZodForm(changePasswordInput, { current_password: '', password: '' }, i18n.language, { noTrim: ['current_password', 'password'] })
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      form.reset()
      notifications.show({ color: 'teal', message: t('settings.passwordChanged'), autoClose: 4000 })
    },
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
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordField label={t('settings.currentPassword')} autoComplete="current-password" required {...textInputProps(form.field('current_password'))} />
          <div>
            <PasswordField label={t('password.newPassword')} autoComplete="new-password" required {...textInputProps(form.field('password'))} />
            <PasswordRules value={form.values.password} />
          </div>
        </SimpleGrid>
        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>{t('settings.changePassword')}</Button>
        </Group>
      </Stack>
    </form>
  )
}

function DangerZone() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Group justify="space-between" gap="md">
        <Text size="sm" maw={520}>{t('settings.deleteText')}</Text>
        <Button color="red" variant="light" onClick={() => setOpened(true)} data-testid="open-deletion">{t('settings.deleteButton')}</Button>
      </Group>
      <DeletionModal
        opened={opened}
        onClose={() => setOpened(false)}
        onFinished={(outcome) => {
          setOpened(false)
          notifications.show({ color: 'teal', message: t(outcome === 'deleted' ? 'deletion.deletedDone' : 'deletion.deactivatedDone'), autoClose: 8000 })
          void signOut(async () => { await navigate({ to: '/' }) })
        }}
      />
    </>
  )
}

export function AccountSettingsPage() {
  const { t } = useTranslation()
  const me = useMe()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const finishRegistration = useSearchParam('seller_profile_edit') === 'true' && areaOfPath(pathname) === 'cabinet'
  const user = me.data
  if (!user) return null
  return (
    <Stack gap="lg" maw={880}>
      <Title order={2}>{t('settings.title')}</Title>
      {finishRegistration && (
        <Section title={t('settings.finishTitle')} description={t('settings.finishText')} testId="finish-registration">
          <SellerProfileForm onSaved={() => notifications.show({ color: 'teal', message: t('settings.saved'), autoClose: 4000 })} />
        </Section>
      )}
      {user.seller && areaOfPath(pathname) === 'cabinet' && (
        <Section title={t('presence.title')} description={t('presence.text')} testId="presence">
          <ShopPresenceForm sellerName={user.seller.username} />
        </Section>
      )}
      <Section title={t('settings.personalTitle')} testId="personal-details">
        <PersonalDetails user={user} />
      </Section>
      <Section title={t('settings.emailTitle')} description={t('settings.emailText')}>
        <EmailSettings user={user} />
      </Section>
      <Section title={t('settings.passwordTitle')}>
        <PasswordSettings />
      </Section>
      <Section title={t('settings.deleteTitle')}>
        <DangerZone />
      </Section>
    </Stack>
  )
}
