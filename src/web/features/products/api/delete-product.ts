import { api } from '../../../lib/api'

/** DELETE /cabinet/products/{id}. */
export async function deleteProduct(id: number): Promise<void> {
  await api.delete(`/cabinet/products/${id}`)
}
