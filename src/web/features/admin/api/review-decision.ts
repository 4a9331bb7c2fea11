import { api } from '../../../lib/api'

export type ReviewDecision = 'approve' | 'reject' | 'revoke'

/** POST /admin/products/{id}/approve | reject (with a reason) | revoke. */
export async function decideReview(productId: number, decision: ReviewDecision, reason?: string): Promise<void> {
  await api.post(`/admin/products/${productId}/${decision}`, decision === 'reject' ? { reason } : undefined, { silent: decision === 'reject' })
}
