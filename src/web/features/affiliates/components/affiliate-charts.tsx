import { AreaChart, BarChart } from '@mantine/charts'
import { Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDayShort, formatMonth, money } from '../../../lib/format'
import type { AffiliateStatistics } from '../api/affiliates'

// The statistics charts (clicks, sales, conversion and commissions per period). Loaded on their own, so the
// chart library stays out of the cabinet's bundle until a statistics view opens. Commissions are shown in
// one currency at a time; amounts stay integers of minor units and only the axis and tooltip format them.

/** Sales per click in percent, two decimals; 0 without clicks. */
export function conversionOf(clicks: number, sales: number): number {
  return clicks > 0 ? Math.round((sales / clicks) * 10_000) / 100 : 0
}

export function currenciesOf(stats: AffiliateStatistics): string[] {
  return [...new Set([...stats.totals.earnings, ...stats.series.flatMap((p) => p.earnings)].map((e) => e.currency))]
}

export function AffiliateCharts({ stats, period, compact = false }: { stats: AffiliateStatistics; period: 'day' | 'week' | 'month'; compact?: boolean }) {
  const { t, i18n } = useTranslation()
  const currencies = currenciesOf(stats)
  const [chosen, setChosen] = useState<string | null>(null)
  const currency = chosen && currencies.includes(chosen) ? chosen : currencies[0]
  const label = (start: string) => {
    const day = /^\d{4}-\d{2}-\d{2}/.exec(start)?.[0] ?? start
    return period === 'month' ? formatMonth(day, i18n.language) : formatDayShort(day, i18n.language)
  }
  const points = stats.series.map((p) => ({
    label: label(p.periodStart),
    clicks: p.clicks,
    sales: p.sales,
    conversion: conversionOf(p.clicks, p.sales),
    commissions: currency ? (p.earnings.find((e) => e.currency === currency)?.amount ?? 0) : 0,
  }))
  const commissions = currency && (
    <Card withBorder padding="md" data-testid="affiliate-chart-commissions">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{t('affiliates.stats.commissions')}</Text>
        {currencies.length > 1 && (
          <SegmentedControl size="xs" value={currency} onChange={setChosen} aria-label={t('affiliates.stats.currency')}
            data={currencies.map((c) => ({ value: c, label: c.toUpperCase() }))} />
        )}
      </Group>
      <AreaChart h={220} data={points} dataKey="label" curveType="monotone" withDots={false}
        series={[{ name: 'commissions', label: t('affiliates.stats.commissions'), color: 'teal.6' }]}
        valueFormatter={(value) => money(value, currency)} yAxisProps={{ width: 90 }} />
    </Card>
  )
  const traffic = (
    <Card withBorder padding="md" data-testid="affiliate-chart-traffic">
      <Text fw={600} mb="sm">{t('affiliates.stats.clicksAndSales')}</Text>
      <BarChart h={220} data={points} dataKey="label" withLegend
        series={[{ name: 'clicks', label: t('affiliates.stats.clicks'), color: 'blue.6' }, { name: 'sales', label: t('affiliates.stats.sales'), color: 'green.6' }]} />
    </Card>
  )
  if (compact) return <SimpleGrid cols={{ base: 1, md: 2 }}>{traffic}{commissions}</SimpleGrid>
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {traffic}
        <Card withBorder padding="md" data-testid="affiliate-chart-conversion">
          <Text fw={600} mb="sm">{t('affiliates.stats.conversion')}</Text>
          <AreaChart h={220} data={points} dataKey="label" curveType="monotone" withDots={false} unit=" %"
            series={[{ name: 'conversion', label: t('affiliates.stats.conversion'), color: 'grape.6' }]} />
        </Card>
      </SimpleGrid>
      {commissions}
    </Stack>
  )
}

export default AffiliateCharts
