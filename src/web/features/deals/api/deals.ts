import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { CreateDealInput, dealOfferOutput, dealOutput, publicDealOutput, UpdateDealInput } from '../../../../shared/schemas/deals'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// Deals (docs/decisions/0054-sales-team-and-deals.md): /cabinet/deals for the seller and the sales team
// member (their own), /cabinet/deal_offers for what a deal can offer, /shop/deals/{token} for the payer.

export type Deal = Camelize<z.infer<typeof dealOutput>>
export type DealOffer = Camelize<z.infer<typeof dealOfferOutput>>
export type PublicDeal = Camelize<z.infer<typeof publicDealOutput>>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const dealsKey = ['cabinet', 'deals'] as const

export function dealsQuery(state: ListState) {
  return queryOptions({
    queryKey: [...dealsKey, 'list', state],
    queryFn: ({ signal }) => api.get<List<Deal>>('/cabinet/deals', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

export function dealOffersQuery() {
  return queryOptions({
    queryKey: [...dealsKey, 'offers'],
    queryFn: ({ signal }) => api.get<{ list: DealOffer[] }>('/cabinet/deal_offers', { signal }),
  })
}

/** The seller's active sales team members to hand a deal to (the seller only: anyone else gets none). */
export function assignableMembersQuery(enabled: boolean) {
  return queryOptions({
    queryKey: [...dealsKey, 'members'],
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<List<{ id: number; email: string; name: string | null; feeBps: number }>>('/cabinet/sales_team_members', { signal, silent: true, query: { state: 'active', per: '500' } })).list
      } catch {
        return []
      }
    },
    enabled,
  })
}

export function publicDealQuery(token: string) {
  return queryOptions({
    queryKey: ['shop', 'deal', token],
    queryFn: ({ signal }) => api.get<{ deal: PublicDeal }>(`/shop/deals/${encodeURIComponent(token)}`, { signal, silent: true }),
    retry: false,
  })
}

export function createDeal(input: CreateDealInput): Promise<{ deal: Deal }> {
  return api.post('/cabinet/deals', input, { silent: true })
}

export function updateDeal(id: number, input: UpdateDealInput): Promise<{ deal: Deal }> {
  return api.patch(`/cabinet/deals/${id}`, input, { silent: true })
}

/** POST /cabinet/deals/{id}/send: mails the link (draft -> ready). */
export function sendDeal(id: number): Promise<{ deal: Deal }> {
  return api.post(`/cabinet/deals/${id}/send`, {})
}

export function cancelDeal(id: number): Promise<{ deal: Deal }> {
  return api.post(`/cabinet/deals/${id}/cancel`, {})
}
