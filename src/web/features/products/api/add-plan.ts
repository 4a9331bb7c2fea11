import type { PricingPlanInput } from '../../../../shared/pricing'
import { api } from '../../../lib/api'
import type { Product } from './types'

/** POST /cabinet/products/{id}/pricing_plans, or a ticket type's plans when `ticketId` is given. */
export function addPlan(productId: number, input: PricingPlanInput, ticketId?: number): Promise<Product> {
  const path = ticketId === undefined
    ? `/cabinet/products/${productId}/pricing_plans`
    : `/cabinet/products/${productId}/tickets/${ticketId}/pricing_plans`
  return api.post<Product>(path, input, { silent: true })
}
