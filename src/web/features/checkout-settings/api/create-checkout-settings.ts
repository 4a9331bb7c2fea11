import type { CreateCheckoutSettingsInput } from '../../../../shared/schemas/checkout-settings'
import { api } from '../../../lib/api'
import type { CheckoutSettings } from './types'

/** POST /cabinet/checkout_settings (the seller's first ones become the default). */
export function createCheckoutSettings(input: CreateCheckoutSettingsInput): Promise<CheckoutSettings> {
  return api.post<CheckoutSettings>('/cabinet/checkout_settings', input, { silent: true })
}
