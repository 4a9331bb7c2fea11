import { and, asc, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { itemShares } from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'

// The shares module's SQL (docs/decisions/0067-multi-item-shares.md): a seller's shared links.

export type ShareRow = typeof itemShares.$inferSelect

const open = (sellerId: number) => and(eq(itemShares.sellerId, sellerId), isNull(itemShares.archivedAt))

export async function insertShare(db: Executor, values: typeof itemShares.$inferInsert): Promise<ShareRow> {
  const [row] = await db.insert(itemShares).values(values).returning()
  return row!
}

export async function updateShare(db: Executor, id: number, values: Partial<typeof itemShares.$inferInsert>): Promise<ShareRow> {
  const [row] = await db.update(itemShares).set({ ...values, updatedAt: sql`now()` }).where(eq(itemShares.id, id)).returning()
  return row!
}

export async function findForSeller(db: Executor, sellerId: number, id: number, lock = false): Promise<ShareRow | undefined> {
  const query = db.select().from(itemShares).where(and(eq(itemShares.id, id), open(sellerId))).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function findBySlug(db: Executor, sellerId: number, slug: string): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(itemShares).where(and(open(sellerId), sql`lower(${itemShares.slug}) = lower(${slug})`)).limit(1)
  return row
}

/** Whether another open share of the seller has this slug (the unique index says so too, for two at once). */
export async function slugTaken(db: Executor, sellerId: number, slug: string, exceptId: number | null): Promise<boolean> {
  const row = await findBySlug(db, sellerId, slug)
  return row !== undefined && row.id !== exceptId
}

const sortColumns = { title: itemShares.title, views: itemShares.views, created_at: itemShares.createdAt } as const

export async function listForSeller(db: Executor, sellerId: number, params: { query?: string; sortKey?: string; sortDir?: 'asc' | 'desc'; offset: number; limit: number }) {
  const where: SQL | undefined = and(open(sellerId), params.query ? ilike(itemShares.title, containsPattern(params.query)) : undefined)
  const column = sortColumns[params.sortKey as keyof typeof sortColumns] ?? itemShares.createdAt
  const order = params.sortDir === 'asc' ? asc(column) : desc(column)
  const rows = await db.select().from(itemShares).where(where).orderBy(order, desc(itemShares.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(itemShares).where(where)
  const [all] = await db.select({ n: count() }).from(itemShares).where(open(sellerId))
  return { rows, total: filtered?.n ?? 0, max: all?.n ?? 0 }
}

export async function countView(db: Executor, id: number): Promise<void> {
  await db.update(itemShares).set({ views: sql`${itemShares.views} + 1` }).where(eq(itemShares.id, id))
}
