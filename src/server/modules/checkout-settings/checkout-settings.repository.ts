import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { param, reusableQuery } from '../../db/fast-path'
import { cancellationTerms, checkoutSettings, legalReviews, legalTexts, pricingPlans, productCheckouts, products, sellers, users } from '../../db/schema'

// The SQL of checkout settings, product checkouts and cancellation terms. Every read of a seller's object
// is scoped by that seller, so another seller's id finds nothing.

export type CheckoutSettingsRow = typeof checkoutSettings.$inferSelect
export type ProductCheckoutRow = typeof productCheckouts.$inferSelect
export type CancellationTermsRow = typeof cancellationTerms.$inferSelect


// ------------------------------------------------------------------ checkout settings

export async function listSettings(db: Executor, sellerId: number, params: { offset: number; limit: number }) {
  const rows = await db.select().from(checkoutSettings).where(eq(checkoutSettings.sellerId, sellerId))
    .orderBy(desc(checkoutSettings.isDefault), asc(checkoutSettings.name), asc(checkoutSettings.id)).offset(params.offset).limit(params.limit)
  const [total] = await db.select({ n: count() }).from(checkoutSettings).where(eq(checkoutSettings.sellerId, sellerId))
  return { rows, total: total?.n ?? 0 }
}

export async function findSettings(db: Executor, sellerId: number, id: number, options: { lock?: boolean } = {}): Promise<CheckoutSettingsRow | undefined> {
  const query = db.select().from(checkoutSettings).where(and(eq(checkoutSettings.id, id), eq(checkoutSettings.sellerId, sellerId))).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function findDefaultSettings(db: Executor, sellerId: number): Promise<CheckoutSettingsRow | undefined> {
  const [row] = await db.select().from(checkoutSettings).where(and(eq(checkoutSettings.sellerId, sellerId), eq(checkoutSettings.isDefault, true))).limit(1)
  return row
}

export async function insertSettings(db: Executor, values: typeof checkoutSettings.$inferInsert): Promise<CheckoutSettingsRow> {
  const [row] = await db.insert(checkoutSettings).values(values).returning()
  return row!
}

/** Inserts settings as the seller's default unless another default exists (then nothing: undefined). */
export async function insertDefaultSettings(db: Executor, values: typeof checkoutSettings.$inferInsert): Promise<CheckoutSettingsRow | undefined> {
  const [row] = await db.insert(checkoutSettings).values({ ...values, isDefault: true }).onConflictDoNothing().returning()
  return row
}

/** The seller's default settings, made when missing; a concurrent maker wins through the one-default index. */
export async function ensureDefaultSettings(db: Executor, sellerId: number, name: string, now: Date): Promise<CheckoutSettingsRow> {
  const existing = await findDefaultSettings(db, sellerId)
  if (existing) return existing
  await db.insert(checkoutSettings).values({ sellerId, name, isDefault: true, createdAt: now, updatedAt: now }).onConflictDoNothing()
  return (await findDefaultSettings(db, sellerId))!
}

export async function updateSettings(db: Executor, id: number, values: Partial<typeof checkoutSettings.$inferInsert>): Promise<CheckoutSettingsRow> {
  const [row] = await db.update(checkoutSettings).set(values).where(eq(checkoutSettings.id, id)).returning()
  return row!
}

export async function deleteSettings(db: Executor, id: number) {
  await db.delete(checkoutSettings).where(eq(checkoutSettings.id, id))
}

/** Makes `id` the seller's one default (the old default first, so the one-default index holds at every step). */
export async function makeDefault(db: Executor, sellerId: number, id: number, now: Date) {
  // Concurrent switches of one seller run one after the other, each seeing the default the last one left.
  await db.select({ id: checkoutSettings.id }).from(checkoutSettings).where(eq(checkoutSettings.sellerId, sellerId)).for('update')
  await db.update(checkoutSettings).set({ isDefault: false, updatedAt: now })
    .where(and(eq(checkoutSettings.sellerId, sellerId), eq(checkoutSettings.isDefault, true)))
  await db.update(checkoutSettings).set({ isDefault: true, updatedAt: now }).where(eq(checkoutSettings.id, id))
}

/** How many product checkouts chose each of these settings. */
export async function productsCounts(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>()
  if (ids.length === 0) return map
  const rows = await db.select({ id: productCheckouts.checkoutSettingsId, n: count() }).from(productCheckouts)
    .where(inArray(productCheckouts.checkoutSettingsId, [...ids])).groupBy(productCheckouts.checkoutSettingsId)
  for (const row of rows) if (row.id !== null) map.set(row.id, Number(row.n))
  return map
}

// ------------------------------------------------------------------ product checkouts

/**
 * What the checkout of a seller's product uses, in one read: the product's checkout row and the settings it
 * chose, or the seller's default when it chose none (or the chosen ones are gone). Undefined when the product
 * is not the seller's.
 */
export async function findCheckoutConfigRows(db: Executor, sellerId: number, productId: number): Promise<{ productCheckout: ProductCheckoutRow | undefined; settings: CheckoutSettingsRow | undefined } | undefined> {
  const [row] = await checkoutConfigRowsQuery(db, { sellerId, productId })
  return row ? { productCheckout: row.productCheckout ?? undefined, settings: row.settings ?? undefined } : undefined
}

// Read by every checkout: built once.
const checkoutConfigRowsQuery = reusableQuery((db) => db.select({ productId: products.id, productCheckout: productCheckouts, settings: checkoutSettings })
  .from(products)
  .leftJoin(productCheckouts, eq(productCheckouts.productId, products.id))
  .leftJoin(checkoutSettings, and(eq(checkoutSettings.sellerId, param('sellerId')), or(eq(checkoutSettings.id, productCheckouts.checkoutSettingsId), eq(checkoutSettings.isDefault, true))))
  .where(and(eq(products.id, param('productId')), eq(products.sellerId, param('sellerId'))))
  .orderBy(sql`${checkoutSettings.id} = ${productCheckouts.checkoutSettingsId} desc nulls last`)
  .limit(1))

export async function findProductCheckout(db: Executor, productId: number): Promise<ProductCheckoutRow | undefined> {
  const [row] = await db.select().from(productCheckouts).where(eq(productCheckouts.productId, productId)).limit(1)
  return row
}

export async function saveProductCheckout(db: Executor, values: typeof productCheckouts.$inferInsert): Promise<ProductCheckoutRow> {
  const { productId: _productId, ...set } = values
  const [row] = await db.insert(productCheckouts).values(values).onConflictDoUpdate({ target: productCheckouts.productId, set }).returning()
  return row!
}

/** The seller's products among `ids`, with their publish state. */
export async function sellerProducts(db: Executor, sellerId: number, ids: readonly number[]) {
  if (ids.length === 0) return []
  return db.select({ id: products.id, publishState: products.publishState, archivedAt: products.archivedAt }).from(products)
    .where(and(eq(products.sellerId, sellerId), inArray(products.id, [...ids])))
}

/** Active plans among `ids` with the product they belong to. */
export async function activePlans(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return []
  return db.select({ id: pricingPlans.id, productId: pricingPlans.productId }).from(pricingPlans)
    .where(and(inArray(pricingPlans.id, [...ids]), eq(pricingPlans.active, true)))
}

// ------------------------------------------------------------------ cancellation terms

export async function listTerms(db: Executor, sellerId: number): Promise<CancellationTermsRow[]> {
  return db.select().from(cancellationTerms).where(eq(cancellationTerms.sellerId, sellerId)).orderBy(asc(cancellationTerms.productType), asc(cancellationTerms.id))
}

export async function findTerms(db: Executor, sellerId: number, id: number, options: { lock?: boolean } = {}): Promise<CancellationTermsRow | undefined> {
  const query = db.select().from(cancellationTerms).where(and(eq(cancellationTerms.id, id), eq(cancellationTerms.sellerId, sellerId))).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function findTermsByType(db: Executor, sellerId: number, productType: string): Promise<CancellationTermsRow | undefined> {
  const [row] = await db.select().from(cancellationTerms)
    .where(and(eq(cancellationTerms.sellerId, sellerId), eq(cancellationTerms.productType, productType))).limit(1)
  return row
}

export async function insertTerms(db: Executor, values: typeof cancellationTerms.$inferInsert): Promise<CancellationTermsRow> {
  const [row] = await db.insert(cancellationTerms).values(values).returning()
  return row!
}

export async function updateTerms(db: Executor, id: number, values: Partial<typeof cancellationTerms.$inferInsert>): Promise<CancellationTermsRow> {
  const [row] = await db.update(cancellationTerms).set(values).where(eq(cancellationTerms.id, id)).returning()
  return row!
}

export async function deleteTerms(db: Executor, id: number) {
  await db.delete(cancellationTerms).where(eq(cancellationTerms.id, id))
}

// ------------------------------------------------------------------ shops

/** A shop path names its seller by username (any case) or numeric id (docs/reference/readings.md 17); blocked or deactivated sellers have no shop. */
export async function findShopSeller(db: Executor, value: string): Promise<{ id: number; username: string } | undefined> {
  const byName = sql`lower(${sellers.username}) = lower(${value})`
  const where = /^[0-9]{1,9}$/.test(value) ? or(eq(sellers.id, Number(value)), byName) : byName
  const [row] = await db.select({ id: sellers.id, username: sellers.username }).from(sellers).innerJoin(users, eq(users.id, sellers.userId))
    .where(and(where, eq(sellers.blocked, false), eq(users.accountState, 'active'))).limit(1)
  return row
}

// ------------------------------------------------------------------ legal texts

export type LegalTextRow = typeof legalTexts.$inferSelect

export async function listLegalTexts(db: Executor, sellerId: number): Promise<LegalTextRow[]> {
  return db.select().from(legalTexts).where(eq(legalTexts.sellerId, sellerId))
}

export async function findLegalText(db: Executor, sellerId: number, kind: string): Promise<LegalTextRow | undefined> {
  const [row] = await db.select().from(legalTexts).where(and(eq(legalTexts.sellerId, sellerId), eq(legalTexts.kind, kind))).limit(1)
  return row
}

export async function saveLegalText(db: Executor, values: typeof legalTexts.$inferInsert): Promise<LegalTextRow> {
  const [row] = await db.insert(legalTexts).values(values)
    .onConflictDoUpdate({
      target: [legalTexts.sellerId, legalTexts.kind],
      // translations left out of `values`: the stored ones stay
      set: { title: values.title, body: values.body, updatedAt: values.updatedAt, ...(values.translations !== undefined ? { translations: values.translations } : {}) },
    })
    .returning()
  return row!
}

export async function deleteLegalText(db: Executor, sellerId: number, kind: string) {
  await db.delete(legalTexts).where(and(eq(legalTexts.sellerId, sellerId), eq(legalTexts.kind, kind)))
}

export async function findLegalReview(db: Executor, sellerId: number): Promise<Date | null> {
  const [row] = await db.select({ at: legalReviews.reviewedAt }).from(legalReviews).where(eq(legalReviews.sellerId, sellerId)).limit(1)
  return row?.at ?? null
}

export async function saveLegalReview(db: Executor, sellerId: number, at: Date) {
  await db.insert(legalReviews).values({ sellerId, reviewedAt: at }).onConflictDoUpdate({ target: legalReviews.sellerId, set: { reviewedAt: at } })
}

/** What the legal templates name: the seller's profile, country and sign-in email. */
export async function legalSellerRow(db: Executor, sellerId: number) {
  const [row] = await db.select({
    username: sellers.username, company: sellers.company, countryCode: sellers.countryCode, profile: sellers.profile, email: users.email,
  }).from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(eq(sellers.id, sellerId)).limit(1)
  return row
}
