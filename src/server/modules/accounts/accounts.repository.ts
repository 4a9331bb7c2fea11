import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { sellerDisplayName } from '../../../shared/accounts'
import type { Executor } from '../../db/client'
import { legalReviews, profiles, refreshTokens, sellerEffectiveFeatures, sellers, sessions, users, userTokens } from '../../db/schema'
import { param, reusableQuery, reusableSql } from '../../db/fast-path'

// SQL of the accounts module. Every function takes the executor (database or transaction) it runs in.

export type UserRow = typeof users.$inferSelect
export type ProfileRow = typeof profiles.$inferSelect
export type SellerRow = typeof sellers.$inferSelect
export type SessionRow = typeof sessions.$inferSelect

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1)
  return row
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

export async function lockUser(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1)
  return row
}

export async function emailInUse(db: Executor, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users)
    .where(sql`lower(${users.email}) = lower(${email}) or lower(${users.unconfirmedEmail}) = lower(${email})`).limit(1)
  return rows.length > 0
}

export async function usernameInUse(db: Executor, username: string, exceptUserId?: number): Promise<boolean> {
  const userRows = await db.select({ id: users.id }).from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined)).limit(1)
  if (userRows.length > 0) return true
  const sellerRows = await db.select({ id: sellers.id }).from(sellers)
    .where(and(sql`lower(${sellers.username}) = lower(${username})`, exceptUserId ? sql`${sellers.userId} <> ${exceptUserId}` : undefined)).limit(1)
  return sellerRows.length > 0
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning()
  return row!
}

export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning()
  return row!
}

export async function insertSeller(db: Executor, values: typeof sellers.$inferInsert): Promise<SellerRow> {
  const [row] = await db.insert(sellers).values(values).returning()
  return row!
}

export async function findSellerByUser(db: Executor, userId: number): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(eq(sellers.userId, userId)).limit(1)
  return row
}

/** When the seller confirmed the legal texts (written by checkout-settings; read here for the signed-in user's state). */
export async function legalTextsReviewedAt(db: Executor, sellerId: number): Promise<Date | null> {
  const [row] = await db.select({ at: legalReviews.reviewedAt }).from(legalReviews).where(eq(legalReviews.sellerId, sellerId)).limit(1)
  return row?.at ?? null
}

/** The seller's flags with the plan's under them (src/server/db/schema/platform-plans.ts `sellerEffectiveFeatures`). */
export async function effectiveFeaturesOf(db: Executor, sellerId: number): Promise<Record<string, boolean>> {
  const [row] = await db.select({ features: sellerEffectiveFeatures }).from(sellers).where(eq(sellers.id, sellerId))
  return row?.features ?? {}
}

const sellerByIdQuery = reusableQuery((db) => db.select().from(sellers).where(eq(sellers.id, param('id'))).limit(1))

export async function findSellerById(db: Executor, id: number): Promise<SellerRow | undefined> {
  const [row] = await sellerByIdQuery(db, { id })
  return row
}

/** The seller row, locked until the transaction ends (a write that reads what it replaces). */
export async function lockSellerById(db: Executor, id: number): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(eq(sellers.id, id)).for('update').limit(1)
  return row
}

export async function updateSeller(db: Executor, id: number, values: Partial<typeof sellers.$inferInsert>): Promise<SellerRow> {
  const [row] = await db.update(sellers).set({ ...values, updatedAt: new Date() }).where(eq(sellers.id, id)).returning()
  return row!
}

export async function insertProfile(db: Executor, values: typeof profiles.$inferInsert): Promise<ProfileRow> {
  const [row] = await db.insert(profiles).values(values).returning()
  return row!
}

export type ProfileWithSeller = ProfileRow & { sellerUsername: string | null; sellerName: string | null; sellerFeatures: Record<string, boolean> | null }

/** The seller's own account (a team member's profile belongs to another user than the seller). */
const sellerUsers = alias(users, 'seller_users')

export async function listProfiles(db: Executor, userId: number): Promise<ProfileWithSeller[]> {
  const rows = await db.select({
    profile: profiles, sellerUsername: sellers.username, sellerCompany: sellers.company, sellerFeatures: sellerEffectiveFeatures,
    sellerFirstName: sellerUsers.firstName, sellerLastName: sellerUsers.lastName,
  })
    .from(profiles).leftJoin(sellers, eq(sellers.id, profiles.sellerId)).leftJoin(sellerUsers, eq(sellerUsers.id, sellers.userId))
    // An ended team member profile is no profile of the user any more (docs/decisions/0053-team-members.md).
    .where(and(eq(profiles.userId, userId), isNull(profiles.endedAt))).orderBy(asc(profiles.id))
  return rows.map((r) => ({
    ...r.profile, sellerUsername: r.sellerUsername, sellerFeatures: r.sellerFeatures,
    sellerName: r.sellerUsername === null ? null : sellerDisplayName({ username: r.sellerUsername, company: r.sellerCompany, firstName: r.sellerFirstName, lastName: r.sellerLastName }),
  }))
}

export async function countProfilesOfType(db: Executor, type: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.type, type), eq(users.accountState, 'active')))
  return row?.n ?? 0
}

// Mail tokens

export async function insertUserToken(db: Executor, values: typeof userTokens.$inferInsert) {
  await db.insert(userTokens).values(values)
}

/** Marks a mail token used exactly once; answers the row, or nothing when unknown, used or of another kind. */
export async function consumeUserToken(db: Executor, kind: string, tokenHash: string, now: Date) {
  const [row] = await db.update(userTokens).set({ usedAt: now })
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.kind, kind), isNull(userTokens.usedAt)))
    .returning()
  return row
}

export async function expireUserTokens(db: Executor, userId: number, kind: string, now: Date) {
  await db.update(userTokens).set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)))
}

// Sessions and refresh tokens

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning()
  return row!
}

export async function findSession(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1)
  return row
}

export async function updateSession(db: Executor, id: string, values: Partial<typeof sessions.$inferInsert>) {
  await db.update(sessions).set(values).where(eq(sessions.id, id))
}

export async function revokeSession(db: Executor, id: string, reason: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now, revokedReason: reason }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
}

export async function revokeUserSessions(db: Executor, userId: number, reason: string, now: Date, exceptSessionId?: string) {
  await db.update(sessions).set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined))
}

export async function insertRefreshToken(db: Executor, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values)
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db.select({ token: refreshTokens, session: sessions }).from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash)).limit(1)
  return row
}

/** Rotates a refresh token once: a second caller with the same token gets nothing (that is reuse). */
export async function markRefreshTokenRotated(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db.update(refreshTokens).set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt))).returning({ id: refreshTokens.id })
  return rows.length === 1
}

/** The session, its user, and the session's current profile, for one request. */
export async function loadActorRows(db: Executor, sessionId: string) {
  const [row] = await db.select({ session: sessions, user: users }).from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, sessionId)).limit(1)
  if (!row) return undefined
  let profile: (ProfileRow & { sellerFeatures: Record<string, boolean> | null; sellerBlocked: boolean | null }) | undefined
  const profileId = row.session.profileId
  if (profileId != null) {
    const [p] = await db.select({ profile: profiles, sellerFeatures: sellerEffectiveFeatures, sellerBlocked: sellers.blocked })
      .from(profiles).leftJoin(sellers, eq(sellers.id, profiles.sellerId))
      .where(and(eq(profiles.id, profileId), eq(profiles.userId, row.user.id))).limit(1)
    if (p) profile = { ...p.profile, sellerFeatures: p.sellerFeatures, sellerBlocked: p.sellerBlocked }
  }
  return { ...row, profile }
}

/**
 * The profile a user works for this seller in (the seller's own, or a team member profile that has not ended),
 * for a request that names the seller (X-Seller-Id, docs/decisions/0053-team-members.md).
 */
export async function findWorkProfile(db: Executor, userId: number, sellerId: number) {
  const [p] = await db.select({ profile: profiles, sellerFeatures: sellerEffectiveFeatures, sellerBlocked: sellers.blocked })
    .from(profiles).innerJoin(sellers, eq(sellers.id, profiles.sellerId))
    .where(and(eq(profiles.userId, userId), eq(profiles.sellerId, sellerId), sql`${profiles.type} in ('seller', 'team_member', 'sales_team_member')`, isNull(profiles.endedAt)))
    .orderBy(asc(profiles.id)).limit(1)
  return p ? { ...p.profile, sellerFeatures: p.sellerFeatures, sellerBlocked: p.sellerBlocked } : undefined
}

/** A team member profile for the seller: made, or the ended one opened again with these permissions. */
export async function upsertTeamMemberProfile(
  db: Executor, values: { userId: number; sellerId: number; permissions: string[] }, type: 'team_member' | 'sales_team_member' = 'team_member',
): Promise<ProfileRow> {
  const [updated] = await db.update(profiles).set({ permissions: values.permissions, endedAt: null })
    .where(and(eq(profiles.userId, values.userId), eq(profiles.type, type), eq(profiles.sellerId, values.sellerId))).returning()
  if (updated) return updated
  const [row] = await db.insert(profiles).values({ ...values, type }).returning()
  return row!
}

export async function updateTeamMemberProfile(db: Executor, profileId: number, values: { permissions: string[]; endedAt?: Date }) {
  await db.update(profiles).set(values).where(and(eq(profiles.id, profileId), sql`${profiles.type} in ('team_member', 'sales_team_member')`))
}

/** Inserts a user unless one with the email exists (any case); concurrent inserts leave one row. */
export async function insertUserIfAbsent(db: Executor, values: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(values).onConflictDoNothing()
}

/**
 * The payer's user id by email, made with its payer profile when new, in one statement (every checkout runs
 * it). Undefined only when a concurrent checkout inserted the same new email at this moment: ask again.
 */
export async function upsertPayer(db: Executor, values: { email: string; passwordHash: string; firstName: string; lastName: string; locale: string }): Promise<number | undefined> {
  const rows = await upsertPayerSql(db, values)
  return rows[0]?.id
}

const upsertPayerSql = reusableSql<{ id: number }>(() => sql`
    with found as (select ${users.id} as id from ${users} where lower(${users.email}) = lower(${param('email')})),
    made as (
      insert into ${users} (email, password_hash, first_name, last_name, locale)
      select ${param('email')}, ${param('passwordHash')}, ${param('firstName')}, ${param('lastName')}, ${param('locale')} where not exists (select 1 from found)
      on conflict do nothing returning id
    ),
    payer as (select id from found union all select id from made),
    profile as (insert into ${profiles} (user_id, type) select id, 'payer' from payer on conflict do nothing)
    select id from payer`)

export async function insertProfileIfAbsent(db: Executor, values: typeof profiles.$inferInsert): Promise<void> {
  await db.insert(profiles).values(values).onConflictDoNothing()
}

/** A shop's stored languages and its seller's own language, by the shop path (username in any case, or id). */
export async function shopLanguageSource(db: Executor, path: string) {
  const where = /^[0-9]{1,9}$/.test(path)
    ? or(eq(sellers.id, Number(path)), sql`lower(${sellers.username}) = lower(${path})`)!
    : sql`lower(${sellers.username}) = lower(${path})`
  const [row] = await db.select({ shopLanguages: sellers.shopLanguages, locale: users.locale })
    .from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(where).limit(1)
  return row
}
