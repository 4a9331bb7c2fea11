import { api } from '../../../lib/api'
import type { FileList } from './list-files'

/** POST /cabinet/products/{id}/files/reorder: every file id once, in the new order. */
export function reorderFiles(productId: number, ids: number[]): Promise<FileList> {
  return api.post<FileList>(`/cabinet/products/${productId}/files/reorder`, { ids })
}
