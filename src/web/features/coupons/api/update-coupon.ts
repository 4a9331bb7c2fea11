import type { UpdateCouponInput } from '../../../../shared/schemas/coupons'
import { api } from '../../../lib/api'
import type { Coupon } from './types'

/** PATCH /cabinet/coupons/{id}. */
export function updateCoupon(id: number, input: UpdateCouponInput): Promise<Coupon> {
  return api.patch<Coupon>(`/cabinet/coupons/${id}`, input, { silent: true })
}
