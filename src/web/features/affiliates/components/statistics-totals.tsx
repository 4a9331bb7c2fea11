import { Card, SimpleGrid, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { money } from '../../../lib/format'
import type { AffiliateStatistics } from '../api/affiliates'

// Figures in small cards: the totals of a statistics answer, and any counts the page adds.

export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={600} size="lg" data-testid={testId}>{value}</Text>
    </Card>
  )
}

/** Commissions per currency, e.g. "12,00 € · $5.00"; a dash when there are none. */
export function earningsText(earnings: readonly { currency: string; amount: number }[]): string {
  return earnings.length ? earnings.map((e) => money(e.amount, e.currency)).join(' · ') : '–'
}

export function StatisticsTotals({ stats }: { stats: AffiliateStatistics | undefined }) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="affiliate-totals">
      <Figure label={t('affiliates.stats.clicks')} value={stats?.totals.clicks ?? '–'} testId="affiliate-total-clicks" />
      <Figure label={t('affiliates.stats.sales')} value={stats?.totals.sales ?? '–'} testId="affiliate-total-sales" />
      <Figure label={t('affiliates.stats.conversion')} value={stats ? `${stats.totals.conversion} %` : '–'} testId="affiliate-total-conversion" />
      <Figure label={t('affiliates.stats.commissionsPaid')} value={stats ? earningsText(stats.totals.earnings) : '–'} testId="affiliate-total-commissions" />
    </SimpleGrid>
  )
}
