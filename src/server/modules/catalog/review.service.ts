import { AppError } from '../../../shared/errors'
import type { PublishState, ReviewState } from '../../../shared/catalog'
import type { FeatureOverridesInput } from '../../../shared/schemas/features'
import type { ListQuery } from '../../../shared/schemas/lists'
import { assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as sellerFeatures from '../../feature-flags'
import * as repo from './catalog.repository'
import { moveStates } from './catalog.service'

// The managers' review of power sellers' products (docs/reference/readings.md 23) and the seller flags they set.
// publish_pending -> in_review -> published (reviewed) or rejected; a published product's approval can
// be revoked; a published product can be taken down (admin_unpublished) and restored. Every move goes
// through the transition tables (catalog.service moveStates).

const notFound = () => new AppError('not_found', 'This product does not exist')

export async function reviewQueue(ctx: Ctx, query: ListQuery) {
  assertCan(ctx.actor, 'admin.read')
  const { rows, total, totalMax } = await repo.listReviewQueue(ctx.db, { offset: (query.page - 1) * query.per, limit: query.per, query: query.query })
  return {
    list: rows.map(({ product, sellerUsername }) => ({
      id: product.id, name: product.name, form: product.form as never, seller_id: product.sellerId, seller_username: sellerUsername,
      publish_state: product.publishState as PublishState, review_state: product.reviewState as ReviewState, updated_at: product.updatedAt.toISOString(),
    })),
    total_count: total,
    total_count_max: totalMax,
  }
}

const decision = (p: repo.ProductRow) => ({
  id: p.id, publish_state: p.publishState as PublishState, review_state: p.reviewState as ReviewState, review_reason: p.reviewReason,
})

/** A request still waiting is taken into review first (publish_pending -> in_review). */
async function takeIntoReview(tx: Executor, product: repo.ProductRow, now: Date) {
  return product.publishState === 'publish_pending' ? moveStates(tx, product, { publish: 'in_review' }, now) : product
}

async function lockedProduct(tx: Executor, id: number) {
  const product = await repo.findProductById(tx, id, { lock: true })
  if (!product) throw notFound()
  return product
}

export async function approve(ctx: Ctx, id: number) {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const product = await takeIntoReview(tx, await lockedProduct(tx, id), ctx.now)
    return decision(await moveStates(tx, product, { publish: 'published', review: 'reviewed', reason: null }, ctx.now))
  })
}

export async function reject(ctx: Ctx, id: number, reason: string) {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const product = await takeIntoReview(tx, await lockedProduct(tx, id), ctx.now)
    return decision(await moveStates(tx, product, { publish: 'rejected', review: 'rejected', reason }, ctx.now))
  })
}

/** Withdraws the approval of a published product; the seller fixes it and asks for review again. */
export async function revoke(ctx: Ctx, id: number, reason: string | null = null) {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const product = await lockedProduct(tx, id)
    const review: ReviewState | undefined = product.reviewState === 'reviewed' ? 'rejected' : undefined
    return decision(await moveStates(tx, product, { publish: 'revoked', ...(review ? { review } : {}), reason }, ctx.now))
  })
}

/**
 * Takes a published product down (published -> admin_unpublished through the transition table; any other
 * state answers 409). The reason is stored as the product's review_reason, which the seller sees; taking
 * down a product already down only replaces the reason. The seller cannot publish it again (catalog.service).
 */
export async function takeDown(ctx: Ctx, id: number, reason: string) {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const product = await lockedProduct(tx, id)
    return decision(await moveStates(tx, product, { publish: 'admin_unpublished', reason }, ctx.now))
  })
}

/** Lifts a take-down: admin_unpublished -> unpublished, reason cleared; the seller may publish again. */
export async function restore(ctx: Ctx, id: number) {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const product = await lockedProduct(tx, id)
    if (product.publishState !== 'admin_unpublished') throw new AppError('conflict', 'This product is not taken down')
    return decision(await moveStates(tx, product, { publish: 'unpublished', reason: null }, ctx.now))
  })
}

export async function updateSellerFlags(ctx: Ctx, sellerId: number, input: { power_seller?: boolean; blocked?: boolean; features?: FeatureOverridesInput }) {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    if (input.features && !(await sellerFeatures.setSellerFeatures(tx, sellerId, input.features, ctx.now))) throw new AppError('not_found', 'This seller does not exist')
    const updated = await repo.updateSellerFlags(tx, sellerId, {
      ...(input.power_seller !== undefined ? { powerSeller: input.power_seller } : {}),
      ...(input.blocked !== undefined ? { blocked: input.blocked } : {}),
    }, ctx.now)
    if (!updated) throw new AppError('not_found', 'This seller does not exist')
    const seller = (await repo.findSeller(tx, ctx.deps, sellerId))!
    return {
      id: seller.id, username: seller.username, power_seller: seller.powerSeller, blocked: seller.blocked,
      payment_account_done: seller.paymentAccountDone, profile_finished: seller.profileFinished,
      features: (await sellerFeatures.sellerFeatureStates(tx, sellerId))!.features,
    }
  })
}
