import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { nameInLocale } from '../../db/translated-name'
import {
  accessGrants, deliveryEvents, orderDeliveries, orderItems, orders, paymentMethodSetups, productDeliverySettings, products, sellerPaymentManagement, sellers, users,
} from '../../db/schema'
import { param, reusableQuery } from '../../db/fast-path'

export type GrantRow = typeof accessGrants.$inferSelect
export type DeliveryRow = typeof orderDeliveries.$inferSelect
export type DeliverySettingsRow = typeof productDeliverySettings.$inferSelect
export type MethodSetupRow = typeof paymentMethodSetups.$inferSelect

// ------------------------------------------------------------------ deliveries

/** Claims the order's delivery; undefined when it was delivered before (a rerun). */
// The statements every paid order's delivery sends (in the payment's transaction) are built once
// (docs/decisions/0102-checkout-cpu-without-runtime-builds.md).
const claimDeliveryQuery = reusableQuery((db, row: typeof orderDeliveries.$inferInsert) => db.insert(orderDeliveries).values(row).onConflictDoNothing().returning())

export async function claimDelivery(db: Executor, values: typeof orderDeliveries.$inferInsert): Promise<DeliveryRow | undefined> {
  const [row] = await claimDeliveryQuery(db, {}, values)
  return row
}

export async function findDelivery(db: Executor, orderId: number, options: { lock?: boolean } = {}): Promise<DeliveryRow | undefined> {
  const query = db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function updateDelivery(db: Executor, orderId: number, values: Partial<typeof orderDeliveries.$inferInsert>) {
  await db.update(orderDeliveries).set(values).where(eq(orderDeliveries.orderId, orderId))
}

// ------------------------------------------------------------------ grants

/** Inserts the grants not there yet; answers only the new ones. */
const insertGrantsQuery = reusableQuery((db, rows: (typeof accessGrants.$inferInsert)[]) => db.insert(accessGrants).values(rows).onConflictDoNothing({ target: [accessGrants.orderId, accessGrants.productId] }).returning())

export async function insertGrants(db: Executor, values: (typeof accessGrants.$inferInsert)[]): Promise<GrantRow[]> {
  if (values.length === 0) return []
  return insertGrantsQuery(db, {}, values)
}

/**
 * The grants of everything bought in the orders that bought this membership (or bundle) directly and still
 * hold it (not revoked), locked: the membership's own grant and what came with it.
 */
export async function grantsOfOrdersHolding(db: Executor, productId: number): Promise<GrantRow[]> {
  const holding = db.select({ orderId: accessGrants.orderId }).from(accessGrants)
    .where(and(eq(accessGrants.productId, productId), isNull(accessGrants.viaProductId), ne(accessGrants.state, 'revoked')))
  return db.select().from(accessGrants).where(inArray(accessGrants.orderId, holding)).orderBy(asc(accessGrants.orderId), asc(accessGrants.id)).for('update')
}

export async function grantsOfOrder(db: Executor, orderId: number, options: { lock?: boolean } = {}): Promise<GrantRow[]> {
  const query = db.select().from(accessGrants).where(eq(accessGrants.orderId, orderId)).orderBy(asc(accessGrants.id))
  return options.lock ? query.for('update') : query
}

export async function updateGrant(db: Executor, id: number, values: Partial<typeof accessGrants.$inferInsert>): Promise<void> {
  await db.update(accessGrants).set(values).where(eq(accessGrants.id, id))
}

/** The grant that gives access now: active and not past its end; the latest-ending first. */
export async function currentGrant(db: Executor, payerUserId: number, productId: number, now: Date): Promise<GrantRow | undefined> {
  const [row] = await db.select().from(accessGrants)
    .where(and(eq(accessGrants.payerUserId, payerUserId), eq(accessGrants.productId, productId), eq(accessGrants.state, 'active'),
      or(isNull(accessGrants.expiresAt), gt(accessGrants.expiresAt, now))))
    .orderBy(sql`${accessGrants.expiresAt} desc nulls first`, asc(accessGrants.grantedAt)).limit(1)
  return row
}

/** The seller's grants of a product for the given payers that an extension may change (not revoked), locked. */
export async function extendableGrants(db: Executor, sellerId: number, productId: number, payerUserIds: readonly number[]): Promise<GrantRow[]> {
  if (payerUserIds.length === 0) return []
  return db.select().from(accessGrants)
    .where(and(eq(accessGrants.sellerId, sellerId), eq(accessGrants.productId, productId), inArray(accessGrants.payerUserId, [...payerUserIds]),
      inArray(accessGrants.state, ['active', 'expired'])))
    .orderBy(asc(accessGrants.id)).for('update')
}

/** Payers holding a (not revoked) grant of the seller's product, one row each with their latest grant. */
export async function customersOf(db: Executor, sellerId: number, productId: number) {
  const rows = await db.selectDistinctOn([accessGrants.payerUserId], {
    payerUserId: accessGrants.payerUserId, email: users.email, firstName: users.firstName, lastName: users.lastName,
    grantedAt: accessGrants.grantedAt, expiresAt: accessGrants.expiresAt,
  }).from(accessGrants).innerJoin(users, eq(users.id, accessGrants.payerUserId))
    .where(and(eq(accessGrants.sellerId, sellerId), eq(accessGrants.productId, productId), inArray(accessGrants.state, ['active', 'expired'])))
    .orderBy(accessGrants.payerUserId, sql`${accessGrants.expiresAt} desc nulls first`, desc(accessGrants.grantedAt))
  return rows
}

export type PayerGrantRow = GrantRow & {
  productName: string; productForm: string; productSlug: string; viaProductName: string | null; orderToken: string; sellerUsername: string
}

/**
 * A product's name in the language of the order it was bought with: its translation's, else the base name
 * (docs/decisions/0095-product-translations.md). The payer's mails and pages read it; the seller's records keep the base.
 */
const nameInOrderLanguage = nameInLocale(products.translations, products.name, orders.locale)

/** Grants (all states) of a payer, a seller's payer or an order, newest first, with the names the payer sees (in the order's language). */
export async function grantRows(db: Executor, filter: { payerUserId?: number; sellerId?: number; orderId?: number }): Promise<PayerGrantRow[]> {
  const via = sql<string | null>`(select ${nameInLocale(sql`p2.translations`, sql`p2.name`, orders.locale)} from products p2 where p2.id = ${accessGrants.viaProductId})`
  const rows = await db.select({
    grant: accessGrants, productName: nameInOrderLanguage, productForm: products.form, productSlug: products.slug, viaProductName: via,
    orderToken: orders.token, sellerUsername: sellers.username,
  }).from(accessGrants)
    .innerJoin(products, eq(products.id, accessGrants.productId))
    .innerJoin(orders, eq(orders.id, accessGrants.orderId))
    .innerJoin(sellers, eq(sellers.id, accessGrants.sellerId))
    .where(and(
      filter.payerUserId === undefined ? undefined : eq(accessGrants.payerUserId, filter.payerUserId),
      filter.sellerId === undefined ? undefined : eq(accessGrants.sellerId, filter.sellerId),
      filter.orderId === undefined ? undefined : eq(accessGrants.orderId, filter.orderId),
    ))
    .orderBy(desc(accessGrants.grantedAt), asc(accessGrants.id))
  return rows.map((r) => ({ ...r.grant, productName: r.productName, productForm: r.productForm, productSlug: r.productSlug, viaProductName: r.viaProductName, orderToken: r.orderToken, sellerUsername: r.sellerUsername }))
}

/** The payer's orders of one seller that were paid at some point (the payer area's payments), each product named in its order's language. */
export async function paidOrdersOfPayer(db: Executor, payerUserId: number, sellerId: number) {
  return db.select({
    id: orders.id, token: orders.token, productName: nameInOrderLanguage, paymentState: orders.paymentState, totalAmount: orders.totalAmount,
    paidAmount: orders.paidAmount, currency: orders.currency, createdAt: orders.createdAt,
  }).from(orders).innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.payerUserId, payerUserId), eq(orders.sellerId, sellerId), sql`${orders.paidAt} is not null`))
    .orderBy(desc(orders.createdAt))
}

/**
 * Whether the payer has a paid order of the product (as its main product or an order bump) that the delivery
 * job has not handled yet: access follows in seconds.
 */
export async function hasUndeliveredOrder(db: Executor, payerUserId: number, productId: number, paidStates: readonly string[]): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders)
    .leftJoin(orderDeliveries, eq(orderDeliveries.orderId, orders.id))
    .where(and(eq(orders.payerUserId, payerUserId), inArray(orders.paymentState, [...paidStates]), isNull(orderDeliveries.orderId),
      or(eq(orders.productId, productId), sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.productId} = ${productId})`)))
    .limit(1)
  return row !== undefined
}

/** Grants the expiry job ends: active, and paused ones (a dunning paused them) whose end passed. */
const expiringStates = ['active', 'paused']

/**
 * Marks up to `limit` active (or paused: a dunning paused them) grants past their end as expired, skipping
 * rows another worker holds, and answers them. The conditional update re-checks state and end, so a second
 * run changes nothing.
 */
export async function expireDueGrants(db: Executor, now: Date, limit: number): Promise<GrantRow[]> {
  const due = db.select({ id: accessGrants.id }).from(accessGrants)
    .where(and(inArray(accessGrants.state, expiringStates), sql`${accessGrants.expiresAt} <= ${now}`))
    .orderBy(asc(accessGrants.id)).limit(limit).for('update', { skipLocked: true })
  return db.update(accessGrants).set({ state: 'expired', reason: sql`coalesce(${accessGrants.reason}, 'period_ended')`, updatedAt: now })
    .where(and(inArray(accessGrants.id, due), inArray(accessGrants.state, expiringStates), sql`${accessGrants.expiresAt} <= ${now}`))
    .returning()
}

// ------------------------------------------------------------------ method setups

export async function insertMethodSetup(db: Executor, values: typeof paymentMethodSetups.$inferInsert): Promise<MethodSetupRow> {
  const [row] = await db.insert(paymentMethodSetups).values(values).returning()
  return row!
}

export async function findMethodSetup(db: Executor, token: string, options: { lock?: boolean } = {}): Promise<MethodSetupRow | undefined> {
  const query = db.select().from(paymentMethodSetups).where(eq(paymentMethodSetups.token, token)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function updateMethodSetup(db: Executor, id: number, values: Partial<typeof paymentMethodSetups.$inferInsert>): Promise<void> {
  await db.update(paymentMethodSetups).set(values).where(eq(paymentMethodSetups.id, id))
}

/** The order's latest method set up successfully (its card shows on the manage page). */
export async function latestSuccessfulSetup(db: Executor, orderId: number): Promise<MethodSetupRow | undefined> {
  const [row] = await db.select().from(paymentMethodSetups)
    .where(and(eq(paymentMethodSetups.orderId, orderId), eq(paymentMethodSetups.state, 'successful')))
    .orderBy(desc(paymentMethodSetups.completedAt), desc(paymentMethodSetups.id)).limit(1)
  return row
}

// ------------------------------------------------------------------ log

const insertEventsQuery = reusableQuery((db, rows: (typeof deliveryEvents.$inferInsert)[]) => db.insert(deliveryEvents).values(rows))

export async function insertEvents(db: Executor, values: (typeof deliveryEvents.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await insertEventsQuery(db, {}, values)
}

/** A grant's latest event of a kind (its revocation, to restore it as it was). */
export async function lastGrantEvent(db: Executor, grantId: number, event: string): Promise<typeof deliveryEvents.$inferSelect | undefined> {
  const [row] = await db.select().from(deliveryEvents).where(and(eq(deliveryEvents.grantId, grantId), eq(deliveryEvents.event, event)))
    .orderBy(desc(deliveryEvents.id)).limit(1)
  return row
}

// ------------------------------------------------------------------ settings

const deliverySettingsQuery = reusableQuery((db) => db.select().from(productDeliverySettings).where(eq(productDeliverySettings.productId, param('productId'))).limit(1))

export async function findDeliverySettings(db: Executor, productId: number): Promise<DeliverySettingsRow | undefined> {
  const [row] = await deliverySettingsQuery(db, { productId })
  return row
}

export async function saveDeliverySettings(db: Executor, values: typeof productDeliverySettings.$inferInsert): Promise<DeliverySettingsRow> {
  const [row] = await db.insert(productDeliverySettings).values(values)
    .onConflictDoUpdate({ target: productDeliverySettings.productId, set: {
      emailMode: values.emailMode, customSubject: values.customSubject, customBody: values.customBody, updatedAt: values.updatedAt,
      // left out: the stored translations stay (docs/decisions/0095-product-translations.md)
      ...(values.translations !== undefined ? { translations: values.translations } : {}),
    } })
    .returning()
  return row!
}

export async function findPaymentManagement(db: Executor, sellerId: number) {
  const [row] = await db.select().from(sellerPaymentManagement).where(eq(sellerPaymentManagement.sellerId, sellerId)).limit(1)
  return row
}

export async function savePaymentManagement(db: Executor, sellerId: number, payersMayCancel: boolean, now: Date) {
  const [row] = await db.insert(sellerPaymentManagement).values({ sellerId, payersMayCancel, updatedAt: now })
    .onConflictDoUpdate({ target: sellerPaymentManagement.sellerId, set: { payersMayCancel, updatedAt: now } }).returning()
  return row!
}
