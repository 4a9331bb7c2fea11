import { api } from '../../../lib/api'

/** DELETE /cabinet/products/{id}/covers/{cover_id}. */
export async function deleteCover(productId: number, coverId: number): Promise<void> {
  await api.delete(`/cabinet/products/${productId}/covers/${coverId}`)
}
