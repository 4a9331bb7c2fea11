import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'
import { orders } from './orders'

// The webhooks module's tables (docs/decisions/0072-signed-webhooks.md): a seller's endpoints, one delivery
// per (endpoint, event) and every attempt of it.

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  /** The event types heard (src/shared/webhooks/events.ts). */
  events: text('events').array().notNull(),
  /**
   * Which products' events it hears (src/shared/webhooks/product-scope.ts): all, the selected `product_ids`, or
   * none (only events without products, such as payouts).
   */
  productScope: text('product_scope').notNull().default('all'),
  /** The selected products (scope selected); empty otherwise. */
  productIds: integer('product_ids').array().notNull().default(sql`'{}'::integer[]`),
  /** active | inactive | paused (src/shared/states/webhook-endpoint.ts) */
  state: text('state').notNull().default('active'),
  /** `whsec_` + base64 of 24 random bytes: the Standard Webhooks signing key. */
  secret: text('secret').notNull(),
  /** Failed attempts in a row; a success sets it to 0. */
  failureStreak: integer('failure_streak').notNull().default(0),
  /** When the current run of failures began (null after a success). */
  failingSince: at('failing_since'),
  pausedAt: at('paused_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('webhook_endpoints_seller_idx').on(t.sellerId, t.id)])

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: serial('id').primaryKey(),
  endpointId: integer('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** The `webhook-id` header: `msg_` + random; the same on every attempt and on a replay. */
  messageId: text('message_id').notNull(),
  eventType: text('event_type').notNull(),
  /** The order the event belongs to: deliveries of one order reach an endpoint in order. */
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  /** The signed body `{ type, created_at, data }`, exactly as sent. */
  body: jsonb('body').notNull(),
  /** pending | succeeded | failed | given_up (src/shared/states/webhook-endpoint.ts) */
  state: text('state').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at'),
  lastStatus: integer('last_status'),
  lastAnswer: text('last_answer'),
  lastDurationMs: integer('last_duration_ms'),
  lastError: text('last_error'),
  lastAttemptAt: at('last_attempt_at'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('webhook_deliveries_message_unique').on(t.messageId),
  index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  index('webhook_deliveries_stream_idx').on(t.endpointId, t.orderId, t.id).where(sql`${t.orderId} is not null`),
])

export const webhookAttempts = pgTable('webhook_attempts', {
  id: serial('id').primaryKey(),
  deliveryId: integer('delivery_id').notNull().references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  /** The request's headers (the signature included: it is no secret). */
  requestHeaders: jsonb('request_headers').notNull(),
  status: integer('status'),
  /** The first 2 KiB of the answer's body. */
  answer: text('answer'),
  durationMs: integer('duration_ms').notNull(),
  error: text('error'),
  /** replay: asked by the seller; retry: the schedule. */
  trigger: text('trigger').notNull().default('retry'),
  createdAt: createdAt(),
}, (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)])
