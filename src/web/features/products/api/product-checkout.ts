import { queryOptions } from '@tanstack/react-query'
import type { ProductCheckoutOutput } from '../../../../shared/schemas/checkout-settings'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type ProductCheckout = Camelize<ProductCheckoutOutput>
export const productCheckoutKey = (id: number) => ['cabinet', 'products', 'item', id, 'checkout'] as const

/** GET /cabinet/products/{id}/checkout: checkout settings, methods, questions, bump presentation, upsells (defaults when unsaved). */
export function productCheckoutQuery(id: number) {
  return queryOptions({
    queryKey: productCheckoutKey(id),
    queryFn: ({ signal }) => api.get<ProductCheckout>(`/cabinet/products/${id}/checkout`, { signal }),
  })
}
