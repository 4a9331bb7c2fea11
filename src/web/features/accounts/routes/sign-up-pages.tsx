import { Alert, Anchor, Button, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { destinationAfterSignIn, hasProfileType } from '../../../lib/profiles'
import { useSearchParam } from '../../../lib/search'
import { useMe, type User } from '../../../lib/session'
import { MailPreviewLink, rememberedMailPreview } from '../../../components/mail-preview-link'
import { AboutYouForm } from '../components/about-you-form'
import { AddProfileDialog } from '../components/add-profile-dialog'
import { AuthCard } from '../components/auth-card'
import { SignUpForm } from '../components/sign-up-form'

// /users/sign_up, its second step /users/sign_up/about_you, and /users/ablefy_affiliate.

function useWelcome() {
  const { t } = useTranslation()
  return (user: User) =>
    notifications.show({ color: 'teal', title: t('signUp.welcomeTitle', { name: user.firstName }), message: t('signUp.welcomeText', { email: user.email }), autoClose: 8000 })
}

export function SignUpPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const returnTo = useSearchParam('return_to')
  const welcome = useWelcome()
  return (
    <AuthCard
      size={560}
      title={t('signUp.title')}
      subtitle={
        <>
          {t('signUp.haveAccount')}{' '}
          <Anchor underline="always" renderRoot={(props) => <Link {...props} to="/users/sign_in" search={returnTo ? { return_to: returnTo } : {}} />}>
            {t('auth.signIn')}
          </Anchor>
        </>
      }
    >
      <SignUpForm
        onSignedUp={(user) => {
          welcome(user)
          const isSeller = user.profiles.some((p) => p.type === 'seller' && p.id === user.currentProfileId)
          void navigate({ href: isSeller ? '/users/sign_up/about_you' : destinationAfterSignIn(user, returnTo), replace: true })
        }}
      />
    </AuthCard>
  )
}

export function AboutYouPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <AuthCard size={640} title={t('aboutYou.title')} subtitle={t('aboutYou.subtitle')}>
      <MailPreviewLink url={rememberedMailPreview()} />
      <AboutYouForm
        submitLabel={t('aboutYou.continue')}
        onSaved={() => void navigate({ to: '/cabinet' })}
        secondaryAction={
          <Button variant="subtle" component={Link} to="/cabinet" data-testid="about-you-skip">
            {t('aboutYou.skip')}
          </Button>
        }
      />
    </AuthCard>
  )
}

export function AffiliateSignUpPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const me = useMe()
  const welcome = useWelcome()
  const [adding, setAdding] = useState(false)
  const user = me.data
  return (
    <AuthCard size={560} title={t('affiliate.title')} subtitle={t('affiliate.subtitle')}>
      <Stack gap="md">
        <Text>{t('affiliate.text')}</Text>
        {user ? (
          hasProfileType(user, 'platform_affiliate') ? (
            <Alert color="teal" variant="light">
              {t('affiliate.already')}{' '}
              <Anchor component={Link} to="/publish">{t('affiliate.openArea')}</Anchor>
            </Alert>
          ) : (
            <>
              <Button onClick={() => setAdding(true)}>{t('addProfile.platform_affiliate.open')}</Button>
              <AddProfileDialog
                type="platform_affiliate"
                opened={adding}
                onClose={() => setAdding(false)}
                onDone={(_user, areaPath) => void navigate({ to: areaPath })}
              />
            </>
          )
        ) : (
          <>
            <SignUpForm
              fixedType="platform_affiliate"
              onSignedUp={(created) => {
                welcome(created)
                void navigate({ to: '/publish', replace: true })
              }}
            />
            <Text size="sm" c="dimmed" ta="center">
              {t('affiliate.haveAccount')}{' '}
              <Anchor underline="always" size="sm" renderRoot={(props) => <Link {...props} to="/users/sign_in" search={{ return_to: '/users/ablefy_affiliate' }} />}>
                {t('auth.signIn')}
              </Anchor>
            </Text>
          </>
        )}
      </Stack>
    </AuthCard>
  )
}
