import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core'
import { IconBuildingStore, IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { Area } from '../../lib/profiles'
import { signOut, type User } from '../../lib/session'

export function UserMenu({ user, area }: { user: User; area: Area }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" aria-label={t('userMenu.label')}>
          <Group gap={8} wrap="nowrap">
            <Avatar radius="xl" size={32} color="indigo">{initials}</Avatar>
            <Text size="sm" fw={500} visibleFrom="md">{user.firstName}</Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to={`/${area}/profile/edit`} leftSection={<IconSettings size={16} aria-hidden />} data-testid="account-settings">
          {t('userMenu.account')}
        </Menu.Item>
        {area === 'cabinet' && user.seller && (
          // the seller's shop as payers see it (docs/decisions/0041-first-ten-minutes.md)
          <Menu.Item component="a" href={`/s/${encodeURIComponent(user.seller.username)}`} target="_blank" rel="noopener"
            leftSection={<IconBuildingStore size={16} aria-hidden />} data-testid="user-menu-view-shop">
            {t('userMenu.viewShop')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          data-testid="sign-out"
          onClick={() => void signOut(async () => { await navigate({ to: '/users/sign_in' }) })}
        >
          {t('auth.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
