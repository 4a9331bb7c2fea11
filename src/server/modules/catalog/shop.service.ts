import { timingSafeEqual, createHash } from 'node:crypto'
import { localizedProductTexts, remainingStock } from '../../../shared/catalog'
import type { LocaleCode } from '../../../shared/i18n/locales'
import { localizedTexts } from '../../../shared/i18n/text-translations'
import { planTranslationFields, shopCategoryTextFields, ticketTranslationFields, type PricingPlanOutput, type TicketOutput } from '../../../shared/schemas/catalog'
import { AppError } from '../../../shared/errors'
import type { ListQuery } from '../../../shared/schemas/lists'
import { featureEnabled, type Ctx } from '../../context'
import { guessClientKey, limitGuesses, type GuessLimit } from '../../plugins/rate-limits'
import * as repo from './catalog.repository'
import { featureFlags, sellerDisplayName } from '../../../shared/accounts'
import { profileImageOutputOf } from '../../../shared/schemas/seller-profile'
import { loadRelations, productView, productViews, shopClosed } from './catalog.views'

// The public shop (no sign-in): a seller's listed products and a product page. Shop paths name the seller
// by username or numeric id (docs/reference/readings.md 17). Unpublished and archived products do not exist here; a
// password-protected one asks for its password (403 password_required) and never shows the password.
// Each read takes the language of the page (or of the API request; null for the base texts) and shows the
// product's texts in it, each text falling back to the base text (docs/decisions/0095-product-translations.md).

async function shopSeller(ctx: Ctx, username: string) {
  const seller = await repo.findSellerByUsernameOrId(ctx.db, ctx.deps, username)
  if (!seller || shopClosed(seller)) throw new AppError('not_found', 'This shop does not exist')
  return seller
}

async function shopList(ctx: Ctx, username: string, query: ListQuery, locale: LocaleCode | null) {
  const seller = await shopSeller(ctx, username)
  const { rows, total, totalMax } = await repo.listShopProducts(ctx.db, seller.id, { offset: (query.page - 1) * query.per, limit: query.per, query: query.query })
  const views = await productViews(ctx.db, rows, seller)
  const answer = {
    list: rows.map((row, i) => shopCard(row, views[i]!, locale)),
    total_count: total,
    total_count_max: totalMax,
    seller: await shopSellerOf(ctx, seller),
  }
  return { answer, seller, rows, views }
}

export async function listShopProducts(ctx: Ctx, username: string, query: ListQuery, locale: LocaleCode | null) {
  return (await shopList(ctx, username, query, locale)).answer
}

/** The shop page's list, with what its cards' prices may be shown in for the payer's currency (see cardPricing). */
export async function listShopProductsForPage(ctx: Ctx, username: string, query: ListQuery, locale: LocaleCode | null) {
  const { answer, seller, rows, views } = await shopList(ctx, username, query, locale)
  return {
    ...answer,
    pricing: Object.fromEntries(rows.map((row, i) => [row.id, cardPricing(views[i]!)])) as Record<number, CardPricing>,
    payer_currencies: await payerCurrenciesOf(ctx, seller.id),
  }
}

/**
 * What a card's price may be shown in (docs/decisions/0097-payer-currencies.md): the currencies of the plans its
 * price is read from, and its own price in each (the shop price in its currency, else the first plan's there):
 * a product priced in the payer's currency shows that price; explicit prices win over a conversion.
 */
export type CardPricing = { currencies: string[]; own: Record<string, { display_price: number | null; display_old_price: number | null }> }

function cardPricing(view: Awaited<ReturnType<typeof productViews>>[number]): CardPricing {
  const plans = view.form === 'eventTickets' ? view.tickets.filter((t) => t.active).flatMap((t) => t.pricing_plans) : view.pricing_plans
  const own: CardPricing['own'] = {}
  if (view.shop_price.currency_id) own[view.shop_price.currency_id] = { display_price: view.shop_price.display_price, display_old_price: view.shop_price.display_old_price }
  for (const plan of plans) own[plan.currency_id] ??= { display_price: plan.display_price, display_old_price: plan.display_old_price }
  return { currencies: [...new Set(plans.map((p) => p.currency_id))], own }
}

/** The currencies a shop's payer may choose besides the plans' own: the seller's payer currencies while multicurrency is on. */
async function payerCurrenciesOf(ctx: Ctx, sellerId: number): Promise<string[]> {
  const facts = await repo.findPayerCurrencies(ctx.db, sellerId)
  return featureEnabled({ sellerFeatures: facts.features }, 'multicurrency') ? facts.payerCurrencies : []
}

/**
 * Shop cards of the seller's products a shared link may present (docs/decisions/0067-multi-item-shares.md), by
 * id: published, not archived and without an access password, hidden ones too (a link is how a seller sells
 * what the shop does not list). A product that is not (or no longer) shareable is absent.
 */
export async function shareableProductCards(ctx: Ctx, seller: repo.SellerFacts | null, ids: number[], locale: LocaleCode | null = null) {
  const cards = new Map<number, ShopCard>()
  if (!seller) return cards
  const rows = (await repo.findPublishedProductsByIds(ctx.db, seller.id, ids)).filter((p) => !p.accessPassword)
  const views = await productViews(ctx.db, rows, seller)
  rows.forEach((row, i) => cards.set(row.id, shopCard(row, views[i]!, locale)))
  return cards
}

/** The shop header's seller: the display name, and the avatar, banner and bio when set. */
async function shopSellerOf(ctx: Ctx, seller: { id: number; username: string }) {
  const names = await repo.findSellerNames(ctx.db, seller.id)
  return {
    username: seller.username,
    name: sellerDisplayName(names ?? { username: seller.username }),
    avatar: profileImageOutputOf('avatar', names?.avatar),
    banner: profileImageOutputOf('banner', names?.banner),
    bio: names?.bio ?? null,
  }
}

type ShopCard = ReturnType<typeof shopCard>

/** A product's name and descriptions in `locale`, each the translation's or the base text. */
function textsIn(row: repo.ProductRow, locale: LocaleCode | null) {
  return localizedProductTexts({ name: row.name, description: row.description, descriptionHtml: row.descriptionHtml }, row.translations, locale)
}

/** A plan as a public page shows it: its name in `locale` (each text falling back to the base), no translations nor position. */
function shopPlan({ position: _p, translations, ...plan }: PricingPlanOutput, locale: LocaleCode | null) {
  return { ...plan, ...localizedTexts({ name: plan.name }, translations, planTranslationFields, locale) }
}

/** A ticket type's name and location in `locale`, each the translation's or the base text. */
function ticketTextsIn(ticket: TicketOutput, locale: LocaleCode | null) {
  return localizedTexts({ name: ticket.name, location: ticket.location }, ticket.translations, ticketTranslationFields, locale)
}

/** A product as a shop list shows it: name, kind, price, covers, the event's date. */
function shopCard(row: repo.ProductRow, view: Awaited<ReturnType<typeof productViews>>[number], locale: LocaleCode | null) {
  const price = view.shop_price
  return {
    id: row.id, slug: row.slug, name: textsIn(row, locale).name, form: view.form, display_price: price.display_price, display_old_price: price.display_old_price,
    currency_id: price.currency_id, covers: view.covers,
    event: view.form === 'eventTickets' ? eventOf(view.tickets.map((t) => ({ ...t, ...ticketTextsIn(t, locale) }))) : null,
  }
}

/** The earliest start among the active ticket types, with its place; a shop card and a product page show it. */
function eventOf(tickets: readonly { active: boolean; start_date: string | null; location: string | null }[]) {
  const active = tickets.filter((t) => t.active)
  const next = [...active].filter((t) => t.start_date).sort((a, b) => a.start_date!.localeCompare(b.start_date!))[0] ?? active[0]
  return next ? { start_date: next.start_date, location: next.location ?? active.find((t) => t.location)?.location ?? null } : null
}

/** The sitemap holds at most 50,000 addresses (sitemaps.org); a larger catalogue would need a sitemap index. */
const sitemapLimit = 50_000

/**
 * The public addresses for the sitemap (GET /sitemap.xml): every open shop with a listed product and each
 * of its listed products (published, not archived, not hidden, no access password), with when they last changed.
 */
export async function sitemapEntries(ctx: Ctx): Promise<{ path: string; lastModified: Date }[]> {
  const rows = await repo.listSitemapProducts(ctx.db, sitemapLimit)
  const out: { path: string; lastModified: Date }[] = []
  let shop = null as { sellerId: number; index: number } | null
  for (const row of rows) {
    if (out.length >= sitemapLimit) break
    if (shop?.sellerId !== row.sellerId) {
      shop = { sellerId: row.sellerId, index: out.length }
      out.push({ path: `/s/${encodeURIComponent(row.username)}`, lastModified: row.updatedAt })
    } else if (row.updatedAt > out[shop.index]!.lastModified) out[shop.index]!.lastModified = row.updatedAt
    out.push({ path: `/s/${encodeURIComponent(row.username)}/${encodeURIComponent(row.slug)}`, lastModified: row.updatedAt })
  }
  return out.slice(0, sitemapLimit)
}

/** Compares without leaking the length of a match through timing. */
function samePassword(given: string, stored: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(stored).digest()
  return timingSafeEqual(a, b)
}

/** Wrong access-password guesses per IP (IPv6 by /64) and product (docs/decisions/0040-guess-limits.md; RATE_LIMIT_PRODUCT_PASSWORD_*). */
export function productPasswordLimit(config: Ctx['deps']['config']): GuessLimit {
  return { name: 'product-password', failures: config.RATE_LIMIT_PRODUCT_PASSWORD_FAILURES, windowSeconds: config.RATE_LIMIT_PRODUCT_PASSWORD_WINDOW_SECONDS }
}

/**
 * A password-protected product opens when `password` matches. Asking without a password is not a guess;
 * every given password is, limited per IP and product: past the limit the page answers 429 with
 * Retry-After (even to the right password) until the window ends; a right password does not clear the count.
 */
export async function assertPassword(ctx: Ctx, product: repo.ProductRow, password: string | undefined) {
  const stored = product.accessPassword
  if (!stored) return
  const required = () => new AppError('password_required', 'This product is protected by a password')
  if (password === undefined || password === '') throw required()
  const right = await limitGuesses(ctx.deps, productPasswordLimit(ctx.deps.config), `${product.id}:${guessClientKey(ctx.ip)}`, async () => samePassword(password, stored))
  if (!right) throw required()
}

export async function getShopProduct(ctx: Ctx, username: string, slug: string, password: string | undefined, locale: LocaleCode | null) {
  const seller = await shopSeller(ctx, username)
  const product = await repo.findPublishedProductBySlug(ctx.db, seller.id, slug)
  if (!product) throw new AppError('not_found', 'This product does not exist')
  await assertPassword(ctx, product, password)
  const relations = await loadRelations(ctx.db, [product.id])
  const view = productView(product, relations, seller)
  const activeTickets = view.tickets.filter((t) => t.active)
  const price = view.shop_price
  const texts = textsIn(product, locale)
  return {
    id: view.id, slug: view.slug, seller_username: seller.username, form: view.form, name: texts.name, description: texts.description,
    description_html: texts.descriptionHtml,
    free: view.free, covers: view.covers, display_price: price.display_price, display_old_price: price.display_old_price, currency_id: price.currency_id,
    // the plans' and ticket types' texts in the page's language too (docs/decisions/0095-product-translations.md)
    pricing_plans: view.pricing_plans.map((plan) => shopPlan(plan, locale)),
    tickets: activeTickets.map((ticket) => {
      const { position: _p, sold_count: _s, reserved_count: _r, translations: _t, ...shown } = ticket
      return { ...shown, ...ticketTextsIn(ticket, locale), pricing_plans: ticket.pricing_plans.map((plan) => shopPlan(plan, locale)) }
    }),
    availability: { sold_out: view.is_sold_out, remaining: remainingStock(product) },
    can_sell: view.can_sell,
  }
}

/** At most this many listed products go into a built shop page's data (the products block's own limit is 300 ids). */
const builtPageProductLimit = 300

export type BuiltPageProduct = {
  id: number; slug: string; name: string; description: string | null; cover_url: string | null
  display_price: number | null; display_old_price: number | null; currency: string | null
}

/**
 * What a built page (docs/decisions/0065-serving-built-pages.md) needs of the shop: the seller, the listed
 * products in shop order, the products its blocks name (published, not archived, without a password), and
 * the visible shop categories with their products. Null when the shop does not exist.
 */
export async function builtPageCatalog(ctx: Ctx, username: string, namedIds: readonly number[], locale: LocaleCode | null) {
  const seller = await repo.findSellerByUsernameOrId(ctx.db, ctx.deps, username)
  if (!seller || shopClosed(seller)) return null
  const listed = (await repo.listShopProducts(ctx.db, seller.id, { offset: 0, limit: builtPageProductLimit })).rows
  const listedIds = new Set(listed.map((r) => r.id))
  const named = (await repo.findPublishedProductsByIds(ctx.db, seller.id, namedIds.filter((id) => !listedIds.has(id)))).filter((p) => !p.accessPassword)
  const rows = [...listed, ...named]
  const views = await productViews(ctx.db, rows, seller)
  const products: BuiltPageProduct[] = rows.map((row, i) => {
    const view = views[i]!
    const texts = textsIn(row, locale)
    return {
      id: row.id, slug: row.slug, name: texts.name, description: texts.description, cover_url: view.covers[0]?.variants.s640 ?? null,
      display_price: view.shop_price.display_price, display_old_price: view.shop_price.display_old_price, currency: view.shop_price.currency_id,
    }
  })
  const categories = (await repo.listShopCategories(ctx.db, seller.id)).filter((c) => !c.hidden)
    // the title in the page's language, else the base (docs/decisions/0095-product-translations.md)
    .map((c) => ({ id: c.id, title: localizedTexts({ title: c.title, description: c.description }, c.translations, shopCategoryTextFields, locale).title, productIds: c.productIds.filter((id) => listedIds.has(id)) }))
  const features = await repo.findSellerFeatures(ctx.db, seller.id)
  return {
    seller: {
      id: seller.id, username: seller.username, name: sellerDisplayName(seller),
      // A page's custom CSS shows while the seller has the custom_css feature (docs/decisions/0068-custom-css.md).
      customCss: features.custom_css ?? featureFlags.custom_css,
    },
    products, listedIds: listed.map((r) => r.id), categories,
    // The payer currencies of the page's prices (docs/decisions/0097-payer-currencies.md; converted by the storefront).
    pricing: Object.fromEntries(rows.map((row, i) => [row.id, cardPricing(views[i]!)])) as Record<number, CardPricing>,
    payerCurrencies: await payerCurrenciesOf(ctx, seller.id),
  }
}

/**
 * GET /shop/{username}/categories: the visible shop categories that hold listed products, each with those products
 * in its order and its title and description in `locale`, each falling back to the base (null: the base texts;
 * docs/decisions/0095-product-translations.md).
 */
export async function listPublicShopCategories(ctx: Ctx, username: string, locale: LocaleCode | null) {
  const seller = await shopSeller(ctx, username)
  const categories = (await repo.listShopCategories(ctx.db, seller.id)).filter((c) => !c.hidden)
  const listed = await repo.listedProductIds(ctx.db, seller.id, categories.flatMap((c) => c.productIds))
  return {
    list: categories.map((c) => ({ c, ids: c.productIds.filter((id) => listed.has(id)) })).filter(({ ids }) => ids.length > 0).map(({ c, ids }) => ({
      id: c.id, ...localizedTexts({ title: c.title, description: c.description }, c.translations, shopCategoryTextFields, locale), color: c.color, product_ids: ids,
    })),
  }
}

export type ShopSeller = repo.SellerFacts & { name: string }

/**
 * The open shop's seller by username or id (a number: the id only), with the name the shop shows, or null:
 * blocked or deactivated shops do not exist. One statement, the cheap first read of a public page.
 */
export async function openShopSeller(ctx: Ctx, seller: string | number): Promise<ShopSeller | null> {
  const row = typeof seller === 'number' ? await repo.findSeller(ctx.db, ctx.deps, seller) : await repo.findSellerByUsernameOrId(ctx.db, ctx.deps, seller)
  return row && !shopClosed(row) ? { ...row, name: sellerDisplayName(row) } : null
}
