import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CreateLiveEventInput, LiveEventOrdersOutput, LiveEventOutput, UpdateLiveEventInput } from '../../../../shared/schemas/live-shopping'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// Live shopping (docs/decisions/0086-live-shopping-and-mobile-app.md): /cabinet/live_events, behind the live_shopping flag.

export type LiveEvent = Camelize<LiveEventOutput>
export type LiveEventOrders = Camelize<LiveEventOrdersOutput>
export type ProductChoice = { id: number; name: string; isPublished?: boolean; isArchived?: boolean }

export const liveEventsKey = ['cabinet', 'live_events'] as const

export function liveEventsQuery(page: number) {
  return queryOptions({
    queryKey: [...liveEventsKey, 'list', page],
    queryFn: ({ signal }) => api.get<{ list: LiveEvent[]; totalCount: number }>('/cabinet/live_events', { signal, query: { page, per: 20 } }),
    placeholderData: keepPreviousData,
  })
}

export function liveEventQuery(id: number) {
  return queryOptions({
    queryKey: [...liveEventsKey, 'one', id],
    queryFn: ({ signal }) => api.get<{ liveEvent: LiveEvent; orders: LiveEventOrders }>(`/cabinet/live_events/${id}`, { signal }),
  })
}

/** The products an event may show: published and not archived. */
export const liveProductsQuery = queryOptions({
  queryKey: ['cabinet', 'products', 'live-choices'],
  queryFn: ({ signal }) => api.get<{ list: ProductChoice[] }>('/cabinet/products', { signal, query: { per: 500, isPublished: 'true', isArchived: 'false', sortKey: 'name', sortDir: 'asc' } }),
})

export function createLiveEvent(input: CreateLiveEventInput): Promise<{ liveEvent: LiveEvent }> {
  return api.post('/cabinet/live_events', input, { silent: true })
}

export function updateLiveEvent(id: number, input: UpdateLiveEventInput): Promise<{ liveEvent: LiveEvent }> {
  return api.patch(`/cabinet/live_events/${id}`, input, { silent: true })
}

export function changeLiveEventState(id: number, state: 'live' | 'ended' | 'cancelled'): Promise<{ liveEvent: LiveEvent }> {
  return api.post(`/cabinet/live_events/${id}/state`, { state })
}

export function deleteLiveEvent(id: number): Promise<void> {
  return api.delete(`/cabinet/live_events/${id}`)
}
