import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { integrationConnections, integrationProductSettings, integrationSyncEvents } from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'
import { param, reusableQuery } from '../../db/fast-path'

// The integrations module's SQL: connections, per-product settings and the sync log (docs/decisions/0075-integrations.md).

export type ConnectionRow = typeof integrationConnections.$inferSelect
export type ProductSettingRow = typeof integrationProductSettings.$inferSelect
export type SyncEventRow = typeof integrationSyncEvents.$inferSelect

export async function insertConnection(db: Executor, values: typeof integrationConnections.$inferInsert): Promise<ConnectionRow> {
  const [row] = await db.insert(integrationConnections).values(values).returning()
  return row!
}

export async function updateConnection(db: Executor, id: number, values: Partial<typeof integrationConnections.$inferInsert>, now: Date): Promise<ConnectionRow> {
  const [row] = await db.update(integrationConnections).set({ ...values, updatedAt: now }).where(eq(integrationConnections.id, id)).returning()
  return row!
}

export async function findConnection(db: Executor, sellerId: number, id: number, lock = false): Promise<ConnectionRow | undefined> {
  const query = db.select().from(integrationConnections).where(and(eq(integrationConnections.id, id), eq(integrationConnections.sellerId, sellerId)))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function findConnectionById(db: Executor, id: number, lock = false): Promise<ConnectionRow | undefined> {
  const query = db.select().from(integrationConnections).where(eq(integrationConnections.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function deleteConnection(db: Executor, id: number): Promise<void> {
  await db.delete(integrationConnections).where(eq(integrationConnections.id, id))
}

const connectionSorts = {
  created_at: integrationConnections.createdAt, name: integrationConnections.name, kind: integrationConnections.kind, last_sync_at: integrationConnections.lastSyncAt,
} as const

export async function listConnections(db: Executor, sellerId: number, query: {
  kind?: string | undefined; state?: string | undefined; search?: string | undefined; sortKey: keyof typeof connectionSorts; sortDir: 'asc' | 'desc'; offset: number; limit: number
}): Promise<{ rows: ConnectionRow[]; total: number; totalMax: number }> {
  const scope = eq(integrationConnections.sellerId, sellerId)
  const filters: SQL[] = [scope]
  if (query.kind) filters.push(eq(integrationConnections.kind, query.kind))
  if (query.state) filters.push(eq(integrationConnections.state, query.state))
  if (query.search) filters.push(sql`${integrationConnections.name} ilike ${containsPattern(query.search)}`)
  const where = and(...filters)
  const column = connectionSorts[query.sortKey]
  const [rows, [total], [totalMax]] = await Promise.all([
    db.select().from(integrationConnections).where(where)
      .orderBy(query.sortDir === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`, desc(integrationConnections.id))
      .offset(query.offset).limit(query.limit),
    db.select({ n: count() }).from(integrationConnections).where(where),
    db.select({ n: count() }).from(integrationConnections).where(scope),
  ])
  return { rows, total: total?.n ?? 0, totalMax: totalMax?.n ?? 0 }
}

/** How many products have a setting on each connection. */
export async function productCounts(db: Executor, connectionIds: readonly number[]): Promise<Map<number, number>> {
  if (connectionIds.length === 0) return new Map()
  const rows = await db.select({ id: integrationProductSettings.connectionId, n: count() }).from(integrationProductSettings)
    .where(inArray(integrationProductSettings.connectionId, [...connectionIds])).groupBy(integrationProductSettings.connectionId)
  return new Map(rows.map((r) => [r.id, r.n]))
}

// ---------------------------------------------------------------- per product

export async function productSettings(db: Executor, sellerId: number, filter: { productId?: number | undefined; connectionId?: number | undefined }): Promise<ProductSettingRow[]> {
  const filters: SQL[] = [eq(integrationProductSettings.sellerId, sellerId)]
  if (filter.productId) filters.push(eq(integrationProductSettings.productId, filter.productId))
  if (filter.connectionId) filters.push(eq(integrationProductSettings.connectionId, filter.connectionId))
  return db.select().from(integrationProductSettings).where(and(...filters)).orderBy(asc(integrationProductSettings.connectionId), asc(integrationProductSettings.productId))
}

export async function saveProductSetting(db: Executor, values: { connectionId: number; sellerId: number; productId: number; buyerListId: string | null; buyerCampaignId: string | null }, now: Date): Promise<ProductSettingRow> {
  const [row] = await db.insert(integrationProductSettings).values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [integrationProductSettings.connectionId, integrationProductSettings.productId],
      set: { buyerListId: values.buyerListId, buyerCampaignId: values.buyerCampaignId, updatedAt: now },
    }).returning()
  return row!
}

export async function deleteProductSetting(db: Executor, connectionId: number, productId: number): Promise<boolean> {
  const rows = await db.delete(integrationProductSettings)
    .where(and(eq(integrationProductSettings.connectionId, connectionId), eq(integrationProductSettings.productId, productId))).returning({ id: integrationProductSettings.id })
  return rows.length > 0
}

/** The settings of a seller's syncing connections for these products: what a purchase or refund syncs. */
export async function syncTargets(db: Executor, sellerId: number, productIds: readonly number[], kinds: readonly string[], states: readonly string[]) {
  if (productIds.length === 0) return []
  return syncTargetsQuery(db, { sellerId, productIds: [...productIds], kinds: [...kinds], states: [...states] })
}

// Every payment and refund asks it: built once, the lists as arrays (`= any`).
const syncTargetsQuery = reusableQuery((db) => db.select({ setting: integrationProductSettings, kind: integrationConnections.kind })
  .from(integrationProductSettings)
  .innerJoin(integrationConnections, eq(integrationConnections.id, integrationProductSettings.connectionId))
  .where(and(
    eq(integrationProductSettings.sellerId, param('sellerId')), sql`${integrationProductSettings.productId} = any(${param('productIds')})`,
    sql`${integrationConnections.kind} = any(${param('kinds')})`, sql`${integrationConnections.state} = any(${param('states')})`,
  ))
  .orderBy(asc(integrationProductSettings.id)))

// ---------------------------------------------------------------- the sync log

/** Inserts a sync unless the same (connection, product, order, event) is logged already: answers the new row or nothing. */
export async function insertSyncEvent(db: Executor, values: typeof integrationSyncEvents.$inferInsert): Promise<SyncEventRow | undefined> {
  const [row] = await db.insert(integrationSyncEvents).values(values).onConflictDoNothing().returning()
  return row
}

export async function findSyncEvent(db: Executor, id: number, lock = false): Promise<SyncEventRow | undefined> {
  const query = db.select().from(integrationSyncEvents).where(eq(integrationSyncEvents.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function updateSyncEvent(db: Executor, id: number, values: Partial<typeof integrationSyncEvents.$inferInsert>): Promise<void> {
  await db.update(integrationSyncEvents).set(values).where(eq(integrationSyncEvents.id, id))
}

export async function listSyncEvents(db: Executor, connectionId: number, query: { state?: string | undefined; sortDir: 'asc' | 'desc'; offset: number; limit: number }) {
  const scope = eq(integrationSyncEvents.connectionId, connectionId)
  const where = query.state ? and(scope, eq(integrationSyncEvents.state, query.state)) : scope
  const [rows, [total], [totalMax]] = await Promise.all([
    db.select().from(integrationSyncEvents).where(where)
      .orderBy(query.sortDir === 'asc' ? asc(integrationSyncEvents.createdAt) : desc(integrationSyncEvents.createdAt), desc(integrationSyncEvents.id))
      .offset(query.offset).limit(query.limit),
    db.select({ n: count() }).from(integrationSyncEvents).where(where),
    db.select({ n: count() }).from(integrationSyncEvents).where(scope),
  ])
  return { rows, total: total?.n ?? 0, totalMax: totalMax?.n ?? 0 }
}
