import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { reviewItemOutput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

export type ReviewItem = Camelize<z.output<typeof reviewItemOutput>>
export const reviewQueueKey = ['admin', 'product_reviews'] as const

/** GET /admin/product_reviews: power sellers' products waiting for or under review. */
export function reviewQueueQuery(state: ListState) {
  return queryOptions({
    queryKey: [...reviewQueueKey, state],
    queryFn: ({ signal }) => api.get<{ list: ReviewItem[]; totalCount: number }>('/admin/product_reviews', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
