import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client'
import { profiles, sellers, teamAuditLog, teamMemberNotificationSettings, teamMembers, users } from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'

// The teams module's SQL: team members from invitation on, and the audit log.

export type TeamMemberRow = typeof teamMembers.$inferSelect
/** team: acts in the cabinet with levels; sales: a sales team member (docs/decisions/0054-sales-team-and-deals.md). */
export type MemberKind = 'team' | 'sales'

const members = alias(users, 'member_users')
const sellerUsers = alias(users, 'seller_users')

/** A team member with the accepted user's name (null while invited). */
export type TeamMemberWithName = TeamMemberRow & { firstName: string | null; lastName: string | null }

export async function insertTeamMember(db: Executor, values: typeof teamMembers.$inferInsert): Promise<TeamMemberRow | undefined> {
  const [row] = await db.insert(teamMembers).values(values).onConflictDoNothing().returning()
  return row
}

export async function findForSeller(db: Executor, sellerId: number, id: number, lock = false, kind: MemberKind = 'team'): Promise<TeamMemberRow | undefined> {
  const query = db.select().from(teamMembers).where(and(eq(teamMembers.id, id), eq(teamMembers.sellerId, sellerId), eq(teamMembers.kind, kind))).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function findById(db: Executor, id: number, lock = false): Promise<TeamMemberRow | undefined> {
  const query = db.select().from(teamMembers).where(eq(teamMembers.id, id)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function withName(db: Executor, row: TeamMemberRow): Promise<TeamMemberWithName> {
  if (row.userId === null) return { ...row, firstName: null, lastName: null }
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.userId)).limit(1)
  return { ...row, firstName: user?.firstName ?? null, lastName: user?.lastName ?? null }
}

export async function listForSeller(db: Executor, sellerId: number, filter: { state?: string; query?: string; offset: number; limit: number; kind?: MemberKind }) {
  const conditions: SQL[] = [eq(teamMembers.sellerId, sellerId), eq(teamMembers.kind, filter.kind ?? 'team')]
  if (filter.state) conditions.push(eq(teamMembers.state, filter.state))
  if (filter.query) {
    const like = containsPattern(filter.query)
    conditions.push(or(ilike(teamMembers.email, like), ilike(members.firstName, like), ilike(members.lastName, like))!)
  }
  const where = and(...conditions)
  const rows = await db.select({ member: teamMembers, firstName: members.firstName, lastName: members.lastName })
    .from(teamMembers).leftJoin(members, eq(members.id, teamMembers.userId))
    .where(where).orderBy(desc(teamMembers.id)).offset(filter.offset).limit(filter.limit)
  const [total] = await db.select({ n: count() }).from(teamMembers).leftJoin(members, eq(members.id, teamMembers.userId)).where(where)
  const [max] = await db.select({ n: count() }).from(teamMembers).where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.kind, filter.kind ?? 'team')))
  return {
    rows: rows.map((r) => ({ ...r.member, firstName: r.firstName, lastName: r.lastName })),
    total: total?.n ?? 0, max: max?.n ?? 0,
  }
}

export async function updateTeamMember(db: Executor, id: number, values: Partial<typeof teamMembers.$inferInsert>): Promise<TeamMemberRow> {
  const [row] = await db.update(teamMembers).set({ ...values, updatedAt: sql`now()` }).where(eq(teamMembers.id, id)).returning()
  return row!
}

/** What the invitee sees: invitations to their address and the teams they work in, with the sellers' names. */
export async function listForInvitee(db: Executor, userId: number, email: string) {
  return db.select({
    member: teamMembers, sellerUsername: sellers.username, sellerCompany: sellers.company,
    sellerFirstName: sellerUsers.firstName, sellerLastName: sellerUsers.lastName,
  }).from(teamMembers)
    .innerJoin(sellers, eq(sellers.id, teamMembers.sellerId)).innerJoin(sellerUsers, eq(sellerUsers.id, sellers.userId))
    .where(or(
      and(eq(teamMembers.state, 'invited'), sql`lower(${teamMembers.email}) = lower(${email})`),
      and(eq(teamMembers.state, 'active'), eq(teamMembers.userId, userId)),
    ))
    .orderBy(desc(teamMembers.id))
}

/** The seller's name as payers see it and the address invitations mail from. */
export async function sellerNaming(db: Executor, sellerId: number) {
  const [row] = await db.select({ username: sellers.username, company: sellers.company, firstName: users.firstName, lastName: users.lastName })
    .from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(eq(sellers.id, sellerId)).limit(1)
  return row
}

/** The active team member behind a team member profile (the one a request acts through). */
export async function findActiveByProfile(db: Executor, profileId: number): Promise<TeamMemberRow | undefined> {
  const [row] = await db.select().from(teamMembers)
    .innerJoin(profiles, eq(profiles.id, teamMembers.profileId))
    .where(and(eq(teamMembers.profileId, profileId), eq(teamMembers.state, 'active'), isNull(profiles.endedAt))).limit(1)
  return row?.team_members
}

export async function insertAuditEntry(db: Executor, values: typeof teamAuditLog.$inferInsert): Promise<void> {
  await db.insert(teamAuditLog).values(values)
}

export async function listAudit(db: Executor, sellerId: number, filter: { teamMemberId?: number; offset: number; limit: number }) {
  const conditions: SQL[] = [eq(teamAuditLog.sellerId, sellerId)]
  if (filter.teamMemberId) conditions.push(eq(teamAuditLog.teamMemberId, filter.teamMemberId))
  const where = and(...conditions)
  const rows = await db.select({ entry: teamAuditLog, email: teamMembers.email }).from(teamAuditLog)
    .innerJoin(teamMembers, eq(teamMembers.id, teamAuditLog.teamMemberId))
    .where(where).orderBy(desc(teamAuditLog.id)).offset(filter.offset).limit(filter.limit)
  const [total] = await db.select({ n: count() }).from(teamAuditLog).where(where)
  const [max] = await db.select({ n: count() }).from(teamAuditLog).where(eq(teamAuditLog.sellerId, sellerId))
  return { rows: rows.map((r) => ({ ...r.entry, email: r.email })), total: total?.n ?? 0, max: max?.n ?? 0 }
}

/** Sales team members by id with their names (the order CSV, deals). */
export async function salesTeamMembersByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return []
  return db.select({ id: teamMembers.id, email: teamMembers.email, sellerId: teamMembers.sellerId, state: teamMembers.state, feeBps: teamMembers.feeBps, firstName: members.firstName, lastName: members.lastName })
    .from(teamMembers).leftJoin(members, eq(members.id, teamMembers.userId))
    .where(and(inArray(teamMembers.id, ids), eq(teamMembers.kind, 'sales')))
}

// ---------------------------------------------------------------- notification settings

export async function notificationSettingsOf(db: Executor, teamMemberId: number) {
  return db.select({ type: teamMemberNotificationSettings.type, email: teamMemberNotificationSettings.email })
    .from(teamMemberNotificationSettings).where(eq(teamMemberNotificationSettings.teamMemberId, teamMemberId))
}

export async function upsertNotificationSettings(db: Executor, teamMemberId: number, list: { type: string; email: boolean }[], now: Date) {
  if (list.length === 0) return
  await db.insert(teamMemberNotificationSettings).values(list.map((s) => ({ teamMemberId, type: s.type, email: s.email, updatedAt: now })))
    .onConflictDoUpdate({
      target: [teamMemberNotificationSettings.teamMemberId, teamMemberNotificationSettings.type],
      set: { email: sql`excluded.email`, updatedAt: sql`excluded.updated_at` },
    })
}

/** The seller's active team members (profile not ended) with their user's contact and their saved mail setting of one type. */
export async function activeMembersForMail(db: Executor, sellerId: number, type: string) {
  return db.select({
    id: teamMembers.id, permissions: teamMembers.permissions, userId: users.id, email: users.email, firstName: users.firstName, locale: users.locale,
    accountState: users.accountState, saved: teamMemberNotificationSettings.email,
  }).from(teamMembers)
    .innerJoin(profiles, eq(profiles.id, teamMembers.profileId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(teamMemberNotificationSettings, and(eq(teamMemberNotificationSettings.teamMemberId, teamMembers.id), eq(teamMemberNotificationSettings.type, type)))
    .where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.state, 'active'), isNull(profiles.endedAt)))
}

export async function memberById(db: Executor, id: number): Promise<TeamMemberRow | undefined> {
  const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, id)).limit(1)
  return row
}
