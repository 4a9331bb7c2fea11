import { Anchor, AppShell, Box, Button, Container, Divider, Group, Text } from '@mantine/core'
import { Link, Outlet } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { LocaleSwitcher } from '../../components/locale-switcher'
import { Logo } from '../../components/logo'
import { openCookieSettings } from '../../features/cookie-consent/consent-store'
import { entryPath } from '../../lib/profiles'
import { useMe } from '../../lib/session'

// The public site and the account screens: a light header, the page, and a footer with the legal pages.

function SessionButtons() {
  const { t } = useTranslation()
  const me = useMe()
  if (me.data) {
    return (
      <Button component={Link} to={entryPath(me.data)} data-testid="open-my-area">
        {t('public.openMyArea')}
      </Button>
    )
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to="/users/sign_in" variant="subtle">{t('auth.signIn')}</Button>
      <Button component={Link} to="/users/sign_up" visibleFrom="xs">{t('auth.signUp')}</Button>
    </Group>
  )
}

function Footer() {
  const { t } = useTranslation()
  return (
    <Box component="footer" mt="xl" pb="xl">
      <Divider mb="md" />
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">{t('public.footer.tagline')}</Text>
          <Group gap="md">
            <Anchor component={Link} to="/plans" size="sm">{t('public.nav.plans')}</Anchor>
            <Anchor component={Link} to="/terms" size="sm">{t('public.nav.terms')}</Anchor>
            <Anchor component={Link} to="/privacy" size="sm">{t('public.nav.privacy')}</Anchor>
            <Anchor component={Link} to="/imprint" size="sm">{t('public.nav.imprint')}</Anchor>
            <Anchor component="button" type="button" size="sm" onClick={openCookieSettings}>{t('cookies.settingsLink')}</Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  )
}

export function PublicLayout() {
  const { t } = useTranslation()
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Logo />
              <Anchor component={Link} to="/plans" c="dark" fw={500} visibleFrom="sm">{t('public.nav.plans')}</Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LocaleSwitcher />
              <SessionButtons />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Box component="main" mih="calc(100vh - 64px - 120px)">
          <Outlet />
        </Box>
        <Footer />
      </AppShell.Main>
    </AppShell>
  )
}
