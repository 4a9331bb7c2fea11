import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { checkoutSettingsKey, type CheckoutSettings, type ListAnswer } from './types'

/** GET /cabinet/checkout_settings: the seller's checkout settings, the default first (made on the first visit). */
export function checkoutSettingsListQuery() {
  return queryOptions({
    queryKey: [...checkoutSettingsKey, 'list'],
    queryFn: ({ signal }) => api.get<ListAnswer<CheckoutSettings>>('/cabinet/checkout_settings', { signal, query: { per: 500 } }),
  })
}
