import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  ClaimHandoffOutput, ClaimInkassoInput, ClaimOutcomeInput, ClaimOutput, ClaimWriteOffInput, DunningOutput, DunningSettingsInput, DunningSettingsOutput,
} from '../../../../shared/schemas/dunning'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

// Dunning and collection: the seller's settings (/cabinet/dunning_settings), dunning runs (/cabinet/dunnings)
// and claims (/cabinet/claims) with their actions.

export type DunningSettings = Camelize<DunningSettingsOutput>
export type Dunning = Camelize<DunningOutput>
export type Claim = Camelize<ClaimOutput>
export type ClaimHandoff = Camelize<ClaimHandoffOutput>
type ListAnswer<T> = { list: T[]; totalCount: number; totalCountMax: number; counts?: Record<string, number> }

export const dunningKey = ['cabinet', 'dunning'] as const

export function dunningSettingsQuery() {
  return queryOptions({ queryKey: [...dunningKey, 'settings'], queryFn: ({ signal }) => api.get<DunningSettings>('/cabinet/dunning_settings', { signal }) })
}

export function saveDunningSettings(input: DunningSettingsInput) {
  return api.put<DunningSettings>('/cabinet/dunning_settings', input, { silent: true })
}

/** GET /cabinet/dunnings with the list parameters, filters (dunning_status, order_id, product_id, amount) and counts. */
export function dunningListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...dunningKey, 'runs', state],
    queryFn: ({ signal }) => api.get<ListAnswer<Dunning>>('/cabinet/dunnings', { signal, query: { ...listParams(state), counts: true } }),
    placeholderData: keepPreviousData,
  })
}

/** GET /cabinet/claims with the list parameters, the claim filters and counts per inkasso status and outcome. */
export function claimListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...dunningKey, 'claims', state],
    queryFn: ({ signal }) => api.get<ListAnswer<Claim>>('/cabinet/claims', { signal, query: { ...listParams(state), counts: true } }),
    placeholderData: keepPreviousData,
  })
}

export function moveClaimInkasso(id: number, input: ClaimInkassoInput) {
  return api.post<Claim>(`/cabinet/claims/${id}/inkasso`, input, { silent: true })
}

export function recordClaimOutcome(id: number, input: ClaimOutcomeInput) {
  return api.post<Claim>(`/cabinet/claims/${id}/outcome`, input, { silent: true })
}

export function writeOffClaim(id: number, input: ClaimWriteOffInput) {
  return api.post<Claim>(`/cabinet/claims/${id}/write_off`, input, { silent: true })
}

/** GET /cabinet/claims/{id}/handoffs: the claim's hand-offs to collection partners with the partner's answers. */
export function claimHandoffsQuery(id: number) {
  return queryOptions({
    queryKey: [...dunningKey, 'handoffs', id],
    queryFn: ({ signal }) => api.get<{ list: ClaimHandoff[] }>(`/cabinet/claims/${id}/handoffs`, { signal }),
  })
}

/** The claim file of the latest hand-off (export mode: the seller sends it), saved as a download. */
export async function downloadClaimFile(id: number): Promise<void> {
  const blob = await api.get<Blob>(`/cabinet/claims/${id}/claim_file.csv`, { responseType: 'blob' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `claim-${id}.csv`
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
