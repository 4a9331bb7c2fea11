import type { PaymentSettingsInput } from '../../../../shared/schemas/payment-settings'
import { api } from '../../../lib/api'
import type { PaymentSettings } from './types'

/** PUT /cabinet/payment_settings: the whole matrix (a method left out takes the default choice). */
export function savePaymentSettings(input: PaymentSettingsInput): Promise<PaymentSettings> {
  return api.put<PaymentSettings>('/cabinet/payment_settings', input, { silent: true })
}
