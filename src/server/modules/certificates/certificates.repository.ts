import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { certificateDesigns } from '../../db/schema'

// The SQL of certificate designs: one row per certificate product (found among the seller's products first).

export type DesignRow = typeof certificateDesigns.$inferSelect

export async function findDesign(db: Executor, productId: number): Promise<DesignRow | undefined> {
  const [row] = await db.select().from(certificateDesigns).where(eq(certificateDesigns.productId, productId)).limit(1)
  return row
}

/** Deletes the product's design; answers whether there was one. */
export async function deleteDesign(db: Executor, productId: number): Promise<boolean> {
  const rows = await db.delete(certificateDesigns).where(eq(certificateDesigns.productId, productId)).returning({ productId: certificateDesigns.productId })
  return rows.length > 0
}

export async function saveDesign(db: Executor, productId: number, design: Record<string, unknown>, now: Date): Promise<DesignRow> {
  const [row] = await db.insert(certificateDesigns).values({ productId, design, updatedAt: now })
    .onConflictDoUpdate({ target: certificateDesigns.productId, set: { design, updatedAt: now } }).returning()
  return row!
}
