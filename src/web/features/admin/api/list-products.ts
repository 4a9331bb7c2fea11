import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { adminProductOutput } from '../../../../shared/schemas/admin'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

export type AdminProduct = Camelize<z.output<typeof adminProductOutput>>
export type AdminProductList = { list: AdminProduct[]; totalCount: number; totalCountMax: number }
export const adminProductsKey = ['admin', 'products'] as const

/** GET /admin/products: every seller's products; filters publishState, reviewState, sellerId, form. */
export function adminProductsQuery(state: ListState) {
  return queryOptions({
    queryKey: [...adminProductsKey, state],
    queryFn: ({ signal }) => api.get<AdminProductList>('/admin/products', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
