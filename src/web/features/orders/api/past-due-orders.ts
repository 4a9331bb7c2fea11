import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { PastDueOrderListOutput } from '../../../../shared/schemas/past-due-orders'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

// GET /cabinet/past_due_orders: the seller's orders with overdue rates and the totals per currency.

export type PastDueOrders = Camelize<PastDueOrderListOutput>
export type PastDueOrder = PastDueOrders['list'][number]

export function pastDueOrdersQuery(state: ListState) {
  return queryOptions({
    queryKey: ['cabinet', 'past-due-orders', state],
    queryFn: ({ signal }) => api.get<PastDueOrders>('/cabinet/past_due_orders', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
