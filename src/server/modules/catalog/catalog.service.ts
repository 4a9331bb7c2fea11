import { sellerDisplayName } from '../../../shared/accounts'
import { csvFromPages } from '../../csv-export'
import {
  isProductForm, isSellBlocking, productFormOfType, productStatuses, type ProductStatus, type ProductTranslation, type ProductTranslations,
  type PublishState, type ReviewState,
} from '../../../shared/catalog'
import { AppError } from '../../../shared/errors'
import { planFromInput, planKindOf, planSnapshot, type PricingPlanInput } from '../../../shared/pricing'
import type {
  AddonInput, CreateProductInput, ProductListQuery, ProductOutput, ProductTranslationInput, ProductTranslationsInput, TicketInput, UpdateProductInput,
  UpdateTicketInput,
} from '../../../shared/schemas/catalog'
import type { LocaleCode } from '../../../shared/i18n/locales'
import { planTranslationFields, productCsvColumns, productDescriptionMaxLength, ticketTranslationFields } from '../../../shared/schemas/catalog'
import { storableTextTranslations } from '../../../shared/i18n/text-translations'
import { sanitizeHtml } from '../../../shared/html/html-sanitizer'
import { plainTextOf } from '../../../shared/html/rich-text'
import { coverOutputOf } from '../../../shared/schemas/media'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { assertTransition, canTransition, productPublishTransitions, reviewTransitions } from '../../../shared/states'
import { productSlugIssue } from '../../../shared/validation/slugs'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, type Ctx } from '../../context'
import { defaultCurrency } from '../../../shared/money/currencies'
import type { Executor } from '../../db/client'
import type { PaymentAccountDeps } from '../payment-settings/payment-settings.service'
import * as repo from './catalog.repository'
import { loadRelations, planOfRow, productViews, sellerFlags, shopClosed, statusFacts, type Relations } from './catalog.views'
import { isUniqueViolation } from '../../db/unique-violation'

// Products of the eight forms, their pricing plans, tickets and add-ons, and publishing. Each use case acts for the seller of the request (never a seller id from the request)
// and runs in one transaction; another seller's product answers 404 like a missing one.

const notFound = () => new AppError('not_found', 'This product does not exist')

/** What a read of sellers needs of the request: the configuration and the money-out port `paymentAccountDone` is derived with. */
export type ConfigOf = { deps: PaymentAccountDeps }

export async function loadSeller(ctx: ConfigOf, db: Executor, sellerId: number): Promise<repo.SellerFacts> {
  const seller = await repo.findSeller(db, ctx.deps, sellerId)
  if (!seller) throw new AppError('not_found', 'This seller does not exist')
  return seller
}

/**
 * The seller's product for modules that attach data to products (files, covers, course content, certificate
 * design); another seller's product answers 404 like a missing one.
 */
export async function ownedProduct(db: Executor, sellerId: number, id: number, options: { lock?: boolean } = {}) {
  const product = await repo.findProduct(db, sellerId, id, options)
  if (!product) throw notFound()
  return { id: product.id, sellerId: product.sellerId, form: product.form, name: product.name }
}

async function ownProduct(tx: Executor, sellerId: number, id: number, lock = true): Promise<repo.ProductRow> {
  const product = await repo.findProduct(tx, sellerId, id, { lock })
  if (!product) throw notFound()
  return product
}

/** The first cover of each product that has one, as its 300 px variant's public path (the payer area's thumbnails). */
export async function firstCoverUrls(db: Executor, productIds: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>()
  for (const row of await repo.listCovers(db, [...new Set(productIds)])) {
    if (!out.has(row.productId)) out.set(row.productId, coverOutputOf(row).variants.s300)
  }
  return out
}

export async function productView(db: Executor, seller: repo.SellerFacts, product: repo.ProductRow): Promise<ProductOutput> {
  const [view] = await productViews(db, [product], seller)
  return view!
}

async function reload(tx: Executor, seller: repo.SellerFacts, id: number): Promise<ProductOutput> {
  const product = await repo.findProduct(tx, seller.id, id)
  if (!product) throw notFound()
  return productView(tx, seller, product)
}

// ------------------------------------------------------------------ slugs, categories, add-ons

/** A slug made from a name: ASCII letters, digits and hyphens, never a reserved path (docs/reference/readings.md 16). */
export function slugFromName(name: string): string {
  let base = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 90).replace(/-+$/, '')
  if (base.length < 2) base = 'product'
  if (productSlugIssue(base)) base = `product-${base}`
  return base
}

async function freeSlug(tx: Executor, sellerId: number, base: string): Promise<string> {
  const taken = await repo.slugsLike(tx, sellerId, base)
  if (!taken.has(base.toLowerCase())) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`.toLowerCase())) return `${base}-${n}`
}

const slugTaken = () => new AppError('validation_failed', 'slug_taken', [{ path: 'slug', message: 'slug_taken' }])

async function assertSlugFree(tx: Executor, sellerId: number, slug: string, exceptId?: number) {
  const taken = await repo.slugsLike(tx, sellerId, slug, exceptId)
  if (taken.has(slug.toLowerCase())) throw slugTaken()
}

/** Writes a product row; a slug taken by a concurrent request is the same field error. */
async function guardSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error, 'products_seller_slug_unique')) throw slugTaken()
    throw error
  }
}

async function assertCategoriesOwned(tx: Executor, sellerId: number, ids: readonly number[]) {
  const owned = await repo.ownedCategoryIds(tx, sellerId, ids)
  if (ids.some((id) => !owned.has(id))) throw new AppError('not_found', 'This category does not exist')
}

/** Throws 404 unless every id is a product of the seller (coupons and shop categories use it too). */
export async function assertProductsOwned(db: Executor, sellerId: number, ids: readonly number[]) {
  const owned = await repo.ownedProductIds(db, sellerId, ids)
  if (ids.some((id) => !owned.has(id))) throw notFound()
}

/**
 * The job that makes a membership's members follow its current products (handled by delivery, delivery.jobs.ts),
 * named here in the module that enqueues it: delivery reads the catalog, so the catalog cannot import delivery.
 */
export const membershipProductsChangedJob = 'delivery.membership-products-changed'

const bundledIds = (addons: readonly { kind: string; productId: number }[]) => addons.filter((a) => a.kind === 'bundle').map((a) => a.productId).sort((a, b) => a - b)

async function writeAddons(ctx: Ctx, tx: Executor, seller: repo.SellerFacts, product: repo.ProductRow, addons: readonly AddonInput[]) {
  // Bundle add-ons are what a membership or bundle includes; order bumps (kind bump) any product may offer.
  if (addons.some((a) => a.kind === 'bundle') && product.form !== 'membership' && product.form !== 'bundle') {
    throw new AppError('validation_failed', 'invalid_value', [{ path: 'addons', message: 'invalid_value' }])
  }
  if (addons.some((a) => a.product_id === product.id)) throw new AppError('validation_failed', 'invalid_value', [{ path: 'addons', message: 'invalid_value' }])
  await assertProductsOwned(tx, seller.id, addons.map((a) => a.product_id))
  const before = product.form === 'membership'
    ? bundledIds((await repo.loadRelations(tx, [product.id], { categories: false })).addons.map((a) => ({ kind: a.kind, productId: a.addonProductId })))
    : null
  const after = addons.map((a) => ({ productId: a.product_id, kind: a.kind }))
  await repo.replaceAddons(tx, product.id, after)
  // A membership's access follows its current products: its members get what was added and lose what was
  // taken out, by a job in this transaction (idempotent: it compares the grants with the products then).
  if (before && before.join() !== [...new Set(bundledIds(after))].join()) {
    await ctx.deps.jobs.enqueue(tx, membershipProductsChangedJob, { productId: product.id })
  }
}

// ------------------------------------------------------------------ plans and tickets

/**
 * A plan's names in other languages as sent (docs/decisions/0095-product-translations.md): nothing when left out
 * (the stored set stays), else the set to store. Not a term: no version is made for it.
 */
function planTranslationsValue(input: PricingPlanInput): { translations?: Record<string, Record<string, unknown>> } {
  return input.translations !== undefined ? { translations: storableTextTranslations(input.translations, planTranslationFields) } : {}
}

/** Stores a plan and its first version: the frozen terms orders will reference. */
async function insertPlan(tx: Executor, owner: { productId: number; ticketId: number | null }, input: PricingPlanInput, position: number) {
  const plan = planFromInput(input)
  const row = await repo.insertPlan(tx, {
    productId: owner.productId, ticketId: owner.ticketId, form: plan.form, kind: planKindOf(plan.form), currencyId: plan.currencyId,
    price: plan.price ?? null, firstAmount: plan.firstAmount ?? null, nextAmount: plan.nextAmount ?? null,
    paymentsCount: plan.paymentsCount ?? null, interval: plan.interval ?? null,
    customIntervals: plan.customIntervals ? plan.customIntervals.map((r) => ({ ...r })) : null,
    useNetPrice: plan.useNetPrice ?? false, name: plan.name ?? null, trialDays: plan.trialDays ?? null, position, ...planTranslationsValue(input),
  })
  const version = await repo.insertPlanVersion(tx, row.id, { ...planSnapshot(plan) })
  return repo.updatePlan(tx, row.id, { currentVersionId: version.id })
}

function ticketValues(input: Partial<TicketInput> | UpdateTicketInput) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.location !== undefined ? { location: input.location || null } : {}),
    ...(input.start_date !== undefined ? { startDate: input.start_date ? new Date(input.start_date) : null } : {}),
    ...(input.end_date !== undefined ? { endDate: input.end_date ? new Date(input.end_date) : null } : {}),
    ...(input.ticket_dates !== undefined ? { ticketDates: input.ticket_dates.map((d) => ({ start_date: d.start_date, end_date: d.end_date ?? null })) } : {}),
    ...(input.limit !== undefined ? { limit: input.limit } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
    ...(input.translations !== undefined ? { translations: storableTextTranslations(input.translations, ticketTranslationFields) } : {}),
  }
}

async function insertTicket(tx: Executor, productId: number, input: TicketInput, position: number) {
  const ticket = await repo.insertTicket(tx, { productId, name: input.name, position, ...ticketValues(input) })
  for (const [i, plan] of (input.pricing_plans ?? []).entries()) await insertPlan(tx, { productId, ticketId: ticket.id }, plan, i)
  return ticket
}

function assertForm(product: repo.ProductRow, ok: boolean, path: string) {
  if (!ok) throw new AppError('validation_failed', `invalid_value`, [{ path, message: 'invalid_value' }])
  return product
}

// ------------------------------------------------------------------ products

/**
 * The two descriptions (docs/decisions/0047-product-description-html.md): rich text is sanitised and, sent
 * without `description`, gives the plain description its text (an empty one clears both; null drops only
 * the rich text); `description` sent alone drops the rich text, so a client that knows only the plain
 * field shows exactly what it sent; both sent are stored as sent.
 */
function descriptionValues(input: Pick<UpdateProductInput, 'description' | 'description_html'>): { description?: string | null; descriptionHtml?: string | null } {
  const values: { description?: string | null; descriptionHtml?: string | null } = {}
  if (input.description !== undefined) values.description = input.description || null
  if (input.description_html === undefined) {
    if (input.description !== undefined) values.descriptionHtml = null
  } else if (input.description_html === null) {
    values.descriptionHtml = null
  } else {
    const html = sanitizeHtml(input.description_html).trim()
    const text = plainTextOf(html)
    values.descriptionHtml = text === '' ? null : html
    if (input.description === undefined) values.description = derivedDescription(text)
  }
  return values
}

/** The plain text of rich text, cut to the plain field's length (never inside a surrogate pair). */
function derivedDescription(text: string): string | null {
  const cut = text.slice(0, productDescriptionMaxLength)
  const plain = (/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut).trim()
  return plain === '' ? null : plain
}

/**
 * What a product stores of its translations (docs/decisions/0095-product-translations.md): each language's
 * texts under the base fields' rules (the description's as `descriptionValues`), empty ones left out, and a
 * language with no text left out. Sent, the set replaces the stored one; null or {} clears it.
 */
function translationsValue(input: ProductTranslationsInput | null): ProductTranslations {
  const out: ProductTranslations = {}
  for (const [code, entry] of Object.entries(input ?? {}) as [LocaleCode, ProductTranslationInput | undefined][]) {
    if (!entry) continue
    const texts: ProductTranslation = {}
    if (entry.name) texts.name = entry.name
    const description = descriptionValues({ description: entry.description, description_html: entry.description_html })
    if (description.description) texts.description = description.description
    if (description.descriptionHtml) texts.description_html = description.descriptionHtml
    if (entry.bump_headline) texts.bump_headline = entry.bump_headline
    if (entry.bump_text) texts.bump_text = entry.bump_text
    if (Object.keys(texts).length > 0) out[code] = texts
  }
  return out
}

function productValues(input: UpdateProductInput) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...descriptionValues(input),
    ...(input.translations !== undefined ? { translations: translationsValue(input.translations) } : {}),
    ...(input.free !== undefined ? { free: input.free } : {}),
    ...(input.limit !== undefined ? { limit: input.limit } : {}),
    ...(input.access_password !== undefined ? { accessPassword: input.access_password || null } : {}),
    ...(input.display_price !== undefined ? { displayPrice: input.display_price } : {}),
    ...(input.display_old_price !== undefined ? { displayOldPrice: input.display_old_price } : {}),
    ...(input.display_currency_id !== undefined ? { displayCurrencyId: input.display_currency_id } : {}),
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.internal_name !== undefined ? { internalName: input.internal_name || null } : {}),
    ...(input.cost_center !== undefined ? { costCenter: input.cost_center || null } : {}),
    ...(input.product_groups !== undefined ? { productGroups: [...new Set(input.product_groups)] } : {}),
    ...(input.hidden_in_shop !== undefined ? { hiddenInShop: input.hidden_in_shop } : {}),
    ...(input.can_be_sold_via_shop !== undefined ? { canBeSoldViaShop: input.can_be_sold_via_shop } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
  }
}

/** Prices in a currency other than the platform's default are behind the multicurrency flag (docs/decisions/0077-feature-flags.md). */
function assertCurrencies(ctx: Ctx, plans: readonly { currency_id: string }[] | undefined) {
  if (plans?.some((plan) => plan.currency_id !== defaultCurrency)) assertFeature(ctx, 'multicurrency')
}

export async function createProduct(ctx: Ctx, input: CreateProductInput): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertCurrencies(ctx, [...(input.pricing_plans ?? []), ...(input.tickets ?? []).flatMap((ticket) => ticket.pricing_plans ?? [])])
  return ctx.db.transaction(async (tx) => {
    const seller = await loadSeller(ctx, tx, sellerId)
    if (input.category_ids?.length) await assertCategoriesOwned(tx, sellerId, input.category_ids)
    if (input.slug) await assertSlugFree(tx, sellerId, input.slug)
    const slug = input.slug ?? await freeSlug(tx, sellerId, slugFromName(input.name))
    const free = input.free ?? false
    const product = await guardSlug(() => repo.insertProduct(tx, {
      ...productValues(input), sellerId, form: input.form, name: input.name, slug, free,
      reviewState: free ? 'free_without_fee' : 'not_for_review', createdAt: ctx.now, updatedAt: ctx.now,
    }))
    for (const [i, plan] of (input.pricing_plans ?? []).entries()) await insertPlan(tx, { productId: product.id, ticketId: null }, plan, i)
    for (const [i, ticket] of (input.tickets ?? []).entries()) await insertTicket(tx, product.id, ticket, i)
    if (input.addons?.length) await writeAddons(ctx, tx, seller, product, input.addons)
    if (input.category_ids?.length) await repo.replaceProductCategories(tx, product.id, input.category_ids)
    return productView(tx, seller, product)
  })
}

export async function getProduct(ctx: Ctx, id: number): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const seller = await loadSeller(ctx, ctx.db, sellerId)
  return reload(ctx.db, seller, id)
}

function filtersOf(query: ProductListQuery): repo.ProductFilters {
  const type = query.product_type
  const form = type === undefined ? undefined : (productFormOfType(type) ?? (isProductForm(type) ? type : undefined))
  return {
    forms: form ? [form] : undefined,
    published: query.is_published,
    archived: query.is_archived,
    private: query.is_private,
    free: query.is_free,
    createdFrom: query.created_from_time ? new Date(query.created_from_time) : undefined,
    createdTill: query.created_till_time ? new Date(query.created_till_time) : undefined,
    categoryId: query.category_id,
    internalName: query.internal_name || undefined,
    query: query.query || undefined,
  }
}

export async function listProducts(ctx: Ctx, query: ProductListQuery): Promise<ListAnswer<ProductOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const seller = await loadSeller(ctx, ctx.db, sellerId)
  const { rows, total, totalMax } = await repo.listProducts(ctx.db, sellerId, {
    filters: filtersOf(query), sortKey: query.sort_key, sortDir: query.sort_dir, offset: (query.page - 1) * query.per, limit: query.per,
  })
  const answer: ListAnswer<ProductOutput> = { list: await productViews(ctx.db, rows, seller), total_count: total, total_count_max: totalMax }
  if (query.counts) answer.counts = await repo.productCounts(ctx.db, sellerId)
  return answer
}

/** The product list as CSV with exactly the spec's columns (docs/reference/catalogue-and-selling.md §3), filtered like the list. */
export async function exportProductsCsv(ctx: Ctx, query: ProductListQuery): Promise<string> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const seller = await loadSeller(ctx, ctx.db, sellerId)
  return csvFromPages(productCsvColumns, async ({ offset, limit }) => {
    const { rows } = await repo.listProducts(ctx.db, sellerId, { filters: filtersOf(query), sortKey: query.sort_key, sortDir: query.sort_dir, offset, limit })
    return (await productViews(ctx.db, rows, seller)).map((view) => ({
      id: String(view.id), name: view.name, created_at: view.created_at, updated_at: view.updated_at,
      sell: String(view.can_sell), published: String(view.published), display_price: view.display_price === null ? '' : String(view.display_price),
      limit: view.limit === null ? '' : String(view.limit), sold_count: String(view.sold_count), reserved_count: String(view.reserved_count),
      product_groups: view.product_groups.join(', '), internal_name: view.internal_name ?? '', cost_center: view.cost_center ?? '',
    }))
  })
}

export async function updateProduct(ctx: Ctx, id: number, input: UpdateProductInput): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const seller = await loadSeller(ctx, tx, sellerId)
    const product = await ownProduct(tx, sellerId, id)
    if (input.slug && input.slug.toLowerCase() !== product.slug.toLowerCase()) await assertSlugFree(tx, sellerId, input.slug, id)
    if (input.category_ids) await assertCategoriesOwned(tx, sellerId, input.category_ids)
    const values: Partial<typeof product> = { ...productValues(input), updatedAt: ctx.now }
    if (input.free !== undefined && input.free !== product.free) Object.assign(values, freeChange(product, input.free, seller))
    await guardSlug(() => repo.updateProduct(tx, id, values))
    if (input.addons) await writeAddons(ctx, tx, seller, product, input.addons)
    if (input.category_ids) await repo.replaceProductCategories(tx, id, input.category_ids)
    return reload(tx, seller, id)
  })
}

/**
 * A product that becomes free needs no review (free_without_fee); one that becomes paid needs it again
 * (not_for_review). A power seller's published product that becomes paid is unpublished, so that
 * publishing it again sends it to review (docs/reference/readings.md 23) instead of selling unreviewed.
 */
function freeChange(product: repo.ProductRow, free: boolean, seller: repo.SellerFacts) {
  const review = product.reviewState as ReviewState
  const values: { reviewState?: ReviewState; publishState?: PublishState } = {}
  if (free && review === 'not_for_review') values.reviewState = 'free_without_fee'
  if (!free && review === 'free_without_fee') values.reviewState = 'not_for_review'
  if (values.reviewState) assertTransition(reviewTransitions, review, values.reviewState, 'review state')
  if (!free && seller.powerSeller && product.publishState === 'published' && review !== 'reviewed') {
    assertTransition(productPublishTransitions, 'published', 'unpublished', 'publish state')
    values.publishState = 'unpublished'
  }
  return values
}

/**
 * Deletes a product without orders; its rows cascade, including those other modules attach to it. Removing
 * its stored bytes is the caller's (product-content's deleteProduct), which runs this in its transaction.
 */
export async function deleteProductWithoutOrders(tx: Executor, sellerId: number, id: number): Promise<void> {
  const product = await ownProduct(tx, sellerId, id)
  if (product.soldCount > 0 || product.reservedCount > 0) throw new AppError('conflict', 'This product has orders; archive it instead')
  await repo.deleteProduct(tx, id)
}

/**
 * The catalogue's part of a copy to edit, in the caller's transaction (product-content's duplicateProduct
 * adds what other modules attach): unpublished, nothing sold; the same plans as new plans with fresh
 * versions (version 1 of the current terms), tickets, add-ons, categories and discount (no orders counted).
 */
export async function copyProduct(ctx: ConfigOf, tx: Executor, sellerId: number, id: number, now: Date) {
  const seller = await loadSeller(ctx, tx, sellerId)
  const source = await ownProduct(tx, sellerId, id, false)
  const relations = await loadRelations(tx, [id])
  const { id: _id, createdAt: _c, updatedAt: _u, archivedAt: _a, reviewReason: _r, soldCount: _s, reservedCount: _rc, ...copy } = source
  const product = await guardSlug(async () => repo.insertProduct(tx, {
    ...copy, name: `${source.name} (copy)`.slice(0, 200), slug: await freeSlug(tx, sellerId, source.slug),
    publishState: 'unpublished', reviewState: source.free ? 'free_without_fee' : 'not_for_review', createdAt: now, updatedAt: now,
  }))
  const copyPlan = async (plan: repo.PlanRow, ticketId: number | null) => {
    const { id: _p, createdAt: _pc, updatedAt: _pu, currentVersionId: _v, ...terms } = plan
    const row = await repo.insertPlan(tx, { ...terms, productId: product.id, ticketId, createdAt: now, updatedAt: now })
    const version = await repo.insertPlanVersion(tx, row.id, { ...planSnapshot(planOfRow(row)) })
    await repo.updatePlan(tx, row.id, { currentVersionId: version.id })
  }
  for (const plan of relations.plans.filter((p) => p.ticketId === null)) await copyPlan(plan, null)
  for (const ticket of relations.tickets) {
    const { id: ticketId, createdAt: _tc, updatedAt: _tu, soldCount: _ts, reservedCount: _tr, ...fields } = ticket
    const created = await repo.insertTicket(tx, { ...fields, productId: product.id })
    for (const plan of relations.plans.filter((p) => p.ticketId === ticketId)) await copyPlan(plan, created.id)
  }
  await repo.replaceAddons(tx, product.id, relations.addons.map((a) => ({ productId: a.addonProductId, kind: a.kind })))
  await repo.replaceProductCategories(tx, product.id, relations.categories.map((c) => c.categoryId))
  for (const { productId: _dp, ordersCount: _o, createdAt: _dc, updatedAt: _du, ...terms } of relations.discounts) {
    await repo.insertDiscount(tx, { ...terms, productId: product.id, createdAt: now, updatedAt: now })
  }
  return { seller, source: { id: source.id, form: source.form }, product }
}

// ------------------------------------------------------------------ publishing

/**
 * The only writer of a product's publish and review states: each move is checked against the tables of
 * src/shared/states (a move the table does not allow answers 409 conflict).
 */
export async function moveStates(tx: Executor, product: repo.ProductRow, to: { publish?: PublishState; review?: ReviewState; reason?: string | null }, now: Date) {
  const values: Partial<repo.ProductRow> = { updatedAt: now }
  if (to.publish && to.publish !== product.publishState) {
    assertTransition(productPublishTransitions, product.publishState as PublishState, to.publish, 'publish state')
    values.publishState = to.publish
  }
  if (to.review && to.review !== product.reviewState) {
    assertTransition(reviewTransitions, product.reviewState as ReviewState, to.review, 'review state')
    values.reviewState = to.review
  }
  if (to.reason !== undefined) values.reviewReason = to.reason
  return repo.updateProduct(tx, product.id, values)
}

/** What stops a product from selling once published and reviewed: the reasons publishing is refused. */
export function publishBlockers(product: repo.ProductRow, relations: Relations, seller: repo.SellerFacts): ProductStatus[] {
  const facts = { ...statusFacts(product, relations, seller), publishState: 'published' as const, reviewState: 'reviewed' as const }
  return productStatuses(facts, sellerFlags(seller)).filter(isSellBlocking)
}

const takenDown = () => new AppError('conflict', 'A manager took this product down; contact support')

export async function publishProduct(ctx: Ctx, id: number): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const seller = await loadSeller(ctx, tx, sellerId)
    const product = await ownProduct(tx, sellerId, id)
    // The table lets a manager lift a take-down straight to published; the seller never does.
    if (product.publishState === 'admin_unpublished') throw takenDown()
    const blockers = publishBlockers(product, await loadRelations(tx, [id]), seller)
    if (blockers.length > 0) {
      throw new AppError('cannot_publish', `This product cannot be published: ${blockers.join(', ')}`, blockers.map((status) => ({ path: 'statuses', message: status })))
    }
    const state = product.publishState as PublishState
    if (seller.powerSeller && !product.free) {
      // docs/reference/readings.md 23: a power seller's paid product is reviewed first.
      if (state !== 'publish_pending' && state !== 'in_review' && !(state === 'published' && product.reviewState === 'reviewed')) {
        await moveStates(tx, product, { publish: 'publish_pending', review: 'in_review', reason: null }, ctx.now)
      }
    } else if (state !== 'published') {
      const review: ReviewState = product.free ? 'free_without_fee' : 'not_for_review'
      // A review state the table cannot move from (e.g. reviewed) stays as it is.
      const moveReview = canTransition(reviewTransitions, product.reviewState as ReviewState, review)
      await moveStates(tx, product, { publish: 'published', ...(moveReview ? { review } : {}) }, ctx.now)
    }
    return reload(tx, seller, id)
  })
}

export async function unpublishProduct(ctx: Ctx, id: number): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const seller = await loadSeller(ctx, tx, sellerId)
    const product = await ownProduct(tx, sellerId, id)
    if (product.publishState === 'admin_unpublished') throw takenDown()
    if (product.publishState !== 'unpublished') {
      // Withdrawing a review request takes the review back to not reviewed.
      const review = product.reviewState === 'in_review' ? { review: 'not_for_review' as const } : {}
      await moveStates(tx, product, { publish: 'unpublished', ...review }, ctx.now)
    }
    return reload(tx, seller, id)
  })
}

export async function setArchived(ctx: Ctx, id: number, archived: boolean): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const seller = await loadSeller(ctx, tx, sellerId)
    const product = await ownProduct(tx, sellerId, id)
    if ((product.archivedAt !== null) !== archived) await repo.updateProduct(tx, id, { archivedAt: archived ? ctx.now : null, updatedAt: ctx.now })
    return reload(tx, seller, id)
  })
}

// ------------------------------------------------------------------ plans, tickets and add-ons of a product

export async function addPlan(ctx: Ctx, id: number, input: PricingPlanInput, ticketId: number | null = null): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertCurrencies(ctx, [input])
  return ctx.db.transaction(async (tx) => {
    const seller = await loadSeller(ctx, tx, sellerId)
    const product = await ownProduct(tx, sellerId, id)
    if (ticketId === null) assertForm(product, product.form !== 'eventTickets', 'pricing_plans')
    else if (!(await repo.findTicket(tx, id, ticketId))) throw new AppError('not_found', 'This ticket does not exist')
    const relations = await loadRelations(tx, [id])
    const position = relations.plans.filter((p) => p.ticketId === ticketId).length
    await insertPlan(tx, { productId: id, ticketId }, input, position)
    await repo.updateProduct(tx, id, { updatedAt: ctx.now })
    return reload(tx, seller, id)
  })
}

/**
 * New terms for a plan: the plan row takes them and a new version stores their snapshot. Earlier versions
 * stay as they were, so orders bought on them keep their terms. The name's translations are not terms: sent
 * alone they are stored on the plan without a new version.
 */
export async function updatePlan(ctx: Ctx, id: number, planId: number, input: PricingPlanInput): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertCurrencies(ctx, [input])
  return ctx.db.transaction(async (tx) => {
    const seller = await loadSeller(ctx, tx, sellerId)
    await ownProduct(tx, sellerId, id)
    const row = await repo.findPlan(tx, id, planId)
    if (!row) throw new AppError('not_found', 'This pricing plan does not exist')
    const plan = planFromInput(input)
    const snapshot = planSnapshot(plan)
    if (JSON.stringify(snapshot) !== JSON.stringify(planSnapshot(planOfRow(row)))) {
      const version = await repo.insertPlanVersion(tx, planId, { ...snapshot })
      await repo.updatePlan(tx, planId, {
        form: plan.form, kind: planKindOf(plan.form), currencyId: plan.currencyId, price: plan.price ?? null,
        firstAmount: plan.firstAmount ?? null, nextAmount: plan.nextAmount ?? null, paymentsCount: plan.paymentsCount ?? null,
        interval: plan.interval ?? null, customIntervals: plan.customIntervals ? plan.customIntervals.map((r) => ({ ...r })) : null,
        useNetPrice: plan.useNetPrice ?? false, name: plan.name ?? null, trialDays: plan.trialDays ?? null, currentVersionId: version.id, updatedAt: ctx.now,
        ...planTranslationsValue(input),
      })
      await repo.updateProduct(tx, id, { updatedAt: ctx.now })
    } else if (input.translations !== undefined) {
      await repo.updatePlan(tx, planId, { ...planTranslationsValue(input), updatedAt: ctx.now })
      await repo.updateProduct(tx, id, { updatedAt: ctx.now })
    }
    return reload(tx, seller, id)
  })
}

/** A removed plan is deactivated, not deleted: orders keep their version of it. */
export async function removePlan(ctx: Ctx, id: number, planId: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  await ctx.db.transaction(async (tx) => {
    await ownProduct(tx, sellerId, id)
    if (!(await repo.findPlan(tx, id, planId))) throw new AppError('not_found', 'This pricing plan does not exist')
    await repo.updatePlan(tx, planId, { active: false, updatedAt: ctx.now })
  })
}

export async function listPlanVersions(ctx: Ctx, id: number, planId: number) {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const product = await repo.findProduct(ctx.db, sellerId, id)
  if (!product) throw notFound()
  const plan = await repo.findPlan(ctx.db, id, planId)
  if (!plan) throw new AppError('not_found', 'This pricing plan does not exist')
  const rows = await repo.listPlanVersions(ctx.db, planId)
  return { list: rows.map((r) => ({ id: r.id, plan_id: r.planId, version: r.version, snapshot: r.snapshot, created_at: r.createdAt.toISOString() })) }
}

export async function addTicket(ctx: Ctx, id: number, input: TicketInput): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertCurrencies(ctx, input.pricing_plans)
  return ctx.db.transaction(async (tx) => {
    const seller = await loadSeller(ctx, tx, sellerId)
    const product = await ownProduct(tx, sellerId, id)
    assertForm(product, product.form === 'eventTickets', 'tickets')
    const relations = await loadRelations(tx, [id])
    await insertTicket(tx, id, input, input.position ?? relations.tickets.length)
    await repo.updateProduct(tx, id, { updatedAt: ctx.now })
    return reload(tx, seller, id)
  })
}

export async function updateTicket(ctx: Ctx, id: number, ticketId: number, input: UpdateTicketInput): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const seller = await loadSeller(ctx, tx, sellerId)
    await ownProduct(tx, sellerId, id)
    const ticket = await repo.findTicket(tx, id, ticketId)
    if (!ticket) throw new AppError('not_found', 'This ticket does not exist')
    const values = ticketValues(input)
    const start = values.startDate !== undefined ? values.startDate : ticket.startDate
    const end = values.endDate !== undefined ? values.endDate : ticket.endDate
    if (start && end && end < start) throw new AppError('validation_failed', 'invalid_date', [{ path: 'end_date', message: 'invalid_date' }])
    await repo.updateTicket(tx, ticketId, { ...values, updatedAt: ctx.now })
    return reload(tx, seller, id)
  })
}

export async function removeTicket(ctx: Ctx, id: number, ticketId: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  await ctx.db.transaction(async (tx) => {
    await ownProduct(tx, sellerId, id)
    const ticket = await repo.findTicket(tx, id, ticketId)
    if (!ticket) throw new AppError('not_found', 'This ticket does not exist')
    if (ticket.soldCount > 0 || ticket.reservedCount > 0) throw new AppError('conflict', 'This ticket has orders; deactivate it instead')
    await repo.deleteTicket(tx, ticketId)
  })
}

export async function replaceAddons(ctx: Ctx, id: number, addons: readonly AddonInput[]): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const seller = await loadSeller(ctx, tx, sellerId)
    const product = await ownProduct(tx, sellerId, id)
    await writeAddons(ctx, tx, seller, product, addons)
    await repo.updateProduct(tx, id, { updatedAt: ctx.now })
    return reload(tx, seller, id)
  })
}

// ------------------------------------------------------------------ what the checkout reads

export type CheckoutProduct = {
  product: repo.ProductRow
  plans: repo.PlanRow[]
  tickets: repo.TicketRow[]
  discount: repo.DiscountRow | null
}

export type CheckoutFacts = CheckoutProduct & {
  seller: repo.SellerFacts & {
    name: string; country: string; vat: { payer: 'liable' } | { payer: 'exempt'; reason: string }; features: Record<string, boolean>
    /** The currencies payers may pay in besides the plans' own (docs/decisions/0097-payer-currencies.md). */
    payerCurrencies: string[]
  }
  /** Published order bumps (add-ons of kind bump) with their plans. */
  bumps: CheckoutProduct[]
}

/**
 * A published product of a shop with what its checkout prices: plans (active, each with its current
 * version), ticket types, its discount, the seller's facts and VAT status, and its published order bumps.
 * Unknown, unpublished or archived: 404. The password gate is the caller's (shop.service assertPassword).
 */
export async function checkoutFacts(
  ctx: ConfigOf, db: Executor, sellerRef: { id?: number; username?: string }, product: { id?: number; slug?: string }, soldOutFor?: { ticketId: number | null; quantity: number },
): Promise<CheckoutFacts> {
  // The product, its seller and the seller's VAT details in one read (this runs for every checkout); with
  // `soldOutFor` the read also answers sold_out before anything else is read (in a rush most payers hear this).
  const found = product.id !== undefined
    ? await repo.findPublishedProductWithSeller(db, ctx.deps, { productId: product.id, sellerId: sellerRef.id }, soldOutFor)
    : sellerRef.username !== undefined ? await repo.findPublishedProductWithSeller(db, ctx.deps, { seller: sellerRef.username, slug: product.slug ?? '' }) : undefined
  if (!found) {
    // Which of the two is missing decides the message (a rare path: one more read).
    const seller = sellerRef.id !== undefined ? await repo.findSeller(db, ctx.deps, sellerRef.id) : sellerRef.username !== undefined ? await repo.findSellerByUsernameOrId(db, ctx.deps, sellerRef.username) : null
    if (seller !== null && (!seller || shopClosed(seller))) throw new AppError('not_found', 'This shop does not exist')
    throw new AppError('not_found', 'This product does not exist')
  }
  const { seller, tax } = found
  if (shopClosed(seller)) throw new AppError('not_found', 'This shop does not exist')
  if (found.soldOut) throw new AppError('sold_out', 'Sold out')
  const row = found.product
  const relations = found.relations
  const bumpIds = relations.addons.filter((a) => a.kind === 'bump').map((a) => a.addonProductId)
  const bumpRows = await repo.findPublishedProductsByIds(db, seller.id, bumpIds)
  const bumpRelations = await repo.loadRelations(db, bumpRows.map((b) => b.id), { categories: false })
  const of = (p: repo.ProductRow, rel: typeof relations): CheckoutProduct => ({
    product: p,
    plans: rel.plans.filter((plan) => plan.productId === p.id),
    tickets: rel.tickets.filter((t) => t.productId === p.id),
    discount: rel.discounts.find((d) => d.productId === p.id) ?? null,
  })
  const profile = (tax?.profile ?? {}) as { vat_payer?: string; vat_exempt_reason?: string; company?: string }
  const vat = profile.vat_payer === 'exempt' ? { payer: 'exempt' as const, reason: profile.vat_exempt_reason ?? 'other' } : { payer: 'liable' as const }
  const name = sellerDisplayName({ username: seller.username, company: tax?.company, firstName: tax?.firstName, lastName: tax?.lastName })
  return {
    ...of(row, relations),
    seller: { ...seller, name, country: tax?.countryCode ?? 'DE', vat, features: tax?.features ?? {}, payerCurrencies: tax?.payerCurrencies ?? [] },
    bumps: bumpIds.map((id) => bumpRows.find((b) => b.id === id)).filter((b): b is repo.ProductRow => b !== undefined).map((b) => of(b, bumpRelations)),
  }
}

/** The plan row and the domain plan of a version id a checkout bought (for frozen terms). */
export { planOfRow } from './catalog.views'

export type DeliveryProduct = { id: number; sellerId: number; form: string; name: string; slug: string; included: { id: number; form: string; name: string; slug: string }[] }

/**
 * What the delivery reads (docs/decisions/0017-delivery.md): the products of an order and, for memberships and bundles, the products
 * they include (add-ons of kind bundle), in the seller's order. Archived or unpublished products are still
 * delivered: the payer paid for them.
 */
export async function deliveryProducts(db: Executor, productIds: readonly number[]): Promise<DeliveryProduct[]> {
  const ids = [...new Set(productIds)]
  const found = new Map((await repo.findProductsByIds(db, ids)).map((p) => [p.id, p]))
  const rows = ids.flatMap((id) => found.get(id) ?? [])
  const { addons } = await repo.loadRelations(db, rows.filter((p) => p.form === 'membership' || p.form === 'bundle').map((p) => p.id), { categories: false })
  const bundled = addons.filter((a) => a.kind === 'bundle')
  const includedRows = new Map((await repo.findProductsByIds(db, bundled.map((a) => a.addonProductId))).map((p) => [p.id, p]))
  const included = bundled.flatMap((addon) => {
    const row = includedRows.get(addon.addonProductId)
    return row ? [{ of: addon.productId, row }] : []
  })
  return rows.map((p) => ({
    id: p.id, sellerId: p.sellerId, form: p.form, name: p.name, slug: p.slug,
    included: included.filter((i) => i.of === p.id).map(({ row }) => ({ id: row.id, form: row.form, name: row.name, slug: row.slug })),
  }))
}

/**
 * A seller's product by slug with what it includes (a membership's or bundle's products), whatever its publish
 * state: the member pages ask for it (docs/decisions/0069-member-pages.md). Null when there is none.
 */
export async function productBySlugWithIncluded(db: Executor, sellerId: number, slug: string): Promise<DeliveryProduct | null> {
  const row = await repo.findProductBySlug(db, sellerId, slug)
  if (!row) return null
  return (await deliveryProducts(db, [row.id]))[0] ?? null
}

/** Marks a seller's profile finished (the platform's own seller account, docs/decisions/0055-platform-plans.md). */
export async function markProfileFinished(db: Executor, sellerId: number, now: Date): Promise<void> {
  await repo.updateSellerFlags(db, sellerId, { profileFinished: true }, now)
}
