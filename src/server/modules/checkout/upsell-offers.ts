import { AppError } from '../../../shared/errors'
import type { PublicOrderOutput } from '../../../shared/schemas/checkout'
import type { Ctx } from '../../context'
import * as catalog from '../catalog/catalog.service'
import * as orders from '../orders/orders.service'
import { priceSelection } from './quote.service'

// Which one-click offers (the seller's upsells and downsells) an order's page shows, and at what price:
// one at a time after a payment, in the order's currency. Accepting one is ./upsells.service.ts; after a
// provider that kept no method the offers open the checkout instead (docs/decisions/0052-emoney-pay-ins.md).

export function upsellOffersOf(order: orders.OrderRow, upsells: Record<string, unknown>[], taken: orders.OrderRow[], offerPrices: Map<number, OfferPrice>): PublicOrderOutput['upsell_offers'] {
  if (order.paymentState !== 'paid' && order.paymentState !== 'paying') return []
  if (order.upsellType !== null) return []
  // One offer at a time: an accepted upsell ends the funnel; a declined one (the page hides it) shows the next.
  if (taken.some((o) => o.upsellType !== null && (o.paymentState === 'paid' || o.paymentState === 'paying'))) return []
  return upsells.flatMap((u, index) => {
    const info = offerPrices.get(index)
    if (!info) return []
    return [{
      index, kind: (u.kind === 'downsell' ? 'downsell' : 'upsell') as 'upsell' | 'downsell', product_id: Number(u.product_id), product_slug: info.slug, pricing_plan_id: Number(u.pricing_plan_id),
      name: info.name, headline: typeof u.headline === 'string' ? u.headline : null, amount: info.amount, currency: info.currency,
      payment: order.savedMethod !== null ? 'autopay' as const : 'checkout' as const,
    }]
  })
}

type OfferPrice = { name: string; slug: string; amount: number; currency: string }

export async function offerPricesOf(ctx: Ctx, order: orders.OrderRow, upsells: Record<string, unknown>[]) {
  const prices = new Map<number, OfferPrice>()
  for (const [index, u] of upsells.entries()) {
    try {
      const facts = await catalog.checkoutFacts(ctx, ctx.db, { id: order.sellerId }, { id: Number(u.product_id) })
      const priced = priceSelection(facts, { pricing_plan_id: Number(u.pricing_plan_id), country_code: (order.payer as { country_code?: string }).country_code, vat_id: (order.payer as { vat_id?: string }).vat_id }, null)
      if (priced.price.currency === order.currency) prices.set(index, { name: facts.product.name, slug: facts.product.slug, amount: priced.price.firstAmount, currency: priced.price.currency })
    } catch (error) {
      if (!(error instanceof AppError)) throw error // an offer that cannot be bought now is not shown
    }
  }
  return prices
}

