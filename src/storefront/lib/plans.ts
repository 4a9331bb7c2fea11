import { formatMoney, isCurrencyId } from '../../shared/money'
import { parseInterval } from '../../shared/pricing/intervals'
import { isTrialMethod } from '../../shared/pricing/trial'
import type { ShopPlan } from '../props'

// Prices as the payer reads them. Every plan carries its own currency and is shown in it.

/** "99,00€", "$10.00"; an unknown currency code shows the number and the code. */
export function money(amount: number, currency: string): string {
  const id = currency.toLowerCase()
  if (isCurrencyId(id)) return formatMoney({ amount, currency: id })
  return `${amount} ${currency.toUpperCase()}`
}

const unitNames = { d: ['day', 'days'], w: ['week', 'weeks'], m: ['month', 'months'], y: ['year', 'years'] } as const

/** "every month", "every 2 weeks"; the code itself when it is none the platform knows. */
export function everyInterval(code: string | null): string {
  const interval = code ? parseInterval(code) : null
  if (!interval) return code ? `every ${code}` : ''
  const [one, many] = unitNames[interval.unit]
  return interval.count === 1 ? `every ${one}` : `every ${interval.count} ${many}`
}

/** "per month" for one unit, else "every 2 weeks" (how a trial plan's later price reads). */
export function perInterval(code: string | null): string {
  const interval = code ? parseInterval(code) : null
  if (!interval || interval.count !== 1) return everyInterval(code)
  return `per ${unitNames[interval.unit][0]}`
}

/** "14 days free", "1 day free": a plan's trial (docs/decisions/0033-trial-periods.md). */
export function trialText(days: number): string {
  return days === 1 ? '1 day free' : `${days} days free`
}

/** The methods a plan can be bought with: a trial only with those kept without a charge (no PayPal, no bank wire). */
export function methodsForPlan(methods: readonly string[], plan: ShopPlan | null | undefined): string[] {
  return plan?.trial_days ? methods.filter(isTrialMethod) : [...methods]
}

/** "a month later", "2 weeks later": when a custom-interval rate follows the one before it. */
export function laterText(code: string): string {
  const interval = parseInterval(code)
  if (!interval) return `${code} later`
  const [one, many] = unitNames[interval.unit]
  return interval.count === 1 ? `a ${one} later` : `${interval.count} ${many} later`
}

export const planFormNames: Record<ShopPlan['form'], string> = {
  one_time: 'One-time payment',
  installment: 'Payment in installments',
  limited_subscription: 'Limited subscription',
  subscription: 'Subscription',
}

/** The plan's title in the plan list: its name, else what kind of plan it is. */
export function planTitle(plan: ShopPlan): string {
  return plan.name?.trim() || planFormNames[plan.form]
}

/**
 * One sentence about how the plan charges: "3 payments: 99,00€ now, then 2 × 80,00€ every month",
 * "19,00€ every month until cancelled", "14 days free, then 19,00€ per month until cancelled". The first charge
 * is the plan's display price (discount applied): due now, or at the trial's end.
 */
export function describePlan(plan: ShopPlan): string {
  const m = (n: number | null | undefined) => money(n ?? 0, plan.currency_id)
  const now = m(plan.display_price)
  const every = everyInterval(plan.interval)
  switch (plan.form) {
    case 'one_time':
      return plan.display_price === 0 ? 'Free' : `One payment of ${now}`
    case 'installment': {
      const custom = plan.custom_intervals
      if (custom && custom.length > 0) {
        // A rate's interval is the wait to the next rate, so rate n + 1 comes rate n's interval later.
        const later = custom.slice(1).map((rate, i) => `${m(rate.amount)} ${laterText(custom[i]!.interval)}`)
        return `${custom.length} payments: ${now} now, then ${later.join(', ')}`
      }
      const count = plan.payments_count ?? 0
      return `${count} payments: ${now} now, then ${count - 1} × ${m(plan.next_amount)} ${every}`
    }
    case 'limited_subscription': {
      const count = plan.payments_count ?? 0
      if (plan.trial_days) {
        const trial = trialText(plan.trial_days)
        if (plan.price !== null) return `${trial}, then ${now} ${perInterval(plan.interval)}, ${count} payments`
        return `${trial}, then ${now}, then ${m(plan.next_amount)} ${every}, ${count} payments in all`
      }
      if (plan.price !== null) return `${now} ${every}, ${count} payments`
      return `${now} now, then ${m(plan.next_amount)} ${every}, ${count} payments in all`
    }
    case 'subscription':
      if (plan.trial_days) {
        const trial = trialText(plan.trial_days)
        if (plan.price !== null) return `${trial}, then ${now} ${perInterval(plan.interval)} until cancelled`
        return `${trial}, then ${now}, then ${m(plan.next_amount)} ${every} until cancelled`
      }
      if (plan.price !== null) return `${now} ${every} until cancelled`
      return `${now} now, then ${m(plan.next_amount)} ${every} until cancelled`
  }
}

/** What the plan costs in all ("Total 259,00€"), or null for an open-ended subscription or a one-time plan. */
export function planTotal(plan: ShopPlan): string | null {
  if (plan.form === 'one_time' || plan.form === 'subscription' || plan.total === null) return null
  return `Total ${money(plan.total, plan.currency_id)}`
}
