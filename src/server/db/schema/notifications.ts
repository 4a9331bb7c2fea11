import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The notifications module's tables: a seller's notifications and which types arrive in the app or by mail
// (docs/decisions/0032-seller-dashboard-and-notifications.md).

/** A seller's in-app notification (docs/reference/accounts-and-orders.md §3 "Notification types"). */
export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  type: text('type').notNull(),
  /** What the text is made of (order id, amount, product name, period...). */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  /** Makes a notification that may be raised twice (a job run twice) one row. */
  dedupeKey: text('dedupe_key'),
  /** False: the seller wants this type by mail only; the row stays as the record that dedupes the mail. */
  inApp: boolean('in_app').notNull().default(true),
  readAt: at('read_at'),
  createdAt: createdAt(),
}, (t) => [
  index('notifications_seller_idx').on(t.sellerId, t.createdAt),
  uniqueIndex('notifications_dedupe_unique').on(t.sellerId, t.dedupeKey),
])

/** Per seller and notification type: in the app, by mail (defaults when there is no row). */
export const notificationSettings = pgTable('notification_settings', {
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  type: text('type').notNull(),
  inApp: boolean('in_app').notNull().default(true),
  email: boolean('email').notNull().default(false),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.sellerId, t.type] })])
