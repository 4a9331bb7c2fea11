import type { z } from 'zod'
import type { discountInput, DiscountOutput } from '../../../../shared/schemas/discounts'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type ProductDiscount = Camelize<DiscountOutput>

/** PUT /cabinet/products/{id}/discount: the whole discount (its orders count stays). */
export function saveDiscount(productId: number, input: z.input<typeof discountInput>): Promise<ProductDiscount> {
  return api.put<ProductDiscount>(`/cabinet/products/${productId}/discount`, input, { silent: true })
}

/** DELETE /cabinet/products/{id}/discount. */
export async function deleteDiscount(productId: number): Promise<void> {
  await api.delete(`/cabinet/products/${productId}/discount`)
}
