import type { ProductForm } from './product-forms'
import { productStatusKeys, type ProductStatus, type PublishState, type ReviewState } from './product-states'

// Why a product cannot sell (docs/reference/catalogue-and-selling.md §8), computed in one place from plain facts, so the product
// list's warnings, the CSV column `sell` (docs/reference/readings.md 11), the shop and checkout all agree.

/** The facts about a product that decide its statuses. Counts are whole numbers >= 0. */
export type ProductStatusInput = {
  readonly form: ProductForm
  readonly free: boolean
  /** Either the publish state, or only whether it is published; the state wins when both are given. */
  readonly publishState?: PublishState
  readonly published?: boolean
  readonly archived: boolean
  readonly accessPassword?: string | null
  /** The seller hid it from the shop (pages step, docs/reference/readings.md 29). */
  readonly hiddenInShop?: boolean
  /** How many may be sold; null or absent: no limit. */
  readonly limit?: number | null
  readonly soldCount: number
  /** Held while payers pay (docs/reference/readings.md 4). */
  readonly reservedCount: number
  /** For event tickets, the plans of its tickets (their prices live there, docs/reference/catalogue-and-selling.md §3). */
  readonly pricingPlansCount: number
  readonly anyPaymentMethodActive: boolean
  /** A download has files to deliver. */
  readonly hasDigitals: boolean
  readonly productAddonsCount: number
  readonly activeTicketsCount: number
  readonly reviewState: ReviewState
  /** The product passed its checks (review result "not valid" when false). */
  readonly valid: boolean
}

/** The seller flags of docs/reference/catalogue-and-selling.md §3, as docs/reference/readings.md 23 defines them. */
export type SellerFlags = {
  readonly canSell: boolean
  readonly powerSeller: boolean
  readonly paymentAccountDone: boolean
}

/**
 * The statuses that stop a sale. Every status but one: has_access_password only keeps the product out of
 * the shop (it is private, docs/reference/readings.md 11); a payer who has the password can buy it.
 */
export const sellBlockingStatuses: readonly ProductStatus[] = Object.freeze([
  'not_valid', 'no_active_pay_method', 'no_pricing_plans', 'limit_reached', 'on_review', 'rejected', 'not_reviewed', 'not_active',
  'no_active_events', 'no_digitals', 'finish_registration', 'no_products', 'is_archived',
])
const blocking: ReadonlySet<ProductStatus> = new Set(sellBlockingStatuses)

export function isSellBlocking(status: ProductStatus): boolean {
  return blocking.has(status)
}

export function isPublished(product: Pick<ProductStatusInput, 'publishState' | 'published'>): boolean {
  return product.publishState !== undefined ? product.publishState === 'published' : product.published === true
}

/** docs/reference/readings.md 4: sold out ("limit reached") when sold + reserved is at least the limit; no limit, never. */
export function isSoldOut(product: Pick<ProductStatusInput, 'limit' | 'soldCount' | 'reservedCount'>): boolean {
  const { limit } = product
  return limit !== null && limit !== undefined && product.soldCount + product.reservedCount >= limit
}

/** How many are left to sell; null for no limit. */
export function remainingStock(product: Pick<ProductStatusInput, 'limit' | 'soldCount' | 'reservedCount'>): number | null {
  const { limit } = product
  return limit === null || limit === undefined ? null : Math.max(0, limit - product.soldCount - product.reservedCount)
}

/** docs/reference/readings.md 11: private = not listed in the shop (hidden, or protected by an access password). */
export function isPrivate(product: Pick<ProductStatusInput, 'accessPassword' | 'hiddenInShop'>): boolean {
  return product.hiddenInShop === true || hasAccessPassword(product)
}

function hasAccessPassword(product: Pick<ProductStatusInput, 'accessPassword'>): boolean {
  return typeof product.accessPassword === 'string' && product.accessPassword.length > 0
}

/** The review status of a power seller's product (docs/reference/catalogue-and-selling.md §8: review messages for power sellers only). */
function reviewStatus(state: ReviewState, free: boolean): ProductStatus | undefined {
  switch (state) {
    case 'rejected':
      return 'rejected'
    case 'in_review':
      return 'on_review'
    case 'not_for_review':
      // Never submitted. A free product needs no review (docs/reference/readings.md 23: free_without_fee).
      return free ? undefined : 'not_reviewed'
    case 'reviewed':
    case 'free_without_fee':
      return undefined
  }
}

/**
 * Every status of a product shown to its seller, in the spec's order (productStatusKeys), per docs/reference/catalogue-and-selling.md
 * §8:
 * - no_active_pay_method: not free, and no payment method active or the payment account not done;
 * - no_pricing_plans: no pricing plan;
 * - limit_reached: sold + reserved >= limit (docs/reference/readings.md 4);
 * - not_valid, on_review, rejected, not_reviewed: the review, for power sellers only;
 * - not_active: not published;
 * - no_active_events: event tickets with no active ticket;
 * - no_digitals: a download without files;
 * - no_products: a bundle or a membership without products (add-ons);
 * - finish_registration: the seller cannot sell and the product is not free;
 * - is_archived; has_access_password.
 */
export function productStatuses(product: ProductStatusInput, seller: SellerFlags): ProductStatus[] {
  const found = new Set<ProductStatus>()
  if (seller.powerSeller) {
    if (!product.valid) found.add('not_valid')
    const review = reviewStatus(product.reviewState, product.free)
    if (review !== undefined) found.add(review)
  }
  if (!product.free && (!product.anyPaymentMethodActive || !seller.paymentAccountDone)) found.add('no_active_pay_method')
  if (product.pricingPlansCount <= 0) found.add('no_pricing_plans')
  if (isSoldOut(product)) found.add('limit_reached')
  if (!isPublished(product)) found.add('not_active')
  if (product.form === 'eventTickets' && product.activeTicketsCount <= 0) found.add('no_active_events')
  if (product.form === 'download' && !product.hasDigitals) found.add('no_digitals')
  // The spec names the bundle; a membership is sold for the products it gives access to, so it too needs one.
  if ((product.form === 'bundle' || product.form === 'membership') && product.productAddonsCount <= 0) found.add('no_products')
  if (!seller.canSell && !product.free) found.add('finish_registration')
  if (product.archived) found.add('is_archived')
  if (hasAccessPassword(product)) found.add('has_access_password')
  return productStatusKeys.filter((status) => found.has(status))
}

/** The product can be bought now: none of its statuses blocks a sale (the CSV column `sell`). */
export function canSell(product: ProductStatusInput, seller: SellerFlags): boolean {
  return productStatuses(product, seller).every((status) => !isSellBlocking(status))
}

/**
 * docs/reference/catalogue-and-selling.md §4: a product can be sold via the shop if canBeSoldViaShop and (it is free or the
 * seller canSell). The product's own canBeSoldViaShop is: it is listed in the shop (not private,
 * docs/reference/readings.md 11) and it can sell now.
 */
export function canBeSoldViaShop(product: ProductStatusInput, seller: SellerFlags): boolean {
  return !isPrivate(product) && canSell(product, seller) && (product.free || seller.canSell)
}
