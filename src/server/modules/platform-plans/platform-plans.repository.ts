import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { platformPlanOwner, platformPlanPrices, platformPlans, platformPromos, platformSubscriptions, sellers } from '../../db/schema'
import { grantingSubscriptionStates } from '../../../shared/states/platform-subscription'
import { containsPattern } from '../../db/like-pattern'
import { param, reusableQuery } from '../../db/fast-path'

// The platform-plans module's SQL (docs/decisions/0055-platform-plans.md). Writes only its own tables.

export type PlanRow = typeof platformPlans.$inferSelect
export type PriceRow = typeof platformPlanPrices.$inferSelect
export type PromoRow = typeof platformPromos.$inferSelect
export type SubscriptionRow = typeof platformSubscriptions.$inferSelect

export async function ownerSellerId(db: Executor): Promise<number | null> {
  const [row] = await db.select({ sellerId: platformPlanOwner.sellerId }).from(platformPlanOwner).where(eq(platformPlanOwner.id, 1))
  return row?.sellerId ?? null
}

export async function setOwner(db: Executor, sellerId: number): Promise<void> {
  await db.insert(platformPlanOwner).values({ id: 1, sellerId }).onConflictDoNothing()
}

export async function insertPlan(db: Executor, values: typeof platformPlans.$inferInsert): Promise<PlanRow> {
  const [row] = await db.insert(platformPlans).values(values).returning()
  return row!
}

export async function updatePlan(db: Executor, id: number, values: Partial<typeof platformPlans.$inferInsert>): Promise<void> {
  await db.update(platformPlans).set(values).where(eq(platformPlans.id, id))
}

export async function findPlan(db: Executor, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(platformPlans).where(eq(platformPlans.id, id))
  return row
}

export async function findPlanByName(db: Executor, name: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(platformPlans).where(eq(platformPlans.name, name)).limit(1)
  return row
}

export async function findPlanByProduct(db: Executor, productId: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(platformPlans).where(eq(platformPlans.productId, productId)).limit(1)
  return row
}

/** Plans filtered by purpose, by having a price in a billing cycle, by archived, and by a name query. */
export async function listPlans(db: Executor, filters: { purpose?: string; purposes?: readonly string[]; billingCycle?: string; archived?: boolean; query?: string }, page: { offset: number; limit: number }) {
  const where: SQL[] = []
  if (filters.purpose) where.push(eq(platformPlans.purpose, filters.purpose))
  if (filters.purposes) where.push(inArray(platformPlans.purpose, [...filters.purposes]))
  if (filters.archived !== undefined) where.push(eq(platformPlans.archived, filters.archived))
  if (filters.billingCycle) where.push(sql`exists (select 1 from platform_plan_prices p where p.plan_id = ${platformPlans.id} and p.billing_cycle = ${filters.billingCycle})`)
  if (filters.query) where.push(sql`${platformPlans.name} ilike ${containsPattern(filters.query)}`)
  const condition = where.length ? and(...where) : undefined
  const rows = await db.select().from(platformPlans).where(condition).orderBy(asc(platformPlans.position), asc(platformPlans.id)).offset(page.offset).limit(page.limit)
  const [total] = await db.select({ n: count() }).from(platformPlans).where(condition)
  const [max] = await db.select({ n: count() }).from(platformPlans)
  return { rows, total: total?.n ?? 0, max: max?.n ?? 0 }
}

export async function pricesOf(db: Executor, planIds: readonly number[]): Promise<PriceRow[]> {
  if (planIds.length === 0) return []
  return db.select().from(platformPlanPrices).where(inArray(platformPlanPrices.planId, [...planIds])).orderBy(asc(platformPlanPrices.id))
}

export async function upsertPrice(db: Executor, values: typeof platformPlanPrices.$inferInsert): Promise<void> {
  await db.insert(platformPlanPrices).values(values).onConflictDoUpdate({
    target: [platformPlanPrices.planId, platformPlanPrices.billingCycle],
    set: { amount: values.amount, currency: values.currency, pricingPlanId: values.pricingPlanId },
  })
}

export async function deletePrice(db: Executor, planId: number, billingCycle: string): Promise<void> {
  await db.delete(platformPlanPrices).where(and(eq(platformPlanPrices.planId, planId), eq(platformPlanPrices.billingCycle, billingCycle)))
}

// ---------------------------------------------------------------- promos

export async function insertPromo(db: Executor, values: typeof platformPromos.$inferInsert): Promise<PromoRow> {
  const [row] = await db.insert(platformPromos).values(values).returning()
  return row!
}

export async function findPromoByToken(db: Executor, token: string, options: { lock?: boolean } = {}): Promise<PromoRow | undefined> {
  const query = db.select().from(platformPromos).where(eq(platformPromos.token, token))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function findPromo(db: Executor, id: number): Promise<PromoRow | undefined> {
  const [row] = await db.select().from(platformPromos).where(eq(platformPromos.id, id))
  return row
}

export async function countPromoUse(db: Executor, id: number): Promise<void> {
  await db.update(platformPromos).set({ usesCount: sql`${platformPromos.usesCount} + 1` }).where(eq(platformPromos.id, id))
}

export async function listPromos(db: Executor, page: { offset: number; limit: number }) {
  const rows = await db.select().from(platformPromos).orderBy(desc(platformPromos.id)).offset(page.offset).limit(page.limit)
  const [total] = await db.select({ n: count() }).from(platformPromos)
  return { rows, total: total?.n ?? 0 }
}

// ---------------------------------------------------------------- subscriptions

export async function insertSubscription(db: Executor, values: typeof platformSubscriptions.$inferInsert): Promise<SubscriptionRow | undefined> {
  const [row] = await db.insert(platformSubscriptions).values(values).onConflictDoNothing().returning()
  return row
}

export async function updateSubscription(db: Executor, id: number, values: Partial<typeof platformSubscriptions.$inferInsert>): Promise<SubscriptionRow> {
  const [row] = await db.update(platformSubscriptions).set(values).where(eq(platformSubscriptions.id, id)).returning()
  return row!
}

// Every charge asks it (is this order a platform plan's?): built once, with and without the lock.
const subscriptionByOrderQuery = reusableQuery((db) => db.select().from(platformSubscriptions).where(eq(platformSubscriptions.orderId, param('orderId'))))
const lockedSubscriptionByOrderQuery = reusableQuery((db) => db.select().from(platformSubscriptions).where(eq(platformSubscriptions.orderId, param('orderId'))).for('update'))

export async function findSubscriptionByOrder(db: Executor, orderId: number, options: { lock?: boolean } = {}): Promise<SubscriptionRow | undefined> {
  const [row] = await (options.lock ? lockedSubscriptionByOrderQuery : subscriptionByOrderQuery)(db, { orderId })
  return row
}

export async function findSubscription(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(platformSubscriptions).where(eq(platformSubscriptions.id, id))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** The seller's subscriptions in these states, newest first (locked: the seller's plan changes one at a time). */
export async function subscriptionsOfSeller(db: Executor, sellerId: number, states: readonly string[], options: { lock?: boolean } = {}): Promise<SubscriptionRow[]> {
  const query = db.select().from(platformSubscriptions)
    .where(and(eq(platformSubscriptions.sellerId, sellerId), inArray(platformSubscriptions.state, [...states]))).orderBy(desc(platformSubscriptions.id))
  return options.lock ? query.for('update') : query
}

/** The newest subscription that grants its plan's features: the seller's plan (the same rule as sellerEffectiveFeatures). */
export async function currentSubscription(db: Executor, sellerId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await subscriptionsOfSeller(db, sellerId, grantingSubscriptionStates)
  return row
}

/** Canceled subscriptions whose paid period is over (the sweep). */
export async function canceledDue(db: Executor, now: Date, limit = 200): Promise<SubscriptionRow[]> {
  return db.select().from(platformSubscriptions)
    .where(and(eq(platformSubscriptions.state, 'canceled'), lte(platformSubscriptions.endsAt, now))).orderBy(asc(platformSubscriptions.id)).limit(limit)
}

export async function sellerCountry(db: Executor, sellerId: number): Promise<string | null> {
  const [row] = await db.select({ countryCode: sellers.countryCode, userId: sellers.userId }).from(sellers).where(eq(sellers.id, sellerId))
  return row?.countryCode ?? null
}
