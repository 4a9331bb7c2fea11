import { randomInt, randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { bpsToPercent, percentToBps } from '../../../shared/money'
import {
  couponTermsIssues, type BulkCouponsInput, type CouponCodeType, type CouponListQuery, type CouponOutput, type CreateCouponInput,
  type UpdateCouponInput,
} from '../../../shared/schemas/coupons'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as catalog from '../catalog/catalog.service'
import * as repo from './coupons.repository'

// Coupons of the acting seller (docs/reference/catalogue-and-selling.md §3). Percents arrive as a whole percent and are
// stored as basis points (docs/reference/readings.md 13); currency values are minor units. Scoped products must be the
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

// ------------------------------------------------------------------ for the order store and the checkout page
// (applying a coupon at checkout is ./apply-coupon.service.ts)

/** Gives a use back when its order ended unpaid. */
export async function releaseCoupon(tx: Executor, couponId: number): Promise<void> {
  await repo.decrementCouponUse(tx, couponId)
}

export async function sellerHasActiveCoupons(db: Executor, sellerId: number): Promise<boolean> {
  return repo.hasActiveCoupons(db, sellerId)
}
