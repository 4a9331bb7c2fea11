import { BarChart } from '@mantine/charts'
import { Button, Card, Group, Loader, SegmentedControl, Stack, Table, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../components/form-error'
import { formatDate, formatDayShort, formatMonth, money, percentOfBps } from '../../../lib/format'
import { chartQuery, downloadChartCsv, type AnalyticsSet, type ChartResult, type PeriodFilter } from '../api/analytics'

// One chart of a set: its figures for the period in one currency at a time (amounts stay minor units; only
// the axis, tooltip and table format them, so currencies never share an axis or a sum), its rows as a table
// and a CSV download (docs/decisions/0087-analytics-sets.md).

const colors = ['teal.6', 'blue.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6']
/** A revenue chart draws this many products of a currency; the rest are one "other" bar. */
const topProducts = 7

type Rows<K extends ChartResult['kind']> = Extract<ChartResult, { kind: K }>

function RevenueByProduct({ data, currency }: { data: Rows<'revenue_by_product'>; currency: string }) {
  const { t, i18n } = useTranslation()
  const rows = data.rows.filter((r) => r.currency === currency)
  const totals = new Map<number, { name: string; revenue: number }>()
  for (const r of rows) totals.set(r.productId, { name: r.productName, revenue: (totals.get(r.productId)?.revenue ?? 0) + r.revenue })
  const ranked = [...totals].sort(([, a], [, b]) => b.revenue - a.revenue)
  const shown = new Set(ranked.slice(0, topProducts).map(([id]) => id))
  const points = data.buckets.map((bucket) => {
    const point: Record<string, number | string> = { label: data.bucket === 'month' ? formatMonth(bucket, i18n.language) : formatDayShort(bucket, i18n.language) }
    for (const id of shown) point[`p${id}`] = 0
    if (ranked.length > topProducts) point.other = 0
    for (const r of rows.filter((x) => x.bucket === bucket)) {
      const key = shown.has(r.productId) ? `p${r.productId}` : 'other'
      point[key] = (point[key] as number) + r.revenue
    }
    return point
  })
  const series = [...ranked.slice(0, topProducts).map(([id, p], i) => ({ name: `p${id}`, label: p.name, color: colors[i % colors.length]! })),
    ...(ranked.length > topProducts ? [{ name: 'other', label: t('analytics.other'), color: 'gray.5' }] : [])]
  return (
    <Stack gap="sm">
      {rows.length > 0 && <BarChart h={260} data={points} dataKey="label" type="stacked" series={series} withLegend valueFormatter={(v) => money(v, currency)} yAxisProps={{ width: 90 }} />}
      <Table striped withTableBorder fz="sm" data-testid="analytics-rows">
        <Table.Thead><Table.Tr><Table.Th>{t('analytics.columns.bucket')}</Table.Th><Table.Th>{t('analytics.columns.product')}</Table.Th><Table.Th ta="right">{t('analytics.columns.revenue')}</Table.Th><Table.Th ta="right">{t('analytics.columns.charges')}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>{rows.map((r) => (
          <Table.Tr key={`${r.bucket}-${r.productId}`}><Table.Td>{r.bucket}</Table.Td><Table.Td>{r.productName}</Table.Td><Table.Td ta="right">{money(r.revenue, r.currency)}</Table.Td><Table.Td ta="right">{r.chargesCount}</Table.Td></Table.Tr>
        ))}</Table.Tbody>
      </Table>
    </Stack>
  )
}

function Retention({ data, currency }: { data: Rows<'subscription_retention'>; currency: string }) {
  const { t, i18n } = useTranslation()
  const rows = data.rows.filter((r) => r.currency === currency)
  const months = Array.from({ length: data.months + 1 }, (_, n) => n)
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table withTableBorder fz="xs" data-testid="analytics-rows">
        <Table.Thead>
          <Table.Tr><Table.Th>{t('analytics.columns.cohort')}</Table.Th><Table.Th ta="right">{t('analytics.columns.subscriptions')}</Table.Th>
            {months.map((n) => <Table.Th key={n} ta="right">{t('analytics.columns.month', { n })}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows.map((r) => (
          <Table.Tr key={r.cohort}>
            <Table.Td>{formatMonth(`${r.cohort}-01`, i18n.language)}</Table.Td><Table.Td ta="right">{r.subscriptions}</Table.Td>
            {months.map((n) => {
              const share = r.shareBps[n] ?? null
              return (
                <Table.Td key={n} ta="right" style={share === null ? undefined : { background: `rgba(18, 184, 134, ${(0.08 + 0.5 * share / 10_000).toFixed(2)})` }}
                  title={share === null ? undefined : t('analytics.activeOf', { active: r.active[n], total: r.subscriptions })}>
                  {share === null ? '' : percentOfBps(share, i18n.language)}
                </Table.Td>
              )
            })}
          </Table.Tr>
        ))}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function RefundRates({ data, currency }: { data: Rows<'refund_rates'>; currency: string }) {
  const { t, i18n } = useTranslation()
  const rows = data.rows.filter((r) => r.currency === currency)
  const points = rows.map((r) => ({ label: r.productName, amount: r.amountRateBps / 100, count: r.countRateBps / 100 }))
  return (
    <Stack gap="sm">
      {rows.length > 0 && (
        <BarChart h={240} data={points} dataKey="label" withLegend unit=" %"
          series={[{ name: 'amount', label: t('analytics.columns.amountRate'), color: 'red.6' }, { name: 'count', label: t('analytics.columns.countRate'), color: 'orange.5' }]} />
      )}
      <Table striped withTableBorder fz="sm" data-testid="analytics-rows">
        <Table.Thead><Table.Tr>
          <Table.Th>{t('analytics.columns.product')}</Table.Th><Table.Th ta="right">{t('analytics.columns.paid')}</Table.Th><Table.Th ta="right">{t('analytics.columns.refunded')}</Table.Th>
          <Table.Th ta="right">{t('analytics.columns.amountRate')}</Table.Th><Table.Th ta="right">{t('analytics.columns.countRate')}</Table.Th>
        </Table.Tr></Table.Thead>
        <Table.Tbody>{rows.map((r) => (
          <Table.Tr key={r.productId}>
            <Table.Td>{r.productName}</Table.Td>
            <Table.Td ta="right">{money(r.paidAmount, r.currency)} ({r.paidCount})</Table.Td>
            <Table.Td ta="right">{money(r.refundedAmount, r.currency)} ({r.refundedCount})</Table.Td>
            <Table.Td ta="right">{percentOfBps(r.amountRateBps, i18n.language)}</Table.Td>
            <Table.Td ta="right">{percentOfBps(r.countRateBps, i18n.language)}</Table.Td>
          </Table.Tr>
        ))}</Table.Tbody>
      </Table>
    </Stack>
  )
}

function AffiliatePerformance({ data, currency }: { data: Rows<'affiliate_performance'>; currency: string }) {
  const { t } = useTranslation()
  const rows = data.rows.filter((r) => r.currency === currency)
  const points = rows.map((r) => ({ label: r.publisherName || `#${r.publisherId}`, revenue: r.revenue, commissions: r.commissions }))
  return (
    <Stack gap="sm">
      {rows.length > 0 && (
        <BarChart h={240} data={points} dataKey="label" withLegend valueFormatter={(v) => money(v, currency)} yAxisProps={{ width: 90 }}
          series={[{ name: 'revenue', label: t('analytics.columns.revenue'), color: 'teal.6' }, { name: 'commissions', label: t('analytics.columns.commissions'), color: 'grape.6' }]} />
      )}
      <Table striped withTableBorder fz="sm" data-testid="analytics-rows">
        <Table.Thead><Table.Tr>
          <Table.Th>{t('analytics.columns.publisher')}</Table.Th><Table.Th ta="right">{t('analytics.columns.orders')}</Table.Th>
          <Table.Th ta="right">{t('analytics.columns.revenue')}</Table.Th><Table.Th ta="right">{t('analytics.columns.commissions')}</Table.Th>
        </Table.Tr></Table.Thead>
        <Table.Tbody>{rows.map((r) => (
          <Table.Tr key={r.publisherId}>
            <Table.Td>{r.publisherName || `#${r.publisherId}`}</Table.Td><Table.Td ta="right">{r.orders}</Table.Td>
            <Table.Td ta="right">{money(r.revenue, r.currency)}</Table.Td><Table.Td ta="right">{money(r.commissions, r.currency)}</Table.Td>
          </Table.Tr>
        ))}</Table.Tbody>
      </Table>
    </Stack>
  )
}

function Figures({ data, currency }: { data: ChartResult; currency: string }) {
  switch (data.kind) {
    case 'revenue_by_product': return <RevenueByProduct data={data} currency={currency} />
    case 'subscription_retention': return <Retention data={data} currency={currency} />
    case 'refund_rates': return <RefundRates data={data} currency={currency} />
    case 'affiliate_performance': return <AffiliatePerformance data={data} currency={currency} />
  }
}

export function ChartView({ set, index, filter }: { set: AnalyticsSet; index: number; filter: PeriodFilter }) {
  const { t, i18n } = useTranslation()
  const chart = set.charts[index]!
  const result = useQuery(chartQuery(set.id, index, set.updatedAt, filter))
  const [chosen, setChosen] = useState<string | null>(null)
  const data = result.data
  const currency = chosen && data?.currencies.includes(chosen) ? chosen : data?.currencies[0]
  const lastDay = data ? new Date(new Date(data.till).getTime() - 86_400_000).toISOString().slice(0, 10) : ''
  const download = useMutation({ mutationFn: () => downloadChartCsv(set.id, index, filter, `${chart.kind}-${data?.from.slice(0, 10)}-${lastDay}.csv`) })
  return (
    <Card withBorder padding="lg" radius="md" data-testid="analytics-chart" data-kind={chart.kind}>
      <Stack gap="sm">
        <Group justify="space-between" align="start">
          <Stack gap={2}>
            <Text fw={600}>{chart.title || t(`analytics.kinds.${chart.kind}`)}</Text>
            {data && <Text size="xs" c="dimmed">{t('analytics.range', { from: formatDate(data.from.slice(0, 10), i18n.language), till: formatDate(lastDay, i18n.language) })}</Text>}
          </Stack>
          <Group gap="xs">
            {data && data.currencies.length > 1 && (
              <SegmentedControl size="xs" value={currency} onChange={setChosen} aria-label={t('analytics.currency')} data={data.currencies.map((c) => ({ value: c, label: c.toUpperCase() }))} />
            )}
            <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={download.isPending} disabled={!data} onClick={() => download.mutate()} data-testid="analytics-csv">
              {t('analytics.csv')}
            </Button>
          </Group>
        </Group>
        <FormError error={result.error ?? download.error} />
        {result.isPending && <Loader size="sm" />}
        {data && !currency && <Text size="sm" c="dimmed" data-testid="analytics-empty">{t('analytics.empty')}</Text>}
        {data && currency && <Figures data={data} currency={currency} />}
        {data?.kind === 'subscription_retention' && <Text size="xs" c="dimmed">{t('analytics.retentionNote')}</Text>}
      </Stack>
    </Card>
  )
}
