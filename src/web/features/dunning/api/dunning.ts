import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  ClaimInkassoInput, ClaimOutcomeInput, ClaimOutput, ClaimWriteOffInput, DunningOutput, DunningSettingsInput, DunningSettingsOutput,
} from '../../../../shared/schemas/dunning'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

// Dunning and collection: the seller's settings (/cabinet/dunning_settings), dunning runs (/cabinet/dunnings)
// and claims (/cabinet/claims) with their actions.

export type DunningSettings = Camelize<DunningSettingsOutput>
export type Dunning = Camelize<DunningOutput>
export type Claim = Camelize<ClaimOutput>
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
