import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { affiliateAttributions, affiliateCommissions, affiliateNodes, affiliateProgramProducts, affiliatePrograms, publishers, sellers, users } from '../../db/schema'
import { param, reusableQuery } from '../../db/fast-path'

// The money side of the affiliates module (docs/decisions/0048-affiliates.md): attributions by payer email
// and the commissions booked per charge, level and kind. Programs, nodes and publishers are read here (their
// writer is affiliates.repository.ts); the one write to a node is the bonus's once-mark (bonus_paid_at).

export type ProgramRow = typeof affiliatePrograms.$inferSelect
export type NodeRow = typeof affiliateNodes.$inferSelect
export type CommissionRow = typeof affiliateCommissions.$inferSelect

export async function nodeByToken(db: Executor, token: string): Promise<NodeRow | undefined> {
  const [row] = await db.select().from(affiliateNodes).where(eq(affiliateNodes.token, token)).limit(1)
  return row
}

export async function nodeById(db: Executor, id: number): Promise<NodeRow | undefined> {
  const [row] = await db.select().from(affiliateNodes).where(eq(affiliateNodes.id, id)).limit(1)
  return row
}

export async function programById(db: Executor, id: number): Promise<ProgramRow | undefined> {
  const [row] = await db.select().from(affiliatePrograms).where(eq(affiliatePrograms.id, id)).limit(1)
  return row
}

/** The program a product is in (at most one), archived or not. */
// Every checkout and payment asks it: built once.
const programOfProductQuery = reusableQuery((db) => db.select({ program: affiliatePrograms }).from(affiliateProgramProducts)
  .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, affiliateProgramProducts.programId))
  .where(eq(affiliateProgramProducts.productId, param('productId'))).limit(1))

export async function programOfProduct(db: Executor, productId: number): Promise<ProgramRow | undefined> {
  const [row] = await programOfProductQuery(db, { productId })
  return row?.program
}

export async function productIdsOfProgram(db: Executor, programId: number): Promise<number[]> {
  const rows = await db.select({ productId: affiliateProgramProducts.productId }).from(affiliateProgramProducts).where(eq(affiliateProgramProducts.programId, programId))
  return rows.map((r) => r.productId)
}

/** The publisher's user (id and email): self-referral is refused by both. */
export async function publisherUser(db: Executor, publisherId: number): Promise<{ userId: number; email: string } | undefined> {
  const [row] = await db.select({ userId: users.id, email: users.email }).from(publishers).innerJoin(users, eq(users.id, publishers.userId)).where(eq(publishers.id, publisherId)).limit(1)
  return row
}

/** Who a sale's or memo's mail goes to: the publishers' users, their language and mail switches (never the payer). */
export async function publisherMailees(db: Executor, publisherIds: readonly number[]) {
  if (publisherIds.length === 0) return []
  return db.select({ publisherId: publishers.id, userId: users.id, email: users.email, firstName: users.firstName, locale: users.locale, emailNotifications: publishers.emailNotifications })
    .from(publishers).innerJoin(users, eq(users.id, publishers.userId)).where(inArray(publishers.id, [...publisherIds]))
}

export async function sellerUserId(db: Executor, sellerId: number): Promise<number | undefined> {
  const [row] = await db.select({ userId: sellers.userId }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  return row?.userId
}

/** A payer's remembered attribution in a program (any expiry: the caller checks it). */
export async function attributionOf(db: Executor, programId: number, payerEmail: string): Promise<typeof affiliateAttributions.$inferSelect | undefined> {
  const [row] = await db.select().from(affiliateAttributions)
    .where(and(eq(affiliateAttributions.programId, programId), sql`lower(${affiliateAttributions.payerEmail}) = lower(${payerEmail})`)).limit(1)
  return row
}

/**
 * Remembers the payer for the program: a new row, or an existing one moved to this node (another
 * publisher's sale) or renewed when it had run out. A payer attributed to the same node keeps their row.
 */
export async function rememberAttribution(db: Executor, values: { programId: number; nodeId: number; payerEmail: string; firstOrderId: number; expiresAt: Date | null; now: Date }): Promise<void> {
  const inserted = await db.insert(affiliateAttributions).values({
    programId: values.programId, nodeId: values.nodeId, payerEmail: values.payerEmail, firstOrderId: values.firstOrderId, expiresAt: values.expiresAt, createdAt: values.now,
  }).onConflictDoNothing().returning({ id: affiliateAttributions.id })
  if (inserted.length > 0) return
  await db.update(affiliateAttributions).set({ nodeId: values.nodeId, firstOrderId: values.firstOrderId, expiresAt: values.expiresAt, createdAt: values.now })
    .where(and(
      eq(affiliateAttributions.programId, values.programId), sql`lower(${affiliateAttributions.payerEmail}) = lower(${values.payerEmail})`,
      sql`(${affiliateAttributions.nodeId} <> ${values.nodeId} or (${affiliateAttributions.expiresAt} is not null and ${affiliateAttributions.expiresAt} <= ${values.now}))`,
    ))
}

/** Inserts the rows that do not exist yet (one per payment, level and kind); answers those inserted. */
export async function insertCommissions(db: Executor, rows: (typeof affiliateCommissions.$inferInsert)[]): Promise<CommissionRow[]> {
  if (rows.length === 0) return []
  return db.insert(affiliateCommissions).values(rows).onConflictDoNothing().returning()
}

export async function commissionsOfPayment(db: Executor, paymentId: number): Promise<CommissionRow[]> {
  return db.select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, paymentId))
}

/** Marks the node's bonus paid; false when it already was (the bonus is booked once). */
export async function markBonusPaid(db: Executor, nodeId: number, now: Date): Promise<boolean> {
  const rows = await db.update(affiliateNodes).set({ bonusPaidAt: now, updatedAt: now })
    .where(and(eq(affiliateNodes.id, nodeId), isNull(affiliateNodes.bonusPaidAt))).returning({ id: affiliateNodes.id })
  return rows.length > 0
}

/** The order's commission rows (kind commission) of one publisher, newest first. */
export async function commissionRowsOf(db: Executor, orderId: number, publisherId: number): Promise<CommissionRow[]> {
  return db.select().from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.orderId, orderId), eq(affiliateCommissions.publisherId, publisherId), eq(affiliateCommissions.kind, 'commission')))
    .orderBy(desc(affiliateCommissions.id))
}

export async function setReversed(db: Executor, id: number, reversedAmount: number): Promise<void> {
  await db.update(affiliateCommissions).set({ reversedAmount }).where(eq(affiliateCommissions.id, id))
}

export async function commissionsOfOrder(db: Executor, orderId: number): Promise<CommissionRow[]> {
  return db.select().from(affiliateCommissions).where(eq(affiliateCommissions.orderId, orderId))
    .orderBy(asc(affiliateCommissions.paymentId), asc(affiliateCommissions.kind), asc(affiliateCommissions.level))
}

/** A publisher's name and email (the seller's order detail). */
export async function publisherBrief(db: Executor, publisherId: number): Promise<{ id: number; name: string; email: string | null } | null> {
  const [row] = await db.select({ id: publishers.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(publishers).innerJoin(users, eq(users.id, publishers.userId)).where(eq(publishers.id, publisherId)).limit(1)
  return row ? { id: row.id, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email } : null
}

export async function programBrief(db: Executor, programId: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db.select({ id: affiliatePrograms.id, name: affiliatePrograms.name }).from(affiliatePrograms).where(eq(affiliatePrograms.id, programId)).limit(1)
  return row ?? null
}
