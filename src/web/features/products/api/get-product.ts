import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { productKey, type Product } from './types'

/** GET /cabinet/products/{id}: one product of the seller (another seller's id answers 404). */
export function productQuery(id: number) {
  return queryOptions({
    queryKey: productKey(id),
    queryFn: ({ signal }) => api.get<Product>(`/cabinet/products/${id}`, { signal }),
  })
}
