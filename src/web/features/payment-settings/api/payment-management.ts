import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { paymentManagementOutput } from '../../../../shared/schemas/delivery'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { paymentSettingsKey } from './types'

export type PaymentManagement = Camelize<z.output<typeof paymentManagementOutput>>

/** GET /cabinet/settings/payment_management: what payers may do with their payments themselves. */
export function paymentManagementQuery() {
  return queryOptions({
    queryKey: [...paymentSettingsKey, 'payment-management'],
    queryFn: ({ signal }) => api.get<PaymentManagement>('/cabinet/settings/payment_management', { signal }),
  })
}

/** PUT /cabinet/settings/payment_management */
export function savePaymentManagement(payersMayCancel: boolean): Promise<PaymentManagement> {
  return api.put<PaymentManagement>('/cabinet/settings/payment_management', { payers_may_cancel: payersMayCancel })
}
