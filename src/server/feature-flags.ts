import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { featureFlags, type FeatureFlag } from '../shared/accounts'
import { featureStates } from '../shared/feature-gates'
import type { FeatureOverridesInput, SellerFeaturesOutput } from '../shared/schemas/features'
import { purchasablePurposes } from '../shared/schemas/platform-plans'
import { grantingSubscriptionStates } from '../shared/states/platform-subscription'
import type { Executor } from './db/client'
import { platformPlans, platformSubscriptions, sellers } from './db/schema'

// A seller's feature flags with their sources (docs/decisions/0077-feature-flags.md): the default of
// src/shared/accounts.ts, under the platform plan the seller is on, under a manager's override (sellers.features).
// Flags cut across every module (the request context reads them, src/server/context.ts checks them), so their
// reads and the managers' write live here beside the context, not in one module. The value in effect is read on
// every request (src/server/db/schema/platform-plans.ts `sellerEffectiveFeatures`); nothing is cached, so a
// flag a manager switches off holds from the seller's next request.

/** The flags a manager set on the seller; undefined: no such seller. */
async function overridesOf(db: Executor, sellerId: number, options: { lock?: boolean } = {}): Promise<Record<string, boolean> | undefined> {
  const query = db.select({ features: sellers.features }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row ? (row.features ?? {}) : undefined
}

/** The plan of the newest subscription that grants its plan's features (the rule of sellerEffectiveFeatures). */
async function currentPlan(db: Executor, sellerId: number) {
  const [row] = await db.select({ id: platformPlans.id, name: platformPlans.name, features: platformPlans.features }).from(platformSubscriptions)
    .innerJoin(platformPlans, eq(platformPlans.id, platformSubscriptions.planId))
    .where(and(eq(platformSubscriptions.sellerId, sellerId), inArray(platformSubscriptions.state, [...grantingSubscriptionStates])))
    .orderBy(desc(platformSubscriptions.id)).limit(1)
  return row
}

/** Plans a seller may buy (public and trial, not archived) with the flags they grant or withhold. */
async function buyablePlans(db: Executor) {
  return db.select({ id: platformPlans.id, name: platformPlans.name, features: platformPlans.features }).from(platformPlans)
    .where(and(inArray(platformPlans.purpose, [...purchasablePurposes]), eq(platformPlans.archived, false))).orderBy(asc(platformPlans.position), asc(platformPlans.id))
}

/** Every flag of the seller: value, source, the plan's and the override's values, and which buyable plans grant it. Undefined: no such seller. */
export async function sellerFeatureStates(db: Executor, sellerId: number): Promise<SellerFeaturesOutput | undefined> {
  const overrides = await overridesOf(db, sellerId)
  if (overrides === undefined) return undefined
  const [plan, buyable] = [await currentPlan(db, sellerId), await buyablePlans(db)]
  return {
    seller_id: sellerId,
    platform_plan: plan ? { id: plan.id, name: plan.name } : null,
    features: featureStates(plan?.features, overrides).map((state) => ({
      ...state,
      unlocked_by: buyable.filter((p) => p.features[state.flag] ?? featureFlags[state.flag]).map((p) => ({ id: p.id, name: p.name })),
    })),
  }
}

/**
 * A manager's change of a seller's flags, inside the caller's transaction: true or false overrides, null removes
 * the override (back to the plan's value or the default); flags left out keep theirs. False when no such seller.
 */
export async function setSellerFeatures(tx: Executor, sellerId: number, changes: FeatureOverridesInput, now: Date): Promise<boolean> {
  const current = await overridesOf(tx, sellerId, { lock: true })
  if (current === undefined) return false
  const next: Record<string, boolean> = { ...current }
  for (const [flag, value] of Object.entries(changes) as [FeatureFlag, boolean | null | undefined][]) {
    if (value === undefined) continue
    if (value === null) delete next[flag]
    else next[flag] = value
  }
  await tx.update(sellers).set({ features: next, updatedAt: now }).where(eq(sellers.id, sellerId))
  return true
}
