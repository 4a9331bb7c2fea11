import { and, asc, count, desc, eq, gt, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { sellers, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'
import { param, reusableSql } from '../../db/fast-path'

// The webhooks module's SQL (docs/decisions/0072-signed-webhooks.md): endpoints, deliveries, attempts.

export type EndpointRow = typeof webhookEndpoints.$inferSelect
export type DeliveryRow = typeof webhookDeliveries.$inferSelect
export type AttemptRow = typeof webhookAttempts.$inferSelect

export async function insertEndpoint(db: Executor, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning()
  return row!
}

export async function findEndpoint(db: Executor, sellerId: number, id: number, lock = false): Promise<EndpointRow | undefined> {
  const query = db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.sellerId, sellerId)))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function findEndpointById(db: Executor, id: number, lock = false): Promise<EndpointRow | undefined> {
  const query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function updateEndpoint(db: Executor, id: number, values: Partial<typeof webhookEndpoints.$inferInsert>): Promise<EndpointRow> {
  const [row] = await db.update(webhookEndpoints).set({ ...values, updatedAt: new Date() }).where(eq(webhookEndpoints.id, id)).returning()
  return row!
}

/** Every endpoint of the seller, oldest first; locked with `lock` (a product's selection saved). */
export async function endpointsOfSeller(db: Executor, sellerId: number, lock = false): Promise<EndpointRow[]> {
  const query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.sellerId, sellerId)).orderBy(asc(webhookEndpoints.id))
  return lock ? query.for('update') : query
}

export async function deleteEndpoint(db: Executor, id: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id))
}

const endpointSorts = { id: webhookEndpoints.id, url: webhookEndpoints.url, state: webhookEndpoints.state, created_at: webhookEndpoints.createdAt }

export async function listEndpoints(db: Executor, sellerId: number, filter: {
  state?: string; query?: string; sortKey?: keyof typeof endpointSorts; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}): Promise<{ rows: EndpointRow[]; total: number; max: number }> {
  const mine = eq(webhookEndpoints.sellerId, sellerId)
  const conditions: SQL[] = [mine]
  if (filter.state) conditions.push(eq(webhookEndpoints.state, filter.state))
  if (filter.query) conditions.push(ilike(webhookEndpoints.url, containsPattern(filter.query)))
  const column = endpointSorts[filter.sortKey ?? 'id']
  const order = filter.sortDir === 'asc' ? asc(column) : desc(column)
  const [rows, [total], [max]] = await Promise.all([
    db.select().from(webhookEndpoints).where(and(...conditions)).orderBy(order, desc(webhookEndpoints.id)).offset(filter.offset).limit(filter.limit),
    db.select({ n: count() }).from(webhookEndpoints).where(and(...conditions)),
    db.select({ n: count() }).from(webhookEndpoints).where(mine),
  ])
  return { rows, total: total!.n, max: max!.n }
}

/**
 * One delivery per active endpoint of the seller that hears the event (its type subscribed, and no product
 * scope or one sharing a product), in one statement; answers the new deliveries' ids.
 */
export async function fanOut(db: Executor, event: {
  sellerId: number; type: string; orderId: number | null; productIds: number[]; body: unknown; now: Date
}): Promise<number[]> {
  const now = event.now.toISOString()
  const rows = await fanOutSql(db, {
    type: event.type, orderId: event.orderId, body: JSON.stringify(event.body), now, sellerId: event.sellerId,
    productIds: `{${event.productIds.join(',')}}`, productCount: event.productIds.length,
  })
  return rows.map((r) => Number(r.id))
}

// Every order event runs it (reusableSql: built once, docs/decisions/0102-checkout-cpu-without-runtime-builds.md).
const fanOutSql = reusableSql<{ id: number }>(() => sql`
    insert into webhook_deliveries (endpoint_id, seller_id, message_id, event_type, order_id, body, state, next_attempt_at, created_at)
    select e.id, e.seller_id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), ${param('type')}, ${param('orderId')},
           ${param('body')}::jsonb, 'pending', ${param('now')}::timestamptz, ${param('now')}::timestamptz
    from webhook_endpoints e
    where e.seller_id = ${param('sellerId')} and e.state = 'active' and ${param('type')} = any(e.events)
      and (e.product_scope = 'all'
        or (e.product_scope = 'selected' and e.product_ids && ${param('productIds')}::integer[])
        or (e.product_scope = 'none' and ${param('productCount')} = 0))
    order by e.id
    returning id`)

export async function insertDelivery(db: Executor, values: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning()
  return row!
}

export async function findDelivery(db: Executor, endpointId: number, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
  return row
}

/**
 * Takes a delivery for one attempt when it is due (pending or failed, its time come): its next attempt moves
 * to `leaseUntil`, so a second job or the sweep does not send it at the same time. Undefined: not due.
 */
export async function claimDelivery(db: Executor, id: number, now: Date, leaseUntil: Date): Promise<DeliveryRow | undefined> {
  const [row] = await db.update(webhookDeliveries).set({ nextAttemptAt: leaseUntil })
    .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.state, ['pending', 'failed']), lte(webhookDeliveries.nextAttemptAt, now)))
    .returning()
  return row
}

export async function updateDelivery(db: Executor, id: number, values: Partial<typeof webhookDeliveries.$inferInsert>): Promise<DeliveryRow> {
  const [row] = await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id)).returning()
  return row!
}

/**
 * The nearest delivery of the same endpoint and order still to be sent, before this one (it holds this one
 * back) or after it (it goes next).
 */
export async function openInStream(db: Executor, delivery: DeliveryRow, side: 'before' | 'after'): Promise<DeliveryRow | undefined> {
  if (delivery.orderId === null) return undefined
  const [row] = await db.select().from(webhookDeliveries).where(and(
    eq(webhookDeliveries.endpointId, delivery.endpointId), eq(webhookDeliveries.orderId, delivery.orderId),
    side === 'before' ? lt(webhookDeliveries.id, delivery.id) : gt(webhookDeliveries.id, delivery.id), inArray(webhookDeliveries.state, ['pending', 'failed']),
  )).orderBy(asc(webhookDeliveries.id)).limit(1)
  return row
}

/** Deliveries whose next attempt is due, oldest first. */
export async function dueDeliveryIds(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.state, ['pending', 'failed']), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.id)).limit(limit)
  return rows.map((r) => r.id)
}

export async function listDeliveries(db: Executor, endpointId: number, filter: {
  state?: string; eventType?: string; query?: string; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}): Promise<{ rows: DeliveryRow[]; total: number; max: number }> {
  const mine = eq(webhookDeliveries.endpointId, endpointId)
  const conditions: SQL[] = [mine]
  if (filter.state) conditions.push(eq(webhookDeliveries.state, filter.state))
  if (filter.eventType) conditions.push(eq(webhookDeliveries.eventType, filter.eventType))
  if (filter.query) conditions.push(ilike(webhookDeliveries.messageId, containsPattern(filter.query)))
  const [rows, [total], [max]] = await Promise.all([
    db.select().from(webhookDeliveries).where(and(...conditions)).orderBy(filter.sortDir === 'asc' ? asc(webhookDeliveries.id) : desc(webhookDeliveries.id)).offset(filter.offset).limit(filter.limit),
    db.select({ n: count() }).from(webhookDeliveries).where(and(...conditions)),
    db.select({ n: count() }).from(webhookDeliveries).where(mine),
  ])
  return { rows, total: total!.n, max: max!.n }
}

export async function insertAttempt(db: Executor, values: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(values)
}

export async function attemptsOf(db: Executor, deliveryIds: number[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return []
  return db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveryIds)).orderBy(asc(webhookAttempts.id))
}

/** Who hears of the seller's paused endpoint: the seller's own account. */
export async function sellerContact(db: Executor, sellerId: number): Promise<{ userId: number; email: string; firstName: string; locale: string } | undefined> {
  const [row] = await db.select({ userId: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(eq(sellers.id, sellerId))
  return row
}
