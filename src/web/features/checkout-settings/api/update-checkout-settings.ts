import type { UpdateCheckoutSettingsInput } from '../../../../shared/schemas/checkout-settings'
import { api } from '../../../lib/api'
import type { CheckoutSettings } from './types'

/** PATCH /cabinet/checkout_settings/{id}: theme keys merge (null: back to the default). */
export function updateCheckoutSettings(id: number, input: UpdateCheckoutSettingsInput): Promise<CheckoutSettings> {
  return api.patch<CheckoutSettings>(`/cabinet/checkout_settings/${id}`, input, { silent: true })
}
