import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'

type SettingsItem = { id: number; name: string; isDefault: boolean }

/** GET /cabinet/checkout_settings (names only): the settings a product's checkout may use. */
export function checkoutSettingsOptionsQuery() {
  return queryOptions({
    queryKey: ['cabinet', 'checkout-settings', 'list', 'options'],
    queryFn: ({ signal }) => api.get<{ list: SettingsItem[] }>('/cabinet/checkout_settings', { signal, query: { per: 500 } }),
    staleTime: 30_000,
  })
}
