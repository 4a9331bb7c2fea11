import { queryOptions } from '@tanstack/react-query'
import type { SellerProfile, SellerProfileOutput } from '../../../../shared/schemas/seller-profile'
import { api } from '../../../lib/api'
import { toSnake } from '../../../lib/api-client'

// GET and PUT /cabinet/profile: the seller profile (docs/reference/accounts-and-orders.md §2, §3 and §5). The profile's keys stay
// snake_case here, as the shared schema and the form use them.

export const sellerProfileKey = ['cabinet', 'profile'] as const

async function fetchSellerProfile(signal?: AbortSignal): Promise<SellerProfileOutput> {
  return toSnake(await api.get<unknown>('/cabinet/profile', { signal })) as SellerProfileOutput
}

export function sellerProfileQuery() {
  return queryOptions({ queryKey: sellerProfileKey, queryFn: ({ signal }) => fetchSellerProfile(signal) })
}

export async function saveSellerProfile(input: SellerProfile): Promise<SellerProfileOutput> {
  return toSnake(await api.put<unknown>('/cabinet/profile', input, { silent: true })) as SellerProfileOutput
}
