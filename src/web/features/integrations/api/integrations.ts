import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { integrationOutput, productSettingOutput, remoteListOutput, syncEventOutput } from '../../../../shared/schemas/integrations'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The seller's connections to other services (docs/decisions/0075-integrations.md): /cabinet/integrations.

export type Integration = Camelize<z.infer<typeof integrationOutput>>
export type SyncEvent = Camelize<z.infer<typeof syncEventOutput>>
export type ProductSetting = Camelize<z.infer<typeof productSettingOutput>>
export type RemoteList = Camelize<z.infer<typeof remoteListOutput>>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const integrationsKey = ['cabinet', 'integrations'] as const

export function integrationsQuery() {
  return queryOptions({
    queryKey: integrationsKey,
    queryFn: ({ signal }) => api.get<List<Integration>>('/cabinet/integrations?per=100&sort_key=created_at&sort_dir=asc', { signal }),
  })
}

export function syncEventsQuery(id: number) {
  return queryOptions({
    queryKey: [...integrationsKey, id, 'sync_events'],
    queryFn: ({ signal }) => api.get<List<SyncEvent>>(`/cabinet/integrations/${id}/sync_events?per=10`, { signal }),
  })
}


export function productSettingsQuery(productId: number) {
  return queryOptions({
    queryKey: [...integrationsKey, 'product_settings', productId],
    queryFn: ({ signal }) => api.get<{ list: ProductSetting[] }>(`/cabinet/integrations/product_settings?product_id=${productId}`, { signal }),
  })
}

export function remoteListsQuery(id: number) {
  return queryOptions({
    queryKey: [...integrationsKey, id, 'lists'],
    queryFn: ({ signal }) => api.get<{ list: RemoteList[] }>(`/cabinet/integrations/${id}/lists`, { signal, silent: true }),
    retry: false,
  })
}

export function connectIntegration(body: { kind: string; name?: string; credentials?: Record<string, string> }): Promise<{ integration: Integration }> {
  return api.post('/cabinet/integrations', body, { silent: true })
}

export function disconnectIntegration(id: number): Promise<{ integration: Integration }> {
  return api.post(`/cabinet/integrations/${id}/disconnect`)
}

export function deleteIntegration(id: number): Promise<unknown> {
  return api.delete(`/cabinet/integrations/${id}`)
}

export function saveProductSetting(id: number, productId: number, body: { buyer_list_id: string | null; buyer_campaign_id: string | null }): Promise<unknown> {
  return api.put(`/cabinet/integrations/${id}/product_settings/${productId}`, body, { silent: true })
}

export function removeProductSetting(id: number, productId: number): Promise<unknown> {
  return api.delete(`/cabinet/integrations/${id}/product_settings/${productId}`)
}
