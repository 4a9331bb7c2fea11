import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { CreateTrackingCodeInput, trackingCodeOutput, UpdateTrackingCodeInput } from '../../../../shared/schemas/tracking'
import type { ListAnswer } from '../../../../shared/schemas/lists'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The seller's tracking codes (docs/decisions/0074-tracking-with-consent.md).

export type TrackingCode = Camelize<z.infer<typeof trackingCodeOutput>>

export const trackingCodesKey = ['cabinet', 'tracking_codes'] as const

export function trackingCodesQuery(filters: { type?: string } = {}) {
  return queryOptions({
    queryKey: [...trackingCodesKey, filters],
    queryFn: ({ signal }) => api.get<Camelize<ListAnswer<z.infer<typeof trackingCodeOutput>>>>('/cabinet/tracking_codes', { signal, query: { per: 100, sortDir: 'asc', ...filters } }),
  })
}

export function createTrackingCode(input: CreateTrackingCodeInput): Promise<{ trackingCode: TrackingCode }> {
  return api.post('/cabinet/tracking_codes', input, { silent: true })
}

export function updateTrackingCode(id: number, input: UpdateTrackingCodeInput): Promise<{ trackingCode: TrackingCode }> {
  return api.patch(`/cabinet/tracking_codes/${id}`, input, { silent: true })
}

export function deleteTrackingCode(id: number): Promise<unknown> {
  return api.delete(`/cabinet/tracking_codes/${id}`)
}
