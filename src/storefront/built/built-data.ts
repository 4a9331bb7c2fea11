// What a built page's blocks read besides their settings (docs/decisions/0059-page-blocks.md). The server
// fills it from the services: products by id with their prices and paths, uploads resolved to public paths,
// counts for social proof. Plain data only (it may travel as JSON), no functions, dates as ISO strings.

import type { PageTheme } from '../../shared/pages/page-theme'

export type BuiltProduct = {
  id: number
  name: string
  /** The product page. */
  url: string
  /** Where Buy leads (the product page's checkout). */
  checkout_url: string
  cover_url: string | null
  /** Minor units of `currency`; null when the product has no price to show. */
  display_price: number | null
  display_old_price: number | null
  currency: string | null
  description: string | null
  category: string | null
}

export type BuiltUpload = { url: string; name: string }

export type SocialProof = {
  total_views: number
  total_purchases: number
  /** The latest purchase, as the page may show it (a first name, never an address). */
  recent_purchase: { first_name: string; at: string } | null
}

/** A plan of a funnel's offer, priced for the payer in the order's currency. */
export type BuiltFunnelPlan = { id: number; name: string | null; form: string; amount: number; currency: string }

/** A funnel page's part of the data (docs/decisions/0071-funnel-gaps.md). */
export type BuiltFunnel = {
  /** Where one click posts; empty when the payment kept no method (Buy then opens `checkout_url`). */
  accept_action: string
  decline_url: string
  /** The offer's checkout, which makes its order the node's offer. */
  checkout_url?: string
  /** The order that led here: the payer's first name, what was bought, the amount. */
  order?: { first_name: string; items: string[]; amount: number; currency: string } | null
  /** The offer: the plan it sells and the product's other plans. */
  offer?: { kind: 'upsell' | 'downsell'; product_id: number; headline: string | null; plan: BuiltFunnelPlan; plans: BuiltFunnelPlan[] } | null
}

export type BuiltPageData = {
  seller: { username: string; name: string }
  /** Every product a block may name, by id. A block naming a product not here shows nothing for it. */
  products: Record<number, BuiltProduct>
  /** The shop's listed products in shop order (products block, source seller_products, no ids chosen). */
  shopProductIds: number[]
  /** The membership's products (source membership_products). */
  membershipProductIds: number[]
  /** The product the page belongs to (product page, funnel page, source product). */
  pageProductId: number | null
  /** Best sellers, most sold first (popular products block without chosen ids). */
  popularProductIds: number[]
  /** The seller's uploads the blocks name, by key. */
  uploads: Record<string, BuiltUpload>
  /** Lesson pages by lesson id (button type lessonLink). */
  lessonUrls: Record<number, string>
  /** By product id. */
  socialProof: Record<number, SocialProof>
  /** The order a thank-you page thanks for. */
  order: { number: string; product_name: string; amount: number | null; currency: string | null; access: { label: string; url: string }[] } | null
  /** The affiliate program a landing page presents. */
  affiliate: { commissions: number[]; cookies_expire: number; join_url: string } | null
  /** Where a one-click (autopay) buy posts and where "No, thanks" leads; null outside a funnel. */
  funnel: BuiltFunnel | null
  /** Where the contact form posts; null renders it disabled. */
  contactFormAction: string | null
  /** The page's own address, for the header's sharing links. */
  pageUrl: string | null
  /** Render time (ISO), so a countdown renders the same on every server. */
  now: string
  /** Whether the page's custom CSS is shown (the seller's custom_css feature); absent means yes. */
  customCss?: boolean
  /** The seller's applied themes for this page type, merged (docs/decisions/0070-shop-header-and-themes.md); absent: none. */
  theme?: PageTheme
  /** The seller's font stylesheet, linked when the theme names one of their own fonts. */
  fontsStylesheet?: string | null
  /** The page's language (docs/decisions/0094-storefront-languages.md); the texts' context is what the blocks read. */
  language?: string
  /** The languages the shop offers, its default first. */
  languages?: string[]
  /** Where a payer manages (and cancels) their subscriptions with this seller: the header's cancel-subscription link. */
  cancelSubscriptionUrl?: string | null
  /**
   * The payer's currency choice while the seller takes payer currencies (docs/decisions/0097-payer-currencies.md): the
   * products' prices are in `current`, converted at `payer_currency`'s rate where the product has no price in it.
   */
  currency?: {
    currencies: string[]; current: string; currency_unavailable?: string | null | undefined
    payer_currency?: { currency: string; base_currency: string; rate: string; source: string; rated_at: string } | null | undefined
  } | null
}

/** Data with nothing in it: blocks that need data then render their empty state. */
export function emptyBuiltPageData(overrides: Partial<BuiltPageData> = {}): BuiltPageData {
  return {
    seller: { username: '', name: '' }, products: {}, shopProductIds: [], membershipProductIds: [], pageProductId: null, popularProductIds: [],
    uploads: {}, lessonUrls: {}, socialProof: {}, order: null, affiliate: null, funnel: null, contactFormAction: null, pageUrl: null,
    now: new Date(0).toISOString(), ...overrides,
  }
}
