import { AppError } from '../../../shared/errors'
import { percentToBps } from '../../../shared/money'
import type { DiscountInput, DiscountOutput } from '../../../shared/schemas/discounts'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as repo from './catalog.repository'
import { ownedProduct } from './catalog.service'
import { discountOutput } from './catalog.views'

// A product's discount (docs/reference/catalogue-and-selling.md §3 "Discount"; docs/decisions/0014-discounts-per-product.md): one per product, set, read and cleared
// by its seller. The product answers show prices with it through the shared priceWithDiscount
// (catalog.views `withDiscount`); orders count it up (checkout issue) and it stops applying at its limit.

const noDiscount = () => new AppError('not_found', 'This product has no discount')

export async function getDiscount(ctx: Ctx, productId: number): Promise<DiscountOutput> {
  const product = await ownedProduct(ctx.db, actingSellerId(ctx.actor, 'products.read'), productId)
  const row = await repo.findDiscount(ctx.db, product.id)
  if (!row) throw noDiscount()
  return discountOutput(row)
}

/** Sets the terms (percent given as a whole percent, stored as basis points); orders counted so far stay. */
export async function setDiscount(ctx: Ctx, productId: number, input: DiscountInput): Promise<DiscountOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const product = await ownedProduct(tx, sellerId, productId, { lock: true })
    const percents = input.value_form === 'percents'
    const row = await repo.saveDiscount(tx, product.id, {
      active: input.active, limit: input.limit ?? null, valueForm: input.value_form,
      value: percents ? percentToBps(input.value) : input.value, currencyId: percents ? null : input.currency_id ?? null,
    }, ctx.now)
    await repo.updateProduct(tx, product.id, { updatedAt: ctx.now })
    return discountOutput(row)
  })
}

export async function clearDiscount(ctx: Ctx, productId: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  await ctx.db.transaction(async (tx) => {
    const product = await ownedProduct(tx, sellerId, productId, { lock: true })
    if (!(await repo.deleteDiscount(tx, product.id))) throw noDiscount()
    await repo.updateProduct(tx, product.id, { updatedAt: ctx.now })
  })
}
