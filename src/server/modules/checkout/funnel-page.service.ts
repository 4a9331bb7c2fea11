import type { PageDocument } from '../../../shared/pages/page-blocks'
import type { Ctx } from '../../context'
import * as catalog from '../catalog/catalog.service'
import * as funnels from '../funnels/funnels.service'
import * as orders from '../orders/orders.service'
import { funnelStepOf, recordFunnelView, type FunnelStep } from './upsell-offers'

// What the storefront's funnel node page shows (docs/decisions/0066-funnels.md): the payer's current step, the
// node's built page (type funnel) with the data its blocks read, or null for the default layout.

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

/**
 * The node page's view: the step, and its page with accept and decline filled in. Showing it counts a view of
 * the node (once per order).
 */
export async function funnelPageView(ctx: Ctx, orderToken: string, links: { accept: string; decline: string; productUrl: (slug: string) => string }): Promise<FunnelPageView> {
  const order = await orders.findOrderByToken(ctx.db, orderToken)
  const step = await funnelStepOf(ctx, order)
  if (!step) return { order, step, built: null }
  await recordFunnelView(ctx, order, step)
  const document = await funnels.nodePage(ctx.db, order.sellerId, step.node)
  if (!document) return { order, step, built: null }
  const offer = step.offer
  const seller = await orders.sellerNames(ctx.db, order.sellerId)
  const covers = offer ? await catalog.firstCoverUrls(ctx.db, [offer.product_id]) : new Map<number, string>()
  const products = offer
    ? {
        [offer.product_id]: {
          id: offer.product_id, name: offer.name, url: links.productUrl(offer.product_slug), checkout_url: `${links.productUrl(offer.product_slug)}?pricing_plan_id=${offer.pricing_plan_id}&funnel_offer=${encodeURIComponent(offer.funnel_offer)}`,
          cover_url: covers.get(offer.product_id) ?? null, display_price: offer.amount, display_old_price: null, currency: offer.currency, description: null, category: null,
        },
      }
    : {}
  const data = {
    seller, products, shopProductIds: [], membershipProductIds: [], pageProductId: offer?.product_id ?? null, popularProductIds: [], uploads: {}, lessonUrls: {},
    socialProof: {}, order: null, affiliate: null,
    // One click only with a kept method; otherwise Buy opens the offer's checkout (an empty action is no link).
    funnel: offer ? { accept_action: offer.payment === 'autopay' ? links.accept : '', decline_url: links.decline } : null,
    contactFormAction: null, pageUrl: null, now: ctx.deps.now().toISOString(),
  }
  return { order, step, built: { document, data } }
}
