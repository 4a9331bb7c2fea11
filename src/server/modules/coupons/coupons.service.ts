import { randomInt, randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { bpsToPercent, percentToBps } from '../../../shared/money'
import { discountApplies, type Discount, type DiscountValueForm } from '../../../shared/pricing'
import {
  couponTermsIssues, type BulkCouponsInput, type CouponCodeType, type CouponListQuery, type CouponOutput, type CreateCouponInput,
  type UpdateCouponInput,
} from '../../../shared/schemas/coupons'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import { limitGuesses, type GuessLimit } from '../../plugins/rate-limits'
import * as catalog from '../catalog/catalog.service'
import * as repo from './coupons.repository'

// Coupons of the acting seller (spec 000 section 3, issue 3). Percents arrive as a whole percent and are
// stored as basis points (SPEC-NOTES 13); currency values are minor units. Scoped products must be the
// seller's own (another seller's product id answers 404 like a missing one).

const notFound = () => new AppError('not_found', 'This coupon does not exist')
const codeTaken = () => new AppError('validation_failed', 'coupon_code_taken', [{ path: 'code', message: 'coupon_code_taken' }])

const alphabets: Record<CouponCodeType, string> = {
  alphabetic: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  numeric: '0123456789',
  alphanumeric: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789',
}

/** A random code from a cryptographically safe source (look-alike letters I, O, 0, 1 left out of letters). */
export function randomCode(type: CouponCodeType, length: number, prefix = ''): string {
  const chars = alphabets[type]
  let code = prefix
  for (let i = 0; i < length; i++) code += chars[randomInt(chars.length)]
  return code
}

function output(row: repo.CouponRow, productIds: number[]): CouponOutput {
  const percents = row.discountType === 'percents'
  return {
    id: row.id, code: row.code, discount_type: row.discountType as CouponOutput['discount_type'],
    value: percents ? bpsToPercent(row.value) : row.value, value_bps: percents ? row.value : null,
    currency_id: row.currencyId, amount_base: row.amountBase as CouponOutput['amount_base'], scope: row.scope as CouponOutput['scope'],
    product_ids: productIds, limit: row.limit, orders_count: row.ordersCount, active: row.active,
    starts_at: row.startsAt?.toISOString() ?? null, ends_at: row.endsAt?.toISOString() ?? null, batch_id: row.batchId,
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

type Terms = Omit<CreateCouponInput, 'code'>

function termValues(terms: Terms) {
  return {
    discountType: terms.discount_type,
    value: terms.discount_type === 'percents' ? percentToBps(terms.value) : terms.value,
    currencyId: terms.discount_type === 'currency' ? (terms.currency_id ?? null) : null,
    amountBase: terms.amount_base, scope: terms.scope, limit: terms.limit ?? null, active: terms.active,
    startsAt: terms.starts_at ? new Date(terms.starts_at) : null, endsAt: terms.ends_at ? new Date(terms.ends_at) : null,
  }
}

async function withProducts(db: Executor, rows: repo.CouponRow[]) {
  const products = await repo.productIdsOf(db, rows.map((r) => r.id))
  return rows.map((row) => output(row, products.get(row.id) ?? []))
}

export async function createCoupon(ctx: Ctx, input: CreateCouponInput): Promise<CouponOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const productIds = input.product_ids ?? []
    await catalog.assertProductsOwned(tx, sellerId, productIds)
    let code = input.code
    if (code !== undefined) {
      if ((await repo.codesTaken(tx, sellerId, [code])).size > 0) throw codeTaken()
    } else {
      do code = randomCode('alphanumeric', 8)
      while ((await repo.codesTaken(tx, sellerId, [code])).size > 0)
    }
    let row: repo.CouponRow
    try {
      row = await repo.insertCoupon(tx, { sellerId, code, ...termValues(input), createdAt: ctx.now, updatedAt: ctx.now })
    } catch (error) {
      if (repo.isCodeTaken(error)) throw codeTaken()
      throw error
    }
    await repo.replaceCouponProducts(tx, row.id, productIds)
    return output(row, [...new Set(productIds)].sort((a, b) => a - b))
  })
}

/** `count` coupons with the same terms and unique generated codes, tagged with one batch id. */
export async function createCouponsInBulk(ctx: Ctx, input: BulkCouponsInput) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const productIds = [...new Set(input.product_ids ?? [])]
    await catalog.assertProductsOwned(tx, sellerId, productIds)
    const batchId = randomUUID()
    const values = termValues(input)
    const created: repo.CouponRow[] = []
    // Codes already taken (or drawn twice) are drawn again; a code space too small to hold them all ends the attempts.
    for (let round = 0; created.length < input.count && round < 20; round++) {
      const codes = new Set<string>()
      for (let i = 0; i < (input.count - created.length) * 2 && codes.size < input.count - created.length; i++) {
        codes.add(randomCode(input.code_type, input.code_length, input.prefix ?? '').toUpperCase())
      }
      const taken = await repo.codesTaken(tx, sellerId, [...codes])
      const fresh = [...codes].filter((code) => !taken.has(code.toLowerCase()))
      created.push(...await repo.insertCouponsSkippingTaken(tx, fresh.map((code) => ({
        sellerId, code, ...values, batchId, createdAt: ctx.now, updatedAt: ctx.now,
      }))))
    }
    if (created.length < input.count) {
      throw new AppError('validation_failed', 'out_of_range', [{ path: 'code_length', message: 'out_of_range' }])
    }
    await repo.insertCouponProducts(tx, created.flatMap((c) => productIds.map((productId) => ({ couponId: c.id, productId }))))
    return { batch_id: batchId, count: created.length, codes: created.map((c) => c.code) }
  })
}

export async function listCoupons(ctx: Ctx, query: CouponListQuery): Promise<ListAnswer<CouponOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const { rows, total, totalMax } = await repo.listCoupons(ctx.db, sellerId, {
    active: query.active, batchId: query.batch_id, query: query.query, sortKey: query.sort_key, sortDir: query.sort_dir,
    offset: (query.page - 1) * query.per, limit: query.per,
  })
  return { list: await withProducts(ctx.db, rows), total_count: total, total_count_max: totalMax }
}

export async function getCoupon(ctx: Ctx, id: number): Promise<CouponOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const row = await repo.findCoupon(ctx.db, sellerId, id)
  if (!row) throw notFound()
  return (await withProducts(ctx.db, [row]))[0]!
}

/** Merges the change into the coupon and checks the merged terms with the same rules as create. */
export async function updateCoupon(ctx: Ctx, id: number, input: UpdateCouponInput): Promise<CouponOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findCoupon(tx, sellerId, id, { lock: true })
    if (!row) throw notFound()
    const current = output(row, (await repo.productIdsOf(tx, [id])).get(id) ?? [])
    const merged: Terms = {
      discount_type: input.discount_type ?? current.discount_type,
      value: input.value ?? current.value,
      currency_id: (input.currency_id !== undefined ? input.currency_id : current.currency_id) as Terms['currency_id'],
      amount_base: input.amount_base ?? current.amount_base,
      scope: input.scope ?? current.scope,
      product_ids: input.product_ids ?? current.product_ids,
      limit: input.limit !== undefined ? input.limit : current.limit,
      active: input.active ?? current.active,
      starts_at: input.starts_at !== undefined ? input.starts_at : current.starts_at,
      ends_at: input.ends_at !== undefined ? input.ends_at : current.ends_at,
    }
    // A switch to percents drops a currency left from before, unless the request sends one.
    if (input.discount_type === 'percents' && input.currency_id === undefined) merged.currency_id = null
    const issues = couponTermsIssues(merged)
    if (issues.length > 0) throw new AppError('validation_failed', issues[0]!.message, issues.map((i) => ({ path: i.path, message: i.message })))
    await catalog.assertProductsOwned(tx, sellerId, merged.product_ids ?? [])
    if (input.code !== undefined && input.code.toLowerCase() !== row.code.toLowerCase() && (await repo.codesTaken(tx, sellerId, [input.code])).size > 0) throw codeTaken()
    try {
      await repo.updateCoupon(tx, id, { ...(input.code !== undefined ? { code: input.code } : {}), ...termValues(merged), updatedAt: ctx.now })
    } catch (error) {
      if (repo.isCodeTaken(error)) throw codeTaken()
      throw error
    }
    if (input.product_ids !== undefined || merged.scope === 'all_products') await repo.replaceCouponProducts(tx, id, merged.scope === 'all_products' ? [] : merged.product_ids ?? [])
    const updated = (await repo.findCoupon(tx, sellerId, id))!
    return (await withProducts(tx, [updated]))[0]!
  })
}

/** A coupon orders used stays for their records: deactivate it instead. */
export async function deleteCoupon(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findCoupon(tx, sellerId, id, { lock: true })
    if (!row) throw notFound()
    if (row.ordersCount > 0) throw new AppError('conflict', 'Orders used this coupon; deactivate it instead')
    await repo.deleteCoupon(tx, id)
  })
}

// ------------------------------------------------------------------ the payer's coupon check (for checkout)

/** Wrong coupon codes per IP and shop (QUALITY "abuse"; RATE_LIMIT_COUPON_*). */
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
 * with Retry-After (QUALITY "abuse"). Redeeming (counting the order under a lock) is the checkout's.
 */
export async function checkCouponCode(ctx: Ctx, input: { sellerId: number; productId: number; code: string }): Promise<RedeemableCoupon> {
  const found: { coupon: RedeemableCoupon | null } = { coupon: null }
  await limitGuesses(ctx.deps, couponGuessLimit(ctx.deps.config), `${input.sellerId}:${ctx.ip}`, async () => {
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
 * Counts one use of a coupon for an order, in the order's transaction (QUALITY "coupon-race"): one
 * conditional UPDATE that re-checks the limit and the active flag, so a limit of 1 under any number of
 * simultaneous checkouts is redeemed once. Throws 422 coupon_invalid when the coupon was used up meanwhile.
 */
export async function redeemCoupon(tx: Executor, couponId: number): Promise<void> {
  if (!(await repo.incrementCouponUse(tx, couponId))) throw new AppError('coupon_invalid', 'This coupon code is not valid')
}

/** Gives a use back when its order ended unpaid. */
export async function releaseCoupon(tx: Executor, couponId: number): Promise<void> {
  await repo.decrementCouponUse(tx, couponId)
}

export async function sellerHasActiveCoupons(db: Executor, sellerId: number): Promise<boolean> {
  return repo.hasActiveCoupons(db, sellerId)
}
