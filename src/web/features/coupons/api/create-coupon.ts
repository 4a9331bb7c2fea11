import type { z } from 'zod'
import type { createCouponInput } from '../../../../shared/schemas/coupons'
import { api } from '../../../lib/api'
import type { Coupon } from './types'

/** POST /cabinet/coupons: one coupon, with its code or a generated one. */
export function createCoupon(input: z.input<typeof createCouponInput>): Promise<Coupon> {
  return api.post<Coupon>('/cabinet/coupons', input, { silent: true })
}
