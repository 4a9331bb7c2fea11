import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../../lib/session'

// /admin: the manager's start page, one card per part of running the platform with its pages.

const cards: { key: string; links: { to: string; label: string }[] }[] = [
  { key: 'users', links: [{ to: '/admin/users', label: 'usersOpen' }, { to: '/admin/admin_audit_log', label: 'auditOpen' }] },
  { key: 'outbox', links: [{ to: '/admin/emails', label: 'outboxOpen' }] },
  { key: 'sellers', links: [{ to: '/admin/sellers', label: 'sellersOpen' }, { to: '/admin/products', label: 'productsOpen' }, { to: '/admin/product_reviews', label: 'reviewsOpen' }] },
  { key: 'kyc', links: [{ to: '/admin/legitimations', label: 'identityOpen' }, { to: '/admin/bank_account_legitimations', label: 'bankAccountsOpen' }, { to: '/admin/payouts', label: 'payoutsOpen' }] },
  { key: 'money', links: [{ to: '/admin/orders', label: 'ordersOpen' }, { to: '/admin/refunds', label: 'refundsOpen' }, { to: '/admin/claims', label: 'claimsOpen' }] },
  { key: 'platform', links: [{ to: '/admin/settings', label: 'settingsOpen' }, { to: '/admin/platform_plans', label: 'plansOpen' }, { to: '/admin/resellers', label: 'resellersOpen' }] },
]

export function AdminHomePage() {
  const { t } = useTranslation()
  const user = useMe().data
  if (!user) return null
  return (
    <Stack gap="lg" data-testid="admin-home">
      <Stack gap={4}>
        <Title order={2}>{t('admin.welcome', { name: user.firstName })}</Title>
        <Text c="dimmed">{t('admin.lead')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {cards.map((card) => (
          <Card key={card.key} withBorder padding="lg" radius="md">
            <Stack gap="sm">
              <Text fw={600}>{t(`admin.${card.key}Title`)}</Text>
              <Text size="sm" c="dimmed">{t(`admin.${card.key}Text`)}</Text>
              <Group gap="xs">
                {card.links.map((link) => <Button key={link.to} component={Link} to={link.to} variant="light">{t(`admin.${link.label}`)}</Button>)}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
