import { SimpleGrid, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { initialListState } from '../../../components/list-state'
import { allProgramsQuery, nodeListQuery, statisticsQuery } from '../api/affiliates'
import { LazyAffiliateCharts } from './lazy-charts'
import { Figure, StatisticsTotals } from './statistics-totals'

// The overview tab: the seller's affiliate totals per day (clicks, sales, conversion, commissions paid per
// currency) with their chart, and how many programs, active publishers and waiting requests there are.

const activeNodes = initialListState({ per: 1, filters: { state: 'accepted' } })
const waitingNodes = initialListState({ per: 1, filters: { state: 'requested' } })

export function OverviewTab() {
  const { t } = useTranslation()
  const stats = useQuery(statisticsQuery({ period: 'day' }))
  const programs = useQuery(allProgramsQuery())
  const active = useQuery(nodeListQuery(activeNodes))
  const waiting = useQuery(nodeListQuery(waitingNodes))
  return (
    <Stack gap="lg" data-testid="affiliate-overview">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Figure label={t('affiliates.overview.programs')} value={programs.data?.totalCount ?? '–'} testId="affiliate-count-programs" />
        <Figure label={t('affiliates.overview.activePublishers')} value={active.data?.totalCount ?? '–'} testId="affiliate-count-publishers" />
        <Figure label={t('affiliates.overview.waitingRequests')} value={waiting.data?.totalCount ?? '–'} testId="affiliate-count-requests" />
      </SimpleGrid>
      <StatisticsTotals stats={stats.data} />
      {stats.data && <LazyAffiliateCharts stats={stats.data} period="day" compact />}
    </Stack>
  )
}
