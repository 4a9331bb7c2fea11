import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { managePaymentOutput, methodSetupOutput, payerOverviewOutput, payerSellerOutput } from '../../../../shared/schemas/delivery'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type PayerOverview = Camelize<z.output<typeof payerOverviewOutput>>
export type PayerSeller = Camelize<z.output<typeof payerSellerOutput>>
export type ManagedPayment = Camelize<z.output<typeof managePaymentOutput>>

export const payerKey = ['payer'] as const

/** GET /payer/purchases: everything the signed-in payer bought, grouped by seller. */
export function purchasesQuery() {
  return queryOptions({
    queryKey: [...payerKey, 'purchases'],
    queryFn: ({ signal }) => api.get<PayerOverview>('/payer/purchases', { signal }),
  })
}

/** GET /payer/sellers/{id}: one seller's page of the payer area. */
export function payerSellerQuery(sellerId: number) {
  return queryOptions({
    queryKey: [...payerKey, 'sellers', sellerId],
    queryFn: ({ signal }) => api.get<PayerSeller>(`/payer/sellers/${sellerId}`, { signal, silent: true }),
  })
}

/** GET /payer/orders/{token}: a payment to manage (plan, rates, cancel). */
export function managedPaymentQuery(token: string) {
  return queryOptions({
    queryKey: [...payerKey, 'orders', token],
    queryFn: ({ signal }) => api.get<ManagedPayment>(`/payer/orders/${encodeURIComponent(token)}`, { signal, silent: true }),
  })
}

/** POST /payer/orders/{token}/cancel */
export function cancelSubscription(token: string) {
  return api.post<ManagedPayment>(`/payer/orders/${encodeURIComponent(token)}/cancel`, {})
}

export type MethodSetup = Camelize<z.output<typeof methodSetupOutput>>

/** POST /payer/orders/{token}/payment_method: starts a change of the method for later rates; answers where to go. */
export function startMethodChange(token: string) {
  return api.post<{ url: string }>(`/payer/orders/${encodeURIComponent(token)}/payment_method`, {})
}

/** GET /payer/method_setups/{token}: a change of the payment method (the sandbox's setup page). */
export function methodSetupQuery(token: string) {
  return queryOptions({
    queryKey: [...payerKey, 'method-setups', token],
    queryFn: ({ signal }) => api.get<MethodSetup>(`/payer/method_setups/${encodeURIComponent(token)}`, { signal, silent: true }),
  })
}

/** POST /payer/method_setups/{token}/sandbox: the payer's choice on the test provider's setup page. */
export function completeSandboxSetup(token: string, outcome: 'success' | 'failure') {
  return api.post<MethodSetup>(`/payer/method_setups/${encodeURIComponent(token)}/sandbox`, { outcome })
}
