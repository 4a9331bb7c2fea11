import type { z } from 'zod'
import type { shopListOutput, shopProductOutput } from '../shared/schemas/catalog'
import type { CheckoutPageOutput, CreateOrderOutput, PublicOrderOutput, QuoteOutput, sandboxPaymentOutput } from '../shared/schemas/checkout'
import type { FieldError } from '../shared/errors'
import type { PageDocument } from '../shared/pages/page-blocks'
import type { BuiltPageData } from './built/built-data'
import type { CertificateVerificationOutput } from '../shared/schemas/certificates'
import type { PublicShareOutput } from '../shared/schemas/shares'
import type { PublicLiveEventOutput } from '../shared/schemas/live-shopping'
import type { Branding } from '../shared/customization/branding'
import type { LocaleCode } from '../shared/schemas/accounts'

// What each page renders from. The server plugin (src/server/plugins/storefront.ts) builds these objects
// from the services' answers; they travel to the browser as JSON in <script id="sf-props"> and hydrate the
// same components there. Everything here is plain data: no functions, no dates (ISO strings instead).

export type ShopProduct = z.infer<typeof shopProductOutput>
export type ShopPlan = ShopProduct['pricing_plans'][number]
export type ShopTicket = ShopProduct['tickets'][number]
export type ShopList = z.infer<typeof shopListOutput>
export type SandboxPayment = z.infer<typeof sandboxPaymentOutput>
export type { CheckoutPageOutput, CreateOrderOutput, PublicOrderOutput, QuoteOutput }

/** Entered form values by field name, every field a list (checkbox groups and multi-selects have several). */
export type FormValues = Record<string, string[]>

export type PageError = { type: string; message: string; fields?: FieldError[] }

export type ShopPageProps = {
  username: string
  list: ShopList
  page: number
  per: number
  /** The currency choice while the seller takes payer currencies (docs/decisions/0097-payer-currencies.md); the list's prices are in `current`. */
  currency?: ListCurrency | null
}

/** A list's currency choice: the currencies offered, the one the prices are in, the rate used or the currency refused. */
export type ListCurrency = Pick<CheckoutPageOutput, 'payer_currency' | 'currency_unavailable'> & { currencies: string[]; current: string }

export type ProductPageProps = {
  username: string
  product: ShopProduct
  checkout: CheckoutPageOutput
  /** [code, English name] for the payer's country select, in name order. */
  countries: [string, string][]
  /** The no-JS form's Idempotency-Key (a fresh one per response; the JS path makes its own per attempt). */
  idempotencyKey: string
  /** The product's access password when it was opened with one. */
  password: string | null
  values: FormValues
  /** Two-step layouts: 1 method selection, 2 payment selection (docs/reference/readings.md 24). */
  step: 1 | 2
  error: PageError | null
  quote: QuoteOutput | null
  /** The publisher's node token the order is attributed to (the `sf_aff` cookie, checked by the server); '' for none. */
  affiliate?: string
}

export type PasswordPageProps = { username: string; slug: string; error: PageError | null }

export type SuccessPageProps = {
  username: string
  order: PublicOrderOutput
  /** Offers the payer declined ("No thanks" without JavaScript). */
  hidden: number[]
  idempotencyKey: string
  error: PageError | null
  /** The product's active thank-you page, shown above the default thanks (docs/decisions/0065-serving-built-pages.md). */
  built?: { document: PageDocument; data: BuiltPageData } | null
}

/** A funnel node after a payment (docs/decisions/0066-funnels.md): its built page, or the default layout. */
export type FunnelPageProps = {
  username: string
  /** The order's page (the success page). */
  orderUrl: string
  node: { id: number; kind: 'upsell' | 'downsell' | 'thank_you' }
  /** The node's offer, priced for this order; null on a thank-you node. */
  offer: PublicOrderOutput['upsell_offers'][number] | null
  /** The node's built page (type funnel) and what its blocks read; null: the default layout. */
  built: { document: PageDocument; data: BuiltPageData } | null
  /** One click: posts here (the idempotency key is in the address). */
  acceptAction: string
  declineUrl: string
  error: PageError | null
}

export type SandboxPageProps = { payment: SandboxPayment; challenge: boolean; error: PageError | null }

export type DocumentPageProps = { username: string; title: string; body: string }

export type SignInPageProps = { username: string; sent: boolean; email: string; error: PageError | null; /** the course player to come back to */ returnTo?: string | null; /** the stored mail's page, only in mail preview mode */ previewUrl?: string | null }

export type MessagePageProps = { title: string; message: string; username: string | null }

/** The public check of an issued certificate (/certificates/{serial}). */
/** The certificate check speaks the page's language (docs/decisions/0094-storefront-languages.md). */
export type CertificatePageProps = { verification: CertificateVerificationOutput }

/** A block of an affiliate program's landing page (docs/decisions/0048-affiliates.md). */
export type LandingBlock = { kind: string; props: Record<string, unknown> }

/** The public page of an affiliate program for publishers (/s/{username}/affiliate_programs/{id}). */
export type AffiliateLandingPageProps = {
  username: string
  program: {
    id: number
    name: string
    description: string | null
    seller: { username: string; name: string }
    /** Whole percents per level, level 1 first. */
    commissions: number[]
    cookies_expire: number
    lifetime: string
    lifetime_days: number | null
    bonus: number | null
    bonus_currency: string | null
    landing_body: LandingBlock[]
    landing_theme: string
    products: { id: number; name: string; url: string; cover_url: string | null; display_price: number | null; currency: string | null }[]
  }
  /** The web app's join page for this program, with the recruiting publisher's token when the link had one. */
  joinUrl: string
}

/** A publisher's product card or buy button for another site's iframe (/embed/items/{id}). */
export type EmbedPageProps = {
  kind: 'product_card' | 'buy_button'
  settings: Record<string, unknown>
  /** Null when the item is not available (the participation is not accepted, the product is gone). */
  product: { name: string; cover_url: string | null; display_price: number | null; currency: string | null; url: string } | null
}

/** A seller's shared link of several products (/v/{username}/{slug}, docs/decisions/0067-multi-item-shares.md). */
export type SharePageProps = { username: string; share: PublicShareOutput }
/** A seller's live shopping event (/live/{username}/{id}, docs/decisions/0086-live-shopping-and-mobile-app.md). */
export type LivePageProps = { username: string; event: PublicLiveEventOutput }
/** A seller's built shop or product page (docs/decisions/0065-serving-built-pages.md): its blocks, no JavaScript. */
export type BuiltPageProps = {
  username: string
  title: string
  document: PageDocument
  data: BuiltPageData
  /** The shop's categories as filter links (?category=), the chosen one marked; empty elsewhere. */
  categories: { id: number; title: string; url: string; active: boolean }[]
  /** Where the category filter's "All" leads (the shop page); null without categories. */
  allUrl: string | null
  /** A member page shown inside the payer's course player (docs/decisions/0069-member-pages.md): links open in the whole window. */
  framed?: boolean
}

export type PageProps = {
  shop: ShopPageProps
  product: ProductPageProps
  password: PasswordPageProps
  success: SuccessPageProps
  sandbox: SandboxPageProps
  document: DocumentPageProps
  'sign-in': SignInPageProps
  message: MessagePageProps
  certificate: CertificatePageProps
  'affiliate-landing': AffiliateLandingPageProps
  embed: EmbedPageProps
  share: SharePageProps
  live: LivePageProps
  funnel: FunnelPageProps
  built: BuiltPageProps
}
export type PageName = keyof PageProps

export const propsElementId = 'sf-props'
export const rootElementId = 'sf-root'

/** The pages that load JavaScript (hydrate); the others are plain HTML. */
export const interactivePages = ['product', 'success', 'sandbox', 'live'] as const satisfies readonly PageName[]

/** What the server hands to `renderPage`: the page, its props and where it is. */
export type RenderInput<P extends PageName = PageName> = {
  page: P
  props: PageProps[P]
  /** The site's public origin (APP_URL) and this page's path, for canonical links and Open Graph. */
  appUrl: string
  path: string
  /**
   * The built client's files for this page: stylesheets, the entry script, and the modules the entry loads for the
   * page (`preload`: not written into the page since docs/decisions/0099-storefront-client-on-preact.md).
   */
  assets: { css: string[]; js: string[]; preload: string[] }
  /** The seller's branding in effect (docs/decisions/0085-customization.md); null or absent: the platform's look. */
  branding?: Branding | null
  /** The page's language (docs/decisions/0094-storefront-languages.md); English when absent. */
  locale?: LocaleCode
  /** The languages the seller's shop offers, for the `hreflang` links; none: no links. */
  languages?: readonly LocaleCode[]
}
