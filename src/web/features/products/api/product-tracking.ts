import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ListAnswer } from '../../../../shared/schemas/lists'
import type { ProductTrackingInput, productTrackingOutput, trackingCodeOutput } from '../../../../shared/schemas/tracking'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// A product's tracking selection (none, all or selected codes) and the seller's codes to choose from
// (docs/decisions/0074-tracking-with-consent.md).

export type ProductTracking = Camelize<z.infer<typeof productTrackingOutput>>['productTracking']
export type TrackingCodeChoice = Camelize<z.infer<typeof trackingCodeOutput>>

export function productTrackingQuery(productId: number) {
  return queryOptions({
    queryKey: ['cabinet', 'products', productId, 'tracking_codes'] as const,
    queryFn: ({ signal }) => api.get<{ productTracking: ProductTracking }>(`/cabinet/products/${productId}/tracking_codes`, { signal }),
  })
}

export function trackingCodeChoicesQuery() {
  return queryOptions({
    queryKey: ['cabinet', 'tracking_codes', { per: 100 }] as const,
    queryFn: ({ signal }) => api.get<Camelize<ListAnswer<z.infer<typeof trackingCodeOutput>>>>('/cabinet/tracking_codes', { signal, query: { per: 100, sortDir: 'asc' } }),
  })
}

export function saveProductTracking(productId: number, input: ProductTrackingInput): Promise<{ productTracking: ProductTracking }> {
  return api.put(`/cabinet/products/${productId}/tracking_codes`, input)
}
