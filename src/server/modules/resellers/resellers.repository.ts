import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { resellerApprovals, resellers, sellers, users } from '../../db/schema'

// The resellers module's SQL (docs/decisions/0051-resellers.md): it is the only writer of `resellers` and
// `reseller_approvals`; the sellers' names are read beside them for the lists.

export type ResellerRow = typeof resellers.$inferSelect
export type ApprovalRow = typeof resellerApprovals.$inferSelect
export type ApprovalView = ApprovalRow & { sellerUsername: string; sellerCompany: string | null; resellerName: string }


export async function insertReseller(db: Executor, values: typeof resellers.$inferInsert): Promise<ResellerRow> {
  const [row] = await db.insert(resellers).values(values).returning()
  return row!
}

export async function updateReseller(db: Executor, id: number, values: Partial<typeof resellers.$inferInsert>): Promise<ResellerRow | undefined> {
  const [row] = await db.update(resellers).set(values).where(eq(resellers.id, id)).returning()
  return row
}

export async function findReseller(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<ResellerRow | undefined> {
  const query = db.select().from(resellers).where(eq(resellers.id, id)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function findResellerByUser(db: Executor, userId: number): Promise<ResellerRow | undefined> {
  const [row] = await db.select().from(resellers).where(eq(resellers.userId, userId)).limit(1)
  return row
}

export async function resellerWithEmail(db: Executor, id: number): Promise<(ResellerRow & { email: string; firstName: string; locale: string }) | undefined> {
  const [row] = await db.select({ reseller: resellers, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(resellers).innerJoin(users, eq(users.id, resellers.userId)).where(eq(resellers.id, id)).limit(1)
  return row ? { ...row.reseller, email: row.email, firstName: row.firstName, locale: row.locale } : undefined
}

export async function listResellers(db: Executor, page: { offset: number; limit: number }) {
  const [rows, [counted]] = await Promise.all([
    db.select({ reseller: resellers, email: users.email }).from(resellers).innerJoin(users, eq(users.id, resellers.userId))
      .orderBy(desc(resellers.id)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(resellers),
  ])
  return { rows: rows.map((r) => ({ ...r.reseller, email: r.email })), total: counted?.total ?? 0 }
}

export async function activeResellers(db: Executor): Promise<ResellerRow[]> {
  return db.select().from(resellers).where(eq(resellers.active, true)).orderBy(resellers.legalName, resellers.id)
}

export async function insertApproval(db: Executor, values: typeof resellerApprovals.$inferInsert): Promise<ApprovalRow> {
  const [row] = await db.insert(resellerApprovals).values(values).returning()
  return row!
}

export async function updateApproval(db: Executor, id: number, values: Partial<typeof resellerApprovals.$inferInsert>): Promise<ApprovalRow> {
  const [row] = await db.update(resellerApprovals).set(values).where(eq(resellerApprovals.id, id)).returning()
  return row!
}

export async function lockApproval(db: Executor, id: number): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(resellerApprovals).where(eq(resellerApprovals.id, id)).for('update').limit(1)
  return row
}

/** The seller's waiting or approved approval (at most one: a partial unique index). */
export async function openApprovalOf(db: Executor, sellerId: number, states: readonly string[] = ['waiting', 'approved']): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(resellerApprovals)
    .where(and(eq(resellerApprovals.sellerId, sellerId), inArray(resellerApprovals.state, [...states]))).limit(1)
  return row
}

export async function openApprovalsOfReseller(db: Executor, resellerId: number): Promise<ApprovalRow[]> {
  return db.select().from(resellerApprovals)
    .where(and(eq(resellerApprovals.resellerId, resellerId), inArray(resellerApprovals.state, ['waiting', 'approved'])))
}

const approvalView = { approval: resellerApprovals, sellerUsername: sellers.username, sellerCompany: sellers.company, resellerName: resellers.legalName }

export async function approvalsOf(db: Executor, where: { sellerId?: number; resellerId?: number }, limit = 200): Promise<ApprovalView[]> {
  const rows = await db.select(approvalView).from(resellerApprovals)
    .innerJoin(sellers, eq(sellers.id, resellerApprovals.sellerId)).innerJoin(resellers, eq(resellers.id, resellerApprovals.resellerId))
    .where(and(
      where.sellerId === undefined ? undefined : eq(resellerApprovals.sellerId, where.sellerId),
      where.resellerId === undefined ? undefined : eq(resellerApprovals.resellerId, where.resellerId),
    ))
    .orderBy(sql`case ${resellerApprovals.state} when 'waiting' then 0 when 'approved' then 1 else 2 end`, desc(resellerApprovals.id)).limit(limit)
  return rows.map((r) => ({ ...r.approval, sellerUsername: r.sellerUsername, sellerCompany: r.sellerCompany, resellerName: r.resellerName }))
}

/** The seller of an approval (read before the locks, which take the seller row first). */
export async function findApprovalSeller(db: Executor, id: number): Promise<number | null> {
  const [row] = await db.select({ sellerId: resellerApprovals.sellerId }).from(resellerApprovals).where(eq(resellerApprovals.id, id)).limit(1)
  return row?.sellerId ?? null
}
