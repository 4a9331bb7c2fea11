import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { DashboardPeriod } from '../../../../shared/dashboard/periods'
import type { DashboardOutput } from '../../../../shared/schemas/dashboard'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type Dashboard = Camelize<DashboardOutput>

/** GET /cabinet/dashboard?period=...: the seller's figures, chart series, rates and top products. */
export function dashboardQuery(period: DashboardPeriod) {
  return queryOptions({
    queryKey: ['cabinet', 'dashboard', period],
    queryFn: ({ signal }) => api.get<Dashboard>('/cabinet/dashboard', { signal, query: { period } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}
