import type { z } from 'zod'
import type { sellerFlagsOutput, updateSellerFlagsInput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type SellerFlags = Camelize<z.output<typeof sellerFlagsOutput>>

/** PATCH /admin/sellers/{id}: power seller and blocked (docs/reference/readings.md 23); answers the seller's flags. */
export function updateSeller(sellerId: number, input: z.input<typeof updateSellerFlagsInput>): Promise<SellerFlags> {
  return api.patch<SellerFlags>(`/admin/sellers/${sellerId}`, input, { silent: true })
}
