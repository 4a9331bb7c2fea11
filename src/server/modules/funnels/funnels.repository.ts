import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { funnelEvents, funnelNodes, funnelProducts, funnels, pricingPlans, products } from '../../db/schema'
import { param, reusableQuery } from '../../db/fast-path'

export type FunnelRow = typeof funnels.$inferSelect
export type FunnelNodeRow = typeof funnelNodes.$inferSelect

export async function insertFunnel(db: Executor, values: typeof funnels.$inferInsert): Promise<FunnelRow> {
  const [row] = await db.insert(funnels).values(values).returning()
  return row!
}

export async function updateFunnel(db: Executor, id: number, values: Partial<typeof funnels.$inferInsert>): Promise<FunnelRow> {
  const [row] = await db.update(funnels).set({ ...values, updatedAt: sql`now()` }).where(eq(funnels.id, id)).returning()
  return row!
}

export async function findFunnel(db: Executor, sellerId: number, id: number, lock = false): Promise<FunnelRow | undefined> {
  const query = db.select().from(funnels).where(and(eq(funnels.id, id), eq(funnels.sellerId, sellerId))).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function findFunnelById(db: Executor, id: number): Promise<FunnelRow | undefined> {
  const [row] = await db.select().from(funnels).where(eq(funnels.id, id)).limit(1)
  return row
}

export async function listFunnels(db: Executor, sellerId: number, f: { state?: string | undefined; query?: string | undefined; sortKey: 'id' | 'name' | 'updated_at'; sortDir: 'asc' | 'desc'; offset: number; limit: number }) {
  const where: SQL[] = [eq(funnels.sellerId, sellerId)]
  if (f.state) where.push(eq(funnels.state, f.state))
  if (f.query) where.push(ilike(funnels.name, `%${f.query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`))
  const dir = f.sortDir === 'asc' ? asc : desc
  const column = f.sortKey === 'updated_at' ? funnels.updatedAt : f.sortKey === 'name' ? funnels.name : funnels.id
  const rows = await db.select().from(funnels).where(and(...where)).orderBy(dir(column), dir(funnels.id)).offset(f.offset).limit(f.limit)
  const [total] = await db.select({ n: count() }).from(funnels).where(and(...where))
  const [max] = await db.select({ n: count() }).from(funnels).where(eq(funnels.sellerId, sellerId))
  return { rows, total: total?.n ?? 0, totalMax: max?.n ?? 0 }
}

export async function nodesOf(db: Executor, funnelId: number): Promise<FunnelNodeRow[]> {
  return db.select().from(funnelNodes).where(eq(funnelNodes.funnelId, funnelId)).orderBy(asc(funnelNodes.position), asc(funnelNodes.id))
}

export async function findNode(db: Executor, id: number): Promise<FunnelNodeRow | undefined> {
  const [row] = await db.select().from(funnelNodes).where(eq(funnelNodes.id, id)).limit(1)
  return row
}

export async function nodeCounts(db: Executor, funnelIds: readonly number[]): Promise<Map<number, number>> {
  if (funnelIds.length === 0) return new Map()
  const rows = await db.select({ funnelId: funnelNodes.funnelId, n: count() }).from(funnelNodes).where(inArray(funnelNodes.funnelId, [...funnelIds])).groupBy(funnelNodes.funnelId)
  return new Map(rows.map((r) => [r.funnelId, r.n]))
}

export async function productIdsOf(db: Executor, funnelIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(funnelIds.map((id) => [id, []]))
  if (funnelIds.length === 0) return map
  const rows = await db.select().from(funnelProducts).where(inArray(funnelProducts.funnelId, [...funnelIds])).orderBy(asc(funnelProducts.productId))
  for (const r of rows) map.get(r.funnelId)?.push(r.productId)
  return map
}

/** The products leading into the funnel become exactly `productIds` (a product named here leaves any other funnel). */
export async function setProducts(db: Executor, funnelId: number, productIds: readonly number[]): Promise<void> {
  await db.delete(funnelProducts).where(eq(funnelProducts.funnelId, funnelId))
  if (productIds.length === 0) return
  await db.delete(funnelProducts).where(inArray(funnelProducts.productId, [...productIds]))
  await db.insert(funnelProducts).values(productIds.map((productId) => ({ productId, funnelId })))
}

export async function linkProduct(db: Executor, funnelId: number, productId: number): Promise<void> {
  await db.insert(funnelProducts).values({ productId, funnelId }).onConflictDoUpdate({ target: funnelProducts.productId, set: { funnelId } })
}

/** The funnel a product's checkout leads into (any state: the caller decides), or undefined. */
// Every payment asks it (the funnel's next offer): built once.
const funnelOfProductQuery = reusableQuery((db) => db.select({ funnel: funnels }).from(funnelProducts).innerJoin(funnels, eq(funnels.id, funnelProducts.funnelId))
  .where(eq(funnelProducts.productId, param('productId'))).limit(1))

export async function funnelOfProduct(db: Executor, productId: number): Promise<FunnelRow | undefined> {
  const [row] = await funnelOfProductQuery(db, { productId })
  return row?.funnel
}

export async function deleteNodes(db: Executor, funnelId: number, keep: readonly number[]): Promise<void> {
  const where = keep.length > 0 ? and(eq(funnelNodes.funnelId, funnelId), sql`${funnelNodes.id} not in (${sql.join(keep.map((id) => sql`${id}`), sql`, `)})`) : eq(funnelNodes.funnelId, funnelId)
  await db.delete(funnelNodes).where(where)
}

export async function insertNode(db: Executor, values: typeof funnelNodes.$inferInsert): Promise<FunnelNodeRow> {
  const [row] = await db.insert(funnelNodes).values(values).returning()
  return row!
}

export async function updateNode(db: Executor, id: number, values: Partial<typeof funnelNodes.$inferInsert>): Promise<void> {
  await db.update(funnelNodes).set({ ...values, updatedAt: sql`now()` }).where(eq(funnelNodes.id, id))
}

/** The seller's products among `ids` with what an offer needs of them. */
export async function sellerProducts(db: Executor, sellerId: number, ids: readonly number[]) {
  if (ids.length === 0) return []
  return db.select({ id: products.id, name: products.name, publishState: products.publishState, archivedAt: products.archivedAt }).from(products)
    .where(and(eq(products.sellerId, sellerId), inArray(products.id, [...ids])))
}

/** Active plans among `ids` with the product they belong to. */
export async function activePlans(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return []
  return db.select({ id: pricingPlans.id, productId: pricingPlans.productId }).from(pricingPlans)
    .where(and(inArray(pricingPlans.id, [...ids]), eq(pricingPlans.active, true)))
}

/** Records a view or decline once per order and node. */
export async function recordEvent(db: Executor, values: { funnelId: number; nodeId: number; orderId: number; kind: 'view' | 'decline' }): Promise<void> {
  await db.insert(funnelEvents).values(values).onConflictDoNothing()
}

export async function declinedNodeIds(db: Executor, orderId: number): Promise<Set<number>> {
  const rows = await db.select({ nodeId: funnelEvents.nodeId }).from(funnelEvents).where(and(eq(funnelEvents.orderId, orderId), eq(funnelEvents.kind, 'decline')))
  return new Set(rows.map((r) => r.nodeId))
}

export async function eventCounts(db: Executor, funnelId: number) {
  return db.select({ nodeId: funnelEvents.nodeId, kind: funnelEvents.kind, n: count() }).from(funnelEvents)
    .where(eq(funnelEvents.funnelId, funnelId)).groupBy(funnelEvents.nodeId, funnelEvents.kind)
}
