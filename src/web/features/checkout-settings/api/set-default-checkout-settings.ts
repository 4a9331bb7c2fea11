import { api } from '../../../lib/api'
import type { CheckoutSettings } from './types'

/** POST /cabinet/checkout_settings/{id}/default: products without their own choice use these. */
export function setDefaultCheckoutSettings(id: number): Promise<CheckoutSettings> {
  return api.post<CheckoutSettings>(`/cabinet/checkout_settings/${id}/default`, {})
}
