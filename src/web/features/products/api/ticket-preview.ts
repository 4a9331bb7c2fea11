import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { ticketDesignKey } from './ticket-design'

/**
 * GET /cabinet/products/{id}/ticket_design/preview.pdf as a Blob, through the api client (token renewal
 * included). `version` (the design's updated_at) makes a saved design fetch a new preview.
 */
export function ticketPreviewQuery(productId: number, version: string | null) {
  return queryOptions({
    queryKey: [...ticketDesignKey(productId), 'preview', version ?? 'default'],
    queryFn: ({ signal }) => api.get<Blob>(`/cabinet/products/${productId}/ticket_design/preview.pdf`, { signal, responseType: 'blob', silent: true }),
    gcTime: 0,
    staleTime: Infinity,
  })
}
