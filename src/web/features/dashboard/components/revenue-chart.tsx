import { AreaChart } from '@mantine/charts'
import { Card, Group, SegmentedControl, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, isCurrencyId } from '../../../../shared/money'
import { formatDayShort } from '../../../lib/format'
import type { Dashboard } from '../api/dashboard'

// Revenue and refunds per bucket (a day, or a week for 180 and 365 days) in one currency at a time: the
// amounts stay integers of minor units and only the axis and tooltip format them, so currencies of
// different size never share an axis.

export function money(amount: number, currency: string): string {
  return isCurrencyId(currency) ? formatMoney({ amount, currency }) : `${amount} ${currency}`
}

export function RevenueChart({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation()
  const [chosen, setChosen] = useState<string | null>(null)
  const currency = chosen && data.currencies.includes(chosen) ? chosen : data.currencies[0]
  if (!currency) return null
  const points = data.series.map((p) => ({
    label: formatDayShort(p.start, i18n.language), revenue: p.revenue[currency] ?? 0, refunds: p.refunds[currency] ?? 0,
  }))
  return (
    <Card withBorder padding="lg" radius="md" data-testid="dashboard-chart" data-currency={currency}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{data.bucket === 'week' ? t('dashboard.chart.titleWeek') : t('dashboard.chart.titleDay')}</Text>
          {data.currencies.length > 1 && (
            <SegmentedControl
              size="xs" value={currency} onChange={setChosen} aria-label={t('dashboard.chart.currency')}
              data={data.currencies.map((c) => ({ value: c, label: c.toUpperCase() }))}
            />
          )}
        </Group>
        <AreaChart
          h={260}
          data={points}
          dataKey="label"
          series={[
            { name: 'revenue', label: t('dashboard.chart.revenue'), color: 'teal.6' },
            { name: 'refunds', label: t('dashboard.chart.refunds'), color: 'red.6' },
          ]}
          curveType="monotone"
          withDots={false}
          withLegend
          valueFormatter={(value) => money(value, currency)}
          yAxisProps={{ width: 90 }}
        />
      </Stack>
    </Card>
  )
}
