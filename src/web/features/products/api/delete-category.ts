import { api } from '../../../lib/api'

/** DELETE /cabinet/categories/{id}. */
export async function deleteCategory(id: number): Promise<void> {
  await api.delete(`/cabinet/categories/${id}`)
}
