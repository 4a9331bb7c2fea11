import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The shares module's table (docs/decisions/0067-multi-item-shares.md): one link, /v/{username}/{slug}, that
// presents several of a seller's products on one page, made in the products list's share dialog.

export const itemShares = pgTable('item_shares', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** The link's last part: unique per seller among shares not archived (a slug of src/shared/validation/slugs.ts). */
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  buttonText: text('button_text').notNull(),
  /** The products in the order shown, each with the seller's own text for this page: [{ product_id, text }]. */
  items: jsonb('items').$type<{ product_id: number; text: string | null }[]>().notNull(),
  /** Page views, counted by the public page. */
  views: integer('views').notNull().default(0),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('item_shares_seller_slug_unique').on(t.sellerId, sql`lower(${t.slug})`).where(sql`${t.archivedAt} is null`),
  index('item_shares_seller_idx').on(t.sellerId, t.id),
])
