import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sellers, users } from './accounts'
import { products } from './catalog'
import { orders } from './orders'
import { createdAt, updatedAt } from './columns'

// What paid orders deliver (docs/decisions/0017-delivery.md): an access grant per order and product (memberships and bundles grant
// each included product through themselves), one delivery record per order, and a log of every grant and
// revocation. Tickets, certificates, license keys and download links belong to their own modules.

/**
 * A payer's access to a product through an order. Unique per order and product, so a delivery that runs
 * twice grants nothing twice. `state` follows src/shared/states/access-grant.ts; a grant with an
 * `expiresAt` in the past gives no access even before a job marks it expired.
 */
export const accessGrants = pgTable('access_grants', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  payerUserId: integer('payer_user_id').notNull().references(() => users.id),
  productId: integer('product_id').notNull().references(() => products.id),
  orderId: integer('order_id').notNull().references(() => orders.id),
  /** The membership or bundle bought that includes this product; null when bought directly. */
  viaProductId: integer('via_product_id').references(() => products.id),
  /** active | revoked | expired */
  state: text('state').notNull().default('active'),
  grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  /** Why it was revoked, expired or extended: refund, chargeback, subscription_ended, seller_extension... */
  reason: text('reason'),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('access_grants_order_product_unique').on(t.orderId, t.productId),
  index('access_grants_payer_idx').on(t.payerUserId, t.productId),
  index('access_grants_seller_product_idx').on(t.sellerId, t.productId),
  // The expiry job's scan: active grants past their end.
  index('access_grants_expiry_idx').on(t.state, t.expiresAt),
])

/** One per order: delivered once (the job's claim), revoked once, and the delivery mail it sent. */
export const orderDeliveries = pgTable('order_deliveries', {
  orderId: integer('order_id').primaryKey().references(() => orders.id),
  /** delivered | revoked */
  state: text('state').notNull().default('delivered'),
  /** The product's delivery email mode at delivery: standard_email | custom_email | no_email. */
  emailMode: text('email_mode').notNull(),
  /** The email_logs row of the delivery mail; null until the mail job wrote it (or no_email). */
  emailLogId: integer('email_log_id'),
  deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
})

/** Every grant, revocation, expiry and extension, and what was issued with a delivery: the audit trail. */
export const deliveryEvents = pgTable('delivery_events', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').references(() => orders.id),
  grantId: integer('grant_id').references(() => accessGrants.id),
  /** delivered | granted | revoked | expired | extended | email_queued */
  event: text('event').notNull(),
  reason: text('reason'),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
}, (t) => [index('delivery_events_order_idx').on(t.orderId), index('delivery_events_grant_idx').on(t.grantId)])

/**
 * The product's delivery step (docs/reference/readings.md 29): the delivery email mode and, for custom_email, the seller's
 * subject and text with placeholders (src/shared/schemas/delivery.ts lists them). No row: standard_email.
 */
export const productDeliverySettings = pgTable('product_delivery_settings', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  emailMode: text('email_mode').notNull().default('standard_email'),
  customSubject: text('custom_subject'),
  customBody: text('custom_body'),
  /** Texts per language, each optional, falling back to the base text (docs/decisions/0095-product-translations.md): { "<locale>": { custom_subject, custom_body } }. */
  translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  updatedAt: updatedAt(),
})

/** What a seller lets payers do with their payments at /s/{username}/payment/{token}/manage. */
export const sellerPaymentManagement = pgTable('seller_payment_management', {
  sellerId: integer('seller_id').primaryKey().references(() => sellers.id, { onDelete: 'cascade' }),
  /** Payers may cancel their subscriptions themselves (future rates skipped, access to the paid period's end). */
  payersMayCancel: boolean('payers_may_cancel').notNull().default(false),
  updatedAt: updatedAt(),
})

/**
 * A payer's change of the payment method that later rates of an order are charged to (the manage page).
 * The provider keeps the new method (sandbox setup page, Stripe Checkout in setup mode); once it reports
 * success the order's `saved_method` is replaced. `state` follows src/shared/states/method-setup.ts.
 */
export const paymentMethodSetups = pgTable('payment_method_setups', {
  id: serial('id').primaryKey(),
  /** Unguessable (32 url-safe characters): names the setup in the provider's return and the sandbox page. */
  token: text('token').notNull(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  payerUserId: integer('payer_user_id').notNull().references(() => users.id),
  provider: text('provider').notNull(),
  method: text('method').notNull(),
  /** waiting | successful | denied | canceled | expired */
  state: text('state').notNull().default('waiting'),
  providerRef: text('provider_ref'),
  /** The method the provider kept (never a card number), copied to the order on success. */
  savedMethod: jsonb('saved_method').$type<Record<string, unknown>>(),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  failureReason: text('failure_reason'),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
}, (t) => [uniqueIndex('payment_method_setups_token_unique').on(t.token), index('payment_method_setups_order_idx').on(t.orderId)])
