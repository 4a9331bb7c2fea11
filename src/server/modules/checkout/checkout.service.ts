import { localizedBumpTexts, localizedProductTexts } from '../../../shared/catalog'
import type { LocaleCode } from '../../../shared/i18n/locales'
import { localizedTexts } from '../../../shared/i18n/text-translations'
import { checkoutThemeTextFields, localizedQuestion } from '../../../shared/schemas/checkout-settings'
import { discountInCurrency, planAmounts, priceWithDiscount } from '../../../shared/pricing'
import type { CheckoutPageOutput } from '../../../shared/schemas/checkout'
import { featureEnabled, type Ctx } from '../../context'
import * as catalog from '../catalog/catalog.service'
import { assertPassword } from '../catalog/shop.service'
import * as checkoutSettings from '../checkout-settings/checkout-settings.service'
import { legalLinksFor } from '../checkout-settings/legal-texts.service'
import { couponsEnabled } from '../coupons/apply-coupon.service'
import * as coupons from '../coupons/coupons.service'
import * as paymentSettings from '../payment-settings/payment-settings.service'
import { bumpPlan, discountOf, sellable } from './quote.service'

// The checkout (docs/DESIGN.md "The request path"): the checkout page's data here; each other concern in its own
// file, re-exported below as the module's use cases for the storefront's pages:
//   quote.service.ts          prices a selection, the quote, whether a product can be sold now
//   payer-currency.service.ts a product page in the payer's currency (docs/decisions/0097-payer-currencies.md)
//   place-order.service.ts    POST /shop/orders: the order's transaction and the provider's first answer
//   public-order.service.ts   GET /shop/orders/{token}: the order as its payer sees it
//   upsell-offers.ts          which one-click offers an order's page shows
//   upsells.service.ts        accepting a one-click offer
//   ticket-upgrade.service.ts a payment ticket upgraded to a better type
// Elsewhere: the Idempotency-Key engine (src/server/plugins/idempotency.ts), a rush's checkout slots and
// sold-out memory (../catalog/rush.service.ts), applying a coupon (../coupons/apply-coupon.service.ts), the
// provider return, webhooks and sandbox page (../payments/).


/**
 * The checkout page's data; `locale` is the page's language (null: the base texts): the order bump's texts and its
 * offers' names in it, each falling back to the base text (docs/decisions/0095-product-translations.md).
 */
export async function checkoutPage(ctx: Ctx, username: string, slug: string, password: string | undefined, locale: LocaleCode | null): Promise<CheckoutPageOutput> {
  const facts = await catalog.checkoutFacts(ctx, ctx.db, { username }, { slug })
  await assertPassword(ctx, facts.product, password)
  const config = await checkoutSettings.checkoutConfigFor(ctx.db, facts.seller.id, facts.product.id)
  // Only recurring plans: a method must keep the payer's card or account for later rates (the payer's plan decides at the order).
  const keepsMethod = facts.plans.length > 0 && facts.plans.every((plan) => plan.form !== 'one_time')
  const methods = facts.product.free ? [] : await paymentSettings.activeMethods(ctx.db, ctx.deps, facts.seller.id, config.product.payment_methods ?? null, { keepsMethod })
  const legal = await legalLinksFor(ctx.db, facts.seller, facts.product.form)
  const mainCurrency = facts.plans[0]?.currencyId ?? 'eur'
  const offers = facts.bumps.flatMap((b) => {
    const bp = bumpPlan(b, mainCurrency)
    if (!bp) return []
    const { first } = planAmounts(bp.plan)
    const withDiscount = priceWithDiscount(first, discountInCurrency(discountOf(b), bp.row.currencyId))
    const texts = localizedProductTexts({ name: b.product.name, description: b.product.description, descriptionHtml: b.product.descriptionHtml }, b.product.translations, locale)
    return [{
      product_id: b.product.id, name: texts.name, description: texts.description, cover_url: null, pricing_plan_id: bp.row.id,
      amount: withDiscount, old_amount: withDiscount !== first ? first : null, currency: bp.row.currencyId,
    }]
  })
  let unavailable = sellable(facts)
  if (!unavailable && !facts.product.free && methods.length === 0) unavailable = 'no_active_pay_method'
  const bump = config.product.bump as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
  const bumpTexts = localizedBumpTexts({ headline: text(bump.headline), text: text(bump.text) }, facts.product.translations, locale)
  return {
    seller: { id: facts.seller.id, username: facts.seller.username, name: facts.seller.name },
    settings: {
      layout: config.settings.layout as CheckoutPageOutput['settings']['layout'],
      // The theme's free texts in the page's language, each falling back to the theme's own (decision 0095).
      theme: localizedTexts(config.settings.theme, config.settings.translations, checkoutThemeTextFields, locale) as Record<string, unknown>,
      trust_seals: config.settings.trust_seals as Record<string, unknown>,
      buyer_information: config.settings.buyer_information as CheckoutPageOutput['settings']['buyer_information'],
      phone_field: config.settings.phone_field,
      buy_button_text: config.settings.buy_button_text as CheckoutPageOutput['settings']['buy_button_text'],
    },
    payment_methods: methods.map((m) => m.method),
    bump: {
      position: text(bump.position) ?? 'belowPaymentMethods', placement: text(bump.placement) ?? 'below_payment_options', layout: text(bump.layout) ?? 'one_column',
      border_animation: text(bump.border_animation) ?? 'none', price_animation: text(bump.price_animation) ?? 'none',
      headline: bumpTexts.headline, text: bumpTexts.text, offers,
    },
    // Labels and options in the page's language; the option ids, which the answers carry, stay the base ones.
    questions: config.product.questions.map((stored) => localizedQuestion(stored, locale)).map((q) => ({
      id: q.id, type: q.type, label: q.label, required: q.required, select_style: q.select_style ?? null, option_group: q.option_group ?? null,
      options: (q.options ?? []).map((o) => ({ id: o.id, label: o.label, group: o.group ?? null })),
    })),
    terms_required: config.product.terms_required,
    // Never empty: the seller's texts, else the templates for their country (docs/decisions/0042-minimal-checkout-and-legal-texts.md).
    cancellation_terms_url: legal.cancellation_terms_url, terms_url: legal.terms_url, privacy_url: legal.privacy_url,
    coupons_enabled: couponsEnabled(facts.seller) && await coupons.sellerHasActiveCoupons(ctx.db, facts.seller.id),
    unavailable_reason: unavailable,
    currencies: currenciesOf(facts),
  }
}

/** The plans' own currencies, then the shop's payer currencies while the seller has multicurrency (docs/decisions/0097-payer-currencies.md). */
function currenciesOf(facts: catalog.CheckoutFacts): string[] {
  const own = facts.plans.map((p) => p.currencyId)
  const payer = featureEnabled({ sellerFeatures: facts.seller.features }, 'multicurrency') ? facts.seller.payerCurrencies : []
  return [...new Set([...own, ...payer])]
}
