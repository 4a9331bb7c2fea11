import type { z } from 'zod'
import type { reviewDecisionOutput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type ModerationAnswer = Camelize<z.output<typeof reviewDecisionOutput>>

/** POST /admin/products/{id}/take_down `{ reason }` (published -> admin_unpublished, the seller sees the reason). */
export function takeDownProduct(productId: number, reason: string): Promise<ModerationAnswer> {
  return api.post<ModerationAnswer>(`/admin/products/${productId}/take_down`, { reason }, { silent: true })
}

/** POST /admin/products/{id}/restore: lifts a take-down (admin_unpublished -> unpublished). */
export function restoreProduct(productId: number): Promise<ModerationAnswer> {
  return api.post<ModerationAnswer>(`/admin/products/${productId}/restore`, undefined, { silent: true })
}
