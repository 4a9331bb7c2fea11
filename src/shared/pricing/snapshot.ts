import { addMoney, toMoney, type CurrencyId } from '../money'
import type { IntervalCode } from './intervals'
import { customIntervalsOf, type CustomInterval, type PricingPlan } from './plan'
import { planKindOf, type PlanForm, type PlanKind } from './plan-forms'
import { rateSchedule } from './schedule'
import { checkoutMinimumPrice, installmentTotal } from './totals'
import { trialDaysOf } from './trial'

// The terms of a plan as the payer bought it. An order keeps this copy: when the seller later edits the
// plan, what the payer owes does not change (terms are frozen at purchase).

export type PlanSnapshot = {
  readonly form: PlanForm
  readonly kind: PlanKind
  readonly currencyId: CurrencyId
  readonly price: number | null
  readonly firstAmount: number | null
  readonly nextAmount: number | null
  readonly paymentsCount: number | null
  readonly interval: IntervalCode | null
  readonly customIntervals: readonly CustomInterval[] | null
  readonly useNetPrice: boolean
  readonly name: string | null
  /** Free days before charge 1 (subscriptions only); null: no trial. */
  readonly trialDays: number | null
  /**
   * The first charge (checkoutMinimumPrice): due at purchase, or at the trial's end when there is one
   * (the checkout then charges 0 and keeps the method).
   */
  readonly checkoutAmount: number
  /** What the payer owes in all; null for an open subscription, which has no end. */
  readonly total: number | null
}

function total(plan: PricingPlan): number | null {
  switch (plan.form) {
    case 'one_time':
      return plan.price ?? 0
    case 'installment':
      return installmentTotal(plan)
    case 'limited_subscription':
      // The sum of its charges; the start date does not change amounts.
      return rateSchedule(plan, new Date(0))
        .reduce((sum, charge) => addMoney(sum, toMoney(charge.amount, plan.currencyId)), toMoney(0, plan.currencyId))
        .amount
    case 'subscription':
      return null
  }
}

/**
 * A frozen plain copy of every term that decides what a payer owes, with the amount due at checkout and
 * the total. Nothing in it is shared with `plan`, so changing the plan afterwards leaves it as it was.
 * It is JSON-safe (no undefined, no Date) for storing beside the order.
 */
export function planSnapshot(plan: PricingPlan): PlanSnapshot {
  const custom = customIntervalsOf(plan)
  return Object.freeze({
    form: plan.form,
    kind: planKindOf(plan.form),
    currencyId: plan.currencyId,
    price: plan.price ?? null,
    firstAmount: plan.firstAmount ?? null,
    nextAmount: plan.nextAmount ?? null,
    paymentsCount: custom !== undefined ? custom.length : (plan.paymentsCount ?? null),
    interval: plan.interval ?? null,
    customIntervals: custom === undefined
      ? null
      : Object.freeze(custom.map((rate) => Object.freeze({ interval: rate.interval, amount: rate.amount }))),
    useNetPrice: plan.useNetPrice ?? false,
    name: plan.name ?? null,
    trialDays: trialDaysOf(plan),
    checkoutAmount: checkoutMinimumPrice(plan),
    total: total(plan),
  })
}
