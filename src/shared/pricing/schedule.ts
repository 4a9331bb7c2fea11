import { addInterval, parseInterval, type IntervalCode } from './intervals'
import { customIntervalsOf, type PricingPlan } from './plan'
import {
  customIntervalsMax, customIntervalsMin, installmentMaxPayments, installmentMinPayments, limitedSubscriptionMaxCharges,
  limitedSubscriptionMinCharges,
} from './plan-forms'
import { trialEndsAt } from './trial'

// The charges a plan makes, in order, with their due dates. Charge 1 is due at purchase (`startDate`), or
// when the plan's trial ends (trial.ts); each later charge is one interval after the one before. Month and year steps keep the day of the month
// the schedule started on (Jan 31, Feb 28, Mar 31, ...); a day or week step moves that anchor to the day
// it lands on, which matters only for custom intervals that mix units.

export type Charge = { readonly number: number; readonly dueDate: Date; readonly amount: number }

/** The amount of charge `n` (1-based) of a plan with regular charges: first, then next; the price where they are not set. */
function regularAmount(plan: PricingPlan, n: number): number {
  const amount = n === 1 ? (plan.firstAmount ?? plan.price) : (plan.nextAmount ?? plan.price)
  return amount ?? 0
}

function chargeCount(plan: PricingPlan, min: number, max: number): number {
  const count = plan.paymentsCount
  if (count === null || count === undefined || !Number.isInteger(count) || count < min || count > max) {
    throw new RangeError(`${plan.form}: payments count must be ${min}..${max}, got ${String(count)}`)
  }
  return count
}

function requireInterval(plan: PricingPlan): IntervalCode {
  if (plan.interval === null || plan.interval === undefined) throw new RangeError(`${plan.form}: no interval`)
  return plan.interval
}

function dated(startDate: Date, steps: readonly (IntervalCode | undefined)[], amounts: readonly number[]): Charge[] {
  if (Number.isNaN(startDate.getTime())) throw new RangeError('rateSchedule: invalid start date')
  const charges: Charge[] = []
  let due = new Date(startDate.getTime())
  let anchorDay = startDate.getUTCDate()
  amounts.forEach((amount, index) => {
    if (index > 0) {
      const step = steps[index - 1]
      if (step === undefined) throw new RangeError('rateSchedule: no interval')
      const interval = parseInterval(step)
      if (interval === null) throw new RangeError(`rateSchedule: not an interval: ${step}`)
      due = addInterval(due, interval, interval.unit === 'm' || interval.unit === 'y' ? anchorDay : undefined)
      if (interval.unit === 'd' || interval.unit === 'w') anchorDay = due.getUTCDate()
    }
    charges.push(Object.freeze({ number: index + 1, dueDate: due, amount }))
  })
  return charges
}

/**
 * The charges of a plan bought at `purchasedAt`: charge 1 is due then, or at the end of the plan's trial,
 * and the month anchor is that day. One for one_time, payments_count for an installment (one per
 * custom interval when it has them) and a limited subscription, and the first `count` of an open
 * subscription (required there). `count` also cuts the other forms short. A plan that breaks its form's
 * rules (see pricingPlanInput) throws a RangeError: it is a bug to schedule one.
 */
export function rateSchedule(plan: PricingPlan, purchasedAt: Date, count?: number): Charge[] {
  if (Number.isNaN(purchasedAt.getTime())) throw new RangeError('rateSchedule: invalid start date')
  const startDate = trialEndsAt(plan, purchasedAt) ?? purchasedAt
  if (count !== undefined && (!Number.isInteger(count) || count < 0)) throw new RangeError(`count must be a whole number >= 0, got ${count}`)
  const take = (n: number) => (count === undefined ? n : Math.min(n, count))

  switch (plan.form) {
    case 'one_time':
      return dated(startDate, [], [plan.price ?? 0].slice(0, take(1)))
    case 'installment': {
      const custom = customIntervalsOf(plan)
      if (custom !== undefined) {
        if (custom.length < customIntervalsMin || custom.length > customIntervalsMax) {
          throw new RangeError(`installment: ${customIntervalsMin}..${customIntervalsMax} custom intervals, got ${custom.length}`)
        }
        const rates = custom.slice(0, take(custom.length))
        return dated(startDate, rates.map((rate) => rate.interval), rates.map((rate) => rate.amount))
      }
      const n = take(chargeCount(plan, installmentMinPayments, installmentMaxPayments))
      return regular(plan, startDate, n)
    }
    case 'limited_subscription':
      return regular(plan, startDate, take(chargeCount(plan, limitedSubscriptionMinCharges, limitedSubscriptionMaxCharges)))
    case 'subscription':
      if (count === undefined) throw new RangeError('subscription: an open subscription needs a count of charges to list')
      return regular(plan, startDate, count)
  }
}

function regular(plan: PricingPlan, startDate: Date, n: number): Charge[] {
  const interval = requireInterval(plan)
  const amounts = Array.from({ length: n }, (_, index) => regularAmount(plan, index + 1))
  return dated(startDate, amounts.map(() => interval), amounts)
}
