import { sellerCanSell } from '../../../shared/accounts'
import {
  canBeSoldViaShop, canSell, isPrivate, isSoldOut, productStatuses, productTranslationFields, productTranslationsOf, productTypeOfForm,
  type ProductForm, type ProductStatusInput, type ProductTranslation, type PublishState, type ReviewState, type SellerFlags,
} from '../../../shared/catalog'
import type { LocaleCode } from '../../../shared/i18n/locales'
import { textTranslationsAnswer } from '../../../shared/i18n/text-translations'
import type { CurrencyId } from '../../../shared/money'
import { bpsToPercent } from '../../../shared/money'
import {
  discountApplies, discountInCurrency, planSnapshot, priceWithDiscount, type Discount, type DiscountValueForm, type IntervalCode,
  type PlanForm, type PricingPlan,
} from '../../../shared/pricing'
import type {
  PricingPlanOutput, ProductOutput, ProductTranslationOutput, ProductTranslationsOutput, ShopPriceOutput, TicketOutput,
} from '../../../shared/schemas/catalog'
import { planTranslationFields, ticketTranslationFields } from '../../../shared/schemas/catalog'
import type { DiscountOutput } from '../../../shared/schemas/discounts'
import { coverOutputOf, type CoverOutput } from '../../../shared/schemas/media'
import type { Executor } from '../../db/client'
import * as repo from './catalog.repository'

// Answers of the catalogue, computed from rows with the shared rules: statuses and can-sell come from
// src/shared/catalog, plan totals from src/shared/pricing.

/** docs/reference/readings.md 23: canSell = payment account done, profile finished, email confirmed, not blocked. */
export function sellerFlags(seller: repo.SellerFacts): SellerFlags {
  return {
    canSell: sellerCanSell(seller),
    powerSeller: seller.powerSeller,
    paymentAccountDone: seller.paymentAccountDone,
  }
}

/**
 * A blocked seller, or one whose account is deactivated or deleted, has no public shop: its shop and product
 * pages and the checkout of its products answer 404 (payers keep what they bought).
 */
export function shopClosed(seller: Pick<repo.SellerFacts, 'blocked' | 'deactivated'>): boolean {
  return seller.blocked || seller.deactivated
}

export function planOfRow(row: repo.PlanRow): PricingPlan {
  return {
    form: row.form as PlanForm,
    currencyId: row.currencyId as CurrencyId,
    price: row.price,
    firstAmount: row.firstAmount,
    nextAmount: row.nextAmount,
    paymentsCount: row.paymentsCount,
    interval: row.interval as IntervalCode | null,
    customIntervals: row.customIntervals as PricingPlan['customIntervals'],
    useNetPrice: row.useNetPrice,
    name: row.name,
    trialDays: row.trialDays,
  }
}

// ------------------------------------------------------------------ discounts (docs/decisions/0014-discounts-per-product.md)

export type ProductDiscount = Discount & { readonly currencyId: string | null }

export function discountOfRow(row: repo.DiscountRow): ProductDiscount {
  return {
    active: row.active, limit: row.limit, value: row.value, valueForm: row.valueForm as DiscountValueForm, ordersCount: row.ordersCount,
    currencyId: row.currencyId,
  }
}

export function discountOutput(row: repo.DiscountRow): DiscountOutput {
  const percents = row.valueForm === 'percents'
  return {
    product_id: row.productId, active: row.active, limit: row.limit, value_form: row.valueForm as DiscountValueForm,
    value: percents ? bpsToPercent(row.value) : row.value, value_bps: percents ? row.value : null, currency_id: row.currencyId,
    orders_count: row.ordersCount, applies: discountApplies(discountOfRow(row)), created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/**
 * An amount as shown with the product's discount: the price from the shared `priceWithDiscount` (which
 * asks `discountApplies`, so a discount at its limit changes nothing), and the amount before it as the old
 * price when the discount lowers it. A currency discount only touches amounts of its currency.
 */
export function withDiscount(amount: number, currencyId: string | null, discount: ProductDiscount | null): { price: number; oldPrice: number | null } {
  const price = priceWithDiscount(amount, discountInCurrency(discount, currencyId))
  return { price, oldPrice: price < amount ? amount : null }
}

export function planOutput(row: repo.PlanRow, discount: ProductDiscount | null = null): PricingPlanOutput {
  const snapshot = planSnapshot(planOfRow(row))
  const shown = withDiscount(snapshot.checkoutAmount, row.currencyId, discount)
  return {
    id: row.id, version_id: row.currentVersionId ?? 0, ticket_id: row.ticketId, form: snapshot.form, kind: snapshot.kind,
    currency_id: row.currencyId, price: snapshot.price, first_amount: snapshot.firstAmount, next_amount: snapshot.nextAmount,
    payments_count: snapshot.paymentsCount, interval: snapshot.interval,
    custom_intervals: snapshot.customIntervals ? snapshot.customIntervals.map((r) => ({ ...r })) : null,
    use_net_price: snapshot.useNetPrice, name: snapshot.name, trial_days: snapshot.trialDays, position: row.position,
    checkout_amount: snapshot.checkoutAmount, total: snapshot.total, display_price: shown.price, display_old_price: shown.oldPrice,
    translations: textTranslationsAnswer(row.translations, planTranslationFields),
  }
}

function ticketOutput(row: repo.TicketRow, plans: repo.PlanRow[], discount: ProductDiscount | null): TicketOutput {
  return {
    id: row.id, name: row.name, location: row.location, start_date: row.startDate?.toISOString() ?? null,
    end_date: row.endDate?.toISOString() ?? null, ticket_dates: row.ticketDates, limit: row.limit, sold_count: row.soldCount,
    reserved_count: row.reservedCount, active: row.active, position: row.position, sold_out: isSoldOut(row),
    pricing_plans: plans.filter((p) => p.ticketId === row.id).map((p) => planOutput(p, discount)),
    translations: textTranslationsAnswer(row.translations, ticketTranslationFields),
  }
}

/** The rows a product answer needs: plans, tickets, add-ons, categories, and covers and file counts (media's rows). */
export async function loadRelations(db: Executor, productIds: readonly number[]) {
  const rows = await repo.loadRelations(db, productIds)
  const covers = new Map<number, CoverOutput[]>()
  for (const row of await repo.listCovers(db, productIds)) covers.set(row.productId, [...(covers.get(row.productId) ?? []), coverOutputOf(row)])
  const fileCounts = await repo.fileCounts(db, productIds)
  return { ...rows, covers, fileCounts }
}

export type Relations = Awaited<ReturnType<typeof loadRelations>>

/** The facts of the shared status rules for one product. */
export function statusFacts(product: repo.ProductRow, relations: Relations, seller: repo.SellerFacts): ProductStatusInput {
  const tickets = relations.tickets.filter((t) => t.productId === product.id)
  const activeTicketIds = new Set(tickets.filter((t) => t.active).map((t) => t.id))
  const plans = relations.plans.filter((p) => p.productId === product.id)
  // For event tickets the plans of its (active) tickets count (src/shared/catalog README).
  const plansCount = product.form === 'eventTickets'
    ? plans.filter((p) => p.ticketId !== null && activeTicketIds.has(p.ticketId)).length
    : plans.filter((p) => p.ticketId === null).length
  return {
    form: product.form as ProductForm,
    free: product.free,
    publishState: product.publishState as PublishState,
    archived: product.archivedAt !== null,
    accessPassword: product.accessPassword,
    hiddenInShop: product.hiddenInShop,
    limit: product.limit,
    soldCount: product.soldCount,
    reservedCount: product.reservedCount,
    pricingPlansCount: plansCount,
    // docs/reference/readings.md 23: the payment account is done when a provider is configured and active; until the
    // checkout issue stores payment methods per product, that account is the active method.
    anyPaymentMethodActive: seller.paymentAccountDone,
    // A download has digitals once it has at least one file (media module).
    hasDigitals: (relations.fileCounts.get(product.id) ?? 0) > 0,
    productAddonsCount: relations.addons.filter((a) => a.productId === product.id && a.kind === 'bundle').length,
    activeTicketsCount: activeTicketIds.size,
    reviewState: product.reviewState as ReviewState,
    // Stored products passed the schema checks; a manager's "not valid" verdict is the review's rejection.
    valid: true,
  }
}

export function productView(product: repo.ProductRow, relations: Relations, seller: repo.SellerFacts): ProductOutput {
  const flags = sellerFlags(seller)
  const facts = statusFacts(product, relations, seller)
  const plans = relations.plans.filter((p) => p.productId === product.id)
  const discountRow = relations.discounts.find((d) => d.productId === product.id)
  const discount = discountRow ? discountOfRow(discountRow) : null
  const ownPlans = plans.filter((p) => p.ticketId === null).map((p) => planOutput(p, discount))
  const tickets = relations.tickets.filter((t) => t.productId === product.id).map((t) => ticketOutput(t, plans, discount))
  return {
    id: product.id,
    form: product.form as ProductForm,
    type: productTypeOfForm[product.form as ProductForm],
    name: product.name,
    description: product.description,
    description_html: product.descriptionHtml,
    free: product.free,
    slug: product.slug,
    seller_username: seller.username,
    limit: product.limit,
    sold_count: product.soldCount,
    reserved_count: product.reservedCount,
    access_password: product.accessPassword,
    display_price: product.displayPrice,
    display_old_price: product.displayOldPrice,
    display_currency_id: product.displayCurrencyId,
    internal_name: product.internalName,
    cost_center: product.costCenter,
    product_groups: product.productGroups,
    category_ids: relations.categories.filter((c) => c.productId === product.id).map((c) => c.categoryId),
    hidden_in_shop: product.hiddenInShop,
    position: product.position,
    publish_state: product.publishState as PublishState,
    review_state: product.reviewState as ReviewState,
    review_reason: product.reviewReason,
    published: product.publishState === 'published',
    archived: product.archivedAt !== null,
    archived_at: product.archivedAt?.toISOString() ?? null,
    statuses: productStatuses(facts, flags),
    can_sell: canSell(facts, flags),
    can_be_sold_via_shop: product.canBeSoldViaShop && canBeSoldViaShop(facts, flags),
    is_sold_out: isSoldOut(facts),
    is_private: isPrivate(facts),
    active_tickets_count: facts.activeTicketsCount,
    // An eventTickets product keeps its plans on its ticket types.
    pricing_plans: ownPlans,
    tickets,
    addons: relations.addons.filter((a) => a.productId === product.id).map((a) => ({
      id: a.id, product_id: a.addonProductId, name: a.name, form: a.form, kind: a.kind as 'bundle' | 'bump', position: a.position,
    })),
    covers: relations.covers.get(product.id) ?? [],
    discount: discountRow ? discountOutput(discountRow) : null,
    shop_price: shopPrice(product, product.form === 'eventTickets' ? tickets.filter((t) => t.active).flatMap((t) => t.pricing_plans) : ownPlans, discount),
    translations: translationsOutput(product.translations),
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
  }
}

/** The stored translations as the cabinet answers them: every text of a language, null when not translated. */
export function translationsOutput(stored: unknown): ProductTranslationsOutput {
  const out: ProductTranslationsOutput = {}
  for (const [code, texts] of Object.entries(productTranslationsOf(stored)) as [LocaleCode, ProductTranslation][]) {
    out[code] = Object.fromEntries(productTranslationFields.map((field) => [field, texts[field] ?? null])) as ProductTranslationOutput
  }
  return out
}

export async function productViews(db: Executor, rows: readonly repo.ProductRow[], seller: repo.SellerFacts): Promise<ProductOutput[]> {
  const relations = await loadRelations(db, rows.map((r) => r.id))
  return rows.map((row) => productView(row, relations, seller))
}

/**
 * The price a shop shows: the seller's display price (in its display currency, else the first plan's), else
 * the first plan's amount due at checkout, with the product's discount applied (`withDiscount`). While the
 * discount lowers it, the old price is the price before it; otherwise the seller's own old price.
 */
export function shopPrice(product: repo.ProductRow, plans: readonly PricingPlanOutput[], discount: ProductDiscount | null): ShopPriceOutput {
  const first = plans[0]
  const base = product.displayPrice !== null
    ? { amount: product.displayPrice, currency: product.displayCurrencyId ?? first?.currency_id ?? null }
    : first ? { amount: first.checkout_amount, currency: first.currency_id } : null
  if (!base) return { display_price: product.free ? 0 : null, display_old_price: product.displayOldPrice, currency_id: null }
  const shown = withDiscount(base.amount, base.currency, discount)
  return { display_price: shown.price, display_old_price: shown.oldPrice ?? product.displayOldPrice, currency_id: base.currency }
}
