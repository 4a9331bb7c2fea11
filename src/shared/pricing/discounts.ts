import { z } from 'zod'
import { roundHalfUp } from '../money'

// Discounts (docs/reference/catalogue-and-selling.md §3 and §9). `value` is minor units for a currency discount and basis points
// for a percent discount (1 % = 100, docs/reference/readings.md 13): a 12.5 % discount has value 1250.

export const discountValueForms = ['currency', 'percents'] as const
export type DiscountValueForm = (typeof discountValueForms)[number]

export type Discount = {
  readonly active: boolean
  /** How many orders may use it; null or absent: no limit. A limit of 0 lets no order use it. */
  readonly limit?: number | null
  readonly value: number
  readonly valueForm: DiscountValueForm
  /** Orders that have used it so far. */
  readonly ordersCount: number
}

/** docs/reference/catalogue-and-selling.md §9: a discount applies only if it is active and ordersCount is below the limit (or no limit). */
export function discountApplies(discount: Discount): boolean {
  if (!discount.active) return false
  return discount.limit === null || discount.limit === undefined || discount.ordersCount < discount.limit
}

/** The amount taken off `amount` by a discount that applies; 0 if it does not apply. Never more than `amount`. */
export function discountAmount(amount: number, discount: Discount | null | undefined): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amount must be a whole number >= 0, got ${amount}`)
  if (discount === null || discount === undefined || !discountApplies(discount)) return 0
  const { value } = discount
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`discount value must be a whole number >= 0, got ${value}`)
  // docs/reference/readings.md 13: a percent discount is rounded half-up to a whole minor unit ("rounded to 2 decimals"
  // in the spec's words, for a two-decimal currency), by the one rounding function.
  const off = discount.valueForm === 'currency' ? value : roundHalfUp(BigInt(amount) * BigInt(value), 10_000)
  return Math.min(off, amount)
}

/**
 * docs/reference/catalogue-and-selling.md §9: the price with a discount. A currency discount is subtracted, not below 0; a percent
 * discount reduces by that percent of the amount, rounded half-up to a whole minor unit. A discount that
 * does not apply (inactive, or its limit used up) leaves the amount as it is.
 */
export function priceWithDiscount(amount: number, discount: Discount | null | undefined): number {
  return amount - discountAmount(amount, discount)
}

/**
 * The discount for an amount in `currencyId`: a percent discount fits every currency; a currency discount
 * only amounts of its own currency (a discount in eur says nothing about a price in usd). Null when it
 * does not fit, so `priceWithDiscount` leaves the amount as it is.
 */
export function discountInCurrency<D extends Discount & { readonly currencyId?: string | null }>(
  discount: D | null | undefined, currencyId: string | null | undefined,
): D | null {
  if (!discount) return null
  if (discount.valueForm === 'percents') return discount
  return currencyId !== null && currencyId !== undefined && discount.currencyId === currencyId ? discount : null
}

export const zDiscountValueForm = z.enum(discountValueForms, {
  error: (issue) => (issue.input === undefined ? 'required' : 'invalid_value'),
})
