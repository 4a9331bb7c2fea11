import type { CurrencyId } from '../money'
import type { IntervalCode } from './intervals'
import type { PlanForm } from './plan-forms'

// A pricing plan as the domain holds it (camelCase; the API's snake_case input is plan-input.ts).
// Every amount is an integer of the currency's minor unit (docs/reference/readings.md 12). A term that does not apply to
// the form is null or absent.

/**
 * One rate of an installment with custom intervals (the spec's rate{n}Amount): the amount charged for
 * rate n, and the interval that rate covers, i.e. the wait from rate n to rate n + 1. Rate 1 is charged
 * at purchase, so the last entry's interval decides no due date (it is kept as the length of the period
 * the last rate pays for).
 */
export type CustomInterval = { readonly interval: IntervalCode; readonly amount: number }

export type PricingPlan = {
  readonly form: PlanForm
  readonly currencyId: CurrencyId
  /** one_time: the price. Subscriptions: the price of every charge, unless first and next amounts are set. */
  readonly price?: number | null
  /** Installments and subscriptions: the first charge, due at purchase. */
  readonly firstAmount?: number | null
  /** Installments and subscriptions: each later charge. */
  readonly nextAmount?: number | null
  /** Installment: 2..24 payments. Limited subscription: 2..100 charges. */
  readonly paymentsCount?: number | null
  /** The wait between two charges. */
  readonly interval?: IntervalCode | null
  /** Installment only: one entry per rate, replacing firstAmount, nextAmount, paymentsCount and interval. */
  readonly customIntervals?: readonly CustomInterval[] | null
  /** The amounts are net: VAT is added on top at checkout instead of being included. */
  readonly useNetPrice?: boolean | null
  readonly name?: string | null
  /** Subscriptions only: free days before charge 1 (trial.ts); null or absent is no trial. */
  readonly trialDays?: number | null
}

/** The custom intervals of a plan, if it has any (an empty list counts as none). */
export function customIntervalsOf(plan: Pick<PricingPlan, 'customIntervals'>): readonly CustomInterval[] | undefined {
  const list = plan.customIntervals
  return list !== null && list !== undefined && list.length > 0 ? list : undefined
}
