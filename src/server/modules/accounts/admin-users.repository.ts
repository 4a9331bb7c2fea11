import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { adminAuditLog, adminSessions, profiles, sellers, sessions, users } from '../../db/schema'
import { alias } from 'drizzle-orm/pg-core'
import { containsPattern } from '../../db/like-pattern'

// SQL of the managers' users and of admin mode (docs/decisions/0056-managers-admin-mode.md). Every function
// takes the executor it runs in.

export type AdminSessionRow = typeof adminSessions.$inferSelect


export type UserListFilters = {
  query?: string; profileType?: string; accountState?: string; deletionState?: string
  deactivatedFrom?: Date; deactivatedTill?: Date; createdFrom?: Date; createdTill?: Date; powerSeller?: boolean; blocked?: boolean
}
const userSort = {
  id: users.id, email: users.email, last_name: users.lastName, created_at: users.createdAt,
  last_sign_in_at: users.lastSignInAt, deactivated_at: users.deactivatedAt,
} as const
export type UserSortKey = keyof typeof userSort

export async function listUsers(db: Executor, params: { filters: UserListFilters; sortKey?: UserSortKey; sortDir?: 'asc' | 'desc'; offset: number; limit: number }) {
  const f = params.filters
  const pattern = f.query ? containsPattern(f.query) : undefined
  const where = and(
    pattern ? or(
      ilike(users.email, pattern), ilike(users.username, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern),
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`, ilike(sellers.username, pattern),
    ) : undefined,
    f.profileType ? sql`exists (select 1 from ${profiles} where ${profiles.userId} = ${users.id} and ${profiles.type} = ${f.profileType} and ${profiles.endedAt} is null)` : undefined,
    f.accountState ? eq(users.accountState, f.accountState) : undefined,
    f.deletionState ? eq(users.dataHandling, f.deletionState) : undefined,
    f.deactivatedFrom ? gte(users.deactivatedAt, f.deactivatedFrom) : undefined,
    f.deactivatedTill ? lte(users.deactivatedAt, f.deactivatedTill) : undefined,
    f.createdFrom ? gte(users.createdAt, f.createdFrom) : undefined,
    f.createdTill ? lte(users.createdAt, f.createdTill) : undefined,
    f.powerSeller === undefined ? undefined : f.powerSeller ? eq(sellers.powerSeller, true) : or(isNull(sellers.id), eq(sellers.powerSeller, false)),
    f.blocked === undefined ? undefined : f.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt),
  )
  const key = userSort[params.sortKey ?? 'id']
  const rows = await db.select({
    user: users, sellerId: sellers.id, powerSeller: sellers.powerSeller,
    profileTypes: sql<string[]>`coalesce((select array_agg(distinct ${profiles.type}) from ${profiles} where ${profiles.userId} = ${users.id} and ${profiles.endedAt} is null), '{}')`,
  }).from(users).leftJoin(sellers, eq(sellers.userId, users.id)).where(where)
    .orderBy(params.sortDir === 'asc' ? sql`${key} asc nulls first` : sql`${key} desc nulls last`, desc(users.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(users).leftJoin(sellers, eq(sellers.userId, users.id)).where(where)
  const [all] = await db.select({ n: count() }).from(users)
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

export async function findUserWithSeller(db: Executor, userId: number) {
  const [row] = await db.select({ user: users, sellerId: sellers.id, powerSeller: sellers.powerSeller }).from(users)
    .leftJoin(sellers, eq(sellers.userId, users.id)).where(eq(users.id, userId)).limit(1)
  return row
}

export async function listSessions(db: Executor, userId: number, limit: number) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(limit)
}

export async function hasManagerProfile(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.userId, userId), eq(profiles.type, 'manager'))).limit(1)
  return rows.length > 0
}

// ---------------------------------------------------------------- admin mode

export async function insertAdminSession(db: Executor, values: typeof adminSessions.$inferInsert): Promise<AdminSessionRow> {
  const [row] = await db.insert(adminSessions).values(values).returning()
  return row!
}

export async function findAdminSessionByToken(db: Executor, tokenHash: string): Promise<AdminSessionRow | undefined> {
  const [row] = await db.select().from(adminSessions).where(eq(adminSessions.tokenHash, tokenHash)).limit(1)
  return row
}

export async function updateAdminSession(db: Executor, id: string, values: Partial<typeof adminSessions.$inferInsert>) {
  await db.update(adminSessions).set(values).where(eq(adminSessions.id, id))
}

/** Ends the open admin sessions of a manager's session (sign-out) or of a user (blocked, deactivated). */
export async function endAdminSessions(db: Executor, where: { managerSessionId?: string; userId?: number }, reason: string, now: Date) {
  await db.update(adminSessions).set({ endedAt: now, endedReason: reason }).where(and(
    isNull(adminSessions.endedAt),
    where.managerSessionId ? eq(adminSessions.managerSessionId, where.managerSessionId) : undefined,
    where.userId ? eq(adminSessions.userId, where.userId) : undefined,
  ))
}

/** The target user's profile row for admin mode (with the seller's facts resolveActor needs). */
export async function findProfileForActor(db: Executor, userId: number, profileId: number) {
  const [p] = await db.select({ profile: profiles, sellerFeatures: sellers.features, sellerBlocked: sellers.blocked })
    .from(profiles).leftJoin(sellers, eq(sellers.id, profiles.sellerId))
    .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId))).limit(1)
  return p ? { ...p.profile, sellerFeatures: p.sellerFeatures, sellerBlocked: p.sellerBlocked } : undefined
}

export async function insertAuditEntry(db: Executor, values: typeof adminAuditLog.$inferInsert): Promise<number> {
  const [row] = await db.insert(adminAuditLog).values(values).returning({ id: adminAuditLog.id })
  return row!.id
}

export async function finishAuditEntry(db: Executor, id: number, statusCode: number) {
  await db.update(adminAuditLog).set({ statusCode }).where(eq(adminAuditLog.id, id))
}

const managerUsers = alias(users, 'manager_users')

export async function listAuditEntries(db: Executor, params: { managerUserId?: number; userId?: number; createdFrom?: Date; createdTill?: Date; sortDir: 'asc' | 'desc'; offset: number; limit: number }) {
  const where = and(
    params.managerUserId ? eq(adminAuditLog.managerUserId, params.managerUserId) : undefined,
    params.userId ? eq(adminAuditLog.userId, params.userId) : undefined,
    params.createdFrom ? gte(adminAuditLog.createdAt, params.createdFrom) : undefined,
    params.createdTill ? lte(adminAuditLog.createdAt, params.createdTill) : undefined,
  )
  const rows = await db.select({ entry: adminAuditLog, managerEmail: managerUsers.email, userEmail: users.email }).from(adminAuditLog)
    .innerJoin(managerUsers, eq(managerUsers.id, adminAuditLog.managerUserId)).innerJoin(users, eq(users.id, adminAuditLog.userId))
    .where(where).orderBy(params.sortDir === 'asc' ? asc(adminAuditLog.id) : desc(adminAuditLog.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(adminAuditLog).where(where)
  const [all] = await db.select({ n: count() }).from(adminAuditLog)
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}


export async function findAdminSessionById(db: Executor, id: string): Promise<AdminSessionRow | undefined> {
  const [row] = await db.select().from(adminSessions).where(eq(adminSessions.id, id)).limit(1)
  return row
}
