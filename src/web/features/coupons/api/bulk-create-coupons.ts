import type { z } from 'zod'
import type { bulkCouponsInput } from '../../../../shared/schemas/coupons'
import { api } from '../../../lib/api'

export type BulkAnswer = { batchId: string; count: number; codes: string[] }

/** POST /cabinet/coupons/bulk: `count` coupons with generated codes and the same terms. */
export function bulkCreateCoupons(input: z.input<typeof bulkCouponsInput>): Promise<BulkAnswer> {
  return api.post<BulkAnswer>('/cabinet/coupons/bulk', input, { silent: true })
}
