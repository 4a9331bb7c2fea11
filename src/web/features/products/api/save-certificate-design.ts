import type { CertificateDesignInput } from '../../../../shared/schemas/certificates'
import { api } from '../../../lib/api'

/** PUT /cabinet/products/{id}/certificate_design: the whole design. */
export async function saveCertificateDesign(productId: number, input: CertificateDesignInput): Promise<void> {
  await api.put(`/cabinet/products/${productId}/certificate_design`, input, { silent: true })
}
