import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { CreateFunnelInput, funnelDetailOutput, funnelOutput, funnelStatsOutput, SaveFunnelNodesInput, UpdateFunnelInput } from '../../../../shared/schemas/funnels'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// Funnels (docs/decisions/0066-funnels.md): /cabinet/funnels with its nodes and figures, and what a node may
// name (the seller's products with their plans, the pages of type funnel).

export type Funnel = Camelize<z.infer<typeof funnelOutput>>
export type FunnelDetail = Camelize<z.infer<typeof funnelDetailOutput>>
export type FunnelStats = Camelize<z.infer<typeof funnelStatsOutput>>
export type ProductChoice = { id: number; name: string; pricingPlans: { id: number; name: string | null; form: string; currencyId: string; price: number | null; firstAmount: number | null; active?: boolean }[] }

export const funnelsKey = ['cabinet', 'funnels'] as const

export const funnelsQuery = () => queryOptions({
  queryKey: [...funnelsKey, 'list'],
  queryFn: ({ signal }) => api.get<{ list: Funnel[]; totalCount: number }>('/cabinet/funnels', { signal, query: { per: '500', state: 'active' } }),
})

export const funnelQuery = (id: number) => queryOptions({
  queryKey: [...funnelsKey, id],
  queryFn: ({ signal }) => api.get<FunnelDetail>(`/cabinet/funnels/${id}`, { signal }),
})

export const funnelStatsQuery = (id: number) => queryOptions({
  queryKey: [...funnelsKey, id, 'stats'],
  queryFn: ({ signal }) => api.get<FunnelStats>(`/cabinet/funnels/${id}/stats`, { signal }),
})

export const productChoicesQuery = () => queryOptions({
  queryKey: ['cabinet', 'products', 'list', 'funnel-choices'],
  queryFn: ({ signal }) => api.get<{ list: ProductChoice[] }>('/cabinet/products', { signal, query: { per: '500', sortKey: 'name', sortDir: 'asc' } }),
  staleTime: 30_000,
})

export const funnelPagesQuery = () => queryOptions({
  queryKey: ['cabinet', 'pages', 'list', 'funnel'],
  queryFn: ({ signal }) => api.get<{ list: { id: number; name: string; publishedVersion: number | null }[] }>('/cabinet/pages', { signal, query: { per: '500', page_type: 'funnel' } }),
  staleTime: 30_000,
})

export const createFunnel = (input: CreateFunnelInput) => api.post<FunnelDetail>('/cabinet/funnels', input, { silent: true })
export const updateFunnel = (id: number, input: UpdateFunnelInput) => api.patch<FunnelDetail>(`/cabinet/funnels/${id}`, input, { silent: true })
export const saveFunnelNodes = (id: number, input: SaveFunnelNodesInput) => api.put<FunnelDetail>(`/cabinet/funnels/${id}/nodes`, input, { silent: true })
export const archiveFunnel = (id: number) => api.delete<FunnelDetail>(`/cabinet/funnels/${id}`)
