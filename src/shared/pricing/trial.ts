import type { CheckoutMethod } from '../payments'
import type { PricingPlan } from './plan'
import type { PlanForm } from './plan-forms'

// Trial periods (docs/decisions/0033-trial-periods.md). A subscription or limited subscription
// may start with `trialDays` free days: the checkout charges nothing but keeps the payer's method, access
// starts at once, and charge 1 falls due when the trial ends. Counted in whole days rather than interval
// codes: the codes stop at 27 days, and "30 days free" is what sellers offer.

export const trialMinDays = 1
export const trialMaxDays = 365

/** The plan forms that may have a trial: only open-ended or limited subscriptions. */
export const trialForms: readonly PlanForm[] = ['subscription', 'limited_subscription']

/**
 * Methods a trial can be started with: they keep the method without charging anything (a card or
 * wallet, or a SEPA mandate, through a setup at the provider). PayPal keeps its vault id only with a
 * payment of more than 0, and bank wire keeps nothing, so neither can start a trial.
 */
export const trialMethods: readonly CheckoutMethod[] = ['card', 'apple_pay', 'google_pay', 'sepa']

export function isTrialMethod(method: string): boolean {
  return (trialMethods as readonly string[]).includes(method)
}

/** The plan's trial in days, or null when it has none (or its form cannot have one). */
export function trialDaysOf(plan: Pick<PricingPlan, 'form' | 'trialDays'>): number | null {
  const days = plan.trialDays
  if (days === null || days === undefined || !trialForms.includes(plan.form)) return null
  return days
}

const dayMs = 86_400_000

/** When a trial started at `start` ends: `days` whole UTC days later, at the same time of day. */
export function trialEnd(start: Date, days: number): Date {
  if (Number.isNaN(start.getTime())) throw new RangeError('trialEnd: invalid date')
  if (!Number.isInteger(days) || days < trialMinDays || days > trialMaxDays) {
    throw new RangeError(`trialEnd: a trial is ${trialMinDays}..${trialMaxDays} days, got ${days}`)
  }
  return new Date(start.getTime() + days * dayMs)
}

/** The end of the plan's trial for a purchase at `purchasedAt`, or null without a trial. */
export function trialEndsAt(plan: Pick<PricingPlan, 'form' | 'trialDays'>, purchasedAt: Date): Date | null {
  const days = trialDaysOf(plan)
  return days === null ? null : trialEnd(purchasedAt, days)
}
