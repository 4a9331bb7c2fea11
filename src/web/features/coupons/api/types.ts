import type { CouponOutput } from '../../../../shared/schemas/coupons'
import type { Camelize } from '../../../lib/api-client'

export type Coupon = Camelize<CouponOutput>
export const couponsKey = ['cabinet', 'coupons'] as const
