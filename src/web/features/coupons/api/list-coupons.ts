import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { listParams, type ListState } from '../../../components/list-state'
import { couponsKey, type Coupon } from './types'

/** GET /cabinet/coupons: the seller's coupons (list parameters, `active` and `batch_id` filters). */
export function couponListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...couponsKey, 'list', state],
    queryFn: ({ signal }) => api.get<{ list: Coupon[]; totalCount: number; totalCountMax: number }>('/cabinet/coupons', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
