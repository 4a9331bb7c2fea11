import { AppShell, Burger, Center, Group, Loader, NavLink, ScrollArea, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { LocaleSwitcher } from '../../components/locale-switcher'
import { Logo } from '../../components/logo'
import { api } from '../../lib/api'
import { areaOfPath, type Area } from '../../lib/profiles'
import { useMe } from '../../lib/session'
import { areaConfigs, type NavEntry } from '../areas'
import { AreaGate } from './area-gate'
import { ProfileSwitcher } from './profile-switcher'
import { UserMenu } from './user-menu'
import { NotificationBell } from '../../features/notifications/components/notification-bell'

// The frame of every back-office area: header (area title, profile switcher, language, user menu),
// navigation, and the page behind the profile gate.

function isActive(entry: NavEntry, pathname: string): boolean {
  if (entry.exact) return pathname === entry.to || pathname === `${entry.to}/`
  if (entry.match) return pathname.startsWith(entry.match)
  const base = entry.to.split('/').slice(0, 3).join('/')
  return pathname === entry.to || pathname.startsWith(`${base}/`) || pathname === base
}

export function AreaLayout({ area }: { area: Area }) {
  const { t } = useTranslation()
  const [navOpened, nav] = useDisclosure(false)
  const me = useMe()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const href = useRouterState({ select: (state) => state.location.href })
  const config = areaConfigs[area]
  const navigate = useNavigate()
  const redirected = useRef(false)

  // A session that ended while the area is open (another tab signed out, tokens cleared): go to sign-in
  // once, remembering the page. While a navigation away is under way the location is already outside
  // the area, and nothing is done.
  const sessionGone = !api.hasSession() || (me.isSuccess && me.data === null)
  const inArea = areaOfPath(pathname) === area
  useEffect(() => {
    if (!sessionGone || !inArea || redirected.current) return
    redirected.current = true
    void navigate({ to: '/users/sign_in', search: { return_to: href }, replace: true })
  }, [sessionGone, inArea, href, navigate])

  const user = sessionGone ? null : me.data
  if (!user) {
    return (
      <Center h="100vh" aria-label={t('common.loading')}>
        <Loader />
      </Center>
    )
  }

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <Logo to={`/${area}`} />
            <Title order={2} fz="md" fw={600} c="dimmed" data-testid="area-title" visibleFrom="xs">
              {t(`areas.${area}`)}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {area === 'cabinet' && user.seller && <NotificationBell />}
            <ProfileSwitcher user={user} />
            <LocaleSwitcher />
            <UserMenu user={user} area={area} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('nav.label')}>
        <AppShell.Section grow component={ScrollArea}>
          {config.nav.map((entry) => {
            const Icon = entry.icon
            return (
              <NavLink
                key={entry.to}
                component={Link}
                to={entry.to}
                activeOptions={{ exact: entry.exact === true }}
                label={t(`nav.${area}.${entry.key}`)}
                leftSection={<Icon size={20} aria-hidden />}
                active={isActive(entry, pathname)}
                onClick={nav.close}
              />
            )
          })}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <AreaGate area={area} user={user} />
      </AppShell.Main>
    </AppShell>
  )
}
