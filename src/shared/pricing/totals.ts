import { addMoney, multiplyMoney, sumMoney, toMoney, type CurrencyId } from '../money'
import { customIntervalsOf, type PricingPlan } from './plan'

// The plan formulas of docs/reference/catalogue-and-selling.md §9, in one place. Sums go through src/shared/money so that an
// amount outside the safe integer range throws instead of losing units.

const unit: CurrencyId = 'eur' // the currency does not change integer sums; the money helpers want one

/**
 * docs/reference/catalogue-and-selling.md §9: installment total = firstAmount + nextAmount x (paymentsCount - 1); with custom
 * intervals, the sum of the rate amounts; 0 if paymentsCount is 1 or less. A missing amount counts as 0.
 */
export function installmentTotal(
  plan: Pick<PricingPlan, 'firstAmount' | 'nextAmount' | 'paymentsCount' | 'customIntervals'>,
): number {
  const custom = customIntervalsOf(plan)
  if (custom !== undefined) return sumMoney(custom.map((rate) => toMoney(rate.amount, unit)), unit).amount
  const count = plan.paymentsCount ?? 0
  if (count <= 1) return 0
  const first = toMoney(plan.firstAmount ?? 0, unit)
  const next = toMoney(plan.nextAmount ?? 0, unit)
  return addMoney(first, multiplyMoney(next, count - 1)).amount
}

/**
 * docs/reference/catalogue-and-selling.md §9: the checkout minimum price is rate 1's amount with custom intervals, else the
 * price, else the first amount, else 0. "Else" means "not set": a price of 0 is a price.
 */
export function checkoutMinimumPrice(
  plan: Pick<PricingPlan, 'price' | 'firstAmount' | 'customIntervals'>,
): number {
  const custom = customIntervalsOf(plan)
  if (custom !== undefined) return custom[0]?.amount ?? 0
  return plan.price ?? plan.firstAmount ?? 0
}
