import { and, asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { customFonts } from '../../db/schema'

// The fonts module's SQL: the custom_fonts table (docs/decisions/0061-fonts-and-themes.md).

export type FontRow = typeof customFonts.$inferSelect

export async function insertFont(db: Executor, values: typeof customFonts.$inferInsert): Promise<FontRow> {
  const [row] = await db.insert(customFonts).values(values).returning()
  return row!
}

export async function updateFont(db: Executor, id: number, values: Partial<typeof customFonts.$inferInsert>): Promise<FontRow> {
  const [row] = await db.update(customFonts).set({ ...values, updatedAt: sql`now()` }).where(eq(customFonts.id, id)).returning()
  return row!
}

export async function deleteFont(db: Executor, id: number): Promise<void> {
  await db.delete(customFonts).where(eq(customFonts.id, id))
}

export async function findForSeller(db: Executor, sellerId: number, id: number): Promise<FontRow | undefined> {
  const [row] = await db.select().from(customFonts).where(and(eq(customFonts.id, id), eq(customFonts.sellerId, sellerId))).limit(1)
  return row
}

export async function findById(db: Executor, id: number): Promise<FontRow | undefined> {
  const [row] = await db.select().from(customFonts).where(eq(customFonts.id, id)).limit(1)
  return row
}

export async function listForSeller(db: Executor, sellerId: number): Promise<FontRow[]> {
  return db.select().from(customFonts).where(eq(customFonts.sellerId, sellerId)).orderBy(asc(customFonts.id))
}

export async function countForSeller(db: Executor, sellerId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(customFonts).where(eq(customFonts.sellerId, sellerId))
  return row?.n ?? 0
}
