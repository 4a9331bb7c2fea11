import { sql } from 'drizzle-orm'
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers, users } from './accounts'
import { products } from './catalog'

// The affiliates module's tables (docs/decisions/0048-affiliates.md): programs, the publishers who promote
// them, their participations (nodes) with the recruitment chain, clicks, lifetime attributions by payer email,
// the commissions booked per charge and level, credit memos and embeddable items. Money stays in the ledger
// (`publisher_balance:{publisher id}`); these rows explain it.

/** A user's publisher side: one per user, created with the publisher (or platform affiliate) profile. */
export const publishers = pgTable('publishers', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  /** publisher | platform_affiliate */
  kind: text('kind').notNull().default('publisher'),
  /** The minimum age is checked against it when joining a program. */
  birthday: date('birthday', { mode: 'string' }),
  website: text('website'),
  /** Which mails the publisher wants (new sale, node accepted/rejected, monthly credit memo). */
  emailNotifications: jsonb('email_notifications').$type<Record<string, boolean>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('publishers_user_unique').on(t.userId)])

export const affiliatePrograms = pgTable('affiliate_programs', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** What publishers read in the marketplace and on the landing page. */
  description: text('description'),
  /** How long a click's cookie lives, in days (default 180). */
  cookiesExpire: integer('cookies_expire').notNull().default(180),
  /** Basis points per level, level 1 first (1 to 5 entries, summing to at most 10 000). */
  commissionBps: jsonb('commission_bps').$type<number[]>().notNull(),
  /** Commission duration on later rates and returning payers: none | lifetime | days */
  lifetime: text('lifetime').notNull().default('none'),
  lifetimeDays: integer('lifetime_days'),
  /** A fixed amount paid once per publisher after their first sale (minor units of bonusCurrency). */
  bonusAmount: bigint('bonus_amount', { mode: 'number' }),
  bonusCurrency: text('bonus_currency'),
  autoAccept: boolean('auto_accept').notNull().default(false),
  /** Commissions from the gross (VAT included) rather than the net. */
  provisionFromBrutto: boolean('provision_from_brutto').notNull().default(false),
  /** Days a commission stays pending (the seller's refund window) before it is available. */
  holdDays: integer('hold_days').notNull().default(14),
  disableLandingPage: boolean('disable_landing_page').notNull().default(false),
  redirectionUrl: text('redirection_url'),
  /** The landing page's blocks (the affiliate page type) and its theme. */
  landingBody: jsonb('landing_body').$type<Record<string, unknown>[]>().notNull().default([]),
  landingTheme: text('landing_theme').notNull().default('classic'),
  forwardUrlParams: boolean('forward_url_params').notNull().default(false),
  allowEmbedForms: boolean('allow_embed_forms').notNull().default(false),
  /** Hosts allowed to embed the checkout when allowEmbedForms (empty: any). */
  embedFormsAllowed: jsonb('embed_forms_allowed').$type<string[]>().notNull().default([]),
  /** Publishers may send their links to a page of their own choosing on the seller's shop. */
  affiliateRedirectionsAllowed: boolean('affiliate_redirections_allowed').notNull().default(false),
  /** Listed in the publishers' marketplace. */
  listedInMarketplace: boolean('listed_in_marketplace').notNull().default(false),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('affiliate_programs_seller_idx').on(t.sellerId)])

/** A product belongs to at most one program (the wizard's market upsell step picks it). */
export const affiliateProgramProducts = pgTable('affiliate_program_products', {
  programId: integer('program_id').notNull().references(() => affiliatePrograms.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.programId, t.productId] }), uniqueIndex('affiliate_program_products_product_unique').on(t.productId)])

/** A publisher's participation in a program; one per program and publisher. */
export const affiliateNodes = pgTable('affiliate_nodes', {
  id: serial('id').primaryKey(),
  programId: integer('program_id').notNull().references(() => affiliatePrograms.id, { onDelete: 'cascade' }),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  publisherId: integer('publisher_id').notNull().references(() => publishers.id),
  /** requested | accepted | rejected | canceled (src/shared/states/affiliate-node.ts) */
  state: text('state').notNull().default('requested'),
  /** The public code in the publisher's links (`?aff=`) and recruitment link (`recruited_by`). */
  token: text('token').notNull(),
  /** The node of the publisher who recruited this one (level 2 of this node's sales); set once. */
  recruitedByNodeId: integer('recruited_by_node_id'),
  fromLandingPage: boolean('from_landing_page').notNull().default(false),
  /** When the program's one-time bonus was booked for this publisher. */
  bonusPaidAt: timestamp('bonus_paid_at', { withTimezone: true }),
  /** Who ended it (seller | publisher), when canceled. */
  canceledBy: text('canceled_by'),
  stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('affiliate_nodes_token_unique').on(t.token),
  uniqueIndex('affiliate_nodes_program_publisher_unique').on(t.programId, t.publisherId),
  index('affiliate_nodes_publisher_idx').on(t.publisherId),
  index('affiliate_nodes_seller_idx').on(t.sellerId, t.state),
])

/** A click on a publisher's link or landing page: no personal data (no address, no agent). */
export const affiliateClicks = pgTable('affiliate_clicks', {
  id: serial('id').primaryKey(),
  nodeId: integer('node_id').references(() => affiliateNodes.id, { onDelete: 'cascade' }),
  programId: integer('program_id').references(() => affiliatePrograms.id, { onDelete: 'cascade' }),
  /** A platform affiliate's click (the platform's own program): no node. */
  publisherId: integer('publisher_id').notNull().references(() => publishers.id),
  productId: integer('product_id'),
  /** link | landing | embed | platform */
  source: text('source').notNull().default('link'),
  createdAt: createdAt(),
}, (t) => [index('affiliate_clicks_node_idx').on(t.nodeId, t.createdAt), index('affiliate_clicks_publisher_idx').on(t.publisherId, t.createdAt)])

/** A payer (by email) attributed to a node for the program's commission duration: they stay attributed on another device. */
export const affiliateAttributions = pgTable('affiliate_attributions', {
  id: serial('id').primaryKey(),
  programId: integer('program_id').notNull().references(() => affiliatePrograms.id, { onDelete: 'cascade' }),
  nodeId: integer('node_id').notNull().references(() => affiliateNodes.id, { onDelete: 'cascade' }),
  payerEmail: text('payer_email').notNull(),
  firstOrderId: integer('first_order_id').notNull(),
  /** Null for a lifetime program. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('affiliate_attributions_program_email_unique').on(t.programId, sql`lower(${t.payerEmail})`)])

/**
 * A commission (or a publisher's one-time bonus) booked at a successful charge: one row per payment, level
 * and kind, so a retried payment or a replayed provider event cannot book it twice.
 */
export const affiliateCommissions = pgTable('affiliate_commissions', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  paymentId: integer('payment_id').notNull(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  programId: integer('program_id').notNull().references(() => affiliatePrograms.id),
  nodeId: integer('node_id').notNull().references(() => affiliateNodes.id),
  publisherId: integer('publisher_id').notNull().references(() => publishers.id),
  /** commission | bonus */
  kind: text('kind').notNull().default('commission'),
  /** 1..5 (the bonus has level 1). */
  level: integer('level').notNull(),
  bps: integer('bps').notNull().default(0),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** What refunds and chargebacks took back (their ledger lines' share). */
  reversedAmount: bigint('reversed_amount', { mode: 'number' }).notNull().default(0),
  currency: text('currency').notNull(),
  /** Pending until then (the program's hold days after the charge), available after. */
  availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('affiliate_commissions_once').on(t.paymentId, t.level, t.kind),
  index('affiliate_commissions_order_idx').on(t.orderId),
  index('affiliate_commissions_publisher_idx').on(t.publisherId, t.createdAt),
  index('affiliate_commissions_seller_idx').on(t.sellerId, t.createdAt),
])

/** A self-billing statement of one seller's commissions to one publisher for one month and currency. */
export const creditMemos = pgTable('credit_memos', {
  id: serial('id').primaryKey(),
  number: text('number').notNull(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  publisherId: integer('publisher_id').notNull().references(() => publishers.id),
  /** The month it covers, as its first day. */
  periodStart: date('period_start', { mode: 'string' }).notNull(),
  currency: text('currency').notNull(),
  /** Commissions less reversals booked in the period. */
  amount: bigint('amount', { mode: 'number' }).notNull(),
  commissionsCount: integer('commissions_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('credit_memos_once').on(t.sellerId, t.publisherId, t.periodStart, t.currency),
  uniqueIndex('credit_memos_number_unique').on(t.sellerId, t.number),
  index('credit_memos_publisher_idx').on(t.publisherId),
])

/** A publisher's product card or buy button for another site. */
export const embeddableItems = pgTable('embeddable_items', {
  id: serial('id').primaryKey(),
  publisherId: integer('publisher_id').notNull().references(() => publishers.id, { onDelete: 'cascade' }),
  nodeId: integer('node_id').notNull().references(() => affiliateNodes.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** product_card | buy_button */
  kind: text('kind').notNull(),
  /** Button text, colours, whether the price and cover show. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('embeddable_items_publisher_idx').on(t.publisherId)])
