import { createHmac, timingSafeEqual } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { localizedTexts } from '../../../shared/i18n/text-translations'
import { funnelNodeTextFields } from '../../../shared/schemas/funnels'
import { currentNode, type NodeOutcome } from '../../../shared/funnels/funnel-graph'
import type { PublicOrderOutput } from '../../../shared/schemas/checkout'
import type { Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import * as catalog from '../catalog/catalog.service'
import * as funnels from '../funnels/funnels.service'
import * as orders from '../orders/orders.service'
import { isCurrencyId } from '../../../shared/money'
import type { PriceConversion } from '../../../shared/pricing'
import { conversionFor, priceSelection, type Conversion } from './quote.service'

// Which one-click offer an order's page shows, and at what price: the current node of the funnel its product
// leads into (docs/decisions/0066-funnels.md), one at a time after a payment, in the order's currency.
// Accepting is ./upsells.service.ts; after a provider that kept no method the offer opens the checkout instead
// (docs/decisions/0052-emoney-pay-ins.md).

export type Offer = PublicOrderOutput['upsell_offers'][number]

/**
 * Where the payer is in the order's funnel: its node (an offer priced, or a thank-you page), or null at the end.
 * `open` lists the offers the payer may take now: the node's, then those its decline links lead to (taking a
 * later one declines the ones before it, as the list of one-click upsells allowed before funnels).
 */
export type FunnelStep = { funnel: funnels.FunnelRow; node: funnels.FunnelNodeRow; offer: Offer | null; open: { node: funnels.FunnelNodeRow; offer: Offer }[] }

const paid = (o: orders.OrderRow) => o.paymentState === 'paid' || o.paymentState === 'paying'

/** True while the order may be followed by offers: paid (or paying), not itself an offer. */
export function mayFollow(order: orders.OrderRow): boolean {
  return order.upsellType === null && paid(order)
}

/**
 * The payer's step in the funnel: from the entry, an accepted node (a paid or paying order of it) follows
 * accept, a declined one decline, and an offer that cannot be bought now (unpublished, no active plan,
 * another currency) is passed over like a decline.
 */
export async function funnelStepOf(ctx: Ctx, order: orders.OrderRow): Promise<FunnelStep | null> {
  if (!mayFollow(order)) return null
  const of = await funnels.funnelOfOrder(ctx.db, order)
  if (!of) return null
  const children = await orders.childOrders(ctx.db, order.id)
  // An offer accepted before funnels (no node recorded) ended the offers, as it did then.
  if (children.some((c) => c.upsellType !== null && c.funnelNodeId === null && paid(c))) return null
  const skipped = new Set<number>()
  const outcome = (node: funnels.FunnelNodeRow): NodeOutcome => {
    if (children.some((c) => c.funnelNodeId === node.id && paid(c))) return 'accepted'
    if (of.declined.has(node.id)) return 'declined'
    return skipped.has(node.id) ? 'skipped' : null
  }
  for (;;) {
    const node = currentNode(of.nodes, of.funnel.entryNodeId, outcome)
    if (!node) return null
    if (node.kind === 'thank_you') return { funnel: of.funnel, node, offer: null, open: [] }
    const offer = await offerOf(ctx, order, node)
    if (offer) return { funnel: of.funnel, node, offer, open: [{ node, offer }, ...await declinePath(ctx, order, of.nodes, node)] }
    skipped.add(node.id)
  }
}

/** The offers the decline links lead to from `from` (those that can be bought now), up to a thank-you page or the end. */
async function declinePath(ctx: Ctx, order: orders.OrderRow, nodes: readonly funnels.FunnelNodeRow[], from: funnels.FunnelNodeRow) {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const seen = new Set([from.id])
  const path: { node: funnels.FunnelNodeRow; offer: Offer }[] = []
  let node = from.declineNodeId === null ? undefined : byId.get(from.declineNodeId)
  while (node && !seen.has(node.id) && node.kind !== 'thank_you') {
    seen.add(node.id)
    const offer = await offerOf(ctx, order, node)
    if (offer) path.push({ node, offer })
    node = node.declineNodeId === null ? undefined : byId.get(node.declineNodeId)
  }
  return path
}

/**
 * An offer after an order paid in the payer's currency (`orders.exchange`, docs/decisions/0097-payer-currencies.md): a
 * plan in the order's base currency is priced in the order's currency at the order's rate, so the offer's page and
 * its one click charge what the payer saw, in the currency they paid in, and the new order keeps that rate. Null:
 * no conversion (not a converted order, or the plan is in another currency: a plan in the order's own needs none).
 */
export function orderConversion(order: Pick<orders.OrderRow, 'exchange' | 'currency'>, facts: catalog.CheckoutFacts, planId: number): Conversion | null {
  const exchange = order.exchange
  const row = facts.plans.find((p) => p.id === planId)
  if (!exchange || !row || row.currencyId !== exchange.base_currency || !isCurrencyId(row.currencyId) || !isCurrencyId(order.currency)) return null
  return { conversion: { from: row.currencyId, to: order.currency, rate: exchange.rate }, source: exchange.source, ratedAt: new Date(exchange.rated_at) }
}

/**
 * How an offer after a converted order is priced where the payer sees it: bought with one click, at the order's rate
 * (orderConversion); bought through its checkout (the payment kept no method), at the rate of the moment, as that
 * checkout converts, names and charges it (its link names the order's currency), so the page and the charge agree.
 * A currency the checkout cannot convert now throws (the offer is then not shown, as an offer that cannot be bought).
 */
export async function offerConversion(ctx: Ctx, order: orders.OrderRow, facts: catalog.CheckoutFacts, planId: number): Promise<PriceConversion | null> {
  if (!order.exchange) return null
  if (order.savedMethod !== null) return orderConversion(order, facts, planId)?.conversion ?? null
  return (await conversionFor(ctx, ctx.db, facts, { pricing_plan_id: planId, currency: order.currency }))?.conversion ?? null
}

async function offerOf(ctx: Ctx, order: orders.OrderRow, node: funnels.FunnelNodeRow): Promise<Offer | null> {
  if (node.productId === null || node.pricingPlanId === null) return null
  try {
    const facts = await catalog.checkoutFacts(ctx, ctx.db, { id: order.sellerId }, { id: node.productId })
    const payer = order.payer as { country_code?: string; vat_id?: string }
    const conversion = await offerConversion(ctx, order, facts, node.pricingPlanId)
    const priced = priceSelection(facts, { pricing_plan_id: node.pricingPlanId, country_code: payer.country_code, vat_id: payer.vat_id }, null, { conversion })
    if (priced.price.currency !== order.currency) return null
    return {
      index: node.position, kind: node.kind === 'downsell' ? 'downsell' : 'upsell', product_id: facts.product.id, product_slug: facts.product.slug,
      // the headline in the order's language, else the base (docs/decisions/0095-product-translations.md)
      pricing_plan_id: node.pricingPlanId, name: facts.product.name, headline: localizedTexts({ headline: node.headline }, node.translations, funnelNodeTextFields, order.locale).headline, amount: priced.price.firstAmount, currency: priced.price.currency,
      payment: order.savedMethod !== null ? 'autopay' : 'checkout', funnel_node_id: node.id, funnel_offer: funnelOfferRef(ctx.deps, order.id, node.id),
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error // an offer that cannot be bought now is not shown
    return null
  }
}

/** The payer saw the node (its page, or the offer on the success page): counted once per order for the node's figures. */
export async function recordFunnelView(ctx: Ctx, order: orders.OrderRow, step: FunnelStep): Promise<void> {
  await funnels.recordView(ctx.db, step.funnel.id, step.node.id, order.id)
}

/**
 * The payer declines the node's offer (GET or POST .../funnel/{node}/decline): recorded, so the funnel moves
 * on along the decline link and the page does not show it again. Declining again is a no-op; a node that is
 * not the payer's current offer is 409.
 */
export async function declineFunnelNode(ctx: Ctx, orderToken: string, nodeId: number): Promise<void> {
  const order = await orders.findOrderByToken(ctx.db, orderToken)
  const of = mayFollow(order) ? await funnels.funnelOfOrder(ctx.db, order) : null
  if (of?.declined.has(nodeId)) return
  const step = await funnelStepOf(ctx, order)
  const at = step ? step.open.findIndex((o) => o.node.id === nodeId) : -1
  if (!step || at < 0) throw new AppError('conflict', 'This offer is not open')
  // Declining a later offer declines the ones before it too.
  await ctx.db.transaction(async (tx) => {
    for (const o of step.open.slice(0, at + 1)) await funnels.recordDecline(tx, step.funnel.id, o.node.id, order.id)
  })
}

// ------------------------------------------------------------------ an offer bought through its checkout

/**
 * The reference an offer's checkout link carries (`?funnel_offer=`, createOrder's `funnel_offer`), so the
 * order it makes is the node's offer (docs/decisions/0071-funnel-gaps.md): the order and the node, signed, so
 * the link names no order token and cannot be made up for another order.
 */
export function funnelOfferRef(deps: Pick<AppDeps, 'jwtKey'>, orderId: number, nodeId: number): string {
  return `${orderId}.${nodeId}.${refMac(deps, `${orderId}.${nodeId}`)}`
}

function refMac(deps: Pick<AppDeps, 'jwtKey'>, payload: string): string {
  const key = createHmac('sha256', deps.jwtKey).update('sellfront:funnel-offer').digest()
  return createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32)
}

function readFunnelOfferRef(deps: Pick<AppDeps, 'jwtKey'>, ref: string): { orderId: number; nodeId: number } | null {
  const m = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(ref)
  if (!m) return null
  const expected = Buffer.from(refMac(deps, `${m[1]}.${m[2]}`))
  const given = Buffer.from(m[3]!)
  if (!timingSafeEqual(expected, given)) return null
  return { orderId: Number(m[1]), nodeId: Number(m[2]) }
}

/** A funnel offer an order placed through the checkout takes: the parent order, the node and the offers it passes over. */
export type FunnelPurchase = { parent: orders.OrderRow; funnelId: number; node: funnels.FunnelNodeRow; offer: Offer; passed: number[] }

/**
 * The offer a checkout's `funnel_offer` names, when it is still open to the parent order's payer and the
 * checkout buys its product from the same seller; null otherwise (the purchase is then an ordinary order,
 * as an invalid affiliate token is ignored).
 */
export async function funnelPurchaseOf(ctx: Ctx, ref: string | undefined, purchase: { sellerId: number; productId: number }): Promise<FunnelPurchase | null> {
  const read = ref ? readFunnelOfferRef(ctx.deps, ref) : null
  if (!read) return null
  const parent = await orders.findOrder(ctx.db, read.orderId)
  if (!parent || parent.sellerId !== purchase.sellerId) return null
  const step = await funnelStepOf(ctx, parent)
  const at = step ? step.open.findIndex((o) => o.node.id === read.nodeId && o.offer.product_id === purchase.productId) : -1
  if (!step || at < 0) return null
  const { node, offer } = step.open[at]!
  return { parent, funnelId: step.funnel.id, node, offer, passed: step.open.slice(0, at).map((o) => o.node.id) }
}

/** Inside the order's transaction: the parent records the funnel, and the offers passed over are declined. */
export async function recordFunnelPurchase(tx: Parameters<typeof funnels.recordDecline>[0], purchase: FunnelPurchase): Promise<void> {
  await orders.setOrderFunnel(tx, purchase.parent.id, purchase.funnelId)
  for (const nodeId of purchase.passed) await funnels.recordDecline(tx, purchase.funnelId, nodeId, purchase.parent.id)
}
