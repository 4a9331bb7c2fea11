import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CreateShareInput, ShareOutput, UpdateShareInput } from '../../../../shared/schemas/shares'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'
import type { ListAnswer, Product } from './types'

// Shared links of several products (docs/decisions/0067-multi-item-shares.md): /cabinet/item_shares.

export type Share = Camelize<ShareOutput>
export const sharesKey = ['cabinet', 'item_shares'] as const

export function sharesQuery(state: ListState) {
  return queryOptions({
    queryKey: [...sharesKey, 'list', state],
    queryFn: ({ signal }) => api.get<ListAnswer<Share>>('/cabinet/item_shares', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

/** The products the dialog offers: published and not archived (those with a password show, but cannot be chosen). */
export function shareableProductsQuery(search: string) {
  return queryOptions({
    queryKey: ['cabinet', 'products', 'shareable', search],
    queryFn: ({ signal }) => api.get<ListAnswer<Product>>('/cabinet/products', { signal, query: { per: 200, isPublished: 'true', isArchived: 'false', query: search || undefined } }),
    placeholderData: keepPreviousData,
  })
}

export function createShare(input: CreateShareInput): Promise<{ share: Share }> {
  return api.post('/cabinet/item_shares', input, { silent: true })
}

export function updateShare(id: number, input: UpdateShareInput): Promise<{ share: Share }> {
  return api.patch(`/cabinet/item_shares/${id}`, input, { silent: true })
}

export function archiveShare(id: number): Promise<void> {
  return api.delete(`/cabinet/item_shares/${id}`)
}
