import { Anchor, Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Link, useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { destinationAfterSignIn } from '../../../lib/profiles'
import { useSearchParam } from '../../../lib/search'
import type { User } from '../../../lib/session'
import { MailPreviewLink, rememberedMailPreview } from '../../../components/mail-preview-link'
import { AboutYouForm } from '../components/about-you-form'
import { AuthCard } from '../components/auth-card'
import { SignUpForm, signUpProfileType } from '../components/sign-up-form'

// /users/sign_up (`?profile_type=` preselects the kind of account, e.g. platform_affiliate from
// /users/ablefy_affiliate) and its second step /users/sign_up/about_you.

function useWelcome() {
  const { t } = useTranslation()
  return (user: User) =>
    notifications.show({ color: 'teal', title: t('signUp.welcomeTitle', { name: user.firstName }), message: t('signUp.welcomeText', { email: user.email }), autoClose: 8000 })
}

export function SignUpPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const returnTo = useSearchParam('return_to')
  const initialType = signUpProfileType(useSearchParam('profile_type'))
  const welcome = useWelcome()
  return (
    <AuthCard
      size={560}
      title={initialType === 'platform_affiliate' ? t('affiliate.title') : t('signUp.title')}
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
        initialType={initialType}
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
