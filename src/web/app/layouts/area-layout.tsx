import { Alert, AppShell, Burger, Center, Divider, EmptyState, Group, Loader, NavLink, ScrollArea, Stack, Title } from '@mantine/core'
import { IconLock, IconUsersGroup } from '@tabler/icons-react'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { LocaleSwitcher } from '../../components/locale-switcher'
import { Logo } from '../../components/logo'
import { api } from '../../lib/api'
import { snakeToCamelKey } from '../../lib/api-client'
import { areaOfPath, currentProfile, type Area } from '../../lib/profiles'
import { useMe } from '../../lib/session'
import { areaConfigs, mayOpen, navEntryOfPath, type NavEntry } from '../areas'
import { AreaGate } from './area-gate'
import { ProfileSwitcher } from './profile-switcher'
import { UserMenu } from './user-menu'
import { NotificationBell } from '../../features/notifications/components/notification-bell'

// The frame of every back-office area: header (area title, profile switcher, language, user menu),
// navigation, and the page behind the profile gate. Under the `sm` breakpoint (a phone) the navigation
// folds behind the burger and the profile switcher and language move into it, so the header keeps only
// what fits in 390 px: burger, logo, bell and the account menu (docs/decisions/0045-cabinet-on-a-phone.md).

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
  // read at once (not in an effect), so a phone never renders the wide header first
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false })

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
  // A team member acting for a seller sees only what the seller allowed (docs/decisions/0053-team-members.md).
  const profile = user ? currentProfile(user) : null
  const acting = area === 'cabinet' && profile?.type === 'team_member' ? profile : null
  // The dashboard holds the seller's figures: a team member without them starts at the first page they may open.
  const firstAllowed = acting && pathname.replace(/\/+$/, '') === '/cabinet' && !mayOpen(navEntryOfPath(config, pathname), acting)
    ? config.nav.find((entry) => entry.action && mayOpen(entry, acting))
    : undefined
  useEffect(() => {
    if (firstAllowed) void navigate({ to: firstAllowed.to, replace: true })
  }, [firstAllowed, navigate])
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
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')}
              aria-expanded={navOpened} aria-controls="area-navigation" data-testid="nav-burger"
            />
            <Logo to={`/${area}`} />
            <Title order={2} fz="md" fw={600} c="dimmed" data-testid="area-title" visibleFrom="xs">
              {t(`areas.${area}`)}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {area === 'cabinet' && user.seller && !acting && <NotificationBell />}
            {!phone && <ProfileSwitcher user={user} />}
            {!phone && <LocaleSwitcher />}
            <UserMenu user={user} area={area} />
          </Group>
        </Group>
      </AppShell.Header>
      {/* folded on a phone it is off screen: hidden too, so neither Tab nor a screen reader lands in it */}
      <AppShell.Navbar
        p="sm" aria-label={t('nav.label')} id="area-navigation" data-testid="area-navigation"
        style={phone && !navOpened ? { visibility: 'hidden' } : undefined}
      >
        {phone && (
          <AppShell.Section>
            <Stack gap="xs" align="stretch">
              <ProfileSwitcher user={user} />
              <LocaleSwitcher />
            </Stack>
            <Divider my="sm" />
          </AppShell.Section>
        )}
        <AppShell.Section grow component={ScrollArea}>
          {config.nav.filter((entry) => (!entry.feature || user.seller?.features[snakeToCamelKey(entry.feature)] === true) && mayOpen(entry, acting)).map((entry) => {
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
        {acting && (
          <Alert variant="light" color="grape" icon={<IconUsersGroup size={18} aria-hidden />} mb="md" py={6} data-testid="acting-for-seller">
            {t('team.actingFor', { seller: acting.name ?? acting.sellerUsername ?? '' })}
          </Alert>
        )}
        {acting && !mayOpen(navEntryOfPath(config, pathname), acting)
          ? (
              <EmptyState
                icon={<IconLock size={28} aria-hidden />} variant="light" title={t('team.noAccess.title')} description={t('team.noAccess.text')}
                maw={560} mx="auto" py="xl" data-testid="no-access"
              />
            )
          : <AreaGate area={area} user={user} />}
      </AppShell.Main>
    </AppShell>
  )
}
