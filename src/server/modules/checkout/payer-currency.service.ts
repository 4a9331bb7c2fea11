import { AppError } from '../../../shared/errors'
import { convertAmount, isCurrencyId, type CurrencyId } from '../../../shared/money'
import type { CheckoutPageOutput } from '../../../shared/schemas/checkout'
import type { Ctx } from '../../context'
import type * as shop from '../catalog/shop.service'
import * as exchangeRates from '../exchange-rates/exchange-rates.service'

// A product page in the payer's currency (docs/decisions/0097-payer-currencies.md): when the payer chose one of the
// shop's payer currencies and the product has no plans of its own in it, every amount the page shows is converted
// at the rate of the moment. The quote and the order convert again from the catalogue with the rate they read
// (./quote.service.ts conversionFor), so nothing shown here is charged without being priced again.

type ShopProduct = Awaited<ReturnType<typeof shop.getShopProduct>>
type ShownPlan = ShopProduct['pricing_plans'][number]

/** The page as it is (null: no conversion), or with its amounts in `wanted` and the rate used. */
export async function inPayerCurrency(ctx: Ctx, product: ShopProduct, page: CheckoutPageOutput, wanted: string | null): Promise<{ product: ShopProduct; checkout: CheckoutPageOutput }> {
  const plain = { product, checkout: { ...page, payer_currency: null, currency_unavailable: null } }
  const plans = [...product.pricing_plans, ...product.tickets.flatMap((t) => t.pricing_plans)]
  const base = plans[0]?.currency_id
  if (!wanted || !base || !isCurrencyId(wanted) || !isCurrencyId(base) || !(page.currencies ?? []).includes(wanted)) return plain
  // Plans of its own in the payer's currency win over conversion; so does a product priced in several currencies.
  if (plans.some((p) => p.currency_id !== base)) return plain
  let rate: exchangeRates.Rate
  try {
    rate = await exchangeRates.rateBetween(ctx, ctx.db, base, wanted)
  } catch (error) {
    if (error instanceof AppError && error.type === 'currency_unavailable') return { product, checkout: { ...plain.checkout, currency_unavailable: wanted } }
    throw error
  }
  const convert = (amount: number) => convertAmount(amount, base, wanted, rate.rate)
  const maybe = <T extends number | null>(amount: T): T => (amount === null ? amount : convert(amount) as T)
  const plan = (p: ShownPlan): ShownPlan => ({
    ...p, currency_id: wanted, price: maybe(p.price), first_amount: maybe(p.first_amount), next_amount: maybe(p.next_amount),
    custom_intervals: p.custom_intervals?.map((step) => ({ ...step, amount: convert(step.amount) })) ?? null,
    checkout_amount: maybe(p.checkout_amount), total: maybe(p.total), display_price: maybe(p.display_price), display_old_price: maybe(p.display_old_price),
  })
  return {
    product: {
      ...product, currency_id: product.currency_id === base ? wanted : product.currency_id,
      display_price: maybe(product.display_price), display_old_price: maybe(product.display_old_price),
      pricing_plans: product.pricing_plans.map(plan),
      tickets: product.tickets.map((t) => ({ ...t, pricing_plans: t.pricing_plans.map(plan) })),
    },
    checkout: {
      ...plain.checkout,
      bump: {
        ...page.bump,
        offers: page.bump.offers.map((o) => (o.currency === base ? { ...o, amount: convert(o.amount), old_amount: maybe(o.old_amount), currency: wanted } : o)),
      },
      payer_currency: { currency: wanted, base_currency: base, rate: rate.rate, source: rate.source, rated_at: rate.ratedAt.toISOString() },
    },
  }
}


/** A price a list shows: a shop card's, a built page's product. */
export type ShownPrice = { display_price: number | null; display_old_price: number | null; currency: string | null }

/** A list's currency choice: the currencies offered, the one shown, and the rate used or the currency refused. */
export type ListCurrency = Pick<CheckoutPageOutput, 'payer_currency' | 'currency_unavailable'> & { currencies: string[]; current: string }

/**
 * A list's prices (the shop page, a built page's products) in the payer's currency, like a product page's: offered
 * while the seller takes payer currencies (the prices' own currencies first, then those), the choice made by
 * `choose` among them. A product with a price of its own in the chosen currency shows it (explicit prices win);
 * one whose plans are all in one other currency is converted at the rate of the moment (one rounding per amount,
 * as inPayerCurrency); one priced in several others keeps its price, as its product page does. Without a usable
 * rate a price stays the seller's and the answer names the currency refused. Null currency: no choice to show.
 */
export async function listInPayerCurrency(
  ctx: Ctx, prices: ReadonlyMap<number, ShownPrice>, pricing: Readonly<Record<number, shop.CardPricing>>, payerCurrencies: readonly string[],
  choose: (offered: string[]) => string | null,
): Promise<{ prices: Map<number, ShownPrice>; currency: ListCurrency | null }> {
  const same = { prices: new Map(prices), currency: null }
  if (payerCurrencies.length === 0) return same
  const own = [...prices.values()].map((p) => p.currency).filter((c): c is string => c !== null)
  const offered = [...new Set([...own, ...payerCurrencies])]
  if (offered.length < 2) return same
  const wanted = choose(offered)
  const currency: ListCurrency = { currencies: offered, current: wanted ?? offered[0]!, payer_currency: null, currency_unavailable: null }
  if (!wanted || !isCurrencyId(wanted)) return { ...same, currency }
  const rates = new Map<string, exchangeRates.Rate | null>()
  const rateFrom = async (base: CurrencyId) => {
    if (!rates.has(base)) {
      try {
        rates.set(base, await exchangeRates.rateBetween(ctx, ctx.db, base, wanted))
      } catch (error) {
        if (!(error instanceof AppError && error.type === 'currency_unavailable')) throw error
        rates.set(base, null)
      }
    }
    return rates.get(base)!
  }
  const out = new Map<number, ShownPrice>()
  for (const [id, shown] of prices) {
    const facts = pricing[id]
    const mine = facts?.own[wanted]
    const base = shown.currency
    if (mine) {
      out.set(id, { ...mine, currency: wanted })
    } else if (facts && base && base !== wanted && isCurrencyId(base) && shown.display_price !== null && facts.currencies.every((c) => c === base)) {
      const rate = await rateFrom(base)
      if (!rate) {
        currency.currency_unavailable = wanted
        out.set(id, shown)
        continue
      }
      const convert = (amount: number | null) => (amount === null ? null : convertAmount(amount, base, wanted, rate.rate))
      out.set(id, { display_price: convert(shown.display_price), display_old_price: convert(shown.display_old_price), currency: wanted })
      currency.payer_currency ??= { currency: wanted, base_currency: base, rate: rate.rate, source: rate.source, rated_at: rate.ratedAt.toISOString() }
    } else {
      out.set(id, shown)
    }
  }
  return { prices: out, currency }
}
