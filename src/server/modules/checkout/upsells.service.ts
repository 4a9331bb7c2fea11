import { AppError } from '../../../shared/errors'
import type { CurrencyId } from '../../../shared/money'
import type { CheckoutMethod } from '../../../shared/payments'
import { planSnapshot } from '../../../shared/pricing'
import type { CreateOrderInput, CreateOrderOutput } from '../../../shared/schemas/checkout'
import type { Ctx } from '../../context'
import { idempotent, type Answer } from '../../plugins/idempotency'
import * as attributionService from '../affiliates/attribution.service'
import * as catalog from '../catalog/catalog.service'
import * as funnels from '../funnels/funnels.service'
import * as stock from '../catalog/stock.service'
import * as orders from '../orders/orders.service'
import * as paymentSettings from '../payment-settings/payment-settings.service'
import { token } from './place-order.service'
import { getPublicOrder } from './public-order.service'
import { exchangeOf, priceSelection, quoteOf } from './quote.service'
import { funnelStepOf, orderConversion, type Offer } from './upsell-offers'

// One-click upsells: the offer of the order's funnel node (./upsell-offers.ts, docs/decisions/0066-funnels.md)
// accepted by the payer, bought with the method the first payment kept.

const upsellsScope = 'shop.upsells'

/**
 * POST /shop/orders/{token}/upsells: the payer accepts offer `index` after paying; it becomes its own
 * standard order with upsell_type set (docs/reference/readings.md 8), charged to the method the first payment saved
 * (docs/reference/readings.md 28 autopay), without entering it again.
 */
export async function acceptUpsell(ctx: Ctx, orderToken: string, index: number, key: string): Promise<Answer<CreateOrderOutput>> {
  return idempotent(ctx, upsellsScope, key, { orderToken, index }, async () => accept(ctx, orderToken, (offer) => offer.index === index, key))
}

/**
 * POST /s/{username}/payment/{token}/funnel/{node}/accept: the same for a funnel node named by id
 * (docs/decisions/0066-funnels.md): one click on the node's page.
 */
export async function acceptFunnelNode(ctx: Ctx, orderToken: string, nodeId: number, key: string): Promise<Answer<CreateOrderOutput>> {
  return idempotent(ctx, upsellsScope, key, { orderToken, nodeId }, async () => accept(ctx, orderToken, (offer) => offer.funnel_node_id === nodeId, key))
}

async function accept(ctx: Ctx, orderToken: string, isIt: (offer: Offer) => boolean, key: string): Promise<Answer<CreateOrderOutput>> {
  const parent = await orders.findOrderByToken(ctx.db, orderToken)
  const step = await funnelStepOf(ctx, parent)
  const at = step ? step.open.findIndex((o) => isIt(o.offer)) : -1
  if (!step || at < 0 || !parent.savedMethod) throw new AppError('conflict', 'This offer is not open')
  const { node, offer } = step.open[at]!
  // Taking a later offer declines the ones before it (docs/decisions/0066-funnels.md).
  const passed = step.open.slice(0, at).map((o) => o.node.id)
  const facts = await catalog.checkoutFacts(ctx, ctx.db, { id: parent.sellerId }, { id: offer.product_id })
  const payer = parent.payer as CreateOrderInput['payer']
  // After a converted order: the offer's plan at the order's rate, in its currency, as the offer showed it (decision 0097).
  const converted = orderConversion(parent, facts, offer.pricing_plan_id)
  const now = ctx.deps.now()
  const made = await ctx.db.transaction(async (tx) => {
    const discountCounted = facts.discount ? await stock.countDiscountUse(tx, facts.product.id) : false
    const priced = priceSelection(facts, { pricing_plan_id: offer.pricing_plan_id, country_code: payer.country_code, vat_id: payer.vat_id }, null, { discountCounted, conversion: converted?.conversion ?? null })
    const price = priced.price
    const limited = facts.product.limit !== null
    if (limited) await stock.reserveStock(tx, facts.product.id, null, 1)
    const heldStock = limited ? { product: true, ticket: false, bumps: [] } : null
    const snapshot = planSnapshot(priced.plan.plan)
    // An upsell follows the parent's attribution when its product is in the same program.
    const attribution = await attributionService.inheritAttribution(tx, parent, facts.product.id)
    const order = await orders.openOrder(tx, {
      token: token(), sellerId: parent.sellerId, productId: facts.product.id, payerUserId: parent.payerUserId, orderType: 'standard',
      upsellType: offer.kind, parentOrderId: parent.id, funnelId: step.funnel.id, funnelNodeId: node.id, pricingPlanId: priced.plan.row.id, pricingPlanVersionId: priced.plan.row.currentVersionId,
      planSnapshot: { ...snapshot, id: priced.plan.row.id } as Record<string, unknown>, quantity: 1, currency: price.currency, priceKind: price.priceKind,
      totalAmount: price.totalAmount ?? price.firstAmount, vatAmount: price.vatAmount, firstAmount: price.firstAmount, discountAmount: price.discountAmount,
      productDiscountApplied: discountCounted, paymentState: 'payment_waiting', paymentMethod: parent.paymentMethod, provider: parent.provider,
      payer: parent.payer, vat: { ...quoteOf(price, false, null).vat }, campaignId: parent.campaignId, referrer: parent.referrer,
      termsAcceptedAt: parent.termsAcceptedAt, locale: parent.locale, exchange: converted ? exchangeOf(converted, price) : null,
      publisherId: attribution?.publisherId ?? null, affiliateProgramId: attribution?.programId ?? null, affiliateNodeId: attribution?.nodeId ?? null,
      // A follow-up order keeps the parent's reseller terms, frozen when the parent was bought (docs/decisions/0051-resellers.md).
      resellerId: parent.resellerId, resellerFeeBps: parent.resellerFeeBps,
      reservationState: limited ? 'held' : 'none', reservedUntil: null, heldStock, savedMethod: parent.savedMethod, createdAt: now, updatedAt: now,
    })
    await orders.addOrderLines(tx, price.lines.map((l) => ({
      orderId: order.id, productId: l.productId, kind: l.kind, name: l.name, quantity: l.quantity, pricingPlanVersionId: priced.plan.row.currentVersionId,
      listAmount: l.listAmount, discountAmount: l.discountAmount, netAmount: l.netAmount, vatAmount: l.vatAmount, grossAmount: l.grossAmount, vatRateBps: l.vatRateBps,
    })))
    if (facts.product.form === 'licenseKey') await stock.reserveLicenseKeys(tx, facts.product.id, order.id, 1)
    const payment = await orders.openPayment(tx, {
      token: token(), orderId: order.id, sellerId: parent.sellerId, kind: 'charge', provider: parent.provider, method: parent.paymentMethod,
      state: 'waiting', amount: price.firstAmount, currency: price.currency, createdAt: now, updatedAt: now,
    })
    // The order that led into the funnel records it too (the orders' funnel_id filter finds both).
    await orders.setOrderFunnel(tx, parent.id, step.funnel.id)
    for (const nodeId of passed) await funnels.recordDecline(tx, step.funnel.id, nodeId, parent.id)
    return { order, payment }
  })
  const adapter = await paymentSettings.providerAdapter(ctx.db, ctx.deps, parent.sellerId, parent.provider)
  const payer2 = { email: payer.email, firstName: payer.first_name, lastName: payer.last_name, countryCode: payer.country_code }
  try {
    const result = await adapter.chargeSavedMethod({
      paymentToken: made.payment.token, orderToken: made.order.token, amount: { amount: made.payment.amount, currency: made.payment.currency as CurrencyId },
      method: made.payment.method as CheckoutMethod, description: facts.product.name, payer: payer2, idempotencyKey: `${key}:${made.payment.token}`,
      savedMethod: parent.savedMethod as never,
    })
    await orders.recordPaymentOutcome(ctx.deps, made.payment.token, result)
  } catch (error) {
    await orders.recordPaymentOutcome(ctx.deps, made.payment.token, { providerRef: `failed_${made.payment.token}`, state: 'denied', failureReason: error instanceof AppError ? error.type : 'provider_error' })
    throw error instanceof AppError ? error : new AppError('provider_error', 'The payment provider is not reachable; please try again')
  }
  return { status: 201, body: { order: await getPublicOrder(ctx, made.order.token), next_action: { type: 'none' } } }
}
