import { api } from '../../../lib/api'
import type { Product } from './types'

/**
 * POST /cabinet/products/{id}/publish. A product that cannot sell answers 422 `cannot_publish` with its
 * blocking statuses in `fields` (path `statuses`); the caller shows them, so the call is silent.
 */
export function publishProduct(id: number): Promise<Product> {
  return api.post<Product>(`/cabinet/products/${id}/publish`, undefined, { silent: true })
}
