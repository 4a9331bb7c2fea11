import { courseAccessUrl } from '../../../shared/catalog'
import { AppError } from '../../../shared/errors'
import type { PageDocument, PageType } from '../../../shared/pages/page-blocks'
import { mergePageTheme, themeKindsFor, type PageTheme } from '../../../shared/pages/page-theme'
import { requireActor, type Ctx } from '../../context'
import * as catalogService from '../catalog/catalog.service'
import * as shop from '../catalog/shop.service'
import * as courses from '../courses/courses.service'
import * as delivery from '../delivery/delivery.service'
import * as fonts from '../fonts/fonts.service'
import * as media from '../media/media.service'
import * as socialProof from '../orders/social-proof.service'
import * as themes from '../themes/themes.service'
import * as repo from './pages.repository'
import { viewTotals } from './product-views.service'

// What the storefront needs to serve a built page (docs/decisions/0065-serving-built-pages.md): the active
// published document and the data its blocks read (BuiltPageData of src/storefront/built/built-data.ts, kept
// in step by hand: the server never imports the storefront). Products, uploads and lessons are ids and keys
// in the document (decision 0059); they are resolved here, and only the seller's own ones are found.

export type BuiltOrder = { number: string; product_name: string; amount: number | null; currency: string | null; access: { label: string; url: string }[] }

/** A funnel page's data (docs/decisions/0071-funnel-gaps.md): the step's links, the order that led there and the offer. */
export type BuiltFunnelPlan = { id: number; name: string | null; form: string; amount: number; currency: string }
export type BuiltFunnel = {
  accept_action: string; decline_url: string; checkout_url?: string
  order?: { first_name: string; items: string[]; amount: number; currency: string } | null
  offer?: { kind: 'upsell' | 'downsell'; product_id: number; headline: string | null; plan: BuiltFunnelPlan; plans: BuiltFunnelPlan[] } | null
}
/** An affiliate program a landing page presents (docs/decisions/0071-funnel-gaps.md). */
export type BuiltAffiliate = { commissions: number[]; cookies_expire: number; join_url: string }

export type BuiltCategory = { id: number; title: string; url: string; active: boolean }

export type BuiltPageAnswer = {
  pageType: PageType
  document: PageDocument
  data: {
    seller: { username: string; name: string }
    products: Record<number, {
      id: number; name: string; url: string; checkout_url: string; cover_url: string | null; display_price: number | null
      display_old_price: number | null; currency: string | null; description: string | null; category: string | null
    }>
    shopProductIds: number[]
    membershipProductIds: number[]
    pageProductId: number | null
    popularProductIds: number[]
    uploads: Record<string, { url: string; name: string }>
    lessonUrls: Record<number, string>
    socialProof: Record<number, { total_views: number; total_purchases: number; recent_purchase: { first_name: string; at: string } | null }>
    order: BuiltOrder | null
    affiliate: BuiltAffiliate | null
    funnel: BuiltFunnel | null
    contactFormAction: string | null
    pageUrl: string | null
    now: string
    customCss: boolean
    theme: PageTheme
    fontsStylesheet: string
    cancelSubscriptionUrl: string
  }
  /** The shop's visible categories as filter links (a shop page only). */
  categories: BuiltCategory[]
  /** What the products' prices may be shown in, for the payer's currency (docs/decisions/0097-payer-currencies.md). */
  pricing?: { products: Record<number, shop.CardPricing>; payerCurrencies: string[] }
}

/** Every value the document names by key: product ids, upload keys, lesson ids, and the products its conversion tools count. */
export function referencesOf(document: PageDocument) {
  const productIds = new Set<number>()
  const uploadKeys = new Set<string>()
  const lessonIds = new Set<number>()
  const proofIds = new Set<number>()
  const walk = (value: unknown, inProof: boolean) => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, inProof)
      return
    }
    if (!value || typeof value !== 'object') return
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'product_id' && typeof v === 'number') {
        productIds.add(v)
        if (inProof) proofIds.add(v)
      } else if (key === 'product_ids' && Array.isArray(v)) {
        for (const id of v) if (typeof id === 'number') productIds.add(id)
      } else if (key.endsWith('_key') && typeof v === 'string') {
        uploadKeys.add(v)
      } else if (key === 'lesson_id' && typeof v === 'number') {
        lessonIds.add(v)
      } else {
        walk(v, inProof)
      }
    }
  }
  for (const block of Array.isArray(document.blocks) ? document.blocks : []) walk(block.settings, block.kind === 'conversion_tools')
  return { productIds: [...productIds], uploadKeys: [...uploadKeys], lessonIds: [...lessonIds], proofIds: [...proofIds] }
}

const shopPath = (username: string) => `/s/${encodeURIComponent(username)}`

/** Where a built page's uploads are served (the storefront's /s/{username}/uploads/{key}). */
export const uploadPath = (username: string, key: string) => `${shopPath(username)}/uploads/${encodeURIComponent(key)}`

type Where = {
  type: PageType; productId: number | null; order?: BuiltOrder | null; category?: number | null; path: string
  /** A page chosen by the caller (a funnel node's page, docs/decisions/0071-funnel-gaps.md) in place of the type's active one. */
  page?: { id: number; document: PageDocument } | null
  funnel?: BuiltFunnel | null
  affiliate?: BuiltAffiliate | null
}

/**
 * The seller's active page of `type` (for `productId`) with its data, or null: no such shop, no active
 * published page. A page without one is served in the default layout.
 */
export async function builtPage(ctx: Ctx, username: string, where: Where): Promise<BuiltPageAnswer | null> {
  const seller = await shop.openShopSeller(ctx, username)
  if (!seller) return null
  const page = where.page ? { page: { id: where.page.id }, document: where.page.document } : await repo.activePublished(ctx.db, seller.id, where.type, where.productId)
  if (!page) return null
  return answerOf(ctx, username, seller, page, where, null)
}

/** A membership's products as its member page links them: each to where the member opens it. */
type Members = { productIds: number[]; links: Map<number, { name: string; url: string }> }

// Only the page's id and its published document are read here; a funnel node names its page directly (where.page).
type ActivePage = { page: { id: number }; document: PageDocument }

async function answerOf(ctx: Ctx, username: string, seller: { id: number; username: string }, page: ActivePage, where: Where, members: Members | null): Promise<BuiltPageAnswer | null> {
  const document = page.document
  const refs = referencesOf(document)
  const named = [...refs.productIds, ...(where.productId === null ? [] : [where.productId]), ...(members?.productIds ?? [])]
  // The products' names and descriptions in the page's language (docs/decisions/0095-product-translations.md).
  const catalog = await shop.builtPageCatalog(ctx, username, named, ctx.locale)
  if (!catalog) return null
  const base = shopPath(catalog.seller.username)
  const categoryOf = new Map<number, string>()
  for (const c of catalog.categories) for (const id of c.productIds) if (!categoryOf.has(id)) categoryOf.set(id, c.title)
  const products: BuiltPageAnswer['data']['products'] = {}
  for (const p of catalog.products) {
    const url = `${base}/${encodeURIComponent(p.slug)}`
    products[p.id] = { ...p, url, checkout_url: `${url}/payment`, category: categoryOf.get(p.id) ?? null }
  }
  // On a member page the membership's products lead to their access, not to their sale (also those the shop does not show).
  for (const [id, link] of members?.links ?? []) {
    products[id] = {
      ...(products[id] ?? { id, name: link.name, cover_url: null, display_price: null, display_old_price: null, currency: null, description: null, category: null }),
      url: link.url, checkout_url: link.url,
    }
  }
  // A shop page filtered by a category (?category=): its products blocks without chosen ids show that category.
  const chosen = where.type === 'shop' && where.category != null ? catalog.categories.find((c) => c.id === where.category) ?? null : null
  const shopProductIds = chosen ? chosen.productIds : catalog.listedIds
  const proofIds = [...new Set([...refs.proofIds, ...(where.productId !== null ? [where.productId] : [])])].filter((id) => Object.hasOwn(products, id))
  const [uploads, lessonUrls, purchases, views, applied] = await Promise.all([
    media.uploadsByKeys(ctx.db, seller.id, refs.uploadKeys),
    courses.lessonUrls(ctx.db, seller, refs.lessonIds),
    socialProof.purchaseProof(ctx.db, proofIds),
    viewTotals(ctx.db, proofIds),
    // The applied themes of this page type's kinds, the shop's first (docs/decisions/0070-shop-header-and-themes.md).
    Promise.all(themeKindsFor[where.type].map((kind) => themes.appliedThemeOf(ctx.db, seller.id, kind))),
  ])
  const proof: BuiltPageAnswer['data']['socialProof'] = {}
  for (const id of proofIds) {
    const bought = purchases.get(id)
    proof[id] = { total_views: views.get(id) ?? 0, total_purchases: bought?.total_purchases ?? 0, recent_purchase: bought?.recent_purchase ?? null }
  }
  const hasContactForm = document.blocks.some((b) => b.kind === 'contact_form')
  return {
    pageType: where.type,
    document,
    categories: where.type === 'shop'
      ? catalog.categories.filter((c) => c.productIds.length > 0).map((c) => ({ id: c.id, title: c.title, url: `${base}?category=${c.id}`, active: c.id === chosen?.id }))
      : [],
    data: {
      seller: { username: catalog.seller.username, name: catalog.seller.name },
      products,
      shopProductIds,
      membershipProductIds: members?.productIds ?? [],
      pageProductId: where.productId,
      popularProductIds: catalog.listedIds.slice(0, 12),
      uploads: Object.fromEntries(uploads.map((u) => [u.key, { url: uploadPath(catalog.seller.username, u.key), name: u.name }])),
      lessonUrls,
      socialProof: proof,
      order: where.order ?? null,
      affiliate: where.affiliate ?? null,
      funnel: where.funnel ?? null,
      contactFormAction: hasContactForm ? `${base}/contact?page=${page.page.id}` : null,
      pageUrl: `${ctx.deps.config.appUrl}${where.path}`,
      now: ctx.now.toISOString(),
      customCss: catalog.seller.customCss,
      theme: mergePageTheme(applied.map((a) => a?.settings)),
      fontsStylesheet: fonts.stylesheetPath(seller.id),
      // The payer area's page of this seller lists the payer's payments, each with its manage page, where a
      // subscription is cancelled (src/web/features/payer); signing in comes first when needed.
      cancelSubscriptionUrl: `/payer/s/${seller.id}#payer-payments`,
    },
    // The storefront converts the prices for the payer's chosen currency after reading (the data is cached per page).
    pricing: { products: catalog.pricing, payerCurrencies: catalog.payerCurrencies },
  }
}

/** The member pages' types by product form (docs/decisions/0069-member-pages.md). */
const memberPageTypeOf: Record<string, PageType> = { course: 'course', membership: 'membership' }

/**
 * The member page of a course or membership for the signed-in payer (docs/decisions/0069-member-pages.md):
 * the product's active published `course` or `membership` page (else the seller's page of that type without a
 * product), with its data, only while the payer has access to the product. Null otherwise: no such shop or
 * product, not a course or membership, no access, no page. A membership's products (its bundle add-ons) are
 * the page's membership products, each linked to its access: a course to its player, anything else to the
 * seller's page of the payer area. A payment whose delivery is still to run: `access_pending` (409).
 */
export async function memberPage(ctx: Ctx, username: string, slug: string, path: string): Promise<BuiltPageAnswer | null> {
  const { userId } = requireActor(ctx)
  const seller = await shop.openShopSeller(ctx, username)
  if (!seller) return null
  const product = await catalogService.productBySlugWithIncluded(ctx.db, seller.id, slug)
  const type = product ? memberPageTypeOf[product.form] : undefined
  if (!product || !type) return null
  const page = (await repo.activePublished(ctx.db, seller.id, type, product.id)) ?? (await repo.activePublished(ctx.db, seller.id, type, null))
  if (!page) return null
  if (!(await delivery.accessOf(ctx.db, userId, product.id, ctx.now))) {
    // Paid moments ago: the player waits for the delivery job, as it does for a course's outline.
    if (await delivery.accessPendingOf(ctx.db, userId, product.id)) throw new AppError('access_pending', 'Your access is being prepared')
    return null
  }
  const members: Members | null = type === 'membership'
    ? {
        productIds: product.included.map((p) => p.id),
        links: new Map(product.included.map((p) => [p.id, {
          name: p.name,
          url: p.form === 'course' ? courseAccessUrl(seller.username, p.slug) : `/payer/s/${seller.id}`,
        }])),
      }
    : null
  return answerOf(ctx, username, seller, page, { type, productId: product.id, path }, members)
}

/** The bytes of an upload a built page names, by the shop's username (only the seller's own uploads; null otherwise). */
export async function pageUpload(ctx: Ctx, username: string, key: string) {
  const seller = await shop.openShopSeller(ctx, username)
  if (!seller) return null
  const [upload] = await media.uploadsByKeys(ctx.db, seller.id, [key])
  if (!upload) return null
  const reader = await media.openUpload(ctx, seller.id, key)
  return reader ? { ...upload, reader } : null
}

/** Whether `name` is an open shop's username (the shop at /:slug). */
export async function isShopUsername(ctx: Ctx, name: string): Promise<boolean> {
  const seller = await shop.openShopSeller(ctx, name)
  return seller !== null && seller.username.toLowerCase() === name.toLowerCase()
}

