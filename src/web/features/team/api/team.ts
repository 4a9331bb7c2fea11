import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { Camelize } from '../../../lib/api-client'
import type { inviteTeamMemberInput, teamAuditEntryOutput, teamMemberOutput } from '../../../../shared/schemas/teams'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'

// The seller's team (docs/decisions/0053-team-members.md): /cabinet/team_members and /cabinet/team_audit_log.

export type TeamMember = Camelize<z.infer<typeof teamMemberOutput>>
export type TeamAuditEntry = Camelize<z.infer<typeof teamAuditEntryOutput>>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const teamKey = ['cabinet', 'team'] as const

export function teamMembersQuery(state: ListState) {
  return queryOptions({
    queryKey: [...teamKey, 'members', state],
    queryFn: ({ signal }) => api.get<List<TeamMember>>('/cabinet/team_members', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

export function teamAuditLogQuery(state: ListState) {
  return queryOptions({
    queryKey: [...teamKey, 'audit', state],
    queryFn: ({ signal }) => api.get<List<TeamAuditEntry>>('/cabinet/team_audit_log', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

/** POST /cabinet/team_members: invites by email with a level per area. */
export function inviteTeamMember(input: z.input<typeof inviteTeamMemberInput>): Promise<{ teamMember: TeamMember }> {
  return api.post('/cabinet/team_members', input, { silent: true })
}

/** PATCH /cabinet/team_members/{id}: new levels, from the team member's next request on. */
export function updateTeamMember(id: number, permissions: Record<string, string>): Promise<{ teamMember: TeamMember }> {
  return api.patch(`/cabinet/team_members/${id}`, { permissions }, { silent: true })
}

/** DELETE /cabinet/team_members/{id}: access ends at once. */
export function removeTeamMember(id: number): Promise<{ teamMember: TeamMember }> {
  return api.delete(`/cabinet/team_members/${id}`)
}
