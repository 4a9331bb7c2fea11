import type { CheckoutPageOutput, FormValues, QuoteOutput, ShopProduct } from '../props'
import { selectedAddons, selectedPlan, selectedQuantity } from './checkout-form'

// The price box before the server's quote answers (and without JavaScript): the chosen plan's display
// price (its discount applied) times the quantity, plus the chosen order bumps in the plan's currency. The
// quote from POST /api/v1/shop/orders/quote replaces it with exact VAT, coupon and totals.

export type PriceLine = { name: string; quantity: number; amount: number; oldAmount: number | null }
export type PriceSummary = {
  currency: string
  lines: PriceLine[]
  first: number
  /** Everything owed over the plan; null for an open-ended subscription. */
  total: number | null
  discount: number
  vat: { amount: number; note: string | null; breakdown: QuoteOutput['vat']['breakdown']; kind: QuoteOutput['price_kind'] } | null
  coupon: QuoteOutput['coupon']
  free: boolean
  /** The plan's free days (docs/decisions/0033-trial-periods.md): nothing is due now, the first charge comes after them. */
  trialDays: number | null
  /** true: the server's quote; false: the page's own estimate. */
  exact: boolean
}

export function estimatePrice(product: ShopProduct, checkout: CheckoutPageOutput, values: FormValues): PriceSummary | null {
  const plan = selectedPlan(product, values)
  if (!plan) return null
  const quantity = selectedQuantity(product, values)
  const chosen = new Set(selectedAddons(checkout, values))
  const bumps = checkout.bump.offers.filter((o) => chosen.has(o.product_id) && o.currency === plan.currency_id)
  const main: PriceLine = {
    name: product.name, quantity, amount: plan.display_price * quantity,
    oldAmount: plan.display_old_price === null ? null : plan.display_old_price * quantity,
  }
  const lines = [main, ...bumps.map((b) => ({ name: b.name, quantity: 1, amount: b.amount, oldAmount: b.old_amount }))]
  const bumpSum = bumps.reduce((sum, b) => sum + b.amount, 0)
  const trialDays = product.free ? null : (plan.trial_days ?? null)
  // A trial moves the whole first payment, add-ons included, to its end.
  const first = trialDays ? 0 : main.amount + bumpSum
  const total = plan.form === 'one_time' ? first : plan.total === null ? null : plan.total * quantity + bumpSum
  return { currency: plan.currency_id, lines, first, total, discount: 0, vat: null, coupon: null, free: product.free || (first === 0 && total === 0), trialDays, exact: false }
}

export function summaryFromQuote(quote: QuoteOutput): PriceSummary {
  return {
    currency: quote.currency,
    lines: quote.lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: l.gross_amount, oldAmount: l.discount_amount > 0 ? l.list_amount : null })),
    first: quote.first_amount,
    total: quote.total_amount,
    discount: quote.discount_amount,
    vat: { amount: quote.vat_amount, note: quote.vat.note, breakdown: quote.vat.breakdown, kind: quote.price_kind },
    coupon: quote.coupon,
    free: quote.free,
    trialDays: quote.trial?.days ?? null,
    exact: true,
  }
}
