import { and, count, desc, asc, eq, gt, ilike, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { liveEvents, orders, sellerEffectiveFeatures, sellers } from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'

// The live-shopping module's SQL (docs/decisions/0086-live-shopping-and-mobile-app.md): a seller's live events, and
// the read of the orders their buy buttons brought (orders.campaign_id; the orders module writes that table).

export type LiveEventRow = typeof liveEvents.$inferSelect

export async function insertEvent(db: Executor, values: typeof liveEvents.$inferInsert): Promise<LiveEventRow> {
  const [row] = await db.insert(liveEvents).values(values).returning()
  return row!
}

export async function updateEvent(db: Executor, id: number, values: Partial<typeof liveEvents.$inferInsert>): Promise<LiveEventRow> {
  const [row] = await db.update(liveEvents).set(values).where(eq(liveEvents.id, id)).returning()
  return row!
}

export async function deleteEvent(db: Executor, id: number): Promise<void> {
  await db.delete(liveEvents).where(eq(liveEvents.id, id))
}

export async function findForSeller(db: Executor, sellerId: number, id: number, lock = false): Promise<LiveEventRow | undefined> {
  const query = db.select().from(liveEvents).where(and(eq(liveEvents.id, id), eq(liveEvents.sellerId, sellerId))).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function listForSeller(db: Executor, sellerId: number, params: { state?: string; query?: string; sortDir?: 'asc' | 'desc'; offset: number; limit: number }) {
  const where: SQL | undefined = and(
    eq(liveEvents.sellerId, sellerId),
    params.state ? eq(liveEvents.state, params.state) : undefined,
    params.query ? ilike(liveEvents.title, containsPattern(params.query)) : undefined,
  )
  const order = params.sortDir === 'asc' ? asc(liveEvents.startsAt) : desc(liveEvents.startsAt)
  const rows = await db.select().from(liveEvents).where(where).orderBy(order, desc(liveEvents.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(liveEvents).where(where)
  const [all] = await db.select({ n: count() }).from(liveEvents).where(eq(liveEvents.sellerId, sellerId))
  return { rows, total: filtered?.n ?? 0, max: all?.n ?? 0 }
}

/** The seller's flags in effect (plan under overrides; the public page has no signed-in seller to read them from). */
export async function sellerFeatures(db: Executor, sellerId: number): Promise<Record<string, boolean>> {
  const [row] = await db.select({ features: sellerEffectiveFeatures }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  return row?.features ?? {}
}

/**
 * The seller's orders carrying the campaign id: how many, how many paid something, and per currency what was paid
 * less what was refunded or charged back (minor units).
 */
export async function ordersOfCampaign(db: Executor, sellerId: number, campaignId: string) {
  const where = and(eq(orders.sellerId, sellerId), eq(orders.campaignId, campaignId))
  const [all] = await db.select({ n: count() }).from(orders).where(where)
  const revenue = await db.select({
    currency: orders.currency,
    amount: sql<number>`coalesce(sum(${orders.paidAmount} - ${orders.refundedAmount} - ${orders.chargebackAmount}), 0)::bigint`.mapWith(Number),
    n: count(),
  }).from(orders).where(and(where, gt(orders.paidAmount, 0))).groupBy(orders.currency).orderBy(orders.currency)
  return { count: all?.n ?? 0, paidCount: revenue.reduce((sum, r) => sum + r.n, 0), revenue: revenue.map((r) => ({ currency: r.currency, amount: r.amount, count: r.n })) }
}
