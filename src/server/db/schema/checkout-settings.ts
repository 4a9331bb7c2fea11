import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers } from './accounts'
import { products } from './catalog'

// The checkout-settings module's tables: the seller's named checkout settings, what each product's
// checkout offers, and the cancellation terms per product form.

/**
 * A seller's named checkout settings (docs/reference/catalogue-and-selling.md §3 "Checkout settings"): layout, theme, trust seals, buyer
 * information. One per seller is the default; a product may pick another.
 */
export const checkoutSettings = pgTable('checkout_settings', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  /** default | simplified | two_steps | two_steps_advanced */
  layout: text('layout').notNull().default('default'),
  /** The theme fields of the spec, as src/shared/schemas/checkout-settings.ts validates them. */
  theme: jsonb('theme').$type<Record<string, unknown>>().notNull().default({}),
  trustSeals: jsonb('trust_seals').$type<Record<string, unknown>>().notNull().default({}),
  /** full | minimal (docs/reference/readings.md 25); minimal by default (docs/decisions/0042-minimal-checkout-and-legal-texts.md). */
  buyerInformation: text('buyer_information').notNull().default('minimal'),
  /** hidden | optional | required: whether the checkout asks the payer's phone. */
  phoneField: text('phone_field').notNull().default('hidden'),
  /** dynamic_cta | buy_now | agree_on_terms_and_pay | complete_order | accept_and_pay_now */
  buyButtonText: text('buy_button_text').notNull().default('dynamic_cta'),
  /** The theme's free texts in other languages (docs/decisions/0095-product-translations.md): { "<locale>": { buy_button_text, get_for_free_text, countdown_text } }. */
  translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('checkout_settings_seller_idx').on(t.sellerId),
  uniqueIndex('checkout_settings_one_default').on(t.sellerId).where(sql`${t.isDefault}`),
])

/**
 * What a product's checkout step and market-upsell step choose: its checkout settings, the methods it
 * offers (null: every active method of the seller), order bump presentation, custom
 * checkout questions (docs/reference/readings.md 9), terms consent and the success page. Its one-click upsells
 * are the product's funnel (docs/decisions/0066-funnels.md).
 */
export const productCheckouts = pgTable('product_checkouts', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  checkoutSettingsId: integer('checkout_settings_id').references(() => checkoutSettings.id, { onDelete: 'set null' }),
  paymentMethods: jsonb('payment_methods').$type<string[] | null>(),
  /** { position, placement, layout, border_animation, price_animation, headline, text } */
  bump: jsonb('bump').$type<Record<string, unknown>>().notNull().default({}),
  questions: jsonb('questions').$type<Record<string, unknown>[]>().notNull().default([]),
  termsRequired: boolean('terms_required').notNull().default(true),
  successPageUrl: text('success_page_url'),
  updatedAt: updatedAt(),
})

/** Cancellation terms the seller writes per product form; public at /s/{seller}/document/cancellation_terms. */
export const cancellationTerms = pgTable('cancellation_terms', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  productType: text('product_type').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  /** Texts per language, each optional, falling back to the base text (docs/decisions/0095-product-translations.md): { "<locale>": { title, body } }. */
  translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('cancellation_terms_seller_type_unique').on(t.sellerId, t.productType)])

/**
 * The seller's own terms of sale and privacy policy (kind terms | privacy); without a row the shop shows
 * the default template filled with the seller's profile (docs/decisions/0042-minimal-checkout-and-legal-texts.md).
 */
export const legalTexts = pgTable('legal_texts', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  /** Title and body in other languages (docs/decisions/0095-product-translations.md): { "<locale>": { title, body } }. */
  translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('legal_texts_seller_kind_unique').on(t.sellerId, t.kind)])

/** When the seller confirmed having reviewed their legal texts; the dashboard warns until then. */
export const legalReviews = pgTable('legal_reviews', {
  sellerId: integer('seller_id').primaryKey().references(() => sellers.id, { onDelete: 'cascade' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
})
