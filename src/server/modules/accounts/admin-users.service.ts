import { randomUUID } from 'node:crypto'
import { profileArea, profileEntryOrder, type ProfileType } from '../../../shared/accounts'
import { AppError } from '../../../shared/errors'
import type {
  AdminAuditEntryOutput, AdminAuditLogQuery, AdminUserAction, AdminUserDetailOutput, AdminUserListQuery, AdminUserOutput,
} from '../../../shared/schemas/admin-users'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type { AccountState, DeletionState } from '../../../shared/states/account'
import { assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as accounts from './accounts.service'
import * as repo from './accounts.repository'
import * as adminRepo from './admin-users.repository'
import { hashToken, randomToken } from './accounts.tokens'

// The managers' users and admin mode (docs/decisions/0056-managers-admin-mode.md). Each exported function is
// one use case; the actions run in one transaction with the user row locked and move the states only
// through accounts' moveAccount (the transition tables of src/shared/states/account.ts).

const time = (value: string | undefined) => (value ? new Date(value) : undefined)
const iso = (value: Date | null) => value?.toISOString() ?? null

type ListedUser = { user: repo.UserRow; sellerId: number | null; powerSeller: boolean | null; profileTypes?: string[] }

function userOutput(row: ListedUser, profileTypes: string[]): AdminUserOutput {
  const u = row.user
  return {
    id: u.id, email: u.email, username: u.username, first_name: u.firstName, last_name: u.lastName,
    account_state: u.accountState as AccountState, deletion_state: u.dataHandling as DeletionState, blocked: u.blockedAt != null,
    profile_types: [...profileTypes].sort((a, b) => profileEntryOrder.indexOf(a as ProfileType) - profileEntryOrder.indexOf(b as ProfileType)) as ProfileType[],
    seller_id: row.sellerId, power_seller: row.sellerId == null ? null : row.powerSeller ?? false,
    deactivated_at: iso(u.deactivatedAt), deleted_at: iso(u.deletedAt), last_sign_in_at: iso(u.lastSignInAt), created_at: u.createdAt.toISOString(),
  }
}

export async function listUsers(ctx: Ctx, query: AdminUserListQuery): Promise<ListAnswer<AdminUserOutput>> {
  assertCan(ctx.actor, 'admin.read')
  const { rows, total, totalMax } = await adminRepo.listUsers(ctx.db, {
    filters: {
      query: query.query || undefined, profileType: query.profile_type, accountState: query.account_state, deletionState: query.deletion_state,
      deactivatedFrom: time(query.deactivated_from_time), deactivatedTill: time(query.deactivated_till_time),
      createdFrom: time(query.created_from_time), createdTill: time(query.created_till_time), powerSeller: query.power_seller, blocked: query.blocked,
    },
    sortKey: query.sort_key, sortDir: query.sort_dir ?? 'desc', offset: (query.page - 1) * query.per, limit: query.per,
  })
  return { list: rows.map((r) => userOutput(r, r.profileTypes ?? [])), total_count: total, total_count_max: totalMax }
}

/** The actions the account's states allow now (the detail's buttons; the use cases check again). */
function allowedActions(user: repo.UserRow, isManager: boolean, self: boolean): AdminUserAction[] {
  if (user.accountState === 'deleted' || self) return []
  const actions: AdminUserAction[] = [user.blockedAt ? 'unblock' : 'block']
  if (user.accountState === 'active') actions.push('deactivate')
  if (user.accountState === 'deactivated') actions.push('reactivate')
  if (user.dataHandling === 'deletion_requested') actions.push('complete_deletion')
  else actions.push('start_deletion')
  if (user.accountState === 'active' && !user.blockedAt && !isManager) actions.push('admin_mode')
  return actions
}

async function detail(ctx: Ctx, db: Executor, userId: number): Promise<AdminUserDetailOutput> {
  const row = await adminRepo.findUserWithSeller(db, userId)
  if (!row) throw new AppError('not_found', 'This user does not exist')
  const profiles = await repo.listProfiles(db, userId)
  const isManager = profiles.some((p) => p.type === 'manager')
  const sessions = await adminRepo.listSessions(db, userId, 20)
  const blockers = row.user.accountState === 'deleted' ? [] : await accounts.deletionBlockers(ctx, db, userId)
  return {
    user: {
      ...userOutput(row, [...new Set(profiles.map((p) => p.type))]),
      confirmed: row.user.confirmedAt != null, locale: row.user.locale, blocked_at: iso(row.user.blockedAt), deletion_reason: row.user.deletionReason,
      profiles: profiles.map((p) => ({ id: p.id, type: p.type as ProfileType, seller_id: p.sellerId, seller_username: p.sellerUsername })),
      sessions: sessions.map((s) => ({
        id: s.id, user_agent: s.userAgent, ip: s.ip, created_at: s.createdAt.toISOString(), last_used_at: s.lastUsedAt.toISOString(),
        revoked_at: iso(s.revokedAt), revoked_reason: s.revokedReason,
      })),
      deletion_blockers: blockers,
      actions: allowedActions(row.user, isManager, ctx.actor?.userId === userId),
    },
  }
}

export async function getUser(ctx: Ctx, userId: number): Promise<AdminUserDetailOutput> {
  assertCan(ctx.actor, 'admin.read')
  return detail(ctx, ctx.db, userId)
}

/** One action: the user locked, refused on the manager's own account, the move checked, then the detail. */
async function act(ctx: Ctx, userId: number, change: (tx: Executor, user: repo.UserRow) => Promise<void>): Promise<AdminUserDetailOutput> {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId)
    if (!user) throw new AppError('not_found', 'This user does not exist')
    if (user.id === ctx.actor!.userId) throw new AppError('forbidden', 'A manager cannot change their own account here')
    if (user.accountState === 'deleted') throw new AppError('conflict', 'This account is deleted')
    await change(tx, user)
    return detail(ctx, tx, userId)
  })
}

/** Ends every way in: the user's sessions and any admin mode acting as them, at once. */
async function endAccess(ctx: Ctx, tx: Executor, userId: number, reason: string) {
  await repo.revokeUserSessions(tx, userId, reason, ctx.realNow)
  await adminRepo.endAdminSessions(tx, { userId }, reason, ctx.realNow)
}

/** Blocks an account: no sign-in, and every token of it stops working with its next request. */
export async function blockUser(ctx: Ctx, userId: number) {
  return act(ctx, userId, async (tx, user) => {
    if (user.blockedAt) throw new AppError('conflict', 'This account is already blocked')
    await repo.updateUser(tx, user.id, { blockedAt: ctx.now })
    await endAccess(ctx, tx, user.id, 'blocked')
  })
}

export async function unblockUser(ctx: Ctx, userId: number) {
  return act(ctx, userId, async (tx, user) => {
    if (!user.blockedAt) throw new AppError('conflict', 'This account is not blocked')
    await repo.updateUser(tx, user.id, { blockedAt: null })
  })
}

/** Deactivates an account for the user (data kept): active -> deactivated, data handling inactive_plan. */
export async function deactivateUser(ctx: Ctx, userId: number) {
  return act(ctx, userId, async (tx, user) => {
    await accounts.moveAccount(ctx.deps, tx, user, { account: 'deactivated', deletion: 'inactive_plan' }, { deactivatedAt: ctx.now, deletionReason: 'deactivated_by_manager' })
    await endAccess(ctx, tx, user.id, 'deactivated')
  })
}

/** Reactivates a deactivated account (a started deletion is cancelled with it). */
export async function reactivateUser(ctx: Ctx, userId: number) {
  return act(ctx, userId, async (tx, user) => {
    if (user.accountState !== 'deactivated') throw new AppError('conflict', 'This account is not deactivated')
    await accounts.moveAccount(ctx.deps, tx, user, { account: 'active', deletion: 'empty' }, { deactivatedAt: null })
  })
}

/** Starts a deletion: the account is deactivated at once and waits as deletion_requested until completed. */
export async function startDeletion(ctx: Ctx, userId: number) {
  return act(ctx, userId, async (tx, user) => {
    if (await adminRepo.hasManagerProfile(tx, user.id) && (await repo.countProfilesOfType(tx, 'manager')) <= 1) {
      throw new AppError('deletion_not_possible', 'The last manager cannot be deleted')
    }
    await accounts.moveAccount(ctx.deps, tx, user, { account: 'deactivated', deletion: 'deletion_requested' }, {
      deactivatedAt: user.deactivatedAt ?? ctx.now, deletionReason: 'deletion_by_manager',
    })
    await endAccess(ctx, tx, user.id, 'deletion_requested')
  })
}

/** Completes a started deletion: refused while blockers remain; the data is scrambled as in a user's own deletion. */
export async function completeDeletion(ctx: Ctx, userId: number) {
  return act(ctx, userId, async (tx, user) => {
    if (user.dataHandling !== 'deletion_requested') throw new AppError('conflict', 'Start the deletion first')
    await accounts.scrambleAccount(ctx, tx, user, { reason: null, comment: null })
  })
}

// ---------------------------------------------------------------- admin mode

/**
 * Starts acting as a user: an admin session bound to the manager's session, for ADMIN_MODE_TTL_SECONDS.
 * Answers the cookie's token (the route sets it) and where the web app goes. Never for a manager (admin
 * mode can never reach another manager), the manager themself, a blocked or inactive account.
 */
export async function startAdminMode(ctx: Ctx, userId: number): Promise<{ token: string; maxAgeSeconds: number; output: { admin_mode: { user_id: number; expires_at: string; redirect_to: string } } }> {
  assertCan(ctx.actor, 'admin.write')
  const manager = ctx.actor
  const ttl = ctx.deps.config.ADMIN_MODE_TTL_SECONDS
  return ctx.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId)
    if (!user) throw new AppError('not_found', 'This user does not exist')
    if (user.id === manager.userId || await adminRepo.hasManagerProfile(tx, user.id)) throw new AppError('forbidden', 'Admin mode cannot act as a manager')
    if (user.accountState !== 'active' || user.blockedAt) throw new AppError('conflict', 'Only an active, unblocked account can be acted as')
    await adminRepo.endAdminSessions(tx, { managerSessionId: manager.sessionId }, 'replaced', ctx.realNow)
    const token = randomToken()
    const expiresAt = new Date(ctx.realNow.getTime() + ttl * 1000)
    await adminRepo.insertAdminSession(tx, {
      id: randomUUID(), managerUserId: manager.userId, managerSessionId: manager.sessionId, userId: user.id, tokenHash: hashToken(token), expiresAt,
    })
    const profiles = await repo.listProfiles(tx, user.id)
    const first = [...profiles].sort((a, b) => profileEntryOrder.indexOf(a.type as ProfileType) - profileEntryOrder.indexOf(b.type as ProfileType))[0]
    return {
      token, maxAgeSeconds: ttl,
      output: { admin_mode: { user_id: user.id, expires_at: expiresAt.toISOString(), redirect_to: first ? profileArea[first.type as ProfileType] : '/' } },
    }
  })
}

/** Ends the admin mode of this request (the manager's click); a request outside admin mode has nothing to end. */
export async function endAdminMode(ctx: Ctx): Promise<void> {
  const adminMode = ctx.actor?.adminMode
  if (!adminMode) return
  await adminRepo.updateAdminSession(ctx.db, adminMode.adminSessionId, { endedAt: ctx.realNow, endedReason: 'ended_by_manager' })
}

/**
 * The audit row of a mutating request in admin mode, written before the route runs (so no write made in
 * admin mode goes unrecorded: when this insert fails, the request fails); its status follows with `finishAdminWrite`.
 */
export async function recordAdminWrite(ctx: Ctx, request: { method: string; route: string; params: Record<string, string> }): Promise<number | null> {
  const adminMode = ctx.actor?.adminMode
  if (!adminMode) return null
  return adminRepo.insertAuditEntry(ctx.db, {
    adminSessionId: adminMode.adminSessionId, managerUserId: adminMode.managerUserId, userId: ctx.actor!.userId,
    method: request.method, route: request.route, target: request.params, createdAt: ctx.realNow,
  })
}

export async function finishAdminWrite(ctx: Ctx, entryId: number, statusCode: number): Promise<void> {
  await adminRepo.finishAuditEntry(ctx.db, entryId, statusCode)
}

export async function listAuditLog(ctx: Ctx, query: AdminAuditLogQuery): Promise<ListAnswer<AdminAuditEntryOutput>> {
  assertCan(ctx.actor, 'admin.read')
  const { rows, total, totalMax } = await adminRepo.listAuditEntries(ctx.db, {
    managerUserId: query.manager_user_id, userId: query.user_id, createdFrom: time(query.created_from_time), createdTill: time(query.created_till_time),
    sortDir: query.sort_dir ?? 'desc', offset: (query.page - 1) * query.per, limit: query.per,
  })
  return {
    list: rows.map((r) => ({
      id: r.entry.id, admin_session_id: r.entry.adminSessionId, manager_user_id: r.entry.managerUserId, manager_email: r.managerEmail,
      user_id: r.entry.userId, user_email: r.userEmail, method: r.entry.method, route: r.entry.route, target: r.entry.target,
      status_code: r.entry.statusCode, created_at: r.entry.createdAt.toISOString(),
    })),
    total_count: total,
    total_count_max: totalMax,
  }
}
