import { Alert, Anchor, Badge, Card, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../../lib/session'

// /payer: the payer's start page. The list of purchases arrives with orders.
export function PayerHomePage() {
  const { t } = useTranslation()
  const user = useMe().data
  if (!user) return null
  return (
    <Stack gap="lg" data-testid="payer-home">
      <Stack gap={4}>
        <Title order={2}>{t('payer.welcome', { name: user.firstName })}</Title>
        <Text c="dimmed">{t('payer.lead')}</Text>
      </Stack>
      {!user.confirmed && (
        <Alert color="yellow" variant="light">
          {t('payer.confirmHint', { email: user.email })}{' '}
          <Anchor component={Link} to="/payer/profile/edit">{t('payer.toSettings')}</Anchor>
        </Alert>
      )}
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Title order={3} fz="lg">{t('payer.purchasesTitle')} <Badge variant="light" color="gray" ml={6}>{t('soon.badge')}</Badge></Title>
          <Text size="sm" c="dimmed">{t('payer.purchasesText')}</Text>
        </Stack>
      </Card>
    </Stack>
  )
}
