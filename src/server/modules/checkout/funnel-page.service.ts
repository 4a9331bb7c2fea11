import { AppError } from '../../../shared/errors'
import type { PageDocument } from '../../../shared/pages/page-blocks'
import type { Ctx } from '../../context'
import * as catalog from '../catalog/catalog.service'
import * as funnels from '../funnels/funnels.service'
import type { BuiltFunnel, BuiltFunnelPlan } from '../funnels/funnels.service'
import * as orders from '../orders/orders.service'
import { getPublicOrder } from './public-order.service'
import { priceSelection } from './quote.service'
import { funnelStepOf, offerConversion, recordFunnelView, type FunnelStep, type Offer } from './upsell-offers'

// What the storefront's funnel node page shows (docs/decisions/0066-funnels.md): the payer's current step, the
// node's built page (type funnel) with the data its blocks read, or null for the default layout. The data is
// a built page's (products, uploads, counts) with the funnel's part: the accept and decline links, the order
// that led there and the offer with its plans (docs/decisions/0071-funnel-gaps.md).

export type FunnelPageView = {
  order: orders.OrderRow
  step: FunnelStep | null
  /** The built page and its blocks' data (the shape of src/storefront/built/built-data.ts); null: default layout. */
  built: { document: PageDocument; data: Record<string, unknown> } | null
}

/** The order's funnel step, without recording anything (the success page asks where to send the payer). */
export async function funnelStepByToken(ctx: Ctx, orderToken: string): Promise<{ order: orders.OrderRow; step: FunnelStep | null; hasPage: boolean }> {
  const order = await orders.findOrderByToken(ctx.db, orderToken)
  const step = await funnelStepOf(ctx, order)
  return { order, step, hasPage: step !== null && step.node.pageId !== null && (await funnels.nodePage(ctx.db, order.sellerId, step.node)) !== null }
}

/** The checkout link of an offer, in the order's currency: a converted order's offer is shown and charged in the currency the payer paid in. */
export const offerCheckoutUrl = (productUrl: string, offer: Offer) => `${productUrl}?pricing_plan_id=${offer.pricing_plan_id}&funnel_offer=${encodeURIComponent(offer.funnel_offer)}&currency=${offer.currency}`

/**
 * The node page's view: the step, and its page with accept and decline filled in. Showing it counts a view of
 * the node (once per order).
 */
export async function funnelPageView(ctx: Ctx, orderToken: string, links: { accept: string; decline: string; path: string; productUrl: (slug: string) => string }): Promise<FunnelPageView> {
  const order = await orders.findOrderByToken(ctx.db, orderToken)
  const step = await funnelStepOf(ctx, order)
  if (!step) return { order, step, built: null }
  await recordFunnelView(ctx, order, step)
  if (step.node.pageId === null) return { order, step, built: null }
  const offer = step.offer
  const seller = await orders.sellerNames(ctx.db, order.sellerId)
  const checkoutUrl = offer ? offerCheckoutUrl(links.productUrl(offer.product_slug), offer) : undefined
  const funnel: BuiltFunnel = {
    // One click only with a kept method; otherwise Buy opens the offer's checkout (an empty action is no link).
    accept_action: offer?.payment === 'autopay' ? links.accept : '', decline_url: offer ? links.decline : '',
    ...(checkoutUrl ? { checkout_url: checkoutUrl } : {}),
    order: await orderSummary(ctx, orderToken),
    offer: offer ? await offerSummary(ctx, order, offer) : null,
  }
  const answer = await funnels.nodeBuiltPage(ctx, seller.username, order.sellerId, step.node, { productId: offer?.product_id ?? null, path: links.path, funnel })
  if (!answer) return { order, step, built: null }
  const data = { ...answer.data }
  // The offer's card shows the offer's price in the order's currency, and its Buy opens the offer's checkout.
  if (offer && Object.hasOwn(data.products, offer.product_id)) {
    data.products = { ...data.products, [offer.product_id]: { ...data.products[offer.product_id]!, display_price: offer.amount, display_old_price: null, currency: offer.currency, checkout_url: checkoutUrl! } }
  }
  return { order, step, built: { document: answer.document, data } }
}

/** The order that led into the funnel as its page may show it: the payer's first name, what was bought, the amount. */
async function orderSummary(ctx: Ctx, orderToken: string): Promise<BuiltFunnel['order']> {
  const o = await getPublicOrder(ctx, orderToken)
  return {
    first_name: o.payer.first_name, items: o.lines.map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.name}` : l.name)),
    amount: o.paid_amount > 0 ? o.paid_amount : o.first_amount, currency: o.currency,
  }
}

/** The offer, with the plan it sells and the product's other active plans priced for the payer in the order's currency. */
async function offerSummary(ctx: Ctx, order: orders.OrderRow, offer: Offer): Promise<NonNullable<BuiltFunnel['offer']>> {
  const facts = await catalog.checkoutFacts(ctx, ctx.db, { id: order.sellerId }, { id: offer.product_id })
  const payer = order.payer as { country_code?: string; vat_id?: string }
  const plans: BuiltFunnelPlan[] = []
  for (const row of facts.plans) {
    try {
      // After a converted order, in its currency, at the rate the offer is priced at (offerConversion).
      const conversion = await offerConversion(ctx, order, facts, row.id)
      const priced = priceSelection(facts, { pricing_plan_id: row.id, country_code: payer.country_code, vat_id: payer.vat_id }, null, { conversion })
      if (priced.price.currency === order.currency) plans.push({ id: row.id, name: row.name, form: row.form, amount: priced.price.firstAmount, currency: priced.price.currency })
    } catch (error) {
      if (!(error instanceof AppError)) throw error // a plan that cannot be priced now is not listed
    }
  }
  const plan = plans.find((p) => p.id === offer.pricing_plan_id) ?? { id: offer.pricing_plan_id, name: null, form: 'one_time', amount: offer.amount, currency: offer.currency }
  return { kind: offer.kind, product_id: offer.product_id, headline: offer.headline, plan, plans }
}
