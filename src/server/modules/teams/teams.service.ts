import { sellerDisplayName } from '../../../shared/accounts'
import { AppError } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import {
  noTeamPermissions, teamAccessLevels, teamAreas, teamMemberNotificationArea, teamMemberNotificationDefaults, teamMemberNotificationTypes,
  type InviteTeamMemberInput, type TeamMemberNotificationSetting, type TeamMemberNotificationType, type UpdateTeamMemberNotificationSettingsInput, type TeamAuditEntryOutput, type TeamInviteOutput,
  type TeamMemberOutput, type TeamPermissions, type UpdateTeamMemberInput,
} from '../../../shared/schemas/teams'
import { assertTransition, teamMemberTransitions, type TeamMemberState } from '../../../shared/states'
import { actingSellerId, salesTeamActions, teamMemberActions } from '../../auth/permissions'
import { requireActor, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as accounts from '../accounts/accounts.service'
import * as email from '../email/email.service'
import * as repo from './teams.repository'

// Team members (docs/decisions/0053-team-members.md). Only the seller manages the team (`team.manage`, which
// no team member holds); the invitee accepts with the invited address; the permissions live on the team
// member profile, read on every request, so a change or a removal applies to the next call.

const notFound = () => new AppError('not_found', 'No such team member')

/** The stored levels as a full map (an area missing or unknown reads none). */
function permissionsOf(stored: Record<string, string>): TeamPermissions {
  const permissions = noTeamPermissions()
  for (const area of teamAreas) {
    const level = stored[area]
    if ((teamAccessLevels as readonly string[]).includes(level ?? '')) permissions[area] = level as TeamPermissions[typeof area]
  }
  return permissions
}

function output(row: repo.TeamMemberWithName): TeamMemberOutput {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ')
  return {
    id: row.id, state: row.state as TeamMemberState, email: row.email, name: name || null, permissions: permissionsOf(row.permissions),
    invited_at: row.createdAt.toISOString(), accepted_at: row.acceptedAt?.toISOString() ?? null, ended_at: row.endedAt?.toISOString() ?? null,
  }
}

// ---------------------------------------------------------------- the seller's side

export async function inviteTeamMember(ctx: Ctx, input: InviteTeamMemberInput): Promise<{ team_member: TeamMemberOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  const actor = requireActor(ctx)
  return ctx.db.transaction(async (tx) => {
    const invitee = await accounts.userIdByEmail(tx, input.email)
    if (invitee !== null && invitee === await accounts.sellerOwnerUserId(tx, sellerId)) {
      throw new AppError('conflict', 'You cannot invite yourself')
    }
    const row = await repo.insertTeamMember(tx, {
      sellerId, email: input.email, state: 'invited', permissions: input.permissions, invitedByUserId: actor.userId,
    })
    if (!row) throw new AppError('conflict', 'This address is invited or in the team already')
    const contact = invitee === null ? null : await accounts.userContact(tx, invitee)
    const naming = await repo.sellerNaming(tx, sellerId)
    await email.queueEmail(ctx.deps, tx, {
      to: input.email, kind: 'team_member_invited', locale: contact?.locale ?? ctx.locale, userId: invitee,
      firstName: contact?.firstName ?? input.email, sellerName: naming ? sellerDisplayName(naming) : undefined,
      link: `${ctx.deps.config.appUrl}/team_member/invites`,
    })
    return { team_member: output({ ...row, firstName: null, lastName: null }) }
  })
}

export async function listTeamMembers(ctx: Ctx, query: { page: number; per: number; query?: string | undefined; state?: string | undefined }): Promise<ListAnswer<TeamMemberOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  const { rows, total, max } = await repo.listForSeller(ctx.db, sellerId, { state: query.state, query: query.query, offset: (query.page - 1) * query.per, limit: query.per })
  return { list: rows.map(output), total_count: total, total_count_max: max }
}

export async function getTeamMember(ctx: Ctx, id: number): Promise<{ team_member: TeamMemberOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  const row = await repo.findForSeller(ctx.db, sellerId, id)
  if (!row) throw notFound()
  return { team_member: output(await repo.withName(ctx.db, row)) }
}

export async function updateTeamMember(ctx: Ctx, id: number, input: UpdateTeamMemberInput): Promise<{ team_member: TeamMemberOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findForSeller(tx, sellerId, id, true)
    if (!row) throw notFound()
    if (row.state !== 'invited' && row.state !== 'active') throw new AppError('conflict', `A ${row.state} team member cannot be changed`)
    const updated = await repo.updateTeamMember(tx, row.id, { permissions: input.permissions })
    if (row.profileId !== null) await accounts.setTeamMemberPermissions(tx, row.profileId, teamMemberActions(input.permissions))
    return { team_member: output(await repo.withName(tx, updated)) }
  })
}

/** Ends the invitation or the work at once: the team member's next request for this seller answers 404. */
export async function removeTeamMember(ctx: Ctx, id: number): Promise<{ team_member: TeamMemberOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findForSeller(tx, sellerId, id, true)
    if (!row) throw notFound()
    assertTransition(teamMemberTransitions, row.state as TeamMemberState, 'removed', 'A team member')
    const updated = await repo.updateTeamMember(tx, row.id, { state: 'removed', endedAt: ctx.now })
    if (row.profileId !== null) await accounts.endTeamMemberProfile(tx, row.profileId, ctx.now)
    return { team_member: output(await repo.withName(tx, updated)) }
  })
}

// ---------------------------------------------------------------- the invitee's side

async function inviteOutputs(ctx: Ctx, db: Executor): Promise<TeamInviteOutput[]> {
  const actor = requireActor(ctx)
  const contact = await accounts.userContact(db, actor.userId)
  if (!contact) return []
  const rows = await repo.listForInvitee(db, actor.userId, contact.email)
  return rows.map((r) => ({
    id: r.member.id, state: r.member.state as TeamMemberState, permissions: permissionsOf(r.member.permissions),
    kind: r.member.kind === 'sales' ? 'sales' as const : 'team' as const, fee_bps: r.member.feeBps,
    seller: {
      id: r.member.sellerId, username: r.sellerUsername,
      name: sellerDisplayName({ username: r.sellerUsername, company: r.sellerCompany, firstName: r.sellerFirstName, lastName: r.sellerLastName }),
    },
    invited_at: r.member.createdAt.toISOString(), profile_id: r.member.state === 'active' ? r.member.profileId : null,
  }))
}

/** Open invitations to the signed-in user's address and the sellers they work for (active). */
export async function listInvites(ctx: Ctx): Promise<{ list: TeamInviteOutput[] }> {
  return { list: await inviteOutputs(ctx, ctx.db) }
}

/** The invitee's own open invitation, locked; another user's or an answered one is not found. */
async function openInvite(ctx: Ctx, tx: Executor, id: number) {
  const actor = requireActor(ctx)
  const row = await repo.findById(tx, id, true)
  const contact = await accounts.userContact(tx, actor.userId)
  if (!row || !contact || row.state !== 'invited' || row.email.toLowerCase() !== contact.email.toLowerCase()) throw new AppError('not_found', 'No such invitation')
  return { row, actor }
}

/**
 * Accepts with the invited address, confirmed (an address someone signed up with but never confirmed
 * proves nothing): the user gets a team member profile for the seller with the levels' actions.
 */
export async function acceptInvite(ctx: Ctx, id: number): Promise<{ team_member: TeamInviteOutput }> {
  await ctx.db.transaction(async (tx) => {
    const { row, actor } = await openInvite(ctx, tx, id)
    if (!actor.confirmed) throw new AppError('email_not_confirmed', 'Confirm your email address first, then accept')
    // A sales team member's profile holds their deals only (docs/decisions/0054-sales-team-and-deals.md).
    const profileId = row.kind === 'sales'
      ? await accounts.openTeamMemberProfile(tx, { userId: actor.userId, sellerId: row.sellerId, permissions: salesTeamActions }, 'sales_team_member')
      : await accounts.openTeamMemberProfile(tx, { userId: actor.userId, sellerId: row.sellerId, permissions: teamMemberActions(permissionsOf(row.permissions)) })
    await repo.updateTeamMember(tx, row.id, { state: 'active', userId: actor.userId, profileId, acceptedAt: ctx.now })
  })
  return { team_member: (await inviteOutputs(ctx, ctx.db)).find((i) => i.id === id)! }
}

export async function declineInvite(ctx: Ctx, id: number): Promise<{ team_member: TeamInviteOutput }> {
  return ctx.db.transaction(async (tx) => {
    const { row, actor } = await openInvite(ctx, tx, id)
    const updated = await repo.updateTeamMember(tx, row.id, { state: 'declined', userId: actor.userId, endedAt: ctx.now })
    const naming = await repo.sellerNaming(tx, row.sellerId)
    return {
      team_member: {
        id: updated.id, state: 'declined', permissions: permissionsOf(updated.permissions), invited_at: updated.createdAt.toISOString(), profile_id: null,
        kind: updated.kind === 'sales' ? 'sales' : 'team', fee_bps: updated.feeBps,
        seller: { id: updated.sellerId, username: naming?.username ?? '', name: naming ? sellerDisplayName(naming) : '' },
      },
    }
  })
}

/** The demo's team member (src/server/db/seed.ts): active with these levels, made once per seller and user. */
export async function ensureDemoTeamMember(ctx: Ctx, input: { sellerId: number; userId: number; email: string; permissions: TeamPermissions }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const profileId = await accounts.openTeamMemberProfile(tx, { userId: input.userId, sellerId: input.sellerId, permissions: teamMemberActions(input.permissions) })
    const row = await repo.insertTeamMember(tx, { sellerId: input.sellerId, email: input.email, state: 'invited', permissions: input.permissions })
    if (row) await repo.updateTeamMember(tx, row.id, { state: 'active', userId: input.userId, profileId, acceptedAt: ctx.now })
  })
}

// ---------------------------------------------------------------- acting for the seller

/** The active team member a request acts through (its team member profile), or undefined. */
export async function teamMemberOfActor(ctx: Ctx, db: Executor): Promise<repo.TeamMemberRow | undefined> {
  const actor = ctx.actor
  // A sales team member's fees are a team member party's balance too (docs/decisions/0054-sales-team-and-deals.md).
  if (!actor || (actor.profileType !== 'team_member' && actor.profileType !== 'sales_team_member') || actor.profileId === null || actor.sellerId === null) return undefined
  return repo.findActiveByProfile(db, actor.profileId)
}

/** The team member party of money out (docs/decisions/0053-team-members.md "Money out"). */
export async function requireTeamMember(ctx: Ctx, db: Executor): Promise<{ id: number; userId: number }> {
  requireActor(ctx)
  const member = await teamMemberOfActor(ctx, db)
  if (!member || member.userId === null) throw new AppError('forbidden', 'Choose a seller you work for first')
  return { id: member.id, userId: member.userId }
}

/**
 * Records a write a team member made for the seller (the audit log): called once per answered mutating
 * request that acted as a team member (app.ts). Who is the team member behind the profile; the target is
 * the path's parameters.
 */
export async function recordTeamWrite(ctx: Ctx, write: { method: string; route: string; params: Record<string, string>; statusCode: number }): Promise<void> {
  const member = await teamMemberOfActor(ctx, ctx.db)
  if (!member || member.userId === null) return
  await repo.insertAuditEntry(ctx.db, {
    sellerId: member.sellerId, teamMemberId: member.id, userId: member.userId, method: write.method, route: write.route,
    target: write.params, statusCode: write.statusCode,
  })
}

export async function listAuditLog(ctx: Ctx, query: { page: number; per: number; team_member_id?: number | undefined }): Promise<ListAnswer<TeamAuditEntryOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  const { rows, total, max } = await repo.listAudit(ctx.db, sellerId, { teamMemberId: query.team_member_id, offset: (query.page - 1) * query.per, limit: query.per })
  return {
    list: rows.map((r) => ({
      id: r.id, team_member_id: r.teamMemberId, email: r.email, action: `${r.method} ${r.route}`, target: r.target, status_code: r.statusCode,
      created_at: r.createdAt.toISOString(),
    })),
    total_count: total, total_count_max: max,
  }
}

// ---------------------------------------------------------------- notification settings
// Which mails a team member gets, per seller they work for (docs/decisions/0053-team-members.md
// "Notification settings"): their own payouts (on by default) and, with orders read, the seller's new
// orders and payments (off by default). A type whose permission is missing sends nothing.

function available(permissions: Record<string, string>, type: TeamMemberNotificationType): boolean {
  const area = teamMemberNotificationArea[type]
  if (area === null) return true
  const level = permissionsOf(permissions)[area]
  return level === 'read' || level === 'write'
}

async function notificationSettingsList(db: Executor, member: repo.TeamMemberRow): Promise<TeamMemberNotificationSetting[]> {
  const saved = new Map((await repo.notificationSettingsOf(db, member.id)).map((s) => [s.type, s.email]))
  return teamMemberNotificationTypes.map((type) => ({
    type, email: saved.get(type) ?? teamMemberNotificationDefaults[type], available: available(member.permissions, type),
  }))
}

async function requireMemberRow(ctx: Ctx, db: Executor): Promise<repo.TeamMemberRow> {
  requireActor(ctx)
  const member = await teamMemberOfActor(ctx, db)
  if (!member) throw new AppError('forbidden', 'Choose a seller you work for first')
  return member
}

/** GET /team_member/notific_settings: every type, saved or its default. */
export async function getNotificationSettings(ctx: Ctx): Promise<{ list: TeamMemberNotificationSetting[] }> {
  const member = await requireMemberRow(ctx, ctx.db)
  return { list: await notificationSettingsList(ctx.db, member) }
}

/** PUT /team_member/notific_settings: the types given change; the others keep what they had. */
export async function updateNotificationSettings(ctx: Ctx, input: UpdateTeamMemberNotificationSettingsInput): Promise<{ list: TeamMemberNotificationSetting[] }> {
  return ctx.db.transaction(async (tx) => {
    const member = await requireMemberRow(ctx, tx)
    await repo.upsertNotificationSettings(tx, member.id, input.list, ctx.now)
    return { list: await notificationSettingsList(tx, member) }
  })
}

/** Whether the team member (team_members.id, the payout party) wants the mails of a type. */
export async function wantsMail(db: Executor, teamMemberId: number, type: TeamMemberNotificationType): Promise<boolean> {
  const member = await repo.memberById(db, teamMemberId)
  if (!member || !available(member.permissions, type)) return false
  const saved = (await repo.notificationSettingsOf(db, member.id)).find((s) => s.type === type)
  return saved?.email ?? teamMemberNotificationDefaults[type]
}

/** The seller's active team members who want the mails of a type (with its permission): whom to copy. */
export async function mailRecipients(db: Executor, sellerId: number, type: TeamMemberNotificationType) {
  const rows = await repo.activeMembersForMail(db, sellerId, type)
  return rows.filter((r) => r.accountState === 'active' && available(r.permissions, type) && (r.saved ?? teamMemberNotificationDefaults[type]))
    .map((r) => ({ userId: r.userId, email: r.email, firstName: r.firstName, locale: r.locale }))
}
