import { api } from '../../../lib/api'

/** DELETE /cabinet/products/{id}/files/{file_id}. */
export async function deleteFile(productId: number, fileId: number): Promise<void> {
  await api.delete(`/cabinet/products/${productId}/files/${fileId}`)
}
