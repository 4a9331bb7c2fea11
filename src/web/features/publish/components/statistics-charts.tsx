import { AreaChart, BarChart, LineChart } from '@mantine/charts'
import { Card, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDayShort, formatMonth, money } from '../../../lib/format'
import type { ChartPoint } from '../lib/statistics'

// The statistics charts (@mantine/charts; its CSS comes with the back office's full styles,
// src/web/app/full-styles.ts). Loaded lazily by the pages that show them.

function label(point: ChartPoint, period: string, locale: string): string {
  return period === 'month' ? formatMonth(point.periodStart, locale) : formatDayShort(point.periodStart.slice(0, 10), locale)
}

function ChartCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        {children}
      </Stack>
    </Card>
  )
}

/** Clicks and sales, conversion, and earnings in `currency`; `compact` shows one combined chart (the overview). */
export function StatisticsCharts({ points, period, currency, compact = false }: { points: ChartPoint[]; period: string; currency: string | undefined; compact?: boolean }) {
  const { t, i18n } = useTranslation()
  const data = points.map((p) => ({ ...p, label: label(p, period, i18n.language) }))
  const earnings = currency ? (
    <AreaChart
      h={compact ? 220 : 240} data={data} dataKey="label" curveType="monotone" withDots={false}
      series={[{ name: 'earnings', label: t('publisher.stats.earnings'), color: 'teal.6' }]}
      valueFormatter={(value) => money(value, currency)} yAxisProps={{ width: 90 }}
    />
  ) : <Text c="dimmed" size="sm">{t('publisher.stats.noEarnings')}</Text>
  const traffic = (
    <BarChart
      h={compact ? 220 : 240} data={data} dataKey="label" withLegend yAxisProps={{ allowDecimals: false }}
      series={[{ name: 'clicks', label: t('publisher.stats.clicks'), color: 'blue.5' }, { name: 'sales', label: t('publisher.stats.sales'), color: 'grape.6' }]}
    />
  )
  if (compact) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard title={t('publisher.stats.clicksAndSales')} testId="publisher-chart-traffic">{traffic}</ChartCard>
        <ChartCard title={t('publisher.stats.earnings')} testId="publisher-chart-earnings">{earnings}</ChartCard>
      </SimpleGrid>
    )
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartCard title={t('publisher.stats.clicks')} testId="publisher-chart-clicks">
        <BarChart h={240} data={data} dataKey="label" yAxisProps={{ allowDecimals: false }} series={[{ name: 'clicks', label: t('publisher.stats.clicks'), color: 'blue.5' }]} />
      </ChartCard>
      <ChartCard title={t('publisher.stats.sales')} testId="publisher-chart-sales">
        <BarChart h={240} data={data} dataKey="label" yAxisProps={{ allowDecimals: false }} series={[{ name: 'sales', label: t('publisher.stats.sales'), color: 'grape.6' }]} />
      </ChartCard>
      <ChartCard title={t('publisher.stats.conversion')} testId="publisher-chart-conversion">
        <LineChart
          h={240} data={data} dataKey="label" curveType="monotone"
          series={[{ name: 'conversion', label: t('publisher.stats.conversion'), color: 'orange.6' }]} unit=" %"
        />
      </ChartCard>
      <ChartCard title={t('publisher.stats.earnings')} testId="publisher-chart-earnings">{earnings}</ChartCard>
    </SimpleGrid>
  )
}
