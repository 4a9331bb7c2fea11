import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { paymentSettingsKey, type PaymentSettings } from './types'

/** GET /cabinet/payment_settings: every checkout method with its allowed providers, the chosen one and its state. */
export function paymentSettingsQuery() {
  return queryOptions({
    queryKey: [...paymentSettingsKey, 'matrix'],
    queryFn: ({ signal }) => api.get<PaymentSettings>('/cabinet/payment_settings', { signal }),
  })
}
