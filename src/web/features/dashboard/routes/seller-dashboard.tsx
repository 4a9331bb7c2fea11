import { Alert, Anchor, Button, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import {
  IconBell, IconCreditCard, IconFileInvoice, IconPackage, IconPlus, IconReceipt, IconRepeat, IconSettings, IconTransfer, type Icon,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { dashboardPeriods, defaultDashboardPeriod, periodDays, type DashboardPeriod } from '../../../../shared/dashboard/periods'
import { dashboardQuery, type Dashboard } from '../api/dashboard'
import { money, RevenueChart } from '../components/revenue-chart'

// The seller dashboard's figures (/cabinet; the app's cabinet home composes it under the seller's
// state): money per currency, orders and new payers, the revenue chart, upcoming and overdue rates, the
// top products and quick links, for the chosen period (default 90 days, docs/reference/accounts-and-orders.md).

function Figure({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: 'red' | 'teal' }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text fw={700} fz="lg" c={tone === 'red' ? 'red.9' : tone === 'teal' ? 'teal.9' : undefined}>{value}</Text>
    </Stack>
  )
}

function MoneyCards({ data }: { data: Dashboard }) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(3, Math.max(1, data.figures.length + 1)) }}>
      {data.figures.map((f) => (
        <Card key={f.currency} withBorder padding="lg" radius="md" data-testid="dashboard-figures" data-currency={f.currency}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>{f.currency.toUpperCase()}</Text>
              <Text size="sm" c="dimmed">{t('dashboard.figures.payments', { count: f.chargesCount })}</Text>
            </Group>
            <SimpleGrid cols={2} spacing="sm">
              <Figure label={t('dashboard.figures.revenue')} value={money(f.revenue, f.currency)} testId="figure-revenue" />
              <Figure label={t('dashboard.figures.net')} value={money(f.net, f.currency)} testId="figure-net" tone="teal" />
              <Figure label={t('dashboard.figures.refunds')} value={money(f.refunds, f.currency)} testId="figure-refunds" tone={f.refunds > 0 ? 'red' : undefined} />
              <Figure label={t('dashboard.figures.chargebacks')} value={money(f.chargebacks, f.currency)} testId="figure-chargebacks" tone={f.chargebacks > 0 ? 'red' : undefined} />
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
      <Card withBorder padding="lg" radius="md" data-testid="dashboard-orders">
        <Stack gap="sm">
          <Text fw={600}>{t('dashboard.orders.title')}</Text>
          <SimpleGrid cols={3} spacing="sm">
            <Figure label={t('dashboard.orders.created')} value={String(data.orders.created)} testId="figure-orders-created" />
            <Figure label={t('dashboard.orders.paid')} value={String(data.orders.paid)} testId="figure-orders-paid" />
            <Figure label={t('dashboard.newPayers')} value={String(data.newPayers)} testId="figure-new-payers" />
          </SimpleGrid>
        </Stack>
      </Card>
    </SimpleGrid>
  )
}

function Rates({ data }: { data: Dashboard }) {
  const { t } = useTranslation()
  const block = (kind: 'upcoming' | 'overdue', rows: Dashboard['upcomingRates']) => (
    <Card withBorder padding="lg" radius="md" data-testid={`dashboard-${kind}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t(`dashboard.${kind}.title`)}</Text>
          <Anchor component={Link} to="/cabinet/order_rates" size="sm">{t('dashboard.rates.open')}</Anchor>
        </Group>
        {kind === 'upcoming' && <Text size="sm" c="dimmed">{t('dashboard.upcoming.lead', { days: data.upcomingDays })}</Text>}
        {rows.length === 0
          ? <Text size="sm" c="dimmed">{kind === 'upcoming' ? t('dashboard.upcoming.none', { days: data.upcomingDays }) : t('dashboard.overdue.none')}</Text>
          : rows.map((r) => (
            <Group key={r.currency} justify="space-between" data-testid={`${kind}-rate`} data-currency={r.currency}>
              <Text size="sm">{t('dashboard.rates.count', { count: r.count })}</Text>
              <Text fw={600} c={kind === 'overdue' ? 'red.7' : undefined}>{money(r.amount, r.currency)}</Text>
            </Group>
          ))}
      </Stack>
    </Card>
  )
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {block('upcoming', data.upcomingRates)}
      {block('overdue', data.overdueRates)}
    </SimpleGrid>
  )
}

function TopProducts({ data }: { data: Dashboard }) {
  const { t } = useTranslation()
  if (data.topProducts.length === 0) return null
  return (
    <Card withBorder padding="lg" radius="md" data-testid="dashboard-top-products">
      <Stack gap="xs">
        <Text fw={600}>{t('dashboard.top.title')}</Text>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.top.product')}</Table.Th>
              <Table.Th ta="end">{t('dashboard.top.payments')}</Table.Th>
              <Table.Th ta="end">{t('dashboard.top.revenue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.topProducts.map((p) => (
              <Table.Tr key={`${p.productId}-${p.currency}`}>
                <Table.Td><Anchor component={Link} to={`/cabinet/products/${p.productId}/edit`} size="sm">{p.name}</Anchor></Table.Td>
                <Table.Td ta="end">{p.chargesCount}</Table.Td>
                <Table.Td ta="end">{money(p.revenue, p.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  )
}

const quickLinks: { to: string; key: string; icon: Icon }[] = [
  { to: '/cabinet/products', key: 'products', icon: IconPackage },
  { to: '/cabinet/orders', key: 'orders', icon: IconReceipt },
  { to: '/cabinet/order_rates', key: 'orderRates', icon: IconRepeat },
  { to: '/cabinet/transfers', key: 'transfers', icon: IconTransfer },
  { to: '/cabinet/invoices', key: 'invoices', icon: IconFileInvoice },
  { to: '/cabinet/notifications', key: 'notifications', icon: IconBell },
  { to: '/cabinet/settings/notifications', key: 'notificationSettings', icon: IconSettings },
  { to: '/cabinet/settings/payment_providers', key: 'paymentSettings', icon: IconCreditCard },
]

function QuickLinks() {
  const { t } = useTranslation()
  return (
    <Card withBorder padding="lg" radius="md" data-testid="dashboard-links">
      <Stack gap="sm">
        <Text fw={600}>{t('dashboard.links.title')}</Text>
        <Group gap="xs">
          {quickLinks.map(({ to, key, icon: LinkIcon }) => (
            <Button key={key} component={Link} to={to} variant="light" size="xs" leftSection={<LinkIcon size={16} aria-hidden />}>
              {t(`dashboard.links.${key}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  )
}

function isEmpty(data: Dashboard): boolean {
  return data.figures.length === 0 && data.orders.created === 0 && data.upcomingRates.length === 0 && data.overdueRates.length === 0
}

export function SellerDashboard() {
  const { t } = useTranslation()
  const [period, setPeriod] = useState<DashboardPeriod>(defaultDashboardPeriod)
  const query = useQuery(dashboardQuery(period))
  const data = query.data

  return (
    <Stack gap="md" data-testid="seller-dashboard" data-period={period}>
      <Group justify="space-between" wrap="wrap">
        <Title order={3} fz="lg">{t('dashboard.title')}</Title>
        <Group gap="xs">
          {/* a Loader is a bare span: a label needs a role (axe, aria-prohibited-attr) */}
          {query.isFetching && <Loader size="xs" role="status" aria-label={t('common.loading')} />}
          <SegmentedControl
            size="xs" value={period} onChange={(v) => setPeriod(v as DashboardPeriod)} aria-label={t('dashboard.periodLabel')} data-testid="dashboard-period"
            data={dashboardPeriods.map((p) => ({ value: p, label: t('dashboard.periodDays', { count: periodDays[p] }) }))}
          />
        </Group>
      </Group>
      {query.isError && <Alert color="red">{t('dashboard.error')}</Alert>}
      {data && isEmpty(data) && (
        <Card withBorder padding="xl" radius="md" data-testid="dashboard-empty">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{t('dashboard.empty.title', { count: periodDays[period] })}</Text>
            <Text size="sm" c="dimmed">{t('dashboard.empty.text')}</Text>
            <Button component={Link} to="/cabinet/products" variant="light" leftSection={<IconPlus size={16} aria-hidden />}>{t('dashboard.empty.action')}</Button>
          </Stack>
        </Card>
      )}
      {data && !isEmpty(data) && (
        <>
          <MoneyCards data={data} />
          <RevenueChart data={data} />
          <Rates data={data} />
          <TopProducts data={data} />
        </>
      )}
      <QuickLinks />
    </Stack>
  )
}
