import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { PaymentAuthorizationOutput } from '../../../../shared/schemas/payers'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

// The saved mandates and cards behind the seller's orders (GET /cabinet/payment_authorizations) and
// their revocation (POST /cabinet/payment_authorizations/{id}/revoke).

export type PaymentAuthorization = Camelize<PaymentAuthorizationOutput>

export const paymentAuthorizationsKey = ['cabinet', 'payment_authorizations'] as const

export function paymentAuthorizationListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...paymentAuthorizationsKey, 'list', state],
    queryFn: ({ signal }) => api.get<{ list: PaymentAuthorization[]; totalCount: number; totalCountMax: number; counts?: Record<string, number> }>(
      '/cabinet/payment_authorizations', { signal, query: { ...listParams(state), counts: true } },
    ),
    placeholderData: keepPreviousData,
  })
}

export function revokePaymentAuthorization(id: number) {
  return api.post<PaymentAuthorization>(`/cabinet/payment_authorizations/${id}/revoke`)
}
