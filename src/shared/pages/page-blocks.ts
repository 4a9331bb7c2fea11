// The page builder's vocabulary (docs/decisions/0059-page-blocks.md): page types, the 20 block kinds, which
// kinds each page type permits, the widgets' defaults and limits, the colour palette, and the shape of a
// page document and of each block's settings. Plain TypeScript without zod, so the storefront can import it;
// src/shared/schemas/page-blocks.ts holds the zod schemas that check a document against these.

import type { LocaleCode } from '../i18n/locales'

/** docs/reference/catalogue-and-selling.md §2: the page types of the builder, in the reference's words. */
export const pageTypes = ['membership', 'shop', 'product', 'thank_you_page', 'course', 'funnel', 'affiliate'] as const
export type PageType = (typeof pageTypes)[number]

/** docs/reference/catalogue-and-selling.md §2: the 20 block kinds. */
export const blockKinds = [
  'header', 'banner', 'products', 'text', 'button', 'picture', 'audio_player', 'video', 'file', 'pdf_reader',
  'testimonials', 'popular_products', 'footer', 'funnel', 'affiliate', 'contact_form', 'conversion_tools',
  'thank_you_page', 'gap', 'funnel_product',
] as const
export type BlockKind = (typeof blockKinds)[number]

/** What a products block lists: the seller's shop products, a membership's products, or the page's one product. */
export const productSources = ['seller_products', 'membership_products', 'product'] as const
export type ProductSource = (typeof productSources)[number]

/** Content blocks every page type may hold (header and footer aside, see below). */
const contentKinds = ['banner', 'text', 'button', 'picture', 'audio_player', 'video', 'file', 'pdf_reader', 'testimonials', 'gap'] as const satisfies readonly BlockKind[]
const frame = ['header', 'footer'] as const satisfies readonly BlockKind[]

/**
 * The page type x block matrix (docs/reference/catalogue-and-selling.md §2). The reference names the blocks
 * that belong to one page type; the content blocks, with header and footer, go everywhere but on a course
 * page, which has no header or footer. `products` is permitted where one of its sources is.
 */
const allowed: Record<PageType, readonly BlockKind[]> = {
  membership: [...frame, ...contentKinds, 'products'],
  shop: [...frame, ...contentKinds, 'products', 'contact_form', 'conversion_tools'],
  product: [...frame, ...contentKinds, 'products'],
  thank_you_page: [...frame, ...contentKinds, 'thank_you_page', 'products', 'popular_products'],
  course: [...contentKinds],
  funnel: [...frame, ...contentKinds, 'funnel', 'funnel_product'],
  affiliate: [...frame, ...contentKinds, 'affiliate'],
}

/** Which sources a products block may use on each page type (membership: membership products only). */
const allowedSources: Record<PageType, readonly ProductSource[]> = {
  membership: ['membership_products'],
  shop: ['seller_products'],
  product: ['product'],
  thank_you_page: ['seller_products'],
  course: [],
  funnel: [],
  affiliate: [],
}

export function blocksAllowedOn(pageType: PageType): readonly BlockKind[] {
  return allowed[pageType]
}

export function isBlockAllowedOn(pageType: PageType, kind: BlockKind): boolean {
  return allowed[pageType].includes(kind)
}

export function productSourcesAllowedOn(pageType: PageType): readonly ProductSource[] {
  return allowedSources[pageType]
}

// ---------------------------------------------------------------- document bounds

/** A page document is a flat, ordered list: blocks do not nest (depth 1). */
export const maxBlocksPerPage = 100
export const maxBlockDepth = 1
/** Block ids as the editor makes them ("Text-3f9a..."): letters, digits, `-` and `_`. */
export const blockIdPattern = /^[A-Za-z0-9_-]{1,64}$/
export const pageDocumentVersion = 1

// ---------------------------------------------------------------- defaults and limits

/** docs/reference/catalogue-and-selling.md §9 and accounts-and-orders.md §9: the widgets' figures. */
export const widgetLimits = {
  /** The largest max width of any block, in px. */
  maxWidth: 5000,
  /** Default padding, px. */
  padding: 15,
  maxPaddingPx: 500,
  maxPaddingPercent: 50,
  maxRadius: 100,
  minFontSize: 8,
  maxFontSize: 120,
  maxGapHeight: 500,
  defaultGapHeight: 40,
  popularProductsPerSlide: 3,
  maxPerSlide: 6,
  countdownNumber: 100,
  progressValue: 75,
  /** Menu items of a header or footer, submenu items of one item, social links. */
  maxMenuItems: 15,
  maxTestimonials: 20,
  maxContactFields: 20,
  maxProductIds: 300,
} as const

/** Width (% of the page column) and max width (px: its default and its upper bound) per kind. */
export const blockWidths: Record<BlockKind, { width: number; maxWidth: number }> = {
  header: { width: 100, maxWidth: 5000 },
  banner: { width: 100, maxWidth: 500 },
  products: { width: 100, maxWidth: 5000 },
  text: { width: 100, maxWidth: 5000 },
  button: { width: 100, maxWidth: 5000 },
  picture: { width: 100, maxWidth: 5000 },
  audio_player: { width: 100, maxWidth: 5000 },
  video: { width: 100, maxWidth: 5000 },
  file: { width: 100, maxWidth: 5000 },
  pdf_reader: { width: 100, maxWidth: 5000 },
  testimonials: { width: 100, maxWidth: 5000 },
  popular_products: { width: 100, maxWidth: 5000 },
  footer: { width: 100, maxWidth: 5000 },
  funnel: { width: 100, maxWidth: 5000 },
  affiliate: { width: 100, maxWidth: 5000 },
  contact_form: { width: 60, maxWidth: 500 },
  conversion_tools: { width: 95, maxWidth: 730 },
  thank_you_page: { width: 100, maxWidth: 1200 },
  gap: { width: 100, maxWidth: 5000 },
  funnel_product: { width: 100, maxWidth: 5000 },
}

/** Text lengths: short labels, titles, plain paragraphs, rich text (HTML before sanitising). */
export const textLimits = { label: 100, title: 300, text: 5000, html: 100_000, url: 2048 } as const

/** The 15 colours of the builder's palette; the default text colour is black (docs/reference/catalogue-and-selling.md §9). */
export const colorPalette = [
  '#000000', '#ffffff', '#f2f2f2', '#9e9e9e', '#424242', '#e53935', '#fb8c00', '#ffc107',
  '#43a047', '#00897b', '#039be5', '#1e88e5', '#3949ab', '#8e24aa', '#d81b60',
] as const
export const defaultTextColor = '#000000'
export const defaultButtonColor = '#ffc107'
export const defaultButtonRadius = 22

// ---------------------------------------------------------------- setting values

/** Four font levels: the heading sizes and body text a block's text is set in. */
export const fontLevels = ['h1', 'h2', 'h3', 'p'] as const
/** Self-hosted or generic families only (docs/reference/readings.md 31): no page loads a font from another host. */
export const fontFamilies = ['default', 'sans_serif', 'serif', 'monospace'] as const
export const fontStyles = ['normal', 'italic'] as const
export const alignments = ['left', 'center', 'right'] as const
export const paddingUnits = ['px', 'percent'] as const
export const buttonStyles = ['filled', 'outlined'] as const
export const buttonAnimations = ['none', 'pulse', 'shake', 'bounce'] as const
export const productViews = ['grid', 'list', 'slider', 'button', 'text'] as const
export const buttonTypes = ['buy', 'details', 'customLink', 'individualLink', 'downloadFile', 'lessonLink'] as const
/** docs/reference/readings.md 28: autopay charges the payer's saved method in one click; checkout opens the checkout. */
export const paymentOptions = ['autopay', 'checkout'] as const
export const videoTypes = ['own', 'external'] as const
export const contactFieldKinds = ['first_name', 'last_name', 'email', 'birthday', 'street', 'zip', 'country_code', 'phone', 'custom'] as const
export const contactFieldTypes = ['text', 'textarea'] as const
export const conversionTools = ['countdown', 'progress_bar', 'social_proof'] as const
export const countdownUnits = ['months', 'weeks', 'days', 'hours', 'minutes', 'seconds'] as const
export const countdownTypes = ['counter', 'countdown'] as const
export const progressStyles = ['loading', 'bordered', 'sections', 'circle', 'filledCircle', 'halfCircle', 'pieCircle'] as const
export const socialProofTypes = ['total_views', 'total_purchases', 'recent_purchase'] as const
export const socialNetworks = ['website', 'facebook', 'instagram', 'twitter', 'youtube', 'tumblr', 'pinterest', 'linkedin', 'xing', 'tiktok'] as const
export const menuLinkTypes = ['url', 'page'] as const

// ---------------------------------------------------------------- settings types

type Of<T extends readonly string[]> = T[number]

/** What most blocks share: colours, transparency, width, padding, alignment, radius, font. */
export type BlockStyle = {
  background_color: string | null
  text_color: string
  /** 0 opaque .. 100 invisible background. */
  transparency: number
  /** % of the page column. */
  width: number
  /** px. */
  max_width: number
  padding: { value: number; unit: Of<typeof paddingUnits> }
  alignment: Of<typeof alignments>
  radius: number
  font_level: Of<typeof fontLevels>
  font_family: Of<typeof fontFamilies>
  font_size: number | null
  font_style: Of<typeof fontStyles>
  /** 100..900 in steps of 100. */
  font_weight: number
}

export type ButtonSettings = {
  text: string
  type: Of<typeof buttonTypes>
  style: Of<typeof buttonStyles>
  animation: Of<typeof buttonAnimations>
  color: string
  text_color: string
  radius: number
  /** buy and details: the product; lessonLink: the course. */
  product_id: number | null
  payment_option: Of<typeof paymentOptions>
  /** customLink and individualLink. */
  url: string | null
  /** downloadFile: the seller's upload. */
  upload_key: string | null
  /** lessonLink. */
  lesson_id: number | null
  new_tab: boolean
}

export type MenuItem = { id: string; name: string; url: string; link_type: Of<typeof menuLinkTypes>; submenu: { id: string; name: string; url: string; link_type: Of<typeof menuLinkTypes> }[] }
export type SocialLinks = Partial<Record<Of<typeof socialNetworks>, string>>
export type Testimonial = { id: string; avatar_key: string | null; full_name: string; text: string }
export type ContactField = { id: string; kind: Of<typeof contactFieldKinds>; label: string | null; type: Of<typeof contactFieldTypes>; required: boolean }

export type BlockSettingsByKind = {
  header: BlockStyle & {
    logo_key: string | null; title: string | null; menu: MenuItem[]; social: SocialLinks; language_switcher: boolean; sharing_options: boolean
    my_account_switcher: boolean; sticky_header: boolean; show_cancel_subscription: boolean
  }
  banner: BlockStyle & { title: string | null; text: string | null; image_key: string | null; button: ButtonSettings | null }
  products: BlockStyle & {
    source: ProductSource; product_ids: number[]; view: Of<typeof productViews>; columns: number; show_button: boolean; button: ButtonSettings
    show_price: boolean; show_old_price: boolean; show_description: boolean; show_category: boolean
  }
  text: BlockStyle & { html: string }
  button: BlockStyle & { button: ButtonSettings }
  picture: BlockStyle & { image_key: string | null; alt: string; link: string | null }
  audio_player: BlockStyle & { upload_key: string | null; title: string | null }
  video: BlockStyle & { type: Of<typeof videoTypes>; upload_key: string | null; url: string | null; title: string | null; autoplay: boolean; controls: boolean }
  file: BlockStyle & { upload_key: string | null; title: string | null; button_text: string }
  pdf_reader: BlockStyle & { upload_key: string | null; title: string | null; height: number }
  testimonials: BlockStyle & { title: string | null; items: Testimonial[]; view: 'grid' | 'list' | 'slider' }
  popular_products: BlockStyle & { title: string | null; per_slide: number; product_ids: number[]; button: ButtonSettings }
  footer: BlockStyle & { text: string | null; menu: MenuItem[]; social: SocialLinks }
  funnel: BlockStyle & { title: string | null; text: string | null; product_id: number | null; accept: ButtonSettings; decline_text: string }
  affiliate: BlockStyle & { title: string | null; button_text: string }
  contact_form: BlockStyle & { title: string | null; fields: ContactField[]; button: ButtonSettings; success_text: string }
  conversion_tools: BlockStyle & {
    tool: Of<typeof conversionTools>; title: string | null
    countdown_type: Of<typeof countdownTypes>; countdown_units: Of<typeof countdownUnits>[]; countdown_number: number; countdown_end: string | null
    progress_style: Of<typeof progressStyles>; progress_value: number; progress_text: string | null
    social_proof_type: Of<typeof socialProofTypes>; product_id: number | null
  }
  thank_you_page: BlockStyle & { title: string; text: string | null; show_order: boolean; show_access: boolean }
  gap: BlockStyle & { height: number }
  funnel_product: BlockStyle & { product_id: number | null; show_price: boolean; show_description: boolean }
}

export type BlockSettings<K extends BlockKind = BlockKind> = BlockSettingsByKind[K]

/** One block of a page: a stable id, its kind and its settings (validated, defaults applied). */
export type PageBlock<K extends BlockKind = BlockKind> = K extends BlockKind ? { id: string; kind: K; settings: BlockSettingsByKind[K] } : never

/** Settings of the page itself. */
export type PageSettings = {
  background_color: string | null; text_color: string; font_family: Of<typeof fontFamilies>
  /** The seller's CSS, scoped under the page (src/shared/pages/custom-css.ts); '' for none. Older documents lack it. */
  custom_css?: string
}

/**
 * The page's own texts per language (docs/decisions/0095-product-translations.md, "Built pages"): by locale, by
 * block id, by the text's path in the block's settings (src/shared/pages/page-translations.ts).
 */
export type PageTranslations = { [L in LocaleCode]?: Record<string, Record<string, string>> }

/**
 * A built page: its blocks in order. Sections do not nest (docs/decisions/0059-page-blocks.md). `translations`:
 * its texts in other languages; documents without any lack the key.
 */
export type PageDocument = { version: typeof pageDocumentVersion; settings: PageSettings; blocks: PageBlock[]; translations?: PageTranslations }
