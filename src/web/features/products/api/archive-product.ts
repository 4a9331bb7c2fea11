import { api } from '../../../lib/api'
import type { Product } from './types'

/** POST /cabinet/products/{id}/archive or /unarchive. */
export function setProductArchived(id: number, archived: boolean): Promise<Product> {
  return api.post<Product>(`/cabinet/products/${id}/${archived ? 'archive' : 'unarchive'}`)
}
