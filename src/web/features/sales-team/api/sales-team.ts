import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { InviteSalesTeamMemberInput, salesTeamMemberOutput } from '../../../../shared/schemas/deals'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The seller's sales team (docs/decisions/0054-sales-team-and-deals.md): /cabinet/sales_team_members.

export type SalesTeamMember = Camelize<z.infer<typeof salesTeamMemberOutput>>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const salesTeamKey = ['cabinet', 'sales_team'] as const

export function salesTeamQuery(state: ListState) {
  return queryOptions({
    queryKey: [...salesTeamKey, state],
    queryFn: ({ signal }) => api.get<List<SalesTeamMember>>('/cabinet/sales_team_members', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

export function inviteSalesTeamMember(input: InviteSalesTeamMemberInput): Promise<{ salesTeamMember: SalesTeamMember }> {
  return api.post('/cabinet/sales_team_members', input, { silent: true })
}

export function updateSalesTeamFee(id: number, feePercent: number): Promise<{ salesTeamMember: SalesTeamMember }> {
  return api.patch(`/cabinet/sales_team_members/${id}`, { fee_percent: feePercent }, { silent: true })
}

export function removeSalesTeamMember(id: number): Promise<{ salesTeamMember: SalesTeamMember }> {
  return api.delete(`/cabinet/sales_team_members/${id}`)
}
