import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { teamMemberNotificationSetting } from '../../../../shared/schemas/teams'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The team member's mails for the seller they act for (docs/decisions/0053-team-members.md "Notification settings").

export type TeamMemberNotificationSetting = Camelize<z.infer<typeof teamMemberNotificationSetting>>

export function notificSettingsQuery() {
  return queryOptions({
    queryKey: ['team_member', 'notific_settings'] as const,
    queryFn: ({ signal }) => api.get<{ list: TeamMemberNotificationSetting[] }>('/team_member/notific_settings', { signal }),
  })
}

export function saveNotificSettings(list: TeamMemberNotificationSetting[]) {
  return api.put<{ list: TeamMemberNotificationSetting[] }>('/team_member/notific_settings', { list: list.map((s) => ({ type: s.type, email: s.email })) })
}
