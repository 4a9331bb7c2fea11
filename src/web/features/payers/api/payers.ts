import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { PayerDetailOutput, PayerOutput } from '../../../../shared/schemas/payers'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

// The seller's payers (GET /cabinet/payers) and one payer with their orders (GET /cabinet/payers/{id}).

export type Payer = Camelize<PayerOutput>
export type PayerDetail = Camelize<PayerDetailOutput>

export const payersKey = ['cabinet', 'payers'] as const

export function payerListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...payersKey, 'list', state],
    queryFn: ({ signal }) => api.get<{ list: Payer[]; totalCount: number; totalCountMax: number; counts?: Record<string, number> }>(
      '/cabinet/payers', { signal, query: { ...listParams(state), counts: true } },
    ),
    placeholderData: keepPreviousData,
  })
}

export function payerDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...payersKey, 'detail', id],
    queryFn: ({ signal }) => api.get<PayerDetail>(`/cabinet/payers/${id}`, { signal }),
  })
}
