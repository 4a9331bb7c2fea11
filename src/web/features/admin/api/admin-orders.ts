import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ClaimHandoffOutput, ClaimOutput, HandoffAnswerInput } from '../../../../shared/schemas/dunning'
import type { AdminRefundOutput } from '../../../../shared/schemas/invoices'
import type { OrderListOutput } from '../../../../shared/schemas/order-lists'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

// The managers' orders, refunds and claims (GET /admin/orders, POST /admin/orders/{id}/refund, GET /admin/refunds,
// GET /admin/claims and the claim's hand-offs to collection partners).

export type AdminOrder = Camelize<OrderListOutput>['list'][number]
export type AdminClaim = Camelize<ClaimOutput>
export type AdminRefund = Camelize<AdminRefundOutput>
export type AdminHandoff = Camelize<ClaimHandoffOutput>
type ListAnswer<T> = { list: T[]; totalCount: number; totalCountMax: number; counts?: Record<string, number> }

export const adminOrdersKey = ['admin', 'orders'] as const

export function adminOrdersQuery(state: ListState) {
  return queryOptions({
    queryKey: [...adminOrdersKey, 'list', state],
    queryFn: ({ signal }) => api.get<ListAnswer<AdminOrder>>('/admin/orders', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

/** GET /admin/refunds: every seller's refunds and chargebacks, counts per state. */
export function adminRefundsQuery(state: ListState) {
  return queryOptions({
    queryKey: [...adminOrdersKey, 'refunds', state],
    queryFn: ({ signal }) => api.get<ListAnswer<AdminRefund>>('/admin/refunds', { signal, query: { ...listParams(state), counts: 'true' } }),
    placeholderData: keepPreviousData,
  })
}

/** POST /admin/orders/{id}/refund with the form's Idempotency-Key: a retried submission refunds once. */
export function adminRefundOrder(id: number, amount: number | undefined, reason: string | undefined, idempotencyKey: string) {
  return api.post<unknown>(`/admin/orders/${id}/refund`, { ...(amount === undefined ? {} : { amount }), ...(reason ? { reason } : {}) }, { idempotencyKey, silent: true })
}

export function adminClaimsQuery(state: ListState) {
  return queryOptions({
    queryKey: [...adminOrdersKey, 'claims', state],
    queryFn: ({ signal }) => api.get<ListAnswer<AdminClaim>>('/admin/claims', { signal, query: { ...listParams(state), counts: true } }),
    placeholderData: keepPreviousData,
  })
}

export function adminHandoffsQuery(claimId: number) {
  return queryOptions({
    queryKey: [...adminOrdersKey, 'handoffs', claimId],
    queryFn: ({ signal }) => api.get<{ list: AdminHandoff[] }>(`/admin/claims/${claimId}/handoffs`, { signal }),
  })
}

export function adminRecordHandoffAnswer(claimId: number, input: HandoffAnswerInput) {
  return api.post<AdminHandoff>(`/admin/claims/${claimId}/handoff_answers`, input, { silent: true })
}
