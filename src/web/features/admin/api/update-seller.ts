import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { sellerFlagsOutput, updateSellerFlagsInput } from '../../../../shared/schemas/catalog'
import type { sellerFeaturesOutput } from '../../../../shared/schemas/features'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type SellerFlags = Camelize<z.output<typeof sellerFlagsOutput>>

/** PATCH /admin/sellers/{id}: power seller, blocked (docs/reference/readings.md 23) and feature overrides (null: back to the default); answers the seller's flags. */
export function updateSeller(sellerId: number, input: z.input<typeof updateSellerFlagsInput>): Promise<SellerFlags> {
  return api.patch<SellerFlags>(`/admin/sellers/${sellerId}`, input, { silent: true })
}

export type AdminSellerFeatures = Camelize<z.output<typeof sellerFeaturesOutput>>
export const adminSellerFeaturesKey = (sellerId: number) => ['admin', 'sellers', sellerId, 'features'] as const

/** GET /admin/sellers/{id}/features: every flag with its value in effect and its source. */
export function adminSellerFeaturesQuery(sellerId: number) {
  return queryOptions({
    queryKey: adminSellerFeaturesKey(sellerId),
    queryFn: ({ signal }) => api.get<AdminSellerFeatures>(`/admin/sellers/${sellerId}/features`, { signal }),
  })
}
