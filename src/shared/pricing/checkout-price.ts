import { multiplyMoney, toMoney, percentOf, subtractMoney, type CurrencyId, type Money } from '../money'
import { vatAmounts, vatBreakdown, vatTreatment, type PlaceOfSupplyInput, type Supply, type VatTreatment, type VatAmounts } from '../tax'
import { discountAmount, discountApplies, type Discount } from './discounts'
import { customIntervalsOf, type PricingPlan } from './plan'
import { checkoutMinimumPrice } from './totals'
import { trialDaysOf } from './trial'

// The price of a checkout (docs/decisions/0016-orders-exactly-once.md): the product bought and its order bumps, each with its own discount,
// the coupon on the product, VAT by place of supply (docs/reference/readings.md 26), net or gross plans. Pure, so the
// quote the payer sees and the amount the order charges come from the same function.
//
// Discounts (the product's and the coupon) lower the first payment, which is what the checkout charges
// (docs/decisions/0014-discounts-per-product.md); later rates of a plan keep their terms.
//
// A trial on the main line's plan (docs/decisions/0033-trial-periods.md) moves the whole first payment, add-ons included,
// to the trial's end: `firstAmount` stays that first charge (rate 1, discounted), `dueNow` is 0.

export type CheckoutLineInput = {
  productId: number
  kind: 'main' | 'bump'
  name: string
  plan: PricingPlan
  quantity: number
  /** The product's own discount, if it applies (active, below its limit). */
  discount: (Discount & { currencyId?: string | null }) | null
  /** Where the supply takes place; null: no VAT of its own (a bundle's container). */
  supply: Supply
}

export type CheckoutCoupon = { code: string; discount: Discount & { currencyId?: string | null }; amountBase: 'end_amount' | 'net_amount' | string }

export type CheckoutPriceInput = {
  lines: CheckoutLineInput[]
  coupon: CheckoutCoupon | null
  seller: PlaceOfSupplyInput['seller']
  payer: PlaceOfSupplyInput['payer']
}

export type PricedLine = {
  productId: number
  kind: 'main' | 'bump'
  name: string
  quantity: number
  /** The first payment's list amount x quantity, as entered (net or gross per the plan). */
  listAmount: number
  discountAmount: number
  netAmount: number
  vatAmount: number
  grossAmount: number
  vatRateBps: number
  treatment: VatTreatment
  /** Everything this line owes over its plan (gross); null for an open-ended subscription. */
  totalGross: number | null
  /** Each later rate of the plan (gross, x quantity), in order; the order's schedule charges these. */
  laterGross: number[]
  /** Each later charge of an open-ended subscription (gross, x quantity); null otherwise. */
  recurringGross: number | null
}

export type CheckoutPrice = {
  currency: CurrencyId
  lines: PricedLine[]
  /** The first charge (rate 1 of a plan), discounts and VAT applied. */
  firstAmount: number
  /** What the checkout charges now: the first charge, or 0 during a trial (the method is kept instead). */
  dueNow: number
  /** The main plan's free days before the first charge; null: none. */
  trialDays: number | null
  /** The amount of later charge n (n = 2, 3, ...): the sum over lines; open-ended plans repeat their charge. */
  laterRate: (n: number) => number
  totalAmount: number | null
  vatAmount: number
  discountAmount: number
  priceKind: 'gross' | 'net'
  treatment: VatTreatment
  breakdown: { rateBps: number; net: number; vat: number; gross: number }[]
  coupon: { code: string; applied: boolean } | null
}

/**
 * The charges of a plan before discounts and VAT: the first payment, the later rates of a plan with an end
 * (installments, limited subscriptions), or for an open-ended subscription the amount of each later charge.
 */
export function planCharges(plan: PricingPlan): { first: number; later: number[]; recurring: number | null } {
  const first = checkoutMinimumPrice(plan)
  const count = Math.max(0, (plan.paymentsCount ?? 1) - 1)
  switch (plan.form) {
    case 'one_time': return { first, later: [], recurring: null }
    case 'installment': {
      const custom = customIntervalsOf(plan)
      if (custom) return { first, later: custom.slice(1).map((r) => r.amount), recurring: null }
      return { first, later: Array.from({ length: count }, () => plan.nextAmount ?? 0), recurring: null }
    }
    case 'limited_subscription': {
      const firstCharge = plan.firstAmount ?? plan.price ?? 0
      return { first: firstCharge, later: Array.from({ length: count }, () => plan.nextAmount ?? plan.price ?? 0), recurring: null }
    }
    case 'subscription': return { first: plan.firstAmount ?? plan.price ?? 0, later: [], recurring: plan.nextAmount ?? plan.price ?? 0 }
  }
}

/** The first payment of a plan and everything it owes (null: open-ended), before discounts and VAT. */
export function planAmounts(plan: PricingPlan): { first: number; total: number | null } {
  const { first, later, recurring } = planCharges(plan)
  return { first, total: recurring !== null ? null : later.reduce((sum, a) => sum + a, first) }
}

/** The discount off `amount`, never more than it. */
function off(amount: number, discount: CheckoutLineInput['discount'], currency: CurrencyId): number {
  if (!discount || !discountApplies(discount)) return 0
  if (discount.valueForm === 'currency' && discount.currencyId && discount.currencyId !== currency) return 0
  return Math.min(amount, discountAmount(amount, discount))
}

function priceLine(line: CheckoutLineInput, coupon: CheckoutCoupon | null, input: CheckoutPriceInput): PricedLine {
  const currency = line.plan.currencyId
  const useNet = line.plan.useNetPrice === true
  const { first, later, recurring } = planCharges(line.plan)
  const list = multiplyMoney(toMoney(first, currency), line.quantity).amount
  const treatment = vatTreatment({ seller: input.seller, payer: input.payer, supply: line.supply })
  const rate = treatment.rateBps

  // The product's discount first, then the coupon on what is left.
  let discount = off(list, line.discount, currency)
  let amount = list - discount
  let result: VatAmounts
  if (coupon && line.kind === 'main') {
    if (coupon.amountBase === 'net_amount') {
      // The coupon takes its share off the net; VAT is then computed on the lower net.
      const base = vatAmounts(toMoney(amount, currency), rate, useNet)
      const couponOff = off(base.net.amount, coupon.discount, currency)
      discount += couponOff
      const net = subtractMoney(base.net, toMoney(couponOff, currency))
      const vat = percentOf(net, rate)
      result = { net, vat, gross: toMoney(net.amount + vat.amount, currency), rateBps: rate }
    } else {
      const gross = vatAmounts(toMoney(amount, currency), rate, useNet).gross
      const couponOff = off(gross.amount, coupon.discount, currency)
      discount += couponOff
      amount = gross.amount - couponOff
      result = vatAmounts(toMoney(amount, currency), rate, false)
    }
  } else {
    result = vatAmounts(toMoney(amount, currency), rate, useNet)
  }

  // Later charges keep the plan's terms (no discount) and carry VAT each, rounded per charge, so the
  // total is exactly the sum of what the schedule will charge.
  const grossOf = (amount: number) => vatAmounts(multiplyMoney(toMoney(amount, currency), line.quantity), rate, useNet).gross.amount
  const laterGross = later.map(grossOf)
  const recurringGross = recurring === null ? null : grossOf(recurring)
  const totalGross = recurring !== null ? null : laterGross.reduce((sum, a) => sum + a, result.gross.amount)
  return {
    productId: line.productId, kind: line.kind, name: line.name, quantity: line.quantity, listAmount: list, discountAmount: discount,
    netAmount: result.net.amount, vatAmount: result.vat.amount, grossAmount: result.gross.amount, vatRateBps: rate, treatment, totalGross,
    laterGross, recurringGross,
  }
}

/** Prices a checkout. Every line must be in the main line's currency (the caller drops others). */
export function priceCheckout(input: CheckoutPriceInput): CheckoutPrice {
  const main = input.lines.find((l) => l.kind === 'main')
  if (!main) throw new RangeError('priceCheckout: no main line')
  const currency = main.plan.currencyId
  if (input.lines.some((l) => l.plan.currencyId !== currency)) throw new RangeError('priceCheckout: lines in different currencies')
  const lines = input.lines.map((line) => priceLine(line, input.coupon, input))
  const first = lines.reduce((sum, l) => sum + l.grossAmount, 0)
  const total = lines.some((l) => l.totalGross === null) ? null : lines.reduce((sum, l) => sum + (l.totalGross ?? 0), 0)
  const breakdown = vatBreakdown(lines.map((l) => ({
    net: toMoney(l.netAmount, currency), vat: toMoney(l.vatAmount, currency), gross: toMoney(l.grossAmount, currency), rateBps: l.vatRateBps,
  })), currency)
  const mainLine = lines.find((l) => l.kind === 'main')!
  const couponApplied = input.coupon !== null && mainLine.discountAmount > off(mainLine.listAmount, main.discount, currency)
  return {
    currency,
    lines,
    firstAmount: first,
    dueNow: trialDaysOf(main.plan) === null ? first : 0,
    trialDays: trialDaysOf(main.plan),
    laterRate: (n: number) => lines.reduce((sum, l) => sum + (l.laterGross[n - 2] ?? (l.recurringGross ?? 0)), 0),
    totalAmount: total,
    vatAmount: breakdown.total.vat.amount,
    discountAmount: lines.reduce((sum, l) => sum + l.discountAmount, 0),
    priceKind: main.plan.useNetPrice ? 'net' : 'gross',
    treatment: mainLine.treatment,
    breakdown: breakdown.rates.map((r) => ({ rateBps: r.rateBps, net: r.net.amount, vat: r.vat.amount, gross: r.gross.amount })),
    coupon: input.coupon ? { code: input.coupon.code, applied: couponApplied } : null,
  }
}

/** The money the checkout asks the provider for now: 0 during a trial. */
export function firstPayment(price: CheckoutPrice): Money {
  return toMoney(price.dueNow, price.currency)
}
