import { and, asc, count, desc, eq, ilike, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { productTrackingCodes, productTrackingSelections, sellerEffectiveFeatures, sellers, trackingCodes } from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'

// The tracking module's SQL: tracking codes and the products' selections of them (docs/decisions/0074-tracking-with-consent.md).

export type TrackingCodeRow = typeof trackingCodes.$inferSelect
export type SelectionMode = 'none' | 'all' | 'selected'

const sortColumns = { id: trackingCodes.id, name: trackingCodes.name, type: trackingCodes.type, created_at: trackingCodes.createdAt }

export async function listTrackingCodes(db: Executor, sellerId: number, params: {
  type?: string; consentCategory?: string; event?: string; productCodeIds?: number[]; withCode?: boolean; query?: string
  sortKey?: keyof typeof sortColumns; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}) {
  const where = and(
    eq(trackingCodes.sellerId, sellerId),
    params.type ? eq(trackingCodes.type, params.type) : undefined,
    params.consentCategory ? eq(trackingCodes.consentCategory, params.consentCategory) : undefined,
    params.event ? sql`${trackingCodes.events} @> ${JSON.stringify([params.event])}::jsonb` : undefined,
    params.productCodeIds ? (params.productCodeIds.length === 0 ? sql`false` : inArray(trackingCodes.id, params.productCodeIds)) : undefined,
    params.withCode === undefined ? undefined : params.withCode ? isNotNull(trackingCodes.code) : sql`${trackingCodes.code} is null`,
    params.query ? ilike(trackingCodes.name, containsPattern(params.query)) : undefined,
  )
  const column = sortColumns[params.sortKey ?? 'id']
  const rows = await db.select().from(trackingCodes).where(where)
    .orderBy((params.sortDir ?? 'desc') === 'desc' ? desc(column) : asc(column), desc(trackingCodes.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(trackingCodes).where(where)
  const [all] = await db.select({ n: count() }).from(trackingCodes).where(eq(trackingCodes.sellerId, sellerId))
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

export async function allTrackingCodes(db: Executor, sellerId: number): Promise<TrackingCodeRow[]> {
  return db.select().from(trackingCodes).where(eq(trackingCodes.sellerId, sellerId)).orderBy(asc(trackingCodes.id))
}

export async function findTrackingCode(db: Executor, sellerId: number, id: number): Promise<TrackingCodeRow | undefined> {
  const [row] = await db.select().from(trackingCodes).where(and(eq(trackingCodes.id, id), eq(trackingCodes.sellerId, sellerId)))
  return row
}

export async function countTrackingCodes(db: Executor, sellerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(trackingCodes).where(eq(trackingCodes.sellerId, sellerId))
  return row?.n ?? 0
}

export async function insertTrackingCode(db: Executor, values: typeof trackingCodes.$inferInsert): Promise<TrackingCodeRow> {
  const [row] = await db.insert(trackingCodes).values(values).returning()
  return row!
}

export async function updateTrackingCode(db: Executor, id: number, values: Partial<typeof trackingCodes.$inferInsert>): Promise<TrackingCodeRow> {
  const [row] = await db.update(trackingCodes).set({ ...values, updatedAt: new Date() }).where(eq(trackingCodes.id, id)).returning()
  return row!
}

export async function deleteTrackingCode(db: Executor, id: number): Promise<void> {
  await db.delete(trackingCodes).where(eq(trackingCodes.id, id))
}

export async function ownedCodeIds(db: Executor, sellerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: trackingCodes.id }).from(trackingCodes).where(and(eq(trackingCodes.sellerId, sellerId), inArray(trackingCodes.id, [...ids])))
  return new Set(rows.map((r) => r.id))
}

export async function findSelection(db: Executor, productId: number): Promise<{ mode: SelectionMode; codeIds: number[] }> {
  const [row] = await db.select({ mode: productTrackingSelections.mode }).from(productTrackingSelections).where(eq(productTrackingSelections.productId, productId))
  const mode = (row?.mode ?? 'none') as SelectionMode
  if (mode !== 'selected') return { mode, codeIds: [] }
  const codes = await db.select({ id: productTrackingCodes.trackingCodeId }).from(productTrackingCodes)
    .where(eq(productTrackingCodes.productId, productId)).orderBy(asc(productTrackingCodes.trackingCodeId))
  return { mode, codeIds: codes.map((c) => c.id) }
}

export async function saveSelection(db: Executor, sellerId: number, productId: number, mode: SelectionMode, codeIds: readonly number[]): Promise<void> {
  await db.insert(productTrackingSelections).values({ productId, sellerId, mode })
    .onConflictDoUpdate({ target: productTrackingSelections.productId, set: { mode, updatedAt: new Date() } })
  await db.delete(productTrackingCodes).where(eq(productTrackingCodes.productId, productId))
  if (mode === 'selected' && codeIds.length > 0) {
    await db.insert(productTrackingCodes).values([...new Set(codeIds)].map((trackingCodeId) => ({ productId, trackingCodeId })))
  }
}

/** The seller's feature flags as they are now (plan features under the seller's own overrides). */
export async function sellerFeatures(db: Executor, sellerId: number): Promise<Record<string, boolean>> {
  const [row] = await db.select({ features: sellerEffectiveFeatures }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  return row?.features ?? {}
}
