import { api } from '../../../lib/api'

/** DELETE /cabinet/products/{id}/course/modules/{module_id} (with its lessons). */
export async function deleteModule(productId: number, moduleId: number): Promise<void> {
  await api.delete(`/cabinet/products/${productId}/course/modules/${moduleId}`)
}
