import { and, eq, inArray } from 'drizzle-orm'
import type { Actor } from '../auth/permissions'
import { systemContext } from '../context'
import type { AppDeps } from '../deps'
import * as funnels from '../modules/funnels/funnels.service'
import { funnelProducts, pricingPlans, products, sellers } from './schema'

// The demo's funnel (docs/decisions/0066-funnels.md): after the colour theory certificate, the strategy session as an upsell;
// declined, the brush app licence as a downsell; both end on a thank-you page. Made once: a certificate that
// already leads into a funnel is left as it is. The offers' headlines are in German too (a German order reads them so,
// docs/decisions/0095-product-translations.md).

export async function seedDemoFunnel(deps: AppDeps, sellerUserId: number): Promise<void> {
  const [seller] = await deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, sellerUserId)).limit(1)
  if (!seller) return
  const rows = await deps.db.select({ id: products.id, slug: products.slug }).from(products)
    .where(and(eq(products.sellerId, seller.id), inArray(products.slug, ['colour-theory-certificate', 'strategy-session', 'brush-app-license'])))
  const bySlug = new Map(rows.map((r) => [r.slug, r.id]))
  const main = bySlug.get('colour-theory-certificate')
  const upsell = bySlug.get('strategy-session')
  const downsell = bySlug.get('brush-app-license')
  if (!main || !upsell || !downsell) return
  const [linked] = await deps.db.select().from(funnelProducts).where(eq(funnelProducts.productId, main)).limit(1)
  if (linked) return
  const plans = await deps.db.select({ id: pricingPlans.id, productId: pricingPlans.productId }).from(pricingPlans)
    .where(and(inArray(pricingPlans.productId, [upsell, downsell]), eq(pricingPlans.active, true)))
  const planOf = (productId: number) => plans.find((p) => p.productId === productId)?.id
  const upsellPlan = planOf(upsell)
  const downsellPlan = planOf(downsell)
  if (!upsellPlan || !downsellPlan) return
  const actor: Actor = { userId: sellerUserId, sessionId: 'demo-seed', profileId: null, profileType: 'seller', sellerId: seller.id, permissions: [], confirmed: true }
  await funnels.createFunnel(systemContext(deps, { actor }), {
    name: 'After the certificate',
    product_ids: [main],
    nodes: [
      { kind: 'upsell', product_id: upsell, pricing_plan_id: upsellPlan, headline: 'Plan your next painting project with me: one hour, one to one',
        translations: { de: { headline: 'Planen Sie Ihr nächstes Malprojekt mit mir: eine Stunde, ganz persönlich' } }, accept: 2, decline: 1 },
      { kind: 'downsell', product_id: downsell, pricing_plan_id: downsellPlan, headline: 'Not now? Paint with the brush app instead',
        translations: { de: { headline: 'Nicht jetzt? Malen Sie stattdessen mit der Pinsel-App' } }, accept: 2, decline: 2 },
      { kind: 'thank_you' },
    ],
  })
}
