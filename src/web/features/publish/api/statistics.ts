import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AffiliateStatisticsOutput } from '../../../../shared/schemas/affiliates'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// GET /publish/statistics: totals, a series per period and rows per group.

export type Statistics = Camelize<AffiliateStatisticsOutput>
export type StatisticsGroup = 'programs' | 'products' | 'sellers' | 'affiliate'
export type StatisticsParams = { period: 'day' | 'week' | 'month'; from?: string | undefined; till?: string | undefined; group?: StatisticsGroup | undefined }

export function statisticsQuery(params: StatisticsParams) {
  return queryOptions({
    queryKey: ['publish', 'statistics', params],
    queryFn: ({ signal }) => api.get<Statistics>('/publish/statistics', { signal, query: params }),
    placeholderData: keepPreviousData,
  })
}
