import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  adminPayoutOutput, CreatePayoutInput, payoutBatchOutput, payoutOutput, payoutSettingsOutput, payoutsBalanceOutput, UpdatePayoutSettingsInput,
} from '../../../../shared/schemas/payouts'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// Balances, payouts and settings of the party area (/cabinet or /publish, from the URL), and the managers'
// payouts and SEPA batches (docs/decisions/0049-money-out.md "Balances", "Payouts").

export type PayoutArea = 'cabinet' | 'publish' | 'reseller' | 'team_member'
export type PayoutsBalance = Camelize<z.infer<typeof payoutsBalanceOutput>>
export type PartyBalance = PayoutsBalance['balances'][number]
export type Payout = Camelize<z.infer<typeof payoutOutput>>
export type AdminPayout = Camelize<z.infer<typeof adminPayoutOutput>>
export type PayoutBatch = Camelize<z.infer<typeof payoutBatchOutput>>
export type PayoutSettings = Camelize<z.infer<typeof payoutSettingsOutput>>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number; counts?: Record<string, number> }

/** The area a page is in: /publish/* is the publisher's, everything else the seller's cabinet. */
export function areaOfPath(pathname: string): PayoutArea {
  return pathname.startsWith('/publish') ? 'publish' : pathname.startsWith('/reseller') ? 'reseller' : pathname.startsWith('/team_member') ? 'team_member' : 'cabinet'
}

export const payoutsKey = (area: PayoutArea) => [area, 'payouts'] as const

export function balanceQuery(area: PayoutArea) {
  return queryOptions({
    queryKey: [...payoutsKey(area), 'balance'],
    queryFn: ({ signal }) => api.get<PayoutsBalance>(`/${area}/payouts_balance`, { signal }),
  })
}

export function payoutListQuery(area: PayoutArea, state: ListState) {
  return queryOptions({
    queryKey: [...payoutsKey(area), 'list', state],
    queryFn: ({ signal }) => api.get<List<Payout>>(`/${area}/payouts`, { signal, query: { ...listParams(state), counts: true } }),
    placeholderData: keepPreviousData,
  })
}

export function settingsQuery(area: PayoutArea) {
  return queryOptions({
    queryKey: [...payoutsKey(area), 'settings'],
    queryFn: ({ signal }) => api.get<PayoutSettings>(`/${area}/payouts_settings`, { signal }),
  })
}

export function requestPayout(area: PayoutArea, input: CreatePayoutInput) {
  return api.post<{ payout: Payout }>(`/${area}/payouts`, input)
}

export function cancelPayout(area: PayoutArea, id: number) {
  return api.post<{ payout: Payout }>(`/${area}/payouts/${id}/cancel`)
}

export function saveSettings(area: PayoutArea, input: UpdatePayoutSettingsInput) {
  return api.put<PayoutSettings>(`/${area}/payouts_settings`, input)
}

/** Fetches a file with the session (the routes need the bearer token) and opens or saves it. */
async function openFile(path: string, download?: string): Promise<void> {
  const blob = await api.get<Blob>(path, { responseType: 'blob' })
  const url = URL.createObjectURL(blob)
  if (download) {
    const link = document.createElement('a')
    link.href = url
    link.download = download
    link.click()
  } else window.open(url, '_blank', 'noopener')
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export function openCreditMemo(area: PayoutArea, id: number): Promise<void> {
  return openFile(`/${area}/payouts/${id}/credit_memo`)
}

// ------------------------------------------------------------------ managers

export const adminPayoutsKey = ['admin', 'payouts'] as const

export function adminPayoutsQuery(state: ListState) {
  return queryOptions({
    queryKey: [...adminPayoutsKey, 'list', state],
    queryFn: ({ signal }) => api.get<List<AdminPayout>>('/admin/payouts', { signal, query: { ...listParams(state), counts: true } }),
    placeholderData: keepPreviousData,
  })
}

export function adminBatchesQuery(state: ListState) {
  return queryOptions({
    queryKey: [...adminPayoutsKey, 'batches', state],
    queryFn: ({ signal }) => api.get<List<PayoutBatch>>('/admin/payout_batches', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

export function createBatch(currency: string) {
  return api.post<{ batch: PayoutBatch }>('/admin/payout_batches', { currency })
}

export function markBatch(id: number, step: 'issued' | 'successful') {
  return api.post<{ batch: PayoutBatch }>(`/admin/payout_batches/${id}/${step}`)
}

export function downloadBatchFile(id: number): Promise<void> {
  return openFile(`/admin/payout_batches/${id}/file`, `sepa-batch-${id}.xml`)
}

export function adminCancelPayout(id: number, reason: string) {
  return api.post<{ payout: Payout }>(`/admin/payouts/${id}/cancel`, { reason })
}

export function adminSettlePayout(id: number) {
  return api.post<{ payout: Payout }>(`/admin/payouts/${id}/successful`)
}
