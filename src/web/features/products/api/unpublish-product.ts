import { api } from '../../../lib/api'
import type { Product } from './types'

/** POST /cabinet/products/{id}/unpublish. */
export function unpublishProduct(id: number): Promise<Product> {
  return api.post<Product>(`/cabinet/products/${id}/unpublish`)
}
