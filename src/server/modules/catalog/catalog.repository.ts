import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { executeRows, rowsOfJson, type Executor } from '../../db/client'
import { param, reusableQuery } from '../../db/fast-path'
import { paymentAccountDoneSql, type PaymentAccountDeps } from '../payment-settings/payment-settings.service'
import {
  categories, downloadFiles, eventTickets, licenseKeys, pricingPlans, pricingPlanVersions, productAddons, productCategories, productCovers, productDiscounts, products, sellerEffectiveFeatures, sellers,
  shopCategories, shopCategoryProducts, users,
} from '../../db/schema'
import { containsPattern, prefixPattern } from '../../db/like-pattern'

// The catalogue's SQL. Every function takes the executor it runs on (the database or a transaction);
// every read of a seller's object is scoped by that seller, so another seller's id finds nothing. A seller's
// `paymentAccountDone` comes from payment-settings' rule in SQL (paymentAccountDoneSql), given the configuration and the money-out port.

export type ProductRow = typeof products.$inferSelect
export type PlanRow = typeof pricingPlans.$inferSelect
export type TicketRow = typeof eventTickets.$inferSelect
export type CategoryRow = typeof categories.$inferSelect
export type ShopCategoryRow = typeof shopCategories.$inferSelect
export type LicenseKeyRow = typeof licenseKeys.$inferSelect
export type DiscountRow = typeof productDiscounts.$inferSelect


/** Whether a database error is a unique violation of the named index. */

// ------------------------------------------------------------------ sellers

export type SellerFacts = {
  id: number
  username: string
  powerSeller: boolean
  blocked: boolean
  paymentAccountDone: boolean
  profileFinished: boolean
  confirmed: boolean
  /** The seller's account is deactivated or deleted: the shop is closed until it signs in again. */
  deactivated: boolean
}

/**
 * A seller's facts; `paymentAccountDone` is derived from the seller's providers and the platform's
 * configuration on every read (payment-settings' rule, docs/reference/readings.md 23), never stored.
 */
const sellerFacts = (rules: PaymentAccountDeps) => ({
  id: sellers.id, username: sellers.username, powerSeller: sellers.powerSeller, blocked: sellers.blocked,
  paymentAccountDone: paymentAccountDoneSql(rules, sellers.id), profileFinished: sellers.profileFinished,
  confirmed: sql<boolean>`${users.confirmedAt} is not null`,
  deactivated: sql<boolean>`${users.accountState} <> 'active'`,
  // The name a shop shows (sellerDisplayName), read with the facts so an open shop's seller is one statement.
  company: sellers.company, firstName: users.firstName, lastName: users.lastName,
})

export async function findSeller(db: Executor, rules: PaymentAccountDeps, sellerId: number): Promise<SellerFacts | undefined> {
  const [row] = await db.select(sellerFacts(rules)).from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(eq(sellers.id, sellerId)).limit(1)
  return row
}

/** Whether a shop path's seller is a numeric id (it may still be a username: both are tried). */
const isSellerId = (value: string) => /^[0-9]{1,9}$/.test(value)

/** A value of a statement: given, or a reusable query's parameter. */
type SqlValue<T> = T | ReturnType<typeof param>

/** A shop path names its seller by username (any case) or, when it is a number, also by id (docs/reference/readings.md 17). */
function sellerMatch(username: SqlValue<string>, id: SqlValue<number> | null) {
  const byUsername = sql`lower(${sellers.username}) = lower(${username})`
  return id === null ? byUsername : or(eq(sellers.id, id), byUsername)!
}

export async function findSellerByUsernameOrId(db: Executor, rules: PaymentAccountDeps, value: string): Promise<SellerFacts | undefined> {
  const [row] = await db.select(sellerFacts(rules)).from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(sellerMatch(value, isSellerId(value) ? Number(value) : null)).limit(1)
  return row
}

export async function updateSellerFlags(db: Executor, sellerId: number, values: Partial<Pick<typeof sellers.$inferInsert, 'powerSeller' | 'blocked' | 'profileFinished'>>, now: Date) {
  const [row] = await db.update(sellers).set({ ...values, updatedAt: now }).where(eq(sellers.id, sellerId)).returning({ id: sellers.id })
  return row
}

// ------------------------------------------------------------------ products

export async function insertProduct(db: Executor, values: typeof products.$inferInsert): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning()
  return row!
}

/** The seller's product; with `lock`, the row is held until the transaction ends. */
export async function findProduct(db: Executor, sellerId: number, id: number, options: { lock?: boolean } = {}): Promise<ProductRow | undefined> {
  const query = db.select().from(products).where(and(eq(products.id, id), eq(products.sellerId, sellerId))).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** Any seller's product (managers). */
export async function findProductById(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<ProductRow | undefined> {
  const query = db.select().from(products).where(eq(products.id, id)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** Products by id in one read, whatever their state (order not guaranteed). */
// Every delivery reads its products: built once, the ids as an array (`= any`).
const productsByIdsQuery = reusableQuery((db) => db.select().from(products).where(sql`${products.id} = any(${param('ids')})`))

export async function findProductsByIds(db: Executor, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return []
  return productsByIdsQuery(db, { ids: [...ids] })
}

export async function updateProduct(db: Executor, id: number, values: Partial<typeof products.$inferInsert>): Promise<ProductRow> {
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning()
  return row!
}

export async function deleteProduct(db: Executor, id: number) {
  await db.delete(products).where(eq(products.id, id))
}

/** The slugs of the seller that start with `base` (any case), to pick a free one. */
export async function slugsLike(db: Executor, sellerId: number, base: string, exceptId?: number): Promise<Set<string>> {
  const rows = await db.select({ slug: products.slug }).from(products).where(and(
    eq(products.sellerId, sellerId), ilike(products.slug, prefixPattern(base)),
    exceptId ? ne(products.id, exceptId) : undefined,
  ))
  return new Set(rows.map((r) => r.slug.toLowerCase()))
}

export async function ownedProductIds(db: Executor, sellerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: products.id }).from(products).where(and(eq(products.sellerId, sellerId), inArray(products.id, [...ids])))
  return new Set(rows.map((r) => r.id))
}

export type ProductFilters = {
  forms?: string[]
  published?: boolean
  archived?: boolean
  private?: boolean
  free?: boolean
  createdFrom?: Date
  createdTill?: Date
  categoryId?: number
  internalName?: string
  query?: string
}

function productWhere(sellerId: number, f: ProductFilters): SQL | undefined {
  const isPrivate = or(eq(products.hiddenInShop, true), and(isNotNull(products.accessPassword), ne(products.accessPassword, '')))
  return and(
    eq(products.sellerId, sellerId),
    f.forms ? inArray(products.form, f.forms) : undefined,
    f.published === undefined ? undefined : f.published ? eq(products.publishState, 'published') : ne(products.publishState, 'published'),
    f.archived === undefined ? undefined : f.archived ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
    f.private === undefined ? undefined : f.private ? isPrivate : sql`not (${isPrivate})`,
    f.free === undefined ? undefined : eq(products.free, f.free),
    f.createdFrom ? gte(products.createdAt, f.createdFrom) : undefined,
    f.createdTill ? lte(products.createdAt, f.createdTill) : undefined,
    f.categoryId ? sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${f.categoryId})` : undefined,
    f.internalName ? ilike(products.internalName, containsPattern(f.internalName)) : undefined,
    f.query ? or(ilike(products.name, containsPattern(f.query)), ilike(products.internalName, containsPattern(f.query))) : undefined,
  )
}

const productSort = {
  id: products.id, name: products.name, created_at: products.createdAt, position: products.position, sold_count: products.soldCount,
} as const
export type ProductSortKey = keyof typeof productSort

export async function listProducts(db: Executor, sellerId: number, params: {
  filters: ProductFilters; sortKey?: ProductSortKey; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}) {
  const where = productWhere(sellerId, params.filters)
  // Default order: position ascending, then newest first.
  const order = params.sortKey
    ? [params.sortDir === 'desc' ? desc(productSort[params.sortKey]) : asc(productSort[params.sortKey]), desc(products.id)]
    : [asc(products.position), desc(products.createdAt), desc(products.id)]
  const rows = await db.select().from(products).where(where).orderBy(...order).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(products).where(where)
  const [all] = await db.select({ n: count() }).from(products).where(eq(products.sellerId, sellerId))
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

/** Products per publish state, and archived ones, of the whole catalogue (list `counts`). */
export async function productCounts(db: Executor, sellerId: number): Promise<Record<string, number>> {
  const rows = await db.select({ state: products.publishState, n: count() }).from(products).where(eq(products.sellerId, sellerId)).groupBy(products.publishState)
  const [archived] = await db.select({ n: count() }).from(products).where(and(eq(products.sellerId, sellerId), isNotNull(products.archivedAt)))
  return { ...Object.fromEntries(rows.map((r) => [r.state, r.n])), archived: archived?.n ?? 0 }
}

// ------------------------------------------------------------------ relations of products

export type AddonRow = { id: number; productId: number; addonProductId: number; kind: string; position: number; name: string; form: string }

/**
 * The plans (active), ticket types, add-ons, categories and discounts of products, in the orders the pages
 * show them, in one round trip (every product page, quote and checkout reads them).
 */
export async function loadRelations(db: Executor, productIds: readonly number[], options: { categories?: boolean } = {}) {
  if (productIds.length === 0) return { plans: [], tickets: [], addons: [] as AddonRow[], categories: [], discounts: [] as DiscountRow[] }
  const r = relationsSql(sql`array[${sql.join(productIds.map((id) => sql`${id}`), sql`, `)}]::int[]`, options)
  const [row] = await executeRows<RawRelations>(db, sql`select ${r.plans} as plans, ${r.tickets} as tickets, ${r.addons} as addons, ${r.categories} as categories, ${r.discounts} as discounts`)
  return relationsOf(row!)
}

// The media module writes download files and covers; the catalogue only reads them for its product answers
// (covers) and its status rules (a download has digitals once it has a file), so it needs no media use case.

export type CoverRow = typeof productCovers.$inferSelect

export async function listCovers(db: Executor, productIds: readonly number[]): Promise<CoverRow[]> {
  if (productIds.length === 0) return []
  return db.select().from(productCovers).where(inArray(productCovers.productId, [...productIds])).orderBy(asc(productCovers.position), asc(productCovers.id))
}

export async function fileCounts(db: Executor, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map()
  const rows = await db.select({ productId: downloadFiles.productId, n: count() }).from(downloadFiles)
    .where(inArray(downloadFiles.productId, [...productIds])).groupBy(downloadFiles.productId)
  return new Map(rows.map((r) => [r.productId, Number(r.n)]))
}

type RawRelations = { plans: unknown; tickets: unknown; addons: unknown; categories: unknown; discounts: unknown }

/** The subqueries loadRelations reads, for the products whose ids `ids` (an int[] expression) names. */
function relationsSql(ids: SQL, options: { categories?: boolean }): { [K in keyof RawRelations]: SQL<unknown> } {
  const agg = (table: PgTable, where: SQL, order?: SQL) =>
    sql`(select coalesce(json_agg(r${order ? sql` order by ${order}` : sql``}), '[]') from ${table} r where ${where})`
  return {
    plans: agg(pricingPlans, sql`r.product_id = any(${ids}) and r.active`, sql`r.position, r.id`),
    tickets: agg(eventTickets, sql`r.product_id = any(${ids})`, sql`r.position, r.id`),
    addons: sql`(select coalesce(json_agg(json_build_object('id', a.id, 'productId', a.product_id, 'addonProductId', a.addon_product_id, 'kind', a.kind,
      'position', a.position, 'name', p.name, 'form', p.form) order by a.position, a.id), '[]')
      from ${productAddons} a join ${products} p on p.id = a.addon_product_id where a.product_id = any(${ids}))`,
    categories: options.categories === false ? sql`'[]'::json` : agg(productCategories, sql`r.product_id = any(${ids})`),
    discounts: agg(productDiscounts, sql`r.product_id = any(${ids})`),
  }
}

function relationsOf(row: RawRelations) {
  return {
    plans: rowsOfJson(pricingPlans, row.plans), tickets: rowsOfJson(eventTickets, row.tickets), addons: row.addons as AddonRow[],
    categories: rowsOfJson(productCategories, row.categories), discounts: rowsOfJson(productDiscounts, row.discounts),
  }
}

// ------------------------------------------------------------------ discounts

export async function findDiscount(db: Executor, productId: number): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(productDiscounts).where(eq(productDiscounts.productId, productId)).limit(1)
  return row
}

/** Sets the product's discount terms; an existing discount keeps its orders count. */
export async function saveDiscount(
  db: Executor, productId: number, terms: Pick<typeof productDiscounts.$inferInsert, 'active' | 'limit' | 'value' | 'valueForm' | 'currencyId'>, now: Date,
): Promise<DiscountRow> {
  const [row] = await db.insert(productDiscounts).values({ productId, ...terms, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: productDiscounts.productId, set: { ...terms, updatedAt: now } }).returning()
  return row!
}

export async function insertDiscount(db: Executor, values: typeof productDiscounts.$inferInsert) {
  await db.insert(productDiscounts).values(values)
}

/** Answers whether there was a discount to remove. */
export async function deleteDiscount(db: Executor, productId: number): Promise<boolean> {
  const rows = await db.delete(productDiscounts).where(eq(productDiscounts.productId, productId)).returning({ id: productDiscounts.productId })
  return rows.length > 0
}

// ------------------------------------------------------------------ plans and versions

export async function insertPlan(db: Executor, values: typeof pricingPlans.$inferInsert): Promise<PlanRow> {
  const [row] = await db.insert(pricingPlans).values(values).returning()
  return row!
}

export async function updatePlan(db: Executor, id: number, values: Partial<typeof pricingPlans.$inferInsert>): Promise<PlanRow> {
  const [row] = await db.update(pricingPlans).set(values).where(eq(pricingPlans.id, id)).returning()
  return row!
}

/** An active plan of the product (its own or one of its tickets'). */
export async function findPlan(db: Executor, productId: number, planId: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(pricingPlans)
    .where(and(eq(pricingPlans.id, planId), eq(pricingPlans.productId, productId), eq(pricingPlans.active, true))).limit(1)
  return row
}

export async function insertPlanVersion(db: Executor, planId: number, snapshot: Record<string, unknown>) {
  const [last] = await db.select({ version: sql<number>`coalesce(max(${pricingPlanVersions.version}), 0)` }).from(pricingPlanVersions)
    .where(eq(pricingPlanVersions.planId, planId))
  const [row] = await db.insert(pricingPlanVersions).values({ planId, version: Number(last?.version ?? 0) + 1, snapshot }).returning()
  return row!
}

export async function listPlanVersions(db: Executor, planId: number) {
  return db.select().from(pricingPlanVersions).where(eq(pricingPlanVersions.planId, planId)).orderBy(asc(pricingPlanVersions.version))
}

// ------------------------------------------------------------------ tickets, add-ons, categories of a product

export async function insertTicket(db: Executor, values: typeof eventTickets.$inferInsert): Promise<TicketRow> {
  const [row] = await db.insert(eventTickets).values(values).returning()
  return row!
}

export async function findTicket(db: Executor, productId: number, ticketId: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(eventTickets).where(and(eq(eventTickets.id, ticketId), eq(eventTickets.productId, productId))).limit(1)
  return row
}

export async function updateTicket(db: Executor, id: number, values: Partial<typeof eventTickets.$inferInsert>) {
  await db.update(eventTickets).set(values).where(eq(eventTickets.id, id))
}

export async function deleteTicket(db: Executor, id: number) {
  await db.delete(eventTickets).where(eq(eventTickets.id, id))
}

export async function replaceAddons(db: Executor, productId: number, addons: readonly { productId: number; kind: string }[]) {
  await db.delete(productAddons).where(eq(productAddons.productId, productId))
  if (addons.length === 0) return
  await db.insert(productAddons).values(addons.map((a, i) => ({ productId, addonProductId: a.productId, kind: a.kind, position: i }))).onConflictDoNothing()
}

export async function replaceProductCategories(db: Executor, productId: number, categoryIds: readonly number[]) {
  await db.delete(productCategories).where(eq(productCategories.productId, productId))
  if (categoryIds.length === 0) return
  await db.insert(productCategories).values([...new Set(categoryIds)].map((categoryId) => ({ productId, categoryId })))
}

// ------------------------------------------------------------------ category tree

export async function listCategories(db: Executor, sellerId: number): Promise<CategoryRow[]> {
  return db.select().from(categories).where(eq(categories.sellerId, sellerId)).orderBy(asc(categories.position), asc(categories.id))
}

export async function findCategory(db: Executor, sellerId: number, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(and(eq(categories.id, id), eq(categories.sellerId, sellerId))).limit(1)
  return row
}

export async function ownedCategoryIds(db: Executor, sellerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: categories.id }).from(categories).where(and(eq(categories.sellerId, sellerId), inArray(categories.id, [...ids])))
  return new Set(rows.map((r) => r.id))
}

export async function insertCategory(db: Executor, values: typeof categories.$inferInsert): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning()
  return row!
}

export async function updateCategory(db: Executor, id: number, values: Partial<typeof categories.$inferInsert>): Promise<CategoryRow> {
  const [row] = await db.update(categories).set(values).where(eq(categories.id, id)).returning()
  return row!
}

/** Deletes a category; its children move up to its parent. */
export async function deleteCategory(db: Executor, category: CategoryRow) {
  await db.update(categories).set({ parentId: category.parentId }).where(and(eq(categories.sellerId, category.sellerId), eq(categories.parentId, category.id)))
  await db.delete(categories).where(eq(categories.id, category.id))
}

// ------------------------------------------------------------------ shop categories

export async function listShopCategories(db: Executor, sellerId: number) {
  const rows = await db.select().from(shopCategories).where(eq(shopCategories.sellerId, sellerId)).orderBy(asc(shopCategories.position), asc(shopCategories.id))
  const links = rows.length === 0 ? [] : await db.select().from(shopCategoryProducts)
    .where(inArray(shopCategoryProducts.shopCategoryId, rows.map((r) => r.id))).orderBy(asc(shopCategoryProducts.position))
  return rows.map((row) => ({ ...row, productIds: links.filter((l) => l.shopCategoryId === row.id).map((l) => l.productId) }))
}

export async function findShopCategory(db: Executor, sellerId: number, id: number) {
  const [row] = await db.select().from(shopCategories).where(and(eq(shopCategories.id, id), eq(shopCategories.sellerId, sellerId))).limit(1)
  if (!row) return undefined
  const links = await db.select().from(shopCategoryProducts).where(eq(shopCategoryProducts.shopCategoryId, id)).orderBy(asc(shopCategoryProducts.position))
  return { ...row, productIds: links.map((l) => l.productId) }
}

export async function insertShopCategory(db: Executor, values: typeof shopCategories.$inferInsert): Promise<ShopCategoryRow> {
  const [row] = await db.insert(shopCategories).values(values).returning()
  return row!
}

export async function updateShopCategory(db: Executor, id: number, values: Partial<typeof shopCategories.$inferInsert>) {
  await db.update(shopCategories).set(values).where(eq(shopCategories.id, id))
}

export async function replaceShopCategoryProducts(db: Executor, shopCategoryId: number, productIds: readonly number[]) {
  await db.delete(shopCategoryProducts).where(eq(shopCategoryProducts.shopCategoryId, shopCategoryId))
  const unique = [...new Set(productIds)]
  if (unique.length === 0) return
  await db.insert(shopCategoryProducts).values(unique.map((productId, position) => ({ shopCategoryId, productId, position })))
}

export async function deleteShopCategory(db: Executor, id: number) {
  await db.delete(shopCategories).where(eq(shopCategories.id, id))
}

// ------------------------------------------------------------------ license keys

/** Inserts the keys that are not stored yet; answers how many were added. */
export async function insertLicenseKeys(db: Executor, productId: number, keys: readonly string[]): Promise<number> {
  let added = 0
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000).map((key) => ({ productId, key }))
    const rows = await db.insert(licenseKeys).values(chunk).onConflictDoNothing().returning({ id: licenseKeys.id })
    added += rows.length
  }
  return added
}

export async function listLicenseKeys(db: Executor, productId: number, params: { state?: string; query?: string; offset: number; limit: number; sortDir: 'asc' | 'desc' }) {
  const where = and(
    eq(licenseKeys.productId, productId),
    params.state ? eq(licenseKeys.state, params.state) : undefined,
    params.query ? ilike(licenseKeys.key, containsPattern(params.query)) : undefined,
  )
  const rows = await db.select().from(licenseKeys).where(where)
    .orderBy(params.sortDir === 'desc' ? desc(licenseKeys.id) : asc(licenseKeys.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(licenseKeys).where(where)
  const byState = await db.select({ state: licenseKeys.state, n: count() }).from(licenseKeys).where(eq(licenseKeys.productId, productId)).groupBy(licenseKeys.state)
  const counts = Object.fromEntries(byState.map((r) => [r.state, r.n])) as Record<string, number>
  return { rows, total: filtered?.n ?? 0, available: counts.available ?? 0, used: counts.used ?? 0 }
}

export async function findLicenseKey(db: Executor, productId: number, id: number): Promise<LicenseKeyRow | undefined> {
  const [row] = await db.select().from(licenseKeys).where(and(eq(licenseKeys.id, id), eq(licenseKeys.productId, productId))).limit(1).for('update')
  return row
}

export async function deleteLicenseKey(db: Executor, id: number) {
  await db.delete(licenseKeys).where(eq(licenseKeys.id, id))
}

// ------------------------------------------------------------------ review queue and the public shop

export async function listReviewQueue(db: Executor, params: { offset: number; limit: number; query?: string }) {
  const where = and(
    inArray(products.publishState, ['publish_pending', 'in_review']),
    params.query ? or(ilike(products.name, containsPattern(params.query)), ilike(sellers.username, containsPattern(params.query))) : undefined,
  )
  const rows = await db.select({ product: products, sellerUsername: sellers.username }).from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId)).where(where)
    .orderBy(asc(products.updatedAt), asc(products.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(products).innerJoin(sellers, eq(sellers.id, products.sellerId)).where(where)
  const [all] = await db.select({ n: count() }).from(products).where(inArray(products.publishState, ['publish_pending', 'in_review']))
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

// ------------------------------------------------------------------ managers' lists

/** docs/reference/readings.md 23 in SQL, the same rule as `sellerFlags` in catalog.views.ts (which answers `can_sell`). */
const sellerCanSell = (rules: PaymentAccountDeps) =>
  sql<boolean>`(${paymentAccountDoneSql(rules, sellers.id)} and ${sellers.profileFinished} and ${users.confirmedAt} is not null and not ${sellers.blocked})`
const sellerProductsCount = sql<number>`(select count(*) from ${products} where ${products.sellerId} = ${sellers.id})`.mapWith(Number)

export type SellerListFilters = {
  query?: string; powerSeller?: boolean; blocked?: boolean; canSell?: boolean; createdFrom?: Date; createdTill?: Date
}
const sellerSort = { id: sellers.id, username: sellers.username, created_at: sellers.createdAt, products_count: sellerProductsCount } as const
export type SellerSortKey = keyof typeof sellerSort

/** Every seller with their flags and product count (managers); `query` matches username, email or company. */
export async function listSellers(db: Executor, rules: PaymentAccountDeps, params: {
  filters: SellerListFilters; sortKey?: SellerSortKey; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}) {
  const f = params.filters
  const where = and(
    f.query ? or(ilike(sellers.username, containsPattern(f.query)), ilike(users.email, containsPattern(f.query)), ilike(sellers.company, containsPattern(f.query))) : undefined,
    f.powerSeller === undefined ? undefined : eq(sellers.powerSeller, f.powerSeller),
    f.blocked === undefined ? undefined : eq(sellers.blocked, f.blocked),
    f.canSell === undefined ? undefined : f.canSell ? sellerCanSell(rules) : sql`not ${sellerCanSell(rules)}`,
    f.createdFrom ? gte(sellers.createdAt, f.createdFrom) : undefined,
    f.createdTill ? lte(sellers.createdAt, f.createdTill) : undefined,
  )
  const key = sellerSort[params.sortKey ?? 'id']
  const rows = await db.select({
    ...sellerFacts(rules), email: users.email, company: sellers.company, createdAt: sellers.createdAt, productsCount: sellerProductsCount, sellingMode: sellers.sellingMode,
  }).from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(where)
    .orderBy(params.sortDir === 'asc' ? asc(key) : desc(key), desc(sellers.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(where)
  const [all] = await db.select({ n: count() }).from(sellers)
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

export type AllProductsFilters = {
  query?: string; publishState?: string; reviewState?: string; sellerId?: number; form?: string; createdFrom?: Date; createdTill?: Date
}
const allProductsSort = { id: products.id, name: products.name, created_at: products.createdAt } as const
export type AllProductsSortKey = keyof typeof allProductsSort

/** Every seller's products (managers), with the seller's username; `query` matches the name. */
export async function listAllProducts(db: Executor, params: {
  filters: AllProductsFilters; sortKey?: AllProductsSortKey; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}) {
  const f = params.filters
  const where = and(
    f.query ? ilike(products.name, containsPattern(f.query)) : undefined,
    f.publishState ? eq(products.publishState, f.publishState) : undefined,
    f.reviewState ? eq(products.reviewState, f.reviewState) : undefined,
    f.sellerId ? eq(products.sellerId, f.sellerId) : undefined,
    f.form ? eq(products.form, f.form) : undefined,
    f.createdFrom ? gte(products.createdAt, f.createdFrom) : undefined,
    f.createdTill ? lte(products.createdAt, f.createdTill) : undefined,
  )
  const key = allProductsSort[params.sortKey ?? 'id']
  const rows = await db.select({
    id: products.id, name: products.name, form: products.form, sellerId: products.sellerId, sellerUsername: sellers.username,
    publishState: products.publishState, reviewState: products.reviewState, reviewReason: products.reviewReason, createdAt: products.createdAt,
  }).from(products).innerJoin(sellers, eq(sellers.id, products.sellerId)).where(where)
    .orderBy(params.sortDir === 'asc' ? asc(key) : desc(key), desc(products.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(products).where(where)
  const [all] = await db.select({ n: count() }).from(products)
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

/** Listed in the shop: published, not archived, not hidden and without an access password (docs/reference/readings.md 11). */
const listedInShop = and(
  eq(products.publishState, 'published'), isNull(products.archivedAt), eq(products.hiddenInShop, false),
  or(isNull(products.accessPassword), eq(products.accessPassword, '')),
)

export async function listShopProducts(db: Executor, sellerId: number, params: { offset: number; limit: number; query?: string }) {
  const where = and(eq(products.sellerId, sellerId), listedInShop, params.query ? ilike(products.name, containsPattern(params.query)) : undefined)
  const rows = await db.select().from(products).where(where)
    .orderBy(asc(products.position), desc(products.createdAt), desc(products.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(products).where(where)
  const [all] = await db.select({ n: count() }).from(products).where(and(eq(products.sellerId, sellerId), listedInShop))
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

/** Of `ids`, the seller's products the shop lists (as listShopProducts: published, not archived, not hidden, no password). */
export async function listedProductIds(db: Executor, sellerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: products.id }).from(products).where(and(eq(products.sellerId, sellerId), listedInShop, inArray(products.id, [...ids])))
  return new Set(rows.map((r) => r.id))
}

/** The seller's feature flags as set (plan, then the seller's own overrides); a flag not set takes its default. */
export async function findSellerFeatures(db: Executor, sellerId: number): Promise<Record<string, boolean>> {
  const [row] = await db.select({ features: sellerEffectiveFeatures }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  return row?.features ?? {}
}

/** The seller's payer currencies with the flags that allow them (docs/decisions/0097-payer-currencies.md). */
export async function findPayerCurrencies(db: Executor, sellerId: number): Promise<{ payerCurrencies: string[]; features: Record<string, boolean> }> {
  const [row] = await db.select({ payerCurrencies: sellers.payerCurrencies, features: sellerEffectiveFeatures }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  return row ?? { payerCurrencies: [], features: {} }
}

/** The names a shop header shows: the seller's company or person name (sellerDisplayName in catalog.views). */
export async function findSellerNames(db: Executor, sellerId: number) {
  const [row] = await db.select({ username: sellers.username, company: sellers.company, firstName: users.firstName, lastName: users.lastName, avatar: sellers.avatar, banner: sellers.banner, bio: sellers.bio })
    .from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(eq(sellers.id, sellerId)).limit(1)
  return row
}

/**
 * The listed products of every open shop (seller neither blocked nor deactivated), for the sitemap: the
 * shop's username, the product's slug and when it last changed, shop by shop, at most `limit` rows.
 */
export async function listSitemapProducts(db: Executor, limit: number) {
  return db.select({ sellerId: sellers.id, username: sellers.username, slug: products.slug, updatedAt: products.updatedAt })
    .from(products).innerJoin(sellers, eq(sellers.id, products.sellerId)).innerJoin(users, eq(users.id, sellers.userId))
    .where(and(listedInShop, eq(sellers.blocked, false), eq(users.accountState, 'active')))
    .orderBy(asc(sellers.id), asc(products.position), desc(products.createdAt), desc(products.id)).limit(limit)
}

/** One of the seller's products (not archived) by slug, whatever its publish state: what a buyer still has access to. */
export async function findProductBySlug(db: Executor, sellerId: number, slug: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(and(
    eq(products.sellerId, sellerId), sql`lower(${products.slug}) = lower(${slug})`, isNull(products.archivedAt),
  )).limit(1)
  return row
}

export async function findPublishedProductBySlug(db: Executor, sellerId: number, slug: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(and(
    eq(products.sellerId, sellerId), sql`lower(${products.slug}) = lower(${slug})`, eq(products.publishState, 'published'), isNull(products.archivedAt),
  )).limit(1)
  return row
}

/**
 * Whether `quantity` more would pass the limit of the product or of its ticket type (sold + reserved +
 * quantity > limit). A hint for answering early; the order's conditional update decides.
 */
export function overLimitSql(productId: SqlValue<number>, ticketId: SqlValue<number> | null, quantity: SqlValue<number>): SQL<boolean> {
  const over = (table: typeof products | typeof eventTickets, where: SQL) =>
    sql`exists (select 1 from ${table} where ${where} and ${table.limit} is not null and ${table.soldCount} + ${table.reservedCount} + ${quantity} > ${table.limit})`
  const product = over(products, sql`${products.id} = ${productId}`)
  const ticket = ticketId !== null ? sql` or ${over(eventTickets, sql`${eventTickets.id} = ${ticketId} and ${eventTickets.productId} = ${productId}`)}` : sql``
  return sql<boolean>`(${product}${ticket})`
}

/**
 * A published product with its seller's facts, what VAT needs of them and its relations (loadRelations
 * without categories), in one read: by product id (and seller, when known) or by the shop's username-or-id
 * and the product's slug. Blocked sellers are returned (the caller says "no such shop"); unpublished and
 * archived products are not. With `soldOutFor` (a checkout's ticket type and quantity) the same read says
 * whether that much is still there, so a payer after the last ticket hears it from this one read.
 */
export async function findPublishedProductWithSeller(
  db: Executor, rules: PaymentAccountDeps, by: { productId: number; sellerId?: number } | { seller: string; slug: string },
  soldOutFor?: { ticketId: number | null; quantity: number },
) {
  const variant: PublishedProductVariant = 'productId' in by
    ? { by: by.sellerId !== undefined ? 'product and seller' : 'product', soldOut: !soldOutFor ? 'unasked' : soldOutFor.ticketId === null ? 'product' : 'product and ticket' }
    : { by: isSellerId(by.seller) ? 'shop id or username and slug' : 'shop username and slug', soldOut: 'unasked' }
  const rule = { testMode: rules.settings.paymentsTestMode, connect: Boolean(rules.config.CONNECT_STRIPE_SECRET_KEY), emoney: Boolean(rules.config.MANGOPAY_CLIENT_ID) }
  const key = `${variant.by}/${variant.soldOut}/${rule.testMode}/${rule.connect}/${rule.emoney}`
  let query = publishedProductQueries.get(key)
  if (!query) publishedProductQueries.set(key, query = publishedProductQuery(variant, rules))
  const [row] = await query(db, 'productId' in by
    ? { productId: by.productId, sellerId: by.sellerId, ticketId: soldOutFor?.ticketId, quantity: soldOutFor?.quantity }
    : { seller: by.seller, sellerNumber: isSellerId(by.seller) ? Number(by.seller) : null, slug: by.slug })
  return row ? { ...row, relations: relationsOf(row.relations) } : undefined
}

/** Which of findPublishedProductWithSeller's statements a call needs: how the product is found, and the sold-out check (and the configuration the seller's facts depend on). */
type PublishedProductVariant = {
  by: 'product' | 'product and seller' | 'shop id or username and slug' | 'shop username and slug'
  soldOut: 'unasked' | 'product' | 'product and ticket'
}

// This read runs for every checkout and every product page: each variant's SQL is built once (per payment configuration).
const publishedProductQueries = new Map<string, ReturnType<typeof publishedProductQuery>>()

function publishedProductQuery(variant: PublishedProductVariant, rules: PaymentAccountDeps) {
  const published = and(eq(products.publishState, 'published'), isNull(products.archivedAt))
  const slugMatch = sql`lower(${products.slug}) = lower(${param('slug')})`
  const where = {
    'product': and(eq(products.id, param('productId')), published),
    'product and seller': and(eq(products.id, param('productId')), eq(products.sellerId, param('sellerId')), published),
    'shop id or username and slug': and(sellerMatch(param('seller'), param('sellerNumber')), slugMatch, published),
    'shop username and slug': and(sellerMatch(param('seller'), null), slugMatch, published),
  }[variant.by]
  const soldOut = variant.soldOut === 'unasked' ? sql<boolean>`false`
    : overLimitSql(param('productId'), variant.soldOut === 'product and ticket' ? param('ticketId') : null, param('quantity'))
  return reusableQuery((db) => db.select({
    product: products, seller: sellerFacts(rules),
    tax: { countryCode: sellers.countryCode, profile: sellers.profile, company: sellers.company, features: sellerEffectiveFeatures, firstName: users.firstName, lastName: users.lastName, payerCurrencies: sellers.payerCurrencies },
    soldOut: soldOut.mapWith(Boolean),
    relations: relationsSql(sql`array[${products.id}]::int[]`, { categories: false }),
  }).from(products).innerJoin(sellers, eq(sellers.id, products.sellerId)).innerJoin(users, eq(users.id, sellers.userId)).where(where).limit(1))
}

export async function findPublishedProductsByIds(db: Executor, sellerId: number, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return []
  return db.select().from(products).where(and(eq(products.sellerId, sellerId), inArray(products.id, [...ids]), eq(products.publishState, 'published'), isNull(products.archivedAt)))
}
