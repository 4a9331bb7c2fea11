import { Alert, Anchor, Badge, Box, Button, Card, Group, Image, Loader, Progress, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { StatusBadge } from '../../../components/status-badge'
import { useMe } from '../../../lib/session'
import { purchasesQuery, type PayerOverview } from '../api/purchases'

type Purchase = PayerOverview['sellers'][number]['purchases'][number]

/** A way into a purchase other than its access URL: a file, a ticket's PDF, a certificate, or the seller's page of the payer area. */
export type DirectLink = { href: string; label: string; internal?: boolean }

/** One thing bought: its cover, name, where it came from, its state, progress for a course, and the ways in. */
export function PurchaseRow({ purchase, direct = [] }: { purchase: Purchase; direct?: DirectLink[] }) {
  const { t } = useTranslation()
  const openLabel = purchase.form === 'course' ? t('payerArea.openCourse') : t('payerArea.open')
  return (
    <Group justify="space-between" wrap="nowrap" align="center" data-testid="payer-purchase" data-product-id={purchase.productId} data-state={purchase.state}>
      <Group gap="md" wrap="nowrap" align="center" miw={0}>
        {purchase.coverUrl
          ? <Image src={purchase.coverUrl} alt="" w={96} h={54} radius="sm" fit="cover" data-testid="payer-purchase-cover" style={{ flex: 'none' }} />
          : <Box w={96} h={54} bg="gray.1" style={{ borderRadius: 4, flex: 'none' }} aria-hidden="true" />}
        <Stack gap={2} miw={0}>
          <Text fw={500}>{purchase.productName}</Text>
          <Group gap="xs">
            <Badge variant="light" size="sm">{t(`payerArea.forms.${purchase.form}`, { defaultValue: purchase.form })}</Badge>
            {purchase.viaProductName && <Text size="xs" c="dimmed">{t('payerArea.via', { name: purchase.viaProductName })}</Text>}
            {/* Expired and paused are red in the spec's list; a revoked access is too. */}
            {purchase.state !== 'active' && <StatusBadge status={purchase.state === 'revoked' ? 'error' : purchase.state} value={purchase.state} label={t(`payerArea.states.${purchase.state}`, { defaultValue: purchase.state })} />}
          </Group>
          {purchase.progress && (
            <Group gap="xs" w={220}>
              <Progress value={purchase.progress.percent} w={140} aria-label={t('payerArea.progress')} />
              <Text size="xs" c="dimmed">{t('payerArea.progressText', { finished: purchase.progress.finished, total: purchase.progress.total })}</Text>
            </Group>
          )}
        </Stack>
      </Group>
      <Group gap="xs" justify="flex-end">
        {purchase.accessUrl && (
          <Button component="a" href={purchase.accessUrl} size="xs" data-testid="payer-open">{openLabel}</Button>
        )}
        {purchase.state === 'active' && direct.map((link) => (link.internal
          ? <Button key={link.href} component={Link} to={link.href} size="xs" variant="light" data-testid="payer-direct">{link.label}</Button>
          : <Button key={link.href} component="a" href={link.href} size="xs" variant={purchase.accessUrl ? 'light' : 'filled'} data-testid="payer-direct">{link.label}</Button>))}
      </Group>
    </Group>
  )
}

/** On the start page: forms whose things live on the seller's page (files, tickets, keys, certificates) get a button there. */
function sellerPageLink(purchase: Purchase, sellerId: number, t: (key: string) => string): DirectLink[] {
  const label = { download: 'payerArea.toDownloads', eventTickets: 'payerArea.toTickets', licenseKey: 'payerArea.toLicenseKeys', certificate: 'payerArea.toCertificates' }[purchase.form]
  return label && !purchase.accessUrl ? [{ href: `/payer/s/${sellerId}`, label: t(label), internal: true }] : []
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
            {seller.purchases.map((p) => <PurchaseRow key={p.grantId} purchase={p} direct={sellerPageLink(p, seller.sellerId, t)} />)}
          </Stack>
        </Card>
      ))}
    </Stack>
  )
}
