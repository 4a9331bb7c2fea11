import { AppError } from '../../../shared/errors'
import type { SellerFeaturesOutput } from '../../../shared/schemas/features'
import { actingSellerId, assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import { sellerFeatureStates } from '../../feature-flags'

// A seller's feature flags with their sources, as the seller and the managers read them
// (docs/decisions/0077-feature-flags.md; the reads and the managers' write: src/server/feature-flags.ts).

async function statesOf(ctx: Ctx, sellerId: number): Promise<SellerFeaturesOutput> {
  const states = await sellerFeatureStates(ctx.db, sellerId)
  if (!states) throw new AppError('not_found', 'This seller does not exist')
  return states
}

/** GET /cabinet/features: the acting seller's flags. */
export async function cabinetFeatures(ctx: Ctx): Promise<SellerFeaturesOutput> {
  return statesOf(ctx, actingSellerId(ctx.actor, 'settings.read'))
}

/** GET /admin/sellers/{id}/features. */
export async function adminSellerFeatures(ctx: Ctx, sellerId: number): Promise<SellerFeaturesOutput> {
  assertCan(ctx.actor, 'admin.read')
  return statesOf(ctx, sellerId)
}
