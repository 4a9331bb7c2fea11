import { Alert, Anchor, Badge, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../../lib/session'
import { purchasesQuery, type PayerOverview } from '../api/purchases'

type Purchase = PayerOverview['sellers'][number]['purchases'][number]

/** One thing bought: its name, where it came from, its state, progress for a course, and the way in. */
export function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const { t } = useTranslation()
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="payer-purchase" data-product-id={purchase.productId} data-state={purchase.state}>
      <Stack gap={2}>
        <Text fw={500}>{purchase.productName}</Text>
        <Group gap="xs">
          <Badge variant="light" size="sm">{t(`payerArea.forms.${purchase.form}`, { defaultValue: purchase.form })}</Badge>
          {purchase.viaProductName && <Text size="xs" c="dimmed">{t('payerArea.via', { name: purchase.viaProductName })}</Text>}
          {purchase.state !== 'active' && <Badge color="red" variant="light" size="sm">{t(`payerArea.states.${purchase.state}`, { defaultValue: purchase.state })}</Badge>}
        </Group>
        {purchase.progress && (
          <Group gap="xs" w={220}>
            <Progress value={purchase.progress.percent} w={140} aria-label={t('payerArea.progress')} />
            <Text size="xs" c="dimmed">{t('payerArea.progressText', { finished: purchase.progress.finished, total: purchase.progress.total })}</Text>
          </Group>
        )}
      </Stack>
      {purchase.accessUrl && (
        <Button component="a" href={purchase.accessUrl} size="xs" data-testid="payer-open">{t('payerArea.open')}</Button>
      )}
    </Group>
  )
}

// /payer: the payer's start page: everything bought, grouped by seller, each seller with its own page.
export function PayerHomePage() {
  const { t } = useTranslation()
  const user = useMe().data
  const purchases = useQuery(purchasesQuery())
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
      {purchases.isPending && <Loader size="sm" />}
      {purchases.data && purchases.data.sellers.length === 0 && (
        <Card withBorder padding="lg" radius="md"><Text c="dimmed">{t('payerArea.empty')}</Text></Card>
      )}
      {purchases.data?.sellers.map((seller) => (
        <Card key={seller.sellerId} withBorder padding="lg" radius="md" data-testid="payer-seller" data-seller-id={seller.sellerId}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3} fz="lg">{seller.name || seller.username}</Title>
              <Anchor component={Link} to={`/payer/s/${seller.sellerId}`} data-testid="payer-seller-link">
                {t('payerArea.sellerPage', { count: seller.purchasesCount })}
              </Anchor>
            </Group>
            {seller.purchases.map((p) => <PurchaseRow key={p.grantId} purchase={p} />)}
          </Stack>
        </Card>
      ))}
    </Stack>
  )
}
