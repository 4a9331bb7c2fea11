import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { creditMemoOutput, publisherOrderOutput, publisherTransferOutput } from '../../../../shared/schemas/affiliates'
import type { payoutsBalanceOutput } from '../../../../shared/schemas/payouts'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The publisher's money: GET /publish/orders, /publish/payouts_balance, /publish/transfers, /publish/credit_memos.

export type PublisherOrder = Camelize<z.infer<typeof publisherOrderOutput>>
export type PayoutsBalance = Camelize<z.infer<typeof payoutsBalanceOutput>>
export type Balance = PayoutsBalance['balances'][number]
export type PublisherTransfer = Camelize<z.infer<typeof publisherTransferOutput>>
export type CreditMemo = Camelize<z.infer<typeof creditMemoOutput>>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export function publisherOrdersQuery(state: ListState) {
  return queryOptions({
    queryKey: ['publish', 'orders', state],
    queryFn: ({ signal }) => api.get<List<PublisherOrder>>('/publish/orders', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

export function payoutsBalanceQuery() {
  return queryOptions({
    queryKey: ['publish', 'payouts_balance'],
    queryFn: ({ signal }) => api.get<PayoutsBalance>('/publish/payouts_balance', { signal }),
  })
}

export function publisherTransfersQuery(state: ListState) {
  return queryOptions({
    queryKey: ['publish', 'transfers', state],
    queryFn: ({ signal }) => api.get<List<PublisherTransfer>>('/publish/transfers', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

export function creditMemosQuery(state: ListState) {
  return queryOptions({
    queryKey: ['publish', 'credit_memos', state],
    queryFn: ({ signal }) => api.get<List<CreditMemo>>('/publish/credit_memos', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
