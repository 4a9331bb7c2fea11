import { queryOptions } from '@tanstack/react-query'
import type { CertificateDesignOutput } from '../../../../shared/schemas/certificates'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type CertificateDesign = Camelize<CertificateDesignOutput>

/** GET /cabinet/products/{id}/certificate_design: the saved design, or the defaults (`saved: false`). */
export function certificateDesignQuery(productId: number) {
  return queryOptions({
    queryKey: ['cabinet', 'products', 'item', productId, 'certificate_design'],
    queryFn: ({ signal }) => api.get<CertificateDesign>(`/cabinet/products/${productId}/certificate_design`, { signal }),
  })
}
