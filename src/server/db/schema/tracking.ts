import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers } from './accounts'
import { products } from './catalog'

// The tracking module's tables (docs/decisions/0074-tracking-with-consent.md): sellers' tracking codes and each
// product's selection of them (none, all or selected). The selection is the tracking module's own table, so
// the catalogue's product rows stay the catalog module's alone.

export const trackingCodes = pgTable('tracking_codes', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** src/shared/tracking-codes.ts trackingCodeTypes */
  type: text('type').notNull(),
  name: text('name').notNull(),
  /** UA-, G-, GTM-, a pixel id or a Tracify account id; null for custom codes. */
  trackingId: text('tracking_id'),
  /** statistics | marketing */
  consentCategory: text('consent_category').notNull(),
  /** Custom codes: the sanitised HTML. */
  code: text('code'),
  /** Custom codes: the hosts its sanitised scripts and pixels load from (https origins, for the storefront's CSP). */
  hosts: jsonb('hosts').$type<string[]>().notNull().default([]),
  /** The storefront events (pages) the code fires on. */
  events: jsonb('events').$type<string[]>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('tracking_codes_seller_idx').on(t.sellerId, t.id)])

/** A product's tracking selection; a product without a row uses none. */
export const productTrackingSelections = pgTable('product_tracking_selections', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** none | all | selected */
  mode: text('mode').notNull(),
  updatedAt: updatedAt(),
})

/** The codes of a product whose selection is `selected`. */
export const productTrackingCodes = pgTable('product_tracking_codes', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  trackingCodeId: integer('tracking_code_id').notNull().references(() => trackingCodes.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.productId, t.trackingCodeId] }), index('product_tracking_codes_code_idx').on(t.trackingCodeId)])
