import { Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { money } from '../../../lib/format'
import { statisticsQuery, type StatisticsGroup, type StatisticsParams } from '../api/statistics'
import { chartPoints, lastDays, statisticsCurrencies } from '../lib/statistics'

// The publisher's statistics (GET /publish/statistics): /publish/statistics (all together) and its
// groupings /publish/statistics_programs, _products, _sellers and _affiliate (the platform program's
// recruited sellers). One page: period and range, charts for clicks, sales, conversion and earnings, and
// a row per program, product, seller or recruited seller.

const StatisticsCharts = lazy(() => import('../components/statistics-charts').then((m) => ({ default: m.StatisticsCharts })))

const pages = [
  { value: 'all', path: '/publish/statistics' },
  { value: 'programs', path: '/publish/statistics_programs' },
  { value: 'products', path: '/publish/statistics_products' },
  { value: 'sellers', path: '/publish/statistics_sellers' },
  { value: 'affiliate', path: '/publish/statistics_affiliate' },
] as const

function earningsText(earnings: { currency: string; amount: number }[]): string {
  return earnings.length ? earnings.map((e) => money(e.amount, e.currency)).join(' · ') : '–'
}

function StatisticsPage({ group }: { group?: StatisticsGroup }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [period, setPeriod] = useState<StatisticsParams['period']>('day')
  const [range, setRange] = useState(() => lastDays(30))
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null)
  const stats = useQuery(statisticsQuery({ period, from: range.from, till: range.till, group }))
  const currencies = stats.data ? statisticsCurrencies(stats.data.totals, stats.data.series) : []
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : currencies[0]
  const setDay = (key: 'from' | 'till', value: string) => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) setRange((r) => ({ ...r, [key]: value }))
  }
  return (
    <Stack gap="lg" data-testid={`publisher-statistics-${group ?? 'all'}`}>
      <Title order={2}>{t(`publisher.stats.titles.${group ?? 'all'}`)}</Title>
      <Text c="dimmed" size="sm">{t(`publisher.stats.leads.${group ?? 'all'}`)}</Text>
      <Tabs value={group ?? 'all'} onChange={(value) => {
        const page = pages.find((p) => p.value === value)
        if (page) void navigate({ to: page.path })
      }}>
        <Tabs.List>
          {pages.map((p) => <Tabs.Tab key={p.value} value={p.value}>{t(`publisher.stats.tabs.${p.value}`)}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      <Group align="end" wrap="wrap">
        <SegmentedControl
          value={period} onChange={(value) => setPeriod(value as StatisticsParams['period'])} aria-label={t('publisher.stats.period')}
          data={(['day', 'week', 'month'] as const).map((p) => ({ value: p, label: t(`publisher.stats.periods.${p}`) }))}
        />
        <TextInput type="date" label={t('publisher.stats.from')} value={range.from} onChange={(e) => setDay('from', e.currentTarget.value)} w={170} />
        <TextInput type="date" label={t('publisher.stats.till')} value={range.till} onChange={(e) => setDay('till', e.currentTarget.value)} w={170} />
        {currencies.length > 1 && (
          <SegmentedControl value={currency} onChange={setChosenCurrency} aria-label={t('publisher.columns.currency')} data={currencies.map((c) => ({ value: c, label: c.toUpperCase() }))} />
        )}
      </Group>
      {stats.data ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="publisher-statistics-totals">
            <Total label={t('publisher.stats.clicks')} value={String(stats.data.totals.clicks)} />
            <Total label={t('publisher.stats.sales')} value={String(stats.data.totals.sales)} />
            <Total label={t('publisher.stats.conversion')} value={`${stats.data.totals.conversion} %`} />
            <Total label={t('publisher.stats.earnings')} value={earningsText(stats.data.totals.earnings)} />
          </SimpleGrid>
          <Suspense fallback={<Skeleton h={520} radius="md" />}>
            <StatisticsCharts points={chartPoints(stats.data.series, currency)} period={period} currency={currency} />
          </Suspense>
          {group && (
            <Table.ScrollContainer minWidth={560}>
              <Table striped withTableBorder data-testid="publisher-statistics-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t(`publisher.stats.rowName.${group}`)}</Table.Th>
                    <Table.Th>{t('publisher.stats.clicks')}</Table.Th>
                    <Table.Th>{t('publisher.stats.sales')}</Table.Th>
                    <Table.Th>{t('publisher.stats.conversion')}</Table.Th>
                    <Table.Th>{t('publisher.stats.earnings')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {stats.data.rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>{row.clicks}</Table.Td>
                      <Table.Td>{row.sales}</Table.Td>
                      <Table.Td>{row.conversion} %</Table.Td>
                      <Table.Td>{earningsText(row.earnings)}</Table.Td>
                    </Table.Tr>
                  ))}
                  {stats.data.rows.length === 0 && (
                    <Table.Tr><Table.Td colSpan={5}><Text c="dimmed" ta="center" py="md">{t('publisher.stats.noRows')}</Text></Table.Td></Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      ) : <Skeleton h={520} radius="md" />}
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

export const StatisticsOverviewPage = () => <StatisticsPage />
export const StatisticsProgramsPage = () => <StatisticsPage group="programs" />
export const StatisticsProductsPage = () => <StatisticsPage group="products" />
export const StatisticsSellersPage = () => <StatisticsPage group="sellers" />
export const StatisticsAffiliatePage = () => <StatisticsPage group="affiliate" />
