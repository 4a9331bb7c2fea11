import { addMoney, percentOf, roundHalfUp, subtractMoney, toMoney, type Money } from '../money/money'
import type { CurrencyId } from '../money/currencies'

// Net, VAT and gross of a price in integer minor units (docs/reference/readings.md 12). Each computation rounds exactly
// once, through roundHalfUp (docs/reference/readings.md 13), and the third amount is derived by subtraction or addition,
// so net + vat = gross holds to the minor unit whatever the rate.

export type VatAmounts = { net: Money; vat: Money; gross: Money; rateBps: number }

function assertRate(rateBps: number): void {
  // 0 is a real rate (exempt seller, reverse charge, export); no country taxes at 100 % or more.
  if (!Number.isSafeInteger(rateBps) || rateBps < 0 || rateBps >= 10_000) {
    throw new RangeError(`VAT rate must be whole basis points from 0 to 9999, got ${rateBps}`)
  }
}

/**
 * The amounts of one price. With `useNetPrice` (the plan's `use_net_price`) the price is net and VAT is
 * added on top; otherwise the price is what the payer pays and VAT is the part of it above the net.
 */
export function vatAmounts(price: Money, rateBps: number, useNetPrice: boolean): VatAmounts {
  assertRate(rateBps)
  const amount = toMoney(price.amount, price.currency)
  if (useNetPrice) {
    const vat = percentOf(amount, rateBps)
    return { net: amount, vat, gross: addMoney(amount, vat), rateBps }
  }
  // net = gross x 10000 / (10000 + rate), rounded once in bigint; the VAT is what is left of the gross.
  const net = toMoney(roundHalfUp(BigInt(amount.amount) * 10_000n, BigInt(10_000 + rateBps)), amount.currency)
  return { net, vat: subtractMoney(amount, net), gross: amount, rateBps }
}

export type VatBreakdown = {
  /** One row per rate, highest rate first, as an invoice lists them. */
  rates: VatAmounts[]
  total: { net: Money; vat: Money; gross: Money }
}

/**
 * Sums computed lines per rate. Lines are rounded one by one (each is stored on its order line) and then
 * added, so the breakdown always equals the sum of what was charged. An empty list needs its currency.
 */
export function vatBreakdown(lines: readonly VatAmounts[], currency?: CurrencyId): VatBreakdown {
  const start = currency ?? lines[0]?.gross.currency
  if (start === undefined) throw new RangeError('vatBreakdown: an empty list needs a currency')
  const zero: Money = { amount: 0, currency: start }
  const byRate = new Map<number, VatAmounts>()
  let total = { net: zero, vat: zero, gross: zero }
  for (const line of lines) {
    const row = byRate.get(line.rateBps) ?? { net: zero, vat: zero, gross: zero, rateBps: line.rateBps }
    byRate.set(line.rateBps, {
      net: addMoney(row.net, line.net), vat: addMoney(row.vat, line.vat), gross: addMoney(row.gross, line.gross), rateBps: line.rateBps,
    })
    total = { net: addMoney(total.net, line.net), vat: addMoney(total.vat, line.vat), gross: addMoney(total.gross, line.gross) }
  }
  return { rates: [...byRate.values()].sort((a, b) => b.rateBps - a.rateBps), total }
}
