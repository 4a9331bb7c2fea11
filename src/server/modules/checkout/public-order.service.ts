import { providerKeepsMethod } from '../../../shared/payments'
import type { LocaleCode } from '../../../shared/i18n/locales'
import type { PublicOrderOutput } from '../../../shared/schemas/checkout'
import type { Ctx } from '../../context'
import * as delivery from '../delivery/delivery.service'
import * as orders from '../orders/orders.service'
import { funnelStepOf } from './upsell-offers'

// The order as its payer sees it (the success page polls it): the order, its payments, what it delivers and
// its open one-click offer (the current node of its funnel, docs/decisions/0066-funnels.md).

/**
 * GET /shop/orders/{token}: the order as its payer sees it, with the open one-click offer; `locale` is the page's
 * language (null: the base texts), the product's name is given in it (docs/decisions/0095-product-translations.md).
 */
export async function getPublicOrder(ctx: Ctx, orderToken: string, locale: LocaleCode | null = null): Promise<PublicOrderOutput> {
  const order = await orders.findOrderByToken(ctx.db, orderToken)
  // Offers exist only after a payment that kept its method, or one through a provider that keeps none (they
  // open the checkout); the success page polls, so ask no more before.
  const offersAfter = order.savedMethod !== null || !providerKeepsMethod(order.provider)
  const step = offersAfter ? await funnelStepOf(ctx, order) : null
  const offers = step ? step.open.map((o) => o.offer) : []
  return { ...(await orders.publicOrder(ctx.db, order, offers, {}, locale)), deliverables: await delivery.deliverablesOf(ctx.db, ctx.deps, order) }
}
