import { sellerDisplayName } from '../../../shared/accounts'
import { AppError } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type { InviteSalesTeamMemberInput, SalesTeamMemberOutput, UpdateSalesTeamMemberInput } from '../../../shared/schemas/deals'
import { noTeamPermissions } from '../../../shared/schemas/teams'
import { assertTransition, teamMemberTransitions, type TeamMemberState } from '../../../shared/states'
import { actingSellerId, salesTeamActions } from '../../auth/permissions'
import { requireActor, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as accounts from '../accounts/accounts.service'
import * as email from '../email/email.service'
import * as repo from './teams.repository'

// A seller's sales team (docs/decisions/0054-sales-team-and-deals.md): `team_members` rows of kind `sales` with a
// fee in basis points. Invitation, acceptance at /team_member/invites and removal are the team's
// (./teams.service.ts); accepting opens a `sales_team_member` profile that holds the deal actions only.

const notFound = () => new AppError('not_found', 'No such sales team member')

function output(row: repo.TeamMemberWithName): SalesTeamMemberOutput {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ')
  return {
    id: row.id, state: row.state as TeamMemberState, email: row.email, name: name || null, fee_bps: row.feeBps ?? 0,
    invited_at: row.createdAt.toISOString(), accepted_at: row.acceptedAt?.toISOString() ?? null, ended_at: row.endedAt?.toISOString() ?? null,
  }
}

export async function inviteSalesTeamMember(ctx: Ctx, input: InviteSalesTeamMemberInput): Promise<{ sales_team_member: SalesTeamMemberOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  const actor = requireActor(ctx)
  return ctx.db.transaction(async (tx) => {
    const invitee = await accounts.userIdByEmail(tx, input.email)
    if (invitee !== null && invitee === await accounts.sellerOwnerUserId(tx, sellerId)) throw new AppError('conflict', 'You cannot invite yourself')
    const row = await repo.insertTeamMember(tx, {
      sellerId, email: input.email, state: 'invited', kind: 'sales', feeBps: input.fee_percent * 100, permissions: noTeamPermissions(), invitedByUserId: actor.userId,
    })
    if (!row) throw new AppError('conflict', 'This address is invited or in the team already')
    const contact = invitee === null ? null : await accounts.userContact(tx, invitee)
    const naming = await repo.sellerNaming(tx, sellerId)
    await email.queueEmail(ctx.deps, tx, {
      to: input.email, kind: 'sales_team_member_invited', locale: contact?.locale ?? ctx.locale, userId: invitee,
      firstName: contact?.firstName ?? input.email, sellerName: naming ? sellerDisplayName(naming) : undefined,
      link: `${ctx.deps.config.appUrl}/team_member/invites`, amount: `${input.fee_percent} %`,
    })
    return { sales_team_member: output({ ...row, firstName: null, lastName: null }) }
  })
}

export async function listSalesTeamMembers(ctx: Ctx, query: { page: number; per: number; query?: string | undefined; state?: string | undefined }): Promise<ListAnswer<SalesTeamMemberOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  const { rows, total, max } = await repo.listForSeller(ctx.db, sellerId, { kind: 'sales', state: query.state, query: query.query, offset: (query.page - 1) * query.per, limit: query.per })
  return { list: rows.map(output), total_count: total, total_count_max: max }
}

export async function getSalesTeamMember(ctx: Ctx, id: number): Promise<{ sales_team_member: SalesTeamMemberOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  const row = await repo.findForSeller(ctx.db, sellerId, id, false, 'sales')
  if (!row) throw notFound()
  return { sales_team_member: output(await repo.withName(ctx.db, row)) }
}

/** A new fee applies to deals bought from now on; an order keeps the fee it was bought with. */
export async function updateSalesTeamMember(ctx: Ctx, id: number, input: UpdateSalesTeamMemberInput): Promise<{ sales_team_member: SalesTeamMemberOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findForSeller(tx, sellerId, id, true, 'sales')
    if (!row) throw notFound()
    if (row.state !== 'invited' && row.state !== 'active') throw new AppError('conflict', `A ${row.state} sales team member cannot be changed`)
    const updated = await repo.updateTeamMember(tx, row.id, { feeBps: input.fee_percent * 100 })
    return { sales_team_member: output(await repo.withName(tx, updated)) }
  })
}

/** Ends the work at once (their deals stay the seller's; fees earned stay theirs to pay out). */
export async function removeSalesTeamMember(ctx: Ctx, id: number): Promise<{ sales_team_member: SalesTeamMemberOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findForSeller(tx, sellerId, id, true, 'sales')
    if (!row) throw notFound()
    assertTransition(teamMemberTransitions, row.state as TeamMemberState, 'removed', 'A sales team member')
    const updated = await repo.updateTeamMember(tx, row.id, { state: 'removed', endedAt: ctx.now })
    if (row.profileId !== null) await accounts.endTeamMemberProfile(tx, row.profileId, ctx.now)
    return { sales_team_member: output(await repo.withName(tx, updated)) }
  })
}

// ---------------------------------------------------------------- for the deals module

export type SalesTeamMember = { id: number; sellerId: number; state: string; email: string; name: string | null; feeBps: number }

function brief(r: Awaited<ReturnType<typeof repo.salesTeamMembersByIds>>[number]): SalesTeamMember {
  return { id: r.id, sellerId: r.sellerId, state: r.state, email: r.email, name: [r.firstName, r.lastName].filter(Boolean).join(' ') || null, feeBps: r.feeBps ?? 0 }
}

/** Sales team members by id (any seller's: callers scope them), with names. */
export async function salesTeamMembersByIds(db: Executor, ids: number[]): Promise<Map<number, SalesTeamMember>> {
  const rows = await repo.salesTeamMembersByIds(db, [...new Set(ids)])
  return new Map(rows.map((r) => [r.id, brief(r)]))
}

/** The active sales team member a request acts through (their sales_team_member profile), or undefined. */
export async function salesTeamMemberOfActor(ctx: Ctx, db: Executor): Promise<SalesTeamMember | undefined> {
  const actor = ctx.actor
  if (!actor || actor.profileType !== 'sales_team_member' || actor.profileId === null) return undefined
  const row = await repo.findActiveByProfile(db, actor.profileId)
  if (!row || row.kind !== 'sales') return undefined
  return (await salesTeamMembersByIds(db, [row.id])).get(row.id)
}

/** The demo's sales team member (src/server/db/seed.ts): active with this fee, made once per seller and user. */
export async function ensureDemoSalesTeamMember(ctx: Ctx, input: { sellerId: number; userId: number; email: string; feeBps: number }): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const profileId = await accounts.openTeamMemberProfile(tx, { userId: input.userId, sellerId: input.sellerId, permissions: salesTeamActions }, 'sales_team_member')
    const row = await repo.insertTeamMember(tx, { sellerId: input.sellerId, email: input.email, state: 'invited', kind: 'sales', feeBps: input.feeBps, permissions: noTeamPermissions() })
    if (row) {
      await repo.updateTeamMember(tx, row.id, { state: 'active', userId: input.userId, profileId, acceptedAt: ctx.now })
      return row.id
    }
    const existing = await repo.findActiveByProfile(tx, profileId)
    if (!existing) throw new Error('demo sales team member missing')
    return existing.id
  })
}

/** The seller's name as payers see it (deal mails and pages). */
export async function sellerName(db: Executor, sellerId: number): Promise<string | undefined> {
  const naming = await repo.sellerNaming(db, sellerId)
  return naming ? sellerDisplayName(naming) : undefined
}
