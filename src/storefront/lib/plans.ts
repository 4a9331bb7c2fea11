import { formatMoney, isCurrencyId } from '../../shared/money'
import { parseInterval } from '../../shared/pricing/intervals'
import { isTrialMethod } from '../../shared/pricing/trial'
import type { ShopPlan } from '../props'
import type { PageTexts } from '../i18n/texts-context'

// Prices as the payer reads them, in the page's words (the texts' checkout.planText). Every plan carries its own
// currency and is shown in it.

/** "99,00€", "$10.00"; an unknown currency code shows the number and the code. */
export function money(amount: number, currency: string): string {
  const id = currency.toLowerCase()
  if (isCurrencyId(id)) return formatMoney({ amount, currency: id })
  return `${amount} ${currency.toUpperCase()}`
}

/** "every month", "every 2 weeks"; the code itself when it is none the platform knows. */
export function everyInterval(code: string | null, texts: PageTexts): string {
  const { t: { checkout: { planText: t } }, f, n } = texts
  const interval = code ? parseInterval(code) : null
  if (!interval) return code ? f(t.everyCode, { code }) : ''
  return interval.count === 1 ? t.every[interval.unit] : n(t.everyCount[interval.unit], interval.count)
}

/** "per month" for one unit, else "every 2 weeks" (how a trial plan's later price reads). */
export function perInterval(code: string | null, texts: PageTexts): string {
  const interval = code ? parseInterval(code) : null
  if (!interval || interval.count !== 1) return everyInterval(code, texts)
  return texts.t.checkout.planText.per[interval.unit]
}

/** "14 days free", "1 day free": a plan's trial (docs/decisions/0033-trial-periods.md). */
export function trialText(days: number, texts: PageTexts): string {
  return texts.n(texts.t.checkout.planText.trial, days)
}

/** The methods a plan can be bought with: a trial only with those kept without a charge (no PayPal, no bank wire). */
export function methodsForPlan(methods: readonly string[], plan: ShopPlan | null | undefined): string[] {
  return plan?.trial_days ? methods.filter(isTrialMethod) : [...methods]
}

/** "a month later", "2 weeks later": when a custom-interval rate follows the one before it. */
export function laterText(code: string, texts: PageTexts): string {
  const { t: { checkout: { planText: t } }, f, n } = texts
  const interval = parseInterval(code)
  if (!interval) return f(t.laterCode, { code })
  return interval.count === 1 ? t.later[interval.unit] : n(t.laterCount[interval.unit], interval.count)
}

/** The plan's title in the plan list: its name, else what kind of plan it is. */
export function planTitle(plan: ShopPlan, texts: PageTexts): string {
  return plan.name?.trim() || texts.t.checkout.planText.forms[plan.form]
}

/**
 * One sentence about how the plan charges: "3 payments: 99,00€ now, then 2 × 80,00€ every month",
 * "19,00€ every month until cancelled", "14 days free, then 19,00€ per month until cancelled". The first charge
 * is the plan's display price (discount applied): due now, or at the trial's end.
 */
export function describePlan(plan: ShopPlan, texts: PageTexts): string {
  const { t: { checkout: { planText: t } }, f, n } = texts
  const m = (amount: number | null | undefined) => money(amount ?? 0, plan.currency_id)
  const first = m(plan.display_price)
  const next = m(plan.next_amount)
  const every = everyInterval(plan.interval, texts)
  switch (plan.form) {
    case 'one_time':
      return plan.display_price === 0 ? t.free : f(t.oneTime, { amount: first })
    case 'installment': {
      const custom = plan.custom_intervals
      if (custom && custom.length > 0) {
        // A rate's interval is the wait to the next rate, so rate n + 1 comes rate n's interval later.
        const rates = custom.slice(1).map((rate, i) => f(t.rate, { amount: m(rate.amount), later: laterText(custom[i]!.interval, texts) }))
        return n(t.installmentRates, custom.length, { first, rates: rates.join(t.rateSeparator) })
      }
      const count = plan.payments_count ?? 0
      return n(t.installment, count, { first, rest: count - 1, next, every })
    }
    case 'limited_subscription': {
      const count = plan.payments_count ?? 0
      if (plan.trial_days) {
        const trial = trialText(plan.trial_days, texts)
        if (plan.price !== null) return n(t.limitedTrial, count, { trial, first, per: perInterval(plan.interval, texts) })
        return n(t.limitedTrialFirst, count, { trial, first, next, every })
      }
      if (plan.price !== null) return n(t.limited, count, { first, every })
      return n(t.limitedFirst, count, { first, next, every })
    }
    case 'subscription':
      if (plan.trial_days) {
        const trial = trialText(plan.trial_days, texts)
        if (plan.price !== null) return f(t.subscriptionTrial, { trial, first, per: perInterval(plan.interval, texts) })
        return f(t.subscriptionTrialFirst, { trial, first, next, every })
      }
      if (plan.price !== null) return f(t.subscription, { first, every })
      return f(t.subscriptionFirst, { first, next, every })
  }
}

/** What the plan costs in all ("Total 259,00€"), or null for an open-ended subscription or a one-time plan. */
export function planTotal(plan: ShopPlan, texts: PageTexts): string | null {
  if (plan.form === 'one_time' || plan.form === 'subscription' || plan.total === null) return null
  return texts.f(texts.t.checkout.planText.total, { amount: money(plan.total, plan.currency_id) })
}
