import { api } from '../../../lib/api'

/** DELETE /cabinet/products/{id}/certificate_design: a course's certificate removed (issued ones stay valid). */
export async function removeCertificateDesign(productId: number): Promise<void> {
  await api.delete(`/cabinet/products/${productId}/certificate_design`)
}
