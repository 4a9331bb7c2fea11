import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { couponProducts, coupons } from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'

// Coupons' SQL, scoped by seller. Codes are unique per seller without regard to case (the index decides).

export type CouponRow = typeof coupons.$inferSelect

export function isCodeTaken(error: unknown): boolean {
  for (let e: any = error; e; e = e.cause) {
    if (e.code === '23505' && String(e.constraint ?? e.message ?? '').includes('coupons_seller_code_unique')) return true
  }
  return false
}

export async function insertCoupon(db: Executor, values: typeof coupons.$inferInsert): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning()
  return row!
}

/** Inserts the coupons whose codes are free; answers the rows stored. */
export async function insertCouponsSkippingTaken(db: Executor, values: (typeof coupons.$inferInsert)[]): Promise<CouponRow[]> {
  if (values.length === 0) return []
  return db.insert(coupons).values(values).onConflictDoNothing().returning()
}

export async function codesTaken(db: Executor, sellerId: number, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set()
  const rows = await db.select({ code: coupons.code }).from(coupons)
    .where(and(eq(coupons.sellerId, sellerId), inArray(sql`lower(${coupons.code})`, codes.map((c) => c.toLowerCase()))))
  return new Set(rows.map((r) => r.code.toLowerCase()))
}

export async function findCoupon(db: Executor, sellerId: number, id: number, options: { lock?: boolean } = {}): Promise<CouponRow | undefined> {
  const query = db.select().from(coupons).where(and(eq(coupons.id, id), eq(coupons.sellerId, sellerId))).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** The seller's coupon with this code, in any case. */
export async function findCouponByCode(db: Executor, sellerId: number, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(and(eq(coupons.sellerId, sellerId), sql`lower(${coupons.code}) = lower(${code})`)).limit(1)
  return row
}

export async function updateCoupon(db: Executor, id: number, values: Partial<typeof coupons.$inferInsert>): Promise<CouponRow> {
  const [row] = await db.update(coupons).set(values).where(eq(coupons.id, id)).returning()
  return row!
}

export async function deleteCoupon(db: Executor, id: number) {
  await db.delete(coupons).where(eq(coupons.id, id))
}

export async function replaceCouponProducts(db: Executor, couponId: number, productIds: readonly number[]) {
  await db.delete(couponProducts).where(eq(couponProducts.couponId, couponId))
  const unique = [...new Set(productIds)]
  if (unique.length > 0) await db.insert(couponProducts).values(unique.map((productId) => ({ couponId, productId })))
}

export async function insertCouponProducts(db: Executor, links: { couponId: number; productId: number }[]) {
  for (let i = 0; i < links.length; i += 1000) await db.insert(couponProducts).values(links.slice(i, i + 1000))
}

export async function productIdsOf(db: Executor, couponIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>()
  if (couponIds.length === 0) return map
  const rows = await db.select().from(couponProducts).where(inArray(couponProducts.couponId, [...couponIds])).orderBy(asc(couponProducts.productId))
  for (const row of rows) map.set(row.couponId, [...(map.get(row.couponId) ?? []), row.productId])
  return map
}

const sortColumns = { id: coupons.id, code: coupons.code, created_at: coupons.createdAt, orders_count: coupons.ordersCount } as const

export async function listCoupons(db: Executor, sellerId: number, params: {
  active?: boolean; batchId?: string; query?: string; sortKey?: keyof typeof sortColumns; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}) {
  const where = and(
    eq(coupons.sellerId, sellerId),
    params.active === undefined ? undefined : eq(coupons.active, params.active),
    params.batchId ? eq(coupons.batchId, params.batchId) : undefined,
    params.query ? ilike(coupons.code, containsPattern(params.query)) : undefined,
  )
  const column = sortColumns[params.sortKey ?? 'id']
  const rows = await db.select().from(coupons).where(where)
    .orderBy((params.sortDir ?? 'desc') === 'desc' ? desc(column) : asc(column), desc(coupons.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(coupons).where(where)
  const [all] = await db.select({ n: count() }).from(coupons).where(eq(coupons.sellerId, sellerId))
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

/** One use more, only while the coupon is active and below its limit; false when it is not. */
export async function incrementCouponUse(db: Executor, couponId: number): Promise<boolean> {
  const rows = await db.update(coupons).set({ ordersCount: sql`${coupons.ordersCount} + 1` })
    .where(and(eq(coupons.id, couponId), eq(coupons.active, true), sql`(${coupons.limit} is null or ${coupons.ordersCount} < ${coupons.limit})`))
    .returning({ id: coupons.id })
  return rows.length > 0
}

export async function decrementCouponUse(db: Executor, couponId: number): Promise<void> {
  await db.update(coupons).set({ ordersCount: sql`greatest(${coupons.ordersCount} - 1, 0)` }).where(eq(coupons.id, couponId))
}

/** Whether the seller has any coupon a payer could enter now. */
export async function hasActiveCoupons(db: Executor, sellerId: number): Promise<boolean> {
  const [row] = await db.select({ id: coupons.id }).from(coupons).where(and(eq(coupons.sellerId, sellerId), eq(coupons.active, true))).limit(1)
  return row !== undefined
}
