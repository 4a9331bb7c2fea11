import { parseInterval } from '../../../../shared/pricing/intervals'

// The terms of the pricing plan an order bought, read from the plan copy frozen on the order
// (docs/decisions/0009-pricing-plan-versions-frozen-at-purchase.md), as one i18n key and its values:
// "3 rates of 40,00 € every 1 month", "one-time payment of 12,00 €", "... after a 14-day free trial".

type Snapshot = {
  form?: unknown; price?: unknown; firstAmount?: unknown; nextAmount?: unknown; paymentsCount?: unknown
  interval?: unknown; customIntervals?: unknown; trialDays?: unknown; checkoutAmount?: unknown
}

export type PlanTerms = { key: string; values: Record<string, string | number>; trialDays: number | null }

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/** null when the order has no frozen plan (older orders) or its form is unknown. */
export function planTermsOf(plan: Snapshot | null | undefined, money: (amount: number) => string, interval: (code: string) => string): PlanTerms | null {
  if (!plan) return null
  const price = num(plan.price)
  const first = num(plan.firstAmount) ?? price ?? num(plan.checkoutAmount) ?? 0
  const next = num(plan.nextAmount) ?? price ?? first
  const count = num(plan.paymentsCount)
  const every = typeof plan.interval === 'string' && parseInterval(plan.interval) ? interval(plan.interval) : ''
  const trialDays = num(plan.trialDays)
  const custom = Array.isArray(plan.customIntervals) ? plan.customIntervals.length : 0
  switch (plan.form) {
    case 'one_time':
      return { key: 'oneTime', values: { amount: money(price ?? first) }, trialDays: null }
    case 'installment':
    case 'limited_subscription':
      if (custom > 0) return { key: 'custom', values: { count: custom, first: money(first) }, trialDays }
      if (first === next) return { key: 'rates', values: { count: count ?? 1, amount: money(next), every }, trialDays }
      return { key: 'ratesFirst', values: { first: money(first), count: Math.max(0, (count ?? 1) - 1), amount: money(next), every }, trialDays }
    case 'subscription':
      if (first === next) return { key: 'subscription', values: { amount: money(next), every }, trialDays }
      return { key: 'subscriptionFirst', values: { first: money(first), amount: money(next), every }, trialDays }
    default:
      return null
  }
}
