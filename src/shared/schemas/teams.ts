import { z } from 'zod'
import { teamMemberStates } from '../states/team-member'
import { zEmail } from '../validation/account-schemas'
import { zIdParam } from '../validation/storable'
import { listOutput, listQuery } from './lists'

// Team members (docs/decisions/0053-team-members.md): a seller invites by email with a level per area; the
// invitee accepts or declines; the seller edits the levels or removes the team member; every write a team
// member takes for the seller is in the audit log.

/** The areas a seller gives rights in, in the invite form's order. */
export const teamAreas = ['products', 'orders', 'payers', 'courses', 'tickets_check_in', 'affiliates', 'settings', 'finance'] as const
export type TeamArea = (typeof teamAreas)[number]
export const teamAccessLevels = ['none', 'read', 'write'] as const
export type TeamAccessLevel = (typeof teamAccessLevels)[number]
export type TeamPermissions = Record<TeamArea, TeamAccessLevel>

const level = z.enum(teamAccessLevels)
/** Each area's level; an area left out is `none`; an unknown area is refused. */
export const teamPermissionsInput = z.object(Object.fromEntries(teamAreas.map((area) => [area, level.default('none')])) as Record<TeamArea, z.ZodDefault<typeof level>>).strict()
export const teamPermissionsOutput = z.object(Object.fromEntries(teamAreas.map((area) => [area, level])) as Record<TeamArea, typeof level>)

/** No rights anywhere. */
export const noTeamPermissions = (): TeamPermissions => Object.fromEntries(teamAreas.map((area) => [area, 'none'])) as TeamPermissions

export const inviteTeamMemberInput = z.object({ email: zEmail, permissions: teamPermissionsInput }).strict()
export type InviteTeamMemberInput = z.output<typeof inviteTeamMemberInput>
export const updateTeamMemberInput = z.object({ permissions: teamPermissionsInput }).strict()
export type UpdateTeamMemberInput = z.output<typeof updateTeamMemberInput>

export const teamMemberParams = z.object({ id: zIdParam() })

export const teamMemberOutput = z.object({
  id: z.number().int(),
  state: z.enum(teamMemberStates),
  email: z.string(),
  /** The invitee's name once they accepted; null before. */
  name: z.string().nullable(),
  permissions: teamPermissionsOutput,
  invited_at: z.string(),
  accepted_at: z.string().nullable(),
  ended_at: z.string().nullable(),
})
export type TeamMemberOutput = z.infer<typeof teamMemberOutput>
export const teamMemberAnswer = z.object({ team_member: teamMemberOutput })

export const teamMemberListQuery = listQuery.extend({ state: z.enum(teamMemberStates).optional() }).strict()
export const listOfTeamMembers = listOutput(teamMemberOutput)

/** An invitation as its invitee sees it, and a seller the signed-in user works for. */
export const teamInviteOutput = z.object({
  id: z.number().int(),
  state: z.enum(teamMemberStates),
  seller: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
  permissions: teamPermissionsOutput,
  /** team, or sales: a sales team member who prepares deals for a fee (docs/decisions/0054-sales-team-and-deals.md). */
  kind: z.enum(['team', 'sales']),
  /** A sales team member's fee in basis points; null for team members. */
  fee_bps: z.number().int().nullable(),
  invited_at: z.string(),
  /** The team member profile to switch to, once accepted. */
  profile_id: z.number().int().nullable(),
})
export type TeamInviteOutput = z.infer<typeof teamInviteOutput>
export const teamInviteAnswer = z.object({ team_member: teamInviteOutput })
export const listOfTeamInvites = z.object({ list: z.array(teamInviteOutput) })

export const teamAuditLogQuery = listQuery.extend({ team_member_id: zIdParam().optional() }).strict()
export const teamAuditEntryOutput = z.object({
  id: z.number().int(),
  team_member_id: z.number().int(),
  email: z.string(),
  /** What was done: the method and the route, e.g. `POST /api/v1/cabinet/payment_tickets/:id/check_in`. */
  action: z.string(),
  /** The objects named in the path, e.g. `{ "id": "12" }`. */
  target: z.record(z.string(), z.string()),
  status_code: z.number().int(),
  created_at: z.string(),
})
export type TeamAuditEntryOutput = z.infer<typeof teamAuditEntryOutput>
export const listOfTeamAuditEntries = listOutput(teamAuditEntryOutput)

// ---- the team member's notification settings (docs/decisions/0053-team-members.md "Notification settings")
/** payouts: the mails of the team member's own payouts; orders: the seller's new orders and payments (needs orders read). */
export const teamMemberNotificationTypes = ['payouts', 'orders'] as const
export type TeamMemberNotificationType = (typeof teamMemberNotificationTypes)[number]
/** The area a type needs at least read access to, if any. */
export const teamMemberNotificationArea: Record<TeamMemberNotificationType, TeamArea | null> = { payouts: null, orders: 'orders' }
export const teamMemberNotificationDefaults: Record<TeamMemberNotificationType, boolean> = { payouts: true, orders: false }
export const teamMemberNotificationSetting = z.object({
  type: z.enum(teamMemberNotificationTypes),
  email: z.boolean(),
  /** False when the team member lacks the permission the type needs: no mail whatever `email` says. */
  available: z.boolean(),
})
export const teamMemberNotificationSettingsOutput = z.object({ list: z.array(teamMemberNotificationSetting) })
export const updateTeamMemberNotificationSettingsInput = z.strictObject({
  list: z.array(z.strictObject({ type: z.enum(teamMemberNotificationTypes), email: z.boolean() })).min(1).max(teamMemberNotificationTypes.length),
})
export type TeamMemberNotificationSetting = z.infer<typeof teamMemberNotificationSetting>
export type UpdateTeamMemberNotificationSettingsInput = z.infer<typeof updateTeamMemberNotificationSettingsInput>
