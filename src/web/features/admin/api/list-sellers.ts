import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { adminSellerOutput } from '../../../../shared/schemas/admin'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

export type AdminSeller = Camelize<z.output<typeof adminSellerOutput>>
export type AdminSellerList = { list: AdminSeller[]; totalCount: number; totalCountMax: number }
export const adminSellersKey = ['admin', 'sellers'] as const

/** GET /admin/sellers: every seller with the flags managers set; filters powerSeller, blocked, canSell. */
export function adminSellersQuery(state: ListState) {
  return queryOptions({
    queryKey: [...adminSellersKey, state],
    queryFn: ({ signal }) => api.get<AdminSellerList>('/admin/sellers', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

/** PUT /admin/sellers/{id}/selling_mode: a manager pauses (checkout refuses new orders) or resumes a seller's selling. */
export function setSellingPaused(sellerId: number, paused: boolean) {
  return api.put<{ sellingMode: string }>(`/admin/sellers/${sellerId}/selling_mode`, { paused })
}
