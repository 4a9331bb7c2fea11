import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { deals, pricingPlans, products, sellers } from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'

// The deals module's SQL: the deals table, read with its product and pricing plan (docs/decisions/0054-sales-team-and-deals.md).

export type DealRow = typeof deals.$inferSelect
export type DealWithOffer = DealRow & {
  productName: string; productSlug: string; planName: string | null; planForm: string; currency: string; planInterval: string | null; planPaymentsCount: number | null
  /** The product's and the plan's texts per language (docs/decisions/0095-product-translations.md), for the payer's link. */
  productTranslations: unknown; planTranslations: unknown
}

const withOffer = {
  deal: deals, productName: products.name, productSlug: products.slug, planName: pricingPlans.name, planForm: pricingPlans.form,
  currency: pricingPlans.currencyId, planInterval: pricingPlans.interval, planPaymentsCount: pricingPlans.paymentsCount,
  productTranslations: products.translations, planTranslations: pricingPlans.translations,
}
type Joined = {
  deal: DealRow; productName: string; productSlug: string; planName: string | null; planForm: string; currency: string; planInterval: string | null; planPaymentsCount: number | null
  productTranslations: unknown; planTranslations: unknown
}
const flat = (r: Joined): DealWithOffer => ({
  ...r.deal, productName: r.productName, productSlug: r.productSlug, planName: r.planName, planForm: r.planForm, currency: r.currency,
  planInterval: r.planInterval, planPaymentsCount: r.planPaymentsCount, productTranslations: r.productTranslations, planTranslations: r.planTranslations,
})

function joined(db: Executor) {
  return db.select(withOffer).from(deals)
    .innerJoin(products, eq(products.id, deals.productId))
    .innerJoin(pricingPlans, eq(pricingPlans.id, deals.pricingPlanId))
}

export async function insertDeal(db: Executor, values: typeof deals.$inferInsert): Promise<DealRow> {
  const [row] = await db.insert(deals).values(values).returning()
  return row!
}

export async function updateDeal(db: Executor, id: number, values: Partial<typeof deals.$inferInsert>): Promise<DealRow> {
  const [row] = await db.update(deals).set({ ...values, updatedAt: sql`now()` }).where(eq(deals.id, id)).returning()
  return row!
}

/** The seller's deal (and, for a sales team member, only their own), locked on request. */
export async function findForSeller(db: Executor, sellerId: number, id: number, options: { salesTeamMemberId?: number | undefined; lock?: boolean } = {}): Promise<DealRow | undefined> {
  const conditions = [eq(deals.id, id), eq(deals.sellerId, sellerId)]
  if (options.salesTeamMemberId !== undefined) conditions.push(eq(deals.salesTeamMemberId, options.salesTeamMemberId))
  const query = db.select().from(deals).where(and(...conditions)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function findWithOffer(db: Executor, id: number): Promise<DealWithOffer | undefined> {
  const [row] = await joined(db).where(eq(deals.id, id)).limit(1)
  return row ? flat(row) : undefined
}

export async function findByToken(db: Executor, token: string, lock = false): Promise<DealRow | undefined> {
  const query = db.select().from(deals).where(eq(deals.token, token)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function listForSeller(db: Executor, sellerId: number, filter: {
  states?: string[] | undefined; salesTeamMemberId?: number | undefined; productId?: number | undefined; query?: string | undefined; offset: number; limit: number
}) {
  const scope: SQL[] = [eq(deals.sellerId, sellerId)]
  if (filter.salesTeamMemberId !== undefined) scope.push(eq(deals.salesTeamMemberId, filter.salesTeamMemberId))
  const conditions = [...scope]
  if (filter.states?.length) conditions.push(inArray(deals.state, filter.states))
  if (filter.productId !== undefined) conditions.push(eq(deals.productId, filter.productId))
  if (filter.query) {
    const like = containsPattern(filter.query)
    conditions.push(or(ilike(deals.payerEmail, like), ilike(deals.payerFirstName, like), ilike(deals.payerLastName, like), ilike(products.name, like))!)
  }
  const where = and(...conditions)
  const rows = await joined(db).where(where).orderBy(desc(deals.id)).offset(filter.offset).limit(filter.limit)
  const [total] = await db.select({ n: count() }).from(deals).innerJoin(products, eq(products.id, deals.productId)).where(where)
  const [max] = await db.select({ n: count() }).from(deals).where(and(...scope))
  return { rows: rows.map(flat), total: total?.n ?? 0, max: max?.n ?? 0 }
}

/** A seller's product and one of its active plans (the deal's offer), or undefined. */
export async function findOfferOf(db: Executor, sellerId: number, productId: number, planId: number) {
  const [row] = await db.select({ product: products, plan: pricingPlans }).from(pricingPlans)
    .innerJoin(products, eq(products.id, pricingPlans.productId))
    .where(and(eq(pricingPlans.id, planId), eq(pricingPlans.productId, productId), eq(products.sellerId, sellerId), eq(pricingPlans.active, true))).limit(1)
  return row
}

export async function sellerUsername(db: Executor, sellerId: number): Promise<string | undefined> {
  const [row] = await db.select({ username: sellers.username }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  return row?.username
}

export async function findForDealId(db: Executor, id: number): Promise<DealRow | undefined> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id)).limit(1).for('update')
  return row
}

/** The seller's published products with their active plans (what a deal can offer), newest first. */
export async function offersOf(db: Executor, sellerId: number) {
  return db.select({ product: { id: products.id, name: products.name }, plan: pricingPlans }).from(products)
    .innerJoin(pricingPlans, eq(pricingPlans.productId, products.id))
    .where(and(eq(products.sellerId, sellerId), eq(products.publishState, 'published'), eq(pricingPlans.active, true)))
    .orderBy(desc(products.id), pricingPlans.position).limit(2000)
}
