import { AppError } from '../../../shared/errors'
import { convertAmount, isCurrencyId } from '../../../shared/money'
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

