import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { paymentSettingsKey, type ProviderList } from './types'

/** GET /cabinet/payment_providers: the built-in providers and the seller's own (public info only, never a secret). */
export function providersQuery() {
  return queryOptions({
    queryKey: [...paymentSettingsKey, 'providers'],
    queryFn: ({ signal }) => api.get<ProviderList>('/cabinet/payment_providers', { signal }),
  })
}
