import { convertAmount, type CurrencyId } from '../money'
import type { CheckoutCoupon } from './checkout-price'
import type { Discount } from './discounts'
import type { PricingPlan } from './plan'

// A plan priced in one currency, offered in the payer's (docs/decisions/0097-payer-currencies.md): every amount of
// the plan is converted once at the order's rate and rounded to the target currency's minor unit, so the order,
// its later rates and its refunds stay in one currency and never meet the rate again.

/** The conversion a checkout applies: from the plans' currency into the payer's, at `rate` (a decimal string). */
export type PriceConversion = { from: CurrencyId; to: CurrencyId; rate: string }

/** The plan with every amount in `conversion.to` (custom intervals too); a plan in another currency is left alone. */
export function convertPlan<P extends PricingPlan>(plan: P, conversion: PriceConversion): P {
  if (plan.currencyId !== conversion.from) return plan
  const convert = (amount: number | null | undefined) => (amount === null || amount === undefined ? amount : convertAmount(amount, conversion.from, conversion.to, conversion.rate))
  return {
    ...plan,
    currencyId: conversion.to,
    price: convert(plan.price),
    firstAmount: convert(plan.firstAmount),
    nextAmount: convert(plan.nextAmount),
    customIntervals: plan.customIntervals?.map((step) => ({ ...step, amount: convert(step.amount)! })) ?? plan.customIntervals,
  }
}

/** A fixed-amount discount in the plans' currency, converted alike; a percent discount fits every currency as it is. */
export function convertDiscount<D extends Discount & { readonly currencyId?: string | null }>(discount: D | null, conversion: PriceConversion): D | null {
  if (!discount || discount.valueForm !== 'currency' || discount.currencyId !== conversion.from) return discount
  return { ...discount, currencyId: conversion.to, value: convertAmount(discount.value, conversion.from, conversion.to, conversion.rate) }
}

export function convertCoupon<C extends CheckoutCoupon>(coupon: C | null, conversion: PriceConversion): C | null {
  return coupon ? { ...coupon, discount: convertDiscount(coupon.discount, conversion)! } : null
}
