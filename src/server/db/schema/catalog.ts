import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers } from './accounts'
import type { ProductTranslations } from '../../../shared/catalog/translations'

// The catalog module's tables: products of the eight forms, their pricing plans with frozen versions
// (docs/decisions/0009-pricing-plan-versions-frozen-at-purchase.md), event ticket types, add-ons, license keys
// with their uses and activation limits (docs/decisions/0020-issued-certificates-licenses-downloads.md), the
// seller's category tree and shop categories. Amounts are integers of minor units with a lowercase currency
// id (docs/decisions/0002-money-in-minor-units.md).

/** The seller's own category tree (docs/reference/catalogue-and-selling.md §3 "Category tree: id, parentId, children, position"). */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  parentId: integer('parent_id'),
  position: integer('position').notNull().default(0),
  name: text('name').notNull(),
  createdAt: createdAt(),
}, (t) => [index('categories_seller_idx').on(t.sellerId, t.parentId, t.position)])

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** digital | download | course | membership | bundle | eventTickets | licenseKey | certificate */
  form: text('form').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  /** The seller's rich description, sanitised on save; `description` stays its plain text (docs/decisions/0047-product-description-html.md). */
  descriptionHtml: text('description_html'),
  /**
   * The product's texts in other languages, by locale: `{ "de": { "name": ..., "description": ..., "description_html": ...,
   * "bump_headline": ..., "bump_text": ... } }`, each text optional (the shop pages fall back to the base text per
   * text). Written only through src/shared/schemas/catalog.ts's rules (docs/decisions/0095-product-translations.md).
   */
  translations: jsonb('translations').$type<ProductTranslations>().notNull().default({}),
  free: boolean('free').notNull().default(false),
  /** How many may be sold; null: no limit. Sold out when sold + reserved >= limit (docs/reference/readings.md 4). */
  limit: integer('limit'),
  soldCount: integer('sold_count').notNull().default(0),
  reservedCount: integer('reserved_count').notNull().default(0),
  /** A shared password the seller gives payers; never part of a public answer. */
  accessPassword: text('access_password'),
  displayPrice: bigint('display_price', { mode: 'number' }),
  displayOldPrice: bigint('display_old_price', { mode: 'number' }),
  displayCurrencyId: text('display_currency_id'),
  /** Unique per seller without regard to case; the product page is /s/{username}/{slug}. */
  slug: text('slug').notNull(),
  internalName: text('internal_name'),
  costCenter: text('cost_center'),
  productGroups: jsonb('product_groups').$type<string[]>().notNull().default([]),
  hiddenInShop: boolean('hidden_in_shop').notNull().default(false),
  position: integer('position').notNull().default(0),
  publishState: text('publish_state').notNull().default('unpublished'),
  reviewState: text('review_state').notNull().default('not_for_review'),
  reviewReason: text('review_reason'),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  /** The seller's switch; the shop also needs the product listed and sellable (shared canBeSoldViaShop). */
  canBeSoldViaShop: boolean('can_be_sold_via_shop').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('products_seller_slug_unique').on(t.sellerId, sql`lower(${t.slug})`),
  index('products_seller_idx').on(t.sellerId, t.position, t.createdAt),
  index('products_review_idx').on(t.publishState),
  check('products_counts_check', sql`${t.soldCount} >= 0 and ${t.reservedCount} >= 0`),
])

/**
 * A product's discount (docs/reference/catalogue-and-selling.md §3 "Discount: active, limit, value, valueForm, ordersCount"), at most one per
 * product (docs/decisions/0014-discounts-per-product.md). `value` is basis points for percents (1 % = 100) and minor units of
 * `currencyId` for currency; the shared `priceWithDiscount` applies it, and it stops applying once
 * `ordersCount` reaches `limit` (null: no limit). Orders count it up in the checkout's transaction.
 */
export const productDiscounts = pgTable('product_discounts', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(true),
  limit: integer('limit'),
  value: bigint('value', { mode: 'number' }).notNull(),
  /** percents | currency */
  valueForm: text('value_form').notNull(),
  /** The currency of a currency discount; null for percents. */
  currencyId: text('currency_id'),
  ordersCount: integer('orders_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  check('product_discounts_value_check', sql`${t.value} > 0 and (${t.valueForm} <> 'percents' or ${t.value} <= 10000)`),
  check('product_discounts_form_check', sql`(${t.valueForm} = 'percents' and ${t.currencyId} is null) or (${t.valueForm} = 'currency' and ${t.currencyId} is not null)`),
  check('product_discounts_counts_check', sql`${t.ordersCount} >= 0 and (${t.limit} is null or ${t.limit} >= 1)`),
])

export const productCategories = pgTable('product_categories', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId)])

/** Ticket types of an eventTickets product; each has its own pricing plans. */
export const eventTickets = pgTable('event_tickets', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  location: text('location'),
  startDate: timestamp('start_date', { withTimezone: true }),
  endDate: timestamp('end_date', { withTimezone: true }),
  /** Further dates of the same ticket type: [{ start_date, end_date }]. */
  ticketDates: jsonb('ticket_dates').$type<{ start_date: string; end_date: string | null }[]>().notNull().default([]),
  limit: integer('limit'),
  soldCount: integer('sold_count').notNull().default(0),
  reservedCount: integer('reserved_count').notNull().default(0),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  /** Name and location in other languages, each falling back to the base (docs/decisions/0095-product-translations.md): { "<locale>": { name, location } }. */
  translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('event_tickets_product_idx').on(t.productId, t.position)])

/** A pricing plan of a product, or of an event ticket type (then productId is its product too). */
export const pricingPlans = pgTable('pricing_plans', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  ticketId: integer('ticket_id').references(() => eventTickets.id, { onDelete: 'cascade' }),
  form: text('form').notNull(),
  /** docs/reference/readings.md 1: one_time 0, installment 1, limited_subscription 2, subscription 3. */
  kind: integer('kind').notNull(),
  currencyId: text('currency_id').notNull(),
  price: bigint('price', { mode: 'number' }),
  firstAmount: bigint('first_amount', { mode: 'number' }),
  nextAmount: bigint('next_amount', { mode: 'number' }),
  paymentsCount: integer('payments_count'),
  /** Canonical code (docs/reference/readings.md 2: unit + count, "1w" never "7d"). */
  interval: text('interval'),
  customIntervals: jsonb('custom_intervals').$type<{ interval: string; amount: number }[]>(),
  useNetPrice: boolean('use_net_price').notNull().default(false),
  name: text('name'),
  /** The name in other languages, falling back to the base (docs/decisions/0095-product-translations.md): { "<locale>": { name } }. Not part of the terms: no new version. */
  translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  /** Subscriptions only: free days before the first charge (1..365; docs/decisions/0033-trial-periods.md). */
  trialDays: integer('trial_days'),
  position: integer('position').notNull().default(0),
  /** A removed plan is deactivated, never deleted: orders keep pointing at its versions. */
  active: boolean('active').notNull().default(true),
  /** The version a new order buys; replaced on every change of terms. */
  currentVersionId: integer('current_version_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('pricing_plans_product_idx').on(t.productId, t.position), index('pricing_plans_ticket_idx').on(t.ticketId)])

/** Terms frozen at purchase: every create or change of a plan stores its planSnapshot; orders reference a version. */
export const pricingPlanVersions = pgTable('pricing_plan_versions', {
  id: serial('id').primaryKey(),
  planId: integer('plan_id').notNull().references(() => pricingPlans.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('pricing_plan_versions_plan_version_unique').on(t.planId, t.version)])

/** Products a membership or bundle gives access to (bundle), or offers as an order bump (bump). */
export const productAddons = pgTable('product_addons', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  addonProductId: integer('addon_product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  position: integer('position').notNull().default(0),
}, (t) => [uniqueIndex('product_addons_unique').on(t.productId, t.addonProductId, t.kind)])

export const licenseKeys = pgTable('license_keys', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  /** available | used */
  state: text('state').notNull().default('available'),
  usedAt: timestamp('used_at', { withTimezone: true }),
  orderId: integer('order_id'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('license_keys_product_key_unique').on(t.productId, t.key), index('license_keys_state_idx').on(t.productId, t.state)])

/**
 * What happened to a delivered license key after the sale (docs/decisions/0020-issued-certificates-licenses-downloads.md): its use counter and
 * its revocation (refund, chargeback). A key without a row has no uses and is not revoked.
 */
export const licenseKeyUses = pgTable('license_key_uses', {
  licenseKeyId: integer('license_key_id').primaryKey().references(() => licenseKeys.id, { onDelete: 'cascade' }),
  uses: integer('uses').notNull().default(0),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** Why it was revoked: refund | chargeback (the first revocation's); null while not revoked. A won dispute clears only a chargeback's. */
  revokedReason: text('revoked_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A licenseKey product's activation limit: how many uses one key may have at once (null: no limit). */
export const licenseSettings = pgTable('license_settings', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  activationLimit: integer('activation_limit'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** docs/reference/catalogue-and-selling.md §3 "Shop category: id, title, description, color, hidden, position, productIds". */
export const shopCategories = pgTable('shop_categories', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description'),
  color: text('color'),
  hidden: boolean('hidden').notNull().default(false),
  position: integer('position').notNull().default(0),
  /** Title and description in other languages (docs/decisions/0095-product-translations.md): { "<locale>": { title, description } }. */
  translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('shop_categories_seller_idx').on(t.sellerId, t.position)])

export const shopCategoryProducts = pgTable('shop_category_products', {
  shopCategoryId: integer('shop_category_id').notNull().references(() => shopCategories.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.shopCategoryId, t.productId] })])
