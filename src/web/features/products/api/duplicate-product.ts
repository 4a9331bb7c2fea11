import { api } from '../../../lib/api'
import type { Product } from './types'

/** POST /cabinet/products/{id}/duplicate: a copy (unpublished) with its plans and tickets. */
export function duplicateProduct(id: number): Promise<Product> {
  return api.post<Product>(`/cabinet/products/${id}/duplicate`)
}
