import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { initialListState } from '../../../components/list-state'
import { money } from '../../../lib/format'
import { currentProfile } from '../../../lib/profiles'
import { useMe } from '../../../lib/session'
import { payoutsBalanceQuery } from '../api/money'
import { myProgramsQuery } from '../api/nodes'
import { statisticsQuery } from '../api/statistics'
import { BalanceCards } from '../components/balance-cards'
import { CopyField } from '../components/copy-field'
import { NodeStateBadge } from '../components/node-state-badge'
import { chartPoints, lastDays, statisticsCurrencies } from '../lib/statistics'

// /publish: the publisher's start page: balance per currency, the last 30 days (clicks, sales, earnings),
// the active programs with their links, and quick links.

const StatisticsCharts = lazy(() => import('../components/statistics-charts').then((m) => ({ default: m.StatisticsCharts })))

const quickLinks = [
  { to: '/publish/affiliate_marketplace', key: 'marketplace' },
  { to: '/publish/affiliate_nodes/new', key: 'join' },
  { to: '/publish/orders', key: 'orders' },
  { to: '/publish/statistics', key: 'statistics' },
  { to: '/publish/embeddable_items/new', key: 'embed' },
  { to: '/publish/payouts_balance', key: 'balance' },
] as const

export function PublishHomePage() {
  const { t } = useTranslation()
  const user = useMe().data
  const balance = useQuery(payoutsBalanceQuery())
  const range = lastDays(30)
  const stats = useQuery(statisticsQuery({ period: 'day', ...range }))
  const programs = useQuery(myProgramsQuery(initialListState({ per: 5, filters: { state: 'accepted' } })))
  if (!user) return null
  const platformAffiliate = currentProfile(user)?.type === 'platform_affiliate'
  const currency = stats.data ? statisticsCurrencies(stats.data.totals, stats.data.series)[0] : undefined
  const active = (programs.data?.list ?? []).filter((node) => node.state === 'accepted')
  return (
    <Stack gap="lg" data-testid="publish-home">
      <Stack gap={4}>
        <Title order={2}>{t('publish.welcome', { name: user.firstName })}</Title>
        <Text c="dimmed">{platformAffiliate ? t('publish.leadAffiliate') : t('publish.lead')}</Text>
      </Stack>

      {balance.data ? <BalanceCards balances={balance.data.balances} /> : <Skeleton h={110} radius="md" />}

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="lg">{t('publisher.home.last30')}</Title>
          <Anchor component={Link} to="/publish/statistics" size="sm">{t('publisher.home.allStatistics')}</Anchor>
        </Group>
        {stats.data && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="publisher-totals">
            <Total label={t('publisher.stats.clicks')} value={String(stats.data.totals.clicks)} />
            <Total label={t('publisher.stats.sales')} value={String(stats.data.totals.sales)} />
            <Total label={t('publisher.stats.conversion')} value={`${stats.data.totals.conversion} %`} />
            <Total
              label={t('publisher.stats.earnings')}
              value={stats.data.totals.earnings.length ? stats.data.totals.earnings.map((e) => money(e.amount, e.currency)).join(' · ') : money(0, 'eur')}
            />
          </SimpleGrid>
        )}
        <Suspense fallback={<Skeleton h={260} radius="md" />}>
          {stats.data ? <StatisticsCharts points={chartPoints(stats.data.series, currency)} period="day" currency={currency} compact /> : <Skeleton h={260} radius="md" />}
        </Suspense>
      </Stack>

      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} fz="lg">{t('publisher.home.activePrograms')}</Title>
            <Anchor component={Link} to="/publish/affiliate_programs" size="sm">{t('publisher.home.allPrograms')}</Anchor>
          </Group>
          {programs.data && active.length === 0 && (
            <Stack gap="xs" align="flex-start">
              <Text size="sm" c="dimmed">{t('publisher.home.noPrograms')}</Text>
              <Button component={Link} to="/publish/affiliate_marketplace" variant="light">{t('publisher.home.findPrograms')}</Button>
            </Stack>
          )}
          {active.map((node) => (
            <Group key={node.id} justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <Anchor component={Link} to={`/publish/affiliate_marketplace/${node.affiliateProgramId}`} fw={500}>{node.affiliateProgramName}</Anchor>
                <NodeStateBadge state={node.state} />
              </Group>
              <CopyField value={node.link} testId="publisher-node-link" />
            </Group>
          ))}
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {quickLinks.map((link) => (
          <Card key={link.key} withBorder padding="md" radius="md" component={Link} to={link.to}>
            <Text fw={600}>{t(`publisher.home.links.${link.key}.title`)}</Text>
            <Text size="sm" c="dimmed">{t(`publisher.home.links.${link.key}.text`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} fz="lg">{value}</Text>
    </Card>
  )
}
