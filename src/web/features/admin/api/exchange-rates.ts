import { queryOptions } from '@tanstack/react-query'
import type { ExchangeRatesStatusOutput } from '../../../../shared/schemas/exchange-rates'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The stored exchange rates and their refreshes (src/server/modules/exchange-rates/README.md); the source is a
// platform setting (./platform-settings.ts).

export type ExchangeRatesStatus = Camelize<ExchangeRatesStatusOutput>

export const exchangeRatesKey = ['admin', 'exchange_rates'] as const

export function exchangeRatesQuery() {
  return queryOptions({
    queryKey: exchangeRatesKey,
    queryFn: ({ signal }) => api.get<ExchangeRatesStatus>('/admin/exchange_rates', { signal }),
  })
}

/** POST /admin/exchange_rates/refresh: reads the source now; a failure is the newest refresh's error, not a failed call. */
export function refreshExchangeRates(): Promise<ExchangeRatesStatus> {
  return api.post<ExchangeRatesStatus>('/admin/exchange_rates/refresh')
}
