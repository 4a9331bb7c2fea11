import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { NotificationType } from '../../../shared/schemas/notifications'
import type { Executor } from '../../db/client'
import { notifications, notificationSettings, orders, payments, products, sellers, users } from '../../db/schema'

// The SQL of the seller's notifications and their settings. A notification is written once per dedupe
// key (unique per seller), so an event reported twice (a job run again) stays one row and one mail.

export type NotificationRow = typeof notifications.$inferSelect
export type NewNotification = typeof notifications.$inferInsert

/** Inserts the notification unless one with its dedupe key exists; answers the new row or nothing. */
export async function insertOnce(db: Executor, row: NewNotification): Promise<NotificationRow | undefined> {
  const [inserted] = await db.insert(notifications).values(row)
    .onConflictDoNothing({ target: [notifications.sellerId, notifications.dedupeKey] }).returning()
  return inserted
}

export async function settingsOf(db: Executor, sellerId: number) {
  return db.select({ type: notificationSettings.type, inApp: notificationSettings.inApp, email: notificationSettings.email })
    .from(notificationSettings).where(eq(notificationSettings.sellerId, sellerId))
}

export async function settingOf(db: Executor, sellerId: number, type: NotificationType) {
  const [row] = await db.select({ inApp: notificationSettings.inApp, email: notificationSettings.email }).from(notificationSettings)
    .where(and(eq(notificationSettings.sellerId, sellerId), eq(notificationSettings.type, type))).limit(1)
  return row
}

export async function upsertSettings(db: Executor, sellerId: number, list: { type: NotificationType; inApp: boolean; email: boolean }[], now: Date) {
  if (list.length === 0) return
  await db.insert(notificationSettings).values(list.map((s) => ({ sellerId, type: s.type, inApp: s.inApp, email: s.email, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationSettings.sellerId, notificationSettings.type],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`excluded.updated_at` },
    })
}

/** Who gets the seller's mails: the seller's own user account. */
export async function sellerContact(db: Executor, sellerId: number) {
  const [row] = await db.select({ userId: users.id, email: users.email, firstName: users.firstName, locale: users.locale, accountState: users.accountState })
    .from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(eq(sellers.id, sellerId)).limit(1)
  return row
}

export async function sellerExists(db: Executor, sellerId: number): Promise<boolean> {
  const [row] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  return row !== undefined
}

/** What an order notification says: the product and the payer. */
export async function orderFacts(db: Executor, orderId: number) {
  const [row] = await db.select({
    id: orders.id, sellerId: orders.sellerId, productId: orders.productId, productName: products.name, payer: orders.payer,
    firstAmount: orders.firstAmount, currency: orders.currency,
  }).from(orders).innerJoin(products, eq(products.id, orders.productId)).where(eq(orders.id, orderId)).limit(1)
  return row
}

/** The order's newest successful charge: in the transaction that recorded it, the one just paid. */
export async function latestSuccessfulCharge(db: Executor, orderId: number) {
  const [row] = await db.select({ id: payments.id, amount: payments.amount, currency: payments.currency }).from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'charge'), eq(payments.state, 'successful')))
    .orderBy(desc(sql`coalesce(${payments.completedAt}, ${payments.createdAt})`), desc(payments.id)).limit(1)
  return row
}

export type ListFilters = { type?: NotificationType; state?: 'read' | 'unread'; createdFrom?: Date; createdTill?: Date }

function conditions(sellerId: number, f: ListFilters): SQL[] {
  const where: SQL[] = [eq(notifications.sellerId, sellerId), eq(notifications.inApp, true)]
  if (f.type) where.push(eq(notifications.type, f.type))
  if (f.state === 'read') where.push(isNotNull(notifications.readAt))
  if (f.state === 'unread') where.push(isNull(notifications.readAt))
  if (f.createdFrom) where.push(gte(notifications.createdAt, f.createdFrom))
  if (f.createdTill) where.push(lte(notifications.createdAt, f.createdTill))
  return where
}

export async function list(db: Executor, sellerId: number, f: ListFilters, page: { offset: number; limit: number; sortKey: 'id' | 'created_at'; sortDir: 'asc' | 'desc' }) {
  const column = page.sortKey === 'created_at' ? notifications.createdAt : notifications.id
  const order = page.sortDir === 'asc' ? [asc(column), asc(notifications.id)] : [desc(column), desc(notifications.id)]
  const rows = await db.select().from(notifications).where(and(...conditions(sellerId, f))).orderBy(...order).limit(page.limit).offset(page.offset)
  const [total] = await db.select({ n: count() }).from(notifications).where(and(...conditions(sellerId, f)))
  const [max] = await db.select({ n: count() }).from(notifications).where(and(...conditions(sellerId, {})))
  return { rows, total: total?.n ?? 0, totalMax: max?.n ?? 0 }
}

export async function unreadCount(db: Executor, sellerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(...conditions(sellerId, { state: 'unread' })))
  return row?.n ?? 0
}

export async function findOfSeller(db: Executor, sellerId: number, id: number) {
  const [row] = await db.select().from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.sellerId, sellerId), eq(notifications.inApp, true))).limit(1)
  return row
}

/** Marks it read unless it is already (the first read time stays). */
export async function markRead(db: Executor, sellerId: number, id: number, now: Date) {
  await db.update(notifications).set({ readAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.sellerId, sellerId), isNull(notifications.readAt)))
}

export async function markAllRead(db: Executor, sellerId: number, now: Date): Promise<number> {
  const rows = await db.update(notifications).set({ readAt: now })
    .where(and(eq(notifications.sellerId, sellerId), eq(notifications.inApp, true), isNull(notifications.readAt))).returning({ id: notifications.id })
  return rows.length
}

/**
 * Successful charges per seller and currency whose money arrived in [from, till): what the income
 * notifications report. A charge's time is when it completed (its creation when that is missing).
 */
export async function incomeTotals(db: Executor, from: Date, till: Date, sellerIds?: number[]) {
  const at = sql`coalesce(${payments.completedAt}, ${payments.createdAt})`
  const where: SQL[] = [eq(payments.kind, 'charge'), eq(payments.state, 'successful'), gte(at, from), lt(at, till)]
  if (sellerIds) where.push(inArray(payments.sellerId, sellerIds))
  return db.select({
    sellerId: payments.sellerId, currency: payments.currency,
    amount: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number), count: count(),
  }).from(payments).where(and(...where)).groupBy(payments.sellerId, payments.currency).orderBy(asc(payments.sellerId), asc(payments.currency))
}
