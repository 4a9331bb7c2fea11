import type { PricingPlanInput } from '../../../../shared/pricing'
import { api } from '../../../lib/api'
import type { Product } from './types'

/** PATCH /cabinet/products/{id}/pricing_plans/{plan_id}: new terms (existing payers keep theirs). */
export function updatePlan(productId: number, planId: number, input: PricingPlanInput): Promise<Product> {
  return api.patch<Product>(`/cabinet/products/${productId}/pricing_plans/${planId}`, input, { silent: true })
}
