import { providerKeepsMethod } from '../../../shared/payments'
import type { PublicOrderOutput } from '../../../shared/schemas/checkout'
import type { Ctx } from '../../context'
import * as checkoutSettings from '../checkout-settings/checkout-settings.service'
import * as delivery from '../delivery/delivery.service'
import * as orders from '../orders/orders.service'
import { offerPricesOf, upsellOffersOf } from './upsell-offers'

// The order as its payer sees it (the success page polls it): the order, its payments, what it delivers and
// its open one-click offers.

/** GET /shop/orders/{token}: the order as its payer sees it, with the open one-click offers. */
export async function getPublicOrder(ctx: Ctx, orderToken: string): Promise<PublicOrderOutput> {
  const order = await orders.findOrderByToken(ctx.db, orderToken)
  // Offers exist only after a payment that kept its method, or one through a provider that keeps none (they
  // open the checkout); the success page polls, so ask no more before.
  const offersAfter = order.savedMethod !== null || !providerKeepsMethod(order.provider)
  const mayOffer = offersAfter && order.upsellType === null && (order.paymentState === 'paid' || order.paymentState === 'paying')
  const upsells = mayOffer ? ((await checkoutSettings.checkoutConfigFor(ctx.db, order.sellerId, order.productId)).product.upsells ?? []) as Record<string, unknown>[] : []
  const offers = upsells.length > 0
    ? upsellOffersOf(order, upsells, await orders.childOrders(ctx.db, order.id), await offerPricesOf(ctx, order, upsells))
    : []
  return { ...(await orders.publicOrder(ctx.db, order, offers)), deliverables: await delivery.deliverablesOf(ctx.db, ctx.deps, order) }
}
