import { featureFlags, type FeatureFlag } from '../../../shared/accounts'
import { AppError } from '../../../shared/errors'
import { featureStates } from '../../../shared/feature-gates'
import type { FeatureOverridesInput, SellerFeaturesOutput } from '../../../shared/schemas/features'
import { purchasablePurposes } from '../../../shared/schemas/platform-plans'
import { actingSellerId, assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as repo from './platform-plans.repository'

// A seller's feature flags with their sources (docs/decisions/0077-feature-flags.md): the default of
// src/shared/accounts.ts, under the platform plan the seller is on, under a manager's override. The value in
// effect is read on every request (src/server/db/schema/platform-plans.ts `sellerEffectiveFeatures`); nothing
// here is cached, so a flag a manager switches off holds from the seller's next request.

/** Every flag of the seller: value, source, the plan's and the override's values, and which buyable plans grant it. */
export async function sellerFeatureStates(db: Executor, sellerId: number): Promise<SellerFeaturesOutput> {
  const overrides = await repo.sellerOverrides(db, sellerId)
  if (overrides === undefined) throw new AppError('not_found', 'This seller does not exist')
  const subscription = await repo.currentSubscription(db, sellerId)
  const plan = subscription ? await repo.findPlan(db, subscription.planId) : undefined
  const buyable = await repo.buyablePlanFeatures(db, purchasablePurposes)
  return {
    seller_id: sellerId,
    platform_plan: plan ? { id: plan.id, name: plan.name } : null,
    features: featureStates(plan?.features, overrides).map((state) => ({
      ...state,
      unlocked_by: buyable.filter((p) => p.features[state.flag] ?? featureFlags[state.flag]).map((p) => ({ id: p.id, name: p.name })),
    })),
  }
}

/** GET /cabinet/features: the acting seller's flags. */
export async function cabinetFeatures(ctx: Ctx): Promise<SellerFeaturesOutput> {
  return sellerFeatureStates(ctx.db, actingSellerId(ctx.actor, 'settings.read'))
}

/** GET /admin/sellers/{id}/features. */
export async function adminSellerFeatures(ctx: Ctx, sellerId: number): Promise<SellerFeaturesOutput> {
  assertCan(ctx.actor, 'admin.read')
  return sellerFeatureStates(ctx.db, sellerId)
}

/**
 * A manager's change of a seller's flags, inside the caller's transaction: true or false overrides, null removes
 * the override (back to the plan's value or the default); flags left out keep theirs. False when no such seller.
 */
export async function setSellerFeatures(tx: Executor, sellerId: number, changes: FeatureOverridesInput, now: Date): Promise<boolean> {
  const current = await repo.sellerOverrides(tx, sellerId, { lock: true })
  if (current === undefined) return false
  const next: Record<string, boolean> = { ...current }
  for (const [flag, value] of Object.entries(changes) as [FeatureFlag, boolean | null | undefined][]) {
    if (value === undefined) continue
    if (value === null) delete next[flag]
    else next[flag] = value
  }
  await repo.setSellerOverrides(tx, sellerId, next, now)
  return true
}
