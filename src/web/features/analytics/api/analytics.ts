import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AnalyticsPeriod } from '../../../../shared/analytics/charts'
import type { AnalyticsChartResult, AnalyticsSetOutput, SaveAnalyticsSetInput } from '../../../../shared/schemas/analytics'
import { api } from '../../../lib/api'
import { saveCsv } from '../../../lib/csv-download'
import type { Camelize } from '../../../lib/api-client'

// The seller's analytics sets (docs/decisions/0087-analytics-sets.md): /cabinet/analytics_sets, behind the
// metabase_analytics_sets flag. A chart runs for its saved period or the page's period filter.

export type AnalyticsSet = Camelize<AnalyticsSetOutput>
export type ChartResult = Camelize<AnalyticsChartResult>
/** The page's period filter: null keeps each chart's saved period. */
export type PeriodFilter = { period: AnalyticsPeriod; from?: string; till?: string } | null

export const analyticsSetsKey = ['cabinet', 'analytics_sets'] as const

export function analyticsSetsQuery() {
  return queryOptions({
    queryKey: [...analyticsSetsKey, 'list'],
    queryFn: ({ signal }) => api.get<{ list: AnalyticsSet[] }>('/cabinet/analytics_sets', { signal }),
  })
}

export function analyticsSetQuery(id: number) {
  return queryOptions({
    queryKey: [...analyticsSetsKey, 'one', id],
    queryFn: ({ signal }) => api.get<AnalyticsSet>(`/cabinet/analytics_sets/${id}`, { signal }),
  })
}

const filterQuery = (filter: PeriodFilter) => (filter ? { period: filter.period, ...(filter.period === 'custom' ? { from: filter.from, till: filter.till } : {}) } : {})

/** GET /cabinet/analytics_sets/{id}/charts/{index}: the chart's rows for the filter's period (or its own). */
export function chartQuery(setId: number, index: number, updatedAt: string, filter: PeriodFilter) {
  return queryOptions({
    queryKey: [...analyticsSetsKey, 'chart', setId, index, updatedAt, filter],
    queryFn: ({ signal }) => api.get<ChartResult>(`/cabinet/analytics_sets/${setId}/charts/${index}`, { signal, query: filterQuery(filter) }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

export function createAnalyticsSet(input: SaveAnalyticsSetInput): Promise<AnalyticsSet> {
  return api.post<AnalyticsSet>('/cabinet/analytics_sets', input, { silent: true })
}

export function updateAnalyticsSet(id: number, input: SaveAnalyticsSetInput): Promise<AnalyticsSet> {
  return api.put<AnalyticsSet>(`/cabinet/analytics_sets/${id}`, input, { silent: true })
}

export function deleteAnalyticsSet(id: number): Promise<void> {
  return api.delete(`/cabinet/analytics_sets/${id}`)
}

/** GET .../export.csv for the filter's period, saved as the server's file name. */
export function downloadChartCsv(setId: number, index: number, filter: PeriodFilter, filename: string): Promise<void> {
  return saveCsv(`/cabinet/analytics_sets/${setId}/charts/${index}/export.csv`, filterQuery(filter), filename)
}
