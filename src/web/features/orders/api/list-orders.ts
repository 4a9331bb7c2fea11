import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { listParams, type ListState } from '../../../components/list-state'

export type SellerOrder = {
  id: number; token: string; productId: number; productName: string; orderType: string; upsellType: string | null
  payerEmail: string; payerName: string; totalAmount: number; paidAmount: number; vatAmount: number; currency: string
  paymentState: string; paymentMethod: string; provider: string; couponCode: string | null; campaignId: string | null; createdAt: string
}

export const ordersKey = ['cabinet', 'orders'] as const

/** GET /cabinet/orders: the seller's orders, newest first (list parameters and `payment_state`). */
export function orderListQuery(state: ListState, paymentState: string | null) {
  return queryOptions({
    queryKey: [...ordersKey, 'list', state, paymentState],
    queryFn: ({ signal }) => api.get<{ list: SellerOrder[]; totalCount: number; totalCountMax: number }>('/cabinet/orders', {
      signal, query: { ...listParams(state), ...(paymentState ? { payment_state: paymentState } : {}) },
    }),
    placeholderData: keepPreviousData,
  })
}
