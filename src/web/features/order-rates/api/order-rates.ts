import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { OrderRateOutput } from '../../../../shared/schemas/order-rates'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'
import { saveListCsv } from '../../../lib/csv-download'

// The seller's order rates (GET /cabinet/order_rates) with counts per state, and the CSV export.

export type OrderRate = Camelize<OrderRateOutput>
export type OrderRateList = { list: OrderRate[]; totalCount: number; totalCountMax: number; counts?: Record<string, number> }

export const orderRatesKey = ['cabinet', 'order_rates'] as const

export function orderRateListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...orderRatesKey, 'list', state],
    queryFn: ({ signal }) => api.get<OrderRateList>('/cabinet/order_rates', { signal, query: { ...listParams(state), counts: true } }),
    placeholderData: keepPreviousData,
  })
}

/** The filtered list as CSV, saved as order_rates.csv. */
export function exportOrderRatesCsv(state: ListState): Promise<void> {
  return saveListCsv('/cabinet/order_rates/export.csv', state, 'order_rates.csv')
}
