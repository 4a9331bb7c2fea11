import { AppError } from '../../../shared/errors'
import { discountApplies, type CheckoutCoupon, type Discount, type DiscountValueForm } from '../../../shared/pricing'
import { featureEnabled, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import { guessClientKey, limitGuesses, type GuessLimit } from '../../plugins/rate-limits'
import * as repo from './coupons.repository'

// Applying a coupon at checkout: whether the seller offers coupons, the payer's code checked (with its
// guess limit), and its use counted under a lock in the order's transaction. The seller's own coupon
// management is ./coupons.service.ts; giving a use back when an order ends unpaid is there too.

/** The seller's coupons feature (the product's seller's flag, not the visitor's). */
export function couponsEnabled(seller: { features: Ctx['sellerFeatures'] }): boolean {
  return featureEnabled({ sellerFeatures: seller.features }, 'coupons')
}

/**
 * The coupon a payer's code gives for the product at checkout, in the pricing's shape; null without a code.
 * Throws 422 coupon_invalid when the seller has coupons off or the code does not apply (checkCouponCode).
 */
export async function applyCoupon(
  ctx: Ctx, facts: { seller: { id: number; features: Ctx['sellerFeatures'] }; product: { id: number } }, code: string | undefined,
): Promise<(CheckoutCoupon & { id: number }) | null> {
  if (!code) return null
  if (!couponsEnabled(facts.seller)) throw new AppError('coupon_invalid', 'This coupon code is not valid')
  const found = await checkCouponCode(ctx, { sellerId: facts.seller.id, productId: facts.product.id, code })
  return { id: found.id, code: found.code, discount: found.discount, amountBase: found.amountBase }
}

/** Wrong coupon codes per IP (IPv6 by /64) and shop (docs/decisions/0040-guess-limits.md; RATE_LIMIT_COUPON_*). */
export function couponGuessLimit(config: Ctx['deps']['config']): GuessLimit {
  return { name: 'coupon', failures: config.RATE_LIMIT_COUPON_FAILURES, windowSeconds: config.RATE_LIMIT_COUPON_WINDOW_SECONDS }
}

/** A coupon a payer may use now, with its discount in the shared pricing shape (for priceWithDiscount). */
export type RedeemableCoupon = {
  id: number
  code: string
  discount: Discount & { currencyId: string | null }
  amountBase: string
}

/**
 * The checkout's coupon check: the shop's coupon with this code (any case) that a payer may use now for
 * the product: active, inside its validity window, below its usage limit (the shared discountApplies) and
 * in scope. Anything else answers 422 coupon_invalid without saying why, and counts as a wrong guess for
 * the payer's IP and this shop; past RATE_LIMIT_COUPON_FAILURES in the window every check answers 429
 * with Retry-After (docs/QUALITY.md "abuse"); a usable code does not clear the count
 * (docs/decisions/0040-guess-limits.md). Redeeming (counting the order under a lock) is the checkout's.
 */
export async function checkCouponCode(ctx: Ctx, input: { sellerId: number; productId: number; code: string }): Promise<RedeemableCoupon> {
  const found: { coupon: RedeemableCoupon | null } = { coupon: null }
  await limitGuesses(ctx.deps, couponGuessLimit(ctx.deps.config), `${input.sellerId}:${guessClientKey(ctx.ip)}`, async () => {
    const row = await repo.findCouponByCode(ctx.db, input.sellerId, input.code.trim())
    if (!row) return false
    const discount = {
      active: row.active, limit: row.limit, value: row.value, valueForm: row.discountType as DiscountValueForm, ordersCount: row.ordersCount,
      currencyId: row.currencyId,
    }
    const now = ctx.now.getTime()
    const inWindow = (!row.startsAt || row.startsAt.getTime() <= now) && (!row.endsAt || now < row.endsAt.getTime())
    const inScope = row.scope === 'all_products' || ((await repo.productIdsOf(ctx.db, [row.id])).get(row.id) ?? []).includes(input.productId)
    if (!inWindow || !inScope || !discountApplies(discount)) return false
    found.coupon = { id: row.id, code: row.code, discount, amountBase: row.amountBase }
    return true
  })
  if (!found.coupon) throw new AppError('coupon_invalid', 'This coupon code is not valid')
  return found.coupon
}

/**
 * Counts one use of a coupon for an order, in the order's transaction (docs/QUALITY.md "coupon-race"): one
 * conditional UPDATE that re-checks the limit and the active flag, so a limit of 1 under any number of
 * simultaneous checkouts is redeemed once. Throws 422 coupon_invalid when the coupon was used up meanwhile.
 */
export async function redeemCoupon(tx: Executor, couponId: number): Promise<void> {
  if (!(await repo.incrementCouponUse(tx, couponId))) throw new AppError('coupon_invalid', 'This coupon code is not valid')
}
