import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'
import { products } from './catalog'

// The integrations module's tables (docs/decisions/0075-integrations.md): sellers' connections to other
// services, the list or campaign each product's buyers go to per connection, and the log of syncs.

export const integrationConnections = pgTable('integration_connections', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** src/shared/integrations/kinds.ts */
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  /** The credentials' JSON sealed with AES-256-GCM (src/server/payment-secrets.ts), bound to seller and row; null when disconnected or none. */
  credentialsEncrypted: text('credentials_encrypted'),
  /** What may be shown: plain fields and the last 4 characters of each secret (`api_key_hint`). */
  publicInfo: jsonb('public_info').$type<Record<string, string>>().notNull().default({}),
  /** connected | failing | disconnected (src/shared/states/integration-connection.ts) */
  state: text('state').notNull().default('connected'),
  lastSyncAt: at('last_sync_at'),
  lastError: text('last_error'),
  lastErrorAt: at('last_error_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('integration_connections_seller_idx').on(t.sellerId, t.kind),
])

export const integrationProductSettings = pgTable('integration_product_settings', {
  id: serial('id').primaryKey(),
  connectionId: integer('connection_id').notNull().references(() => integrationConnections.id, { onDelete: 'cascade' }),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  /** The spec's "buyer list id": the service's list the buyer is added to. */
  buyerListId: text('buyer_list_id'),
  /** The spec's "buyer campaign id": a campaign (GetResponse), a tag (Mailchimp, KlickTipp). */
  buyerCampaignId: text('buyer_campaign_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('integration_product_settings_unique').on(t.connectionId, t.productId),
  index('integration_product_settings_product_idx').on(t.sellerId, t.productId),
])

export const integrationSyncEvents = pgTable('integration_sync_events', {
  id: serial('id').primaryKey(),
  connectionId: integer('connection_id').notNull().references(() => integrationConnections.id, { onDelete: 'cascade' }),
  sellerId: integer('seller_id').notNull(),
  /** The platform event that caused it: order.paid, order.refunded, order.chargebacked. */
  eventType: text('event_type').notNull(),
  /** add | remove */
  action: text('action').notNull(),
  orderId: integer('order_id'),
  productId: integer('product_id').notNull(),
  /** The buyer as read from the order when the event happened: email, first_name, last_name. */
  payer: jsonb('payer').$type<{ email: string; first_name: string; last_name: string }>().notNull(),
  /** The list and campaign as set when the event happened. */
  buyerListId: text('buyer_list_id'),
  buyerCampaignId: text('buyer_campaign_id'),
  /** pending | succeeded | failed | skipped */
  state: text('state').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: at('finished_at'),
}, (t) => [
  // One sync per connection, product, order and event: a replayed event adds nothing.
  uniqueIndex('integration_sync_events_once').on(t.connectionId, t.productId, t.orderId, t.eventType),
  index('integration_sync_events_connection_idx').on(t.connectionId, t.createdAt),
])
