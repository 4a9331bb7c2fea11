import { api } from '../../../lib/api'

/** DELETE /cabinet/products/{id}/pricing_plans/{plan_id}: the plan is deactivated. */
export async function removePlan(productId: number, planId: number): Promise<void> {
  await api.delete(`/cabinet/products/${productId}/pricing_plans/${planId}`)
}
