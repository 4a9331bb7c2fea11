import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../../lib/session'

// /admin: the manager's start page with its tools.
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
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Text fw={600}>{t('admin.usersTitle')}</Text>
            <Text size="sm" c="dimmed">{t('admin.usersText')}</Text>
            <Group gap="xs">
              <Button component={Link} to="/admin/users" variant="light">{t('admin.usersOpen')}</Button>
              <Button component={Link} to="/admin/admin_audit_log" variant="light">{t('admin.auditOpen')}</Button>
            </Group>
          </Stack>
        </Card>
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Text fw={600}>{t('admin.outboxTitle')}</Text>
            <Text size="sm" c="dimmed">{t('admin.outboxText')}</Text>
            <Button component={Link} to="/admin/emails" variant="light" w="fit-content">{t('admin.outboxOpen')}</Button>
          </Stack>
        </Card>
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Text fw={600}>{t('admin.sellersTitle')}</Text>
            <Text size="sm" c="dimmed">{t('admin.sellersText')}</Text>
            <Group gap="xs">
              <Button component={Link} to="/admin/sellers" variant="light">{t('admin.sellersOpen')}</Button>
              <Button component={Link} to="/admin/products" variant="light">{t('admin.productsOpen')}</Button>
            </Group>
          </Stack>
        </Card>
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Text fw={600}>{t('admin.kycTitle')}</Text>
            <Text size="sm" c="dimmed">{t('admin.kycText')}</Text>
            <Group gap="xs">
              <Button component={Link} to="/admin/legitimations" variant="light">{t('admin.identityOpen')}</Button>
              <Button component={Link} to="/admin/bank_account_legitimations" variant="light">{t('admin.bankAccountsOpen')}</Button>
              <Button component={Link} to="/admin/payouts" variant="light">{t('admin.payoutsOpen')}</Button>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  )
}
