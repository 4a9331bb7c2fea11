import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { teamInviteOutput } from '../../../../shared/schemas/teams'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The invitee's side (docs/decisions/0053-team-members.md): open invitations and the sellers worked for.

export type TeamInvite = Camelize<z.infer<typeof teamInviteOutput>>

export const invitesKey = ['team_member', 'invites'] as const

export function invitesQuery() {
  return queryOptions({
    queryKey: invitesKey,
    queryFn: ({ signal }) => api.get<{ list: TeamInvite[] }>('/team_member/invites', { signal }),
  })
}

export function acceptInvite(id: number): Promise<{ teamMember: TeamInvite }> {
  return api.post(`/team_member/invites/${id}/accept`, {}, { silent: true })
}

export function declineInvite(id: number): Promise<{ teamMember: TeamInvite }> {
  return api.post(`/team_member/invites/${id}/decline`, {})
}
