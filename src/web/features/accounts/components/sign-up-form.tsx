import { Anchor, Button, Checkbox, Loader, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { PasswordField } from '../../../components/password-field'
import { useMutation } from '@tanstack/react-query'
import { IconCircleCheck } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { signUpInput } from '../../../../shared/schemas/accounts'
import { translateMessage } from '../../../../shared/validation'
import { FormError } from '../../../components/form-error'
import { rememberMailPreview } from '../../../components/mail-preview-link'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { currentLocale } from '../../../i18n'
import { startSession, type User } from '../../../lib/session'
import { signUp } from '../api/sign-up'
import { useEmailAvailability } from './email-availability'
import { PasswordRules } from './password-rules'

// Sign-up (POST /user): names, email with a live availability check, password with its rules shown,
// the profile type (seller by default) and the terms.

export type SignUpProfileType = 'seller' | 'payer' | 'publisher' | 'platform_affiliate'

const formSchema = signUpInput.omit({ fingerprint: true, locale: true, username: true, terms_accepted: true })

type Values = { first_name: string; last_name: string; email: string; password: string; profile_type: SignUpProfileType }

const signUpProfileTypes: readonly string[] = ['seller', 'payer', 'publisher', 'platform_affiliate'] satisfies SignUpProfileType[]

/** A `profile_type` query parameter as a profile type to start with, if it is one. */
export function signUpProfileType(value: string | undefined): SignUpProfileType | undefined {
  return value && signUpProfileTypes.includes(value) ? (value as SignUpProfileType) : undefined
}

export function SignUpForm({ fixedType, initialType, onSignedUp }: { fixedType?: SignUpProfileType; initialType?: SignUpProfileType | undefined; onSignedUp: (user: User) => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(
    formSchema,
    { first_name: '', last_name: '', email: '', password: '', profile_type: fixedType ?? initialType ?? 'seller' } as Values,
    i18n.language,
    { noTrim: ['password'] },
  )
  const [terms, setTerms] = useState(false)
  const [termsError, setTermsError] = useState<string | null>(null)
  const availability = useEmailAvailability(form.values.email)

  const mutation = useMutation({
    mutationFn: (data: ReturnType<typeof formSchema.parse>) => signUp({ ...data, locale: currentLocale(), terms_accepted: true }),
    onSuccess: (answer) => {
      rememberMailPreview(answer.previewUrl)
      onSignedUp(startSession(answer))
    },
    onError: form.fail,
  })

  const submit = () => {
    const data = form.validate()
    if (!terms) setTermsError(t('signUp.termsRequired'))
    if (!data || !terms || availability === 'taken') return
    mutation.mutate(data)
  }

  const email = form.field('email')
  const emailError = email.error ?? (availability === 'taken' ? translateMessage('email_taken', i18n.language) : undefined)
  const profileType = form.field('profile_type')
  // the platform program's choice is offered when the link asked for it (/users/ablefy_affiliate)
  const choices: SignUpProfileType[] = initialType === 'platform_affiliate' ? ['seller', 'payer', 'publisher', 'platform_affiliate'] : ['seller', 'payer', 'publisher']

  return (
    <form onSubmit={(event) => { event.preventDefault(); submit() }} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('fields.firstName')} autoComplete="given-name" required {...textInputProps(form.field('first_name'))} />
          <TextInput label={t('fields.lastName')} autoComplete="family-name" required {...textInputProps(form.field('last_name'))} />
        </SimpleGrid>
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...textInputProps(email)}
          error={emailError}
          rightSection={availability === 'checking' ? <Loader size={16} /> : availability === 'available' ? <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-label={t('signUp.emailAvailable')} /> : null}
          description={availability === 'taken' ? (
            <Anchor underline="always" component={Link} to="/users/sign_in" size="xs">{t('signUp.signInInstead')}</Anchor>
          ) : undefined}
        />
        <div>
          <PasswordField label={t('fields.password')} autoComplete="new-password" required {...textInputProps(form.field('password'))} />
          <PasswordRules value={form.values.password} />
        </div>
        {!fixedType && (
          <Radio.Group label={t('signUp.profileType')} value={profileType.value} onChange={(value) => profileType.onChange(value as SignUpProfileType)}>
            <Stack gap="xs" mt={6}>
              {choices.map((type) => (
                <Radio key={type} value={type} label={t(`signUp.types.${type}.label`)} description={t(`signUp.types.${type}.text`)} data-testid={`sign-up-type-${type}`} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Checkbox
          checked={terms}
          onChange={(event) => {
            setTerms(event.currentTarget.checked)
            if (event.currentTarget.checked) setTermsError(null)
          }}
          error={termsError}
          label={
            <Text size="sm" span>
              <Trans
                i18nKey="signUp.terms"
                components={{
                  terms: <Anchor component={Link} to="/terms" target="_blank" size="sm" />,
                  privacy: <Anchor component={Link} to="/privacy" target="_blank" size="sm" />,
                }}
              />
            </Text>
          }
        />
        <FormError error={form.formError} />
        <Button type="submit" size="md" loading={mutation.isPending} fullWidth>
          {t('signUp.submit')}
        </Button>
      </Stack>
    </form>
  )
}
