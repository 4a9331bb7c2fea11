import { and, asc, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { pages, pageVersions } from '../../db/schema'

export type PageRow = typeof pages.$inferSelect
export type PageVersionRow = typeof pageVersions.$inferSelect

export async function insertPage(db: Executor, values: typeof pages.$inferInsert): Promise<PageRow> {
  const [row] = await db.insert(pages).values(values).returning()
  return row!
}

export async function updatePage(db: Executor, id: number, values: Partial<typeof pages.$inferInsert>): Promise<PageRow> {
  const [row] = await db.update(pages).set({ ...values, updatedAt: sql`now()` }).where(eq(pages.id, id)).returning()
  return row!
}

/** One of the seller's pages that is not archived, locked for a change when asked. */
export async function findPage(db: Executor, sellerId: number, id: number, lock = false): Promise<PageRow | undefined> {
  const query = db.select().from(pages).where(and(eq(pages.id, id), eq(pages.sellerId, sellerId), isNull(pages.archivedAt))).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function listPages(db: Executor, sellerId: number, f: { pageType?: string | undefined; productId?: number | undefined; query?: string | undefined; sortKey: 'id' | 'updated_at'; sortDir: 'asc' | 'desc'; offset: number; limit: number }) {
  const where: SQL[] = [eq(pages.sellerId, sellerId), isNull(pages.archivedAt)]
  if (f.pageType) where.push(eq(pages.pageType, f.pageType))
  if (f.productId) where.push(eq(pages.productId, f.productId))
  if (f.query) where.push(ilike(pages.name, `%${f.query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`))
  const dir = f.sortDir === 'asc' ? asc : desc
  const column = f.sortKey === 'updated_at' ? pages.updatedAt : pages.id
  // The published document comes along in the same read, so each row can say whether its draft differs.
  const rows = await db.select({ page: pages, published: pageVersions.document }).from(pages)
    .leftJoin(pageVersions, and(eq(pageVersions.pageId, pages.id), eq(pageVersions.number, pages.publishedVersion)))
    .where(and(...where)).orderBy(dir(column), dir(pages.id)).offset(f.offset).limit(f.limit)
  const [total] = await db.select({ n: count() }).from(pages).where(and(...where))
  const [max] = await db.select({ n: count() }).from(pages).where(and(eq(pages.sellerId, sellerId), isNull(pages.archivedAt)))
  return { rows, total: total?.n ?? 0, totalMax: max?.n ?? 0 }
}

export async function versionsOf(db: Executor, pageId: number): Promise<PageVersionRow[]> {
  return db.select().from(pageVersions).where(eq(pageVersions.pageId, pageId)).orderBy(desc(pageVersions.number))
}

export async function findVersion(db: Executor, pageId: number, number: number): Promise<PageVersionRow | undefined> {
  const [row] = await db.select().from(pageVersions).where(and(eq(pageVersions.pageId, pageId), eq(pageVersions.number, number))).limit(1)
  return row
}

export async function insertVersion(db: Executor, values: typeof pageVersions.$inferInsert): Promise<PageVersionRow> {
  const [row] = await db.insert(pageVersions).values(values).returning()
  return row!
}

/** Ends the active flag of the seller's other page of this type (and product), so the index's one-active rule holds. */
export async function deactivateOthers(db: Executor, page: PageRow): Promise<void> {
  await db.update(pages).set({ active: false, updatedAt: sql`now()` }).where(and(
    eq(pages.sellerId, page.sellerId), eq(pages.pageType, page.pageType), eq(pages.active, true),
    sql`coalesce(${pages.productId}, 0) = ${page.productId ?? 0}`, sql`${pages.id} <> ${page.id}`,
  ))
}

/** The published document of the seller's active page of a type (and product), for the storefront. */
export async function activePublished(db: Executor, sellerId: number, pageType: string, productId: number | null) {
  const [row] = await db.select({ page: pages, document: pageVersions.document }).from(pages)
    .innerJoin(pageVersions, and(eq(pageVersions.pageId, pages.id), eq(pageVersions.number, pages.publishedVersion)))
    .where(and(eq(pages.sellerId, sellerId), eq(pages.pageType, pageType), eq(pages.active, true), isNull(pages.archivedAt),
      sql`coalesce(${pages.productId}, 0) = ${productId ?? 0}`))
    .limit(1)
  return row
}

/** The published document of one of the seller's pages (not archived) of a type, by id. */
export async function publishedById(db: Executor, sellerId: number, id: number, pageType: string) {
  const [row] = await db.select({ page: pages, document: pageVersions.document }).from(pages)
    .innerJoin(pageVersions, and(eq(pageVersions.pageId, pages.id), eq(pageVersions.number, pages.publishedVersion)))
    .where(and(eq(pages.id, id), eq(pages.sellerId, sellerId), eq(pages.pageType, pageType), isNull(pages.archivedAt)))
    .limit(1)
  return row
}

/** Which of `ids` are the seller's pages of a type (not archived). */
export async function ownedPageIds(db: Executor, sellerId: number, ids: readonly number[], pageType: string): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await db.select({ id: pages.id }).from(pages)
    .where(and(eq(pages.sellerId, sellerId), eq(pages.pageType, pageType), isNull(pages.archivedAt), sql`${pages.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`))
  return rows.map((r) => r.id)
}
