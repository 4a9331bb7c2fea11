import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { appliedThemes, sellers, themes } from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'

// The themes module's SQL: themes and the applied theme per seller and kind (docs/decisions/0061-fonts-and-themes.md).
// Reads the sellers table for the name the template hub shows.

export type ThemeRow = typeof themes.$inferSelect
export type ThemeWithSeller = ThemeRow & { sellerName: string }


export async function insertTheme(db: Executor, values: typeof themes.$inferInsert): Promise<ThemeRow> {
  const [row] = await db.insert(themes).values(values).returning()
  return row!
}

export async function updateTheme(db: Executor, id: number, values: Partial<typeof themes.$inferInsert>): Promise<ThemeRow> {
  const [row] = await db.update(themes).set({ ...values, updatedAt: sql`now()` }).where(eq(themes.id, id)).returning()
  return row!
}

export async function deleteTheme(db: Executor, id: number): Promise<void> {
  await db.delete(themes).where(eq(themes.id, id))
}

export async function findForSeller(db: Executor, sellerId: number, id: number, lock = false): Promise<ThemeRow | undefined> {
  const query = db.select().from(themes).where(and(eq(themes.id, id), eq(themes.sellerId, sellerId))).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** A theme the seller may copy: their own, or a public one of any seller. */
export async function findCopyable(db: Executor, sellerId: number, id: number): Promise<ThemeRow | undefined> {
  const [row] = await db.select().from(themes)
    .where(and(eq(themes.id, id), sql`(${themes.sellerId} = ${sellerId} or ${themes.visibility} = 'public')`)).limit(1)
  return row
}

export async function findByToken(db: Executor, token: string): Promise<ThemeWithSeller | undefined> {
  const [row] = await db.select({ theme: themes, sellerName: sellers.username }).from(themes)
    .innerJoin(sellers, eq(sellers.id, themes.sellerId)).where(eq(themes.shareToken, token)).limit(1)
  return row ? { ...row.theme, sellerName: row.sellerName } : undefined
}

export async function listForSeller(db: Executor, sellerId: number, filter: { kind?: string | undefined; query?: string | undefined; offset: number; limit: number }) {
  const scope: SQL[] = [eq(themes.sellerId, sellerId)]
  const conditions = [...scope]
  if (filter.kind) conditions.push(eq(themes.kind, filter.kind))
  if (filter.query) conditions.push(ilike(themes.name, containsPattern(filter.query)))
  const rows = await db.select().from(themes).where(and(...conditions)).orderBy(desc(themes.id)).offset(filter.offset).limit(filter.limit)
  const [total] = await db.select({ n: count() }).from(themes).where(and(...conditions))
  const [max] = await db.select({ n: count() }).from(themes).where(and(...scope))
  return { rows, total: total?.n ?? 0, max: max?.n ?? 0 }
}

/** The template hub: every seller's public themes (of active sellers), newest first. */
export async function listPublic(db: Executor, filter: { kind?: string | undefined; query?: string | undefined; offset: number; limit: number }) {
  const scope: SQL[] = [eq(themes.visibility, 'public'), eq(sellers.blocked, false)]
  const conditions = [...scope]
  if (filter.kind) conditions.push(eq(themes.kind, filter.kind))
  if (filter.query) conditions.push(ilike(themes.name, containsPattern(filter.query)))
  const rows = await db.select({ theme: themes, sellerName: sellers.username }).from(themes)
    .innerJoin(sellers, eq(sellers.id, themes.sellerId)).where(and(...conditions)).orderBy(desc(themes.id)).offset(filter.offset).limit(filter.limit)
  const [total] = await db.select({ n: count() }).from(themes).innerJoin(sellers, eq(sellers.id, themes.sellerId)).where(and(...conditions))
  const [max] = await db.select({ n: count() }).from(themes).innerJoin(sellers, eq(sellers.id, themes.sellerId)).where(and(...scope))
  return { rows: rows.map((r): ThemeWithSeller => ({ ...r.theme, sellerName: r.sellerName })), total: total?.n ?? 0, max: max?.n ?? 0 }
}

export async function sellerName(db: Executor, sellerId: number): Promise<string> {
  const [row] = await db.select({ name: sellers.username }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  return row?.name ?? ''
}

/** The seller's applied theme id per kind. */
export async function appliedOf(db: Executor, sellerId: number): Promise<Map<string, number>> {
  const rows = await db.select().from(appliedThemes).where(eq(appliedThemes.sellerId, sellerId))
  return new Map(rows.map((r) => [r.kind, r.themeId]))
}

export async function apply(db: Executor, sellerId: number, kind: string, themeId: number): Promise<void> {
  await db.insert(appliedThemes).values({ sellerId, kind, themeId })
    .onConflictDoUpdate({ target: [appliedThemes.sellerId, appliedThemes.kind], set: { themeId, updatedAt: sql`now()` } })
}

export async function appliedTheme(db: Executor, sellerId: number, kind: string): Promise<ThemeRow | undefined> {
  const [row] = await db.select({ theme: themes }).from(appliedThemes).innerJoin(themes, eq(themes.id, appliedThemes.themeId))
    .where(and(eq(appliedThemes.sellerId, sellerId), eq(appliedThemes.kind, kind))).limit(1)
  return row?.theme
}
