import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { PageDocument } from '../../../shared/pages/page-blocks'
import { at, createdAt, updatedAt } from './columns'
import { sellers, users } from './accounts'
import { products } from './catalog'

// The pages module's tables: a seller's built pages (shop, product page, thank-you page, membership, course,
// funnel, affiliate), the draft being edited and every published version, so a page rolls back.

export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** membership | shop | product | thank_you_page | course | funnel | affiliate (src/shared/pages) */
  pageType: text('page_type').notNull(),
  name: text('name').notNull(),
  /** The product a product page or thank-you page belongs to; null for the others. */
  productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
  /** The document being edited (validated against the page type on every save). */
  draft: jsonb('draft').$type<PageDocument>().notNull(),
  /** Counts the draft's saves: a save that names an older revision is refused (two editors). */
  draftRevision: integer('draft_revision').notNull().default(1),
  /** The version the storefront shows; null until the first publish. */
  publishedVersion: integer('published_version'),
  /** The page the storefront uses for its type (and product): one active page each. */
  active: boolean('active').notNull().default(false),
  archivedAt: at('archived_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('pages_seller_idx').on(t.sellerId, t.pageType),
  uniqueIndex('pages_one_active_idx').on(t.sellerId, t.pageType, sql`coalesce(${t.productId}, 0)`).where(sql`${t.active} and ${t.archivedAt} is null`),
])

/** Every published document of a page, numbered from 1; a rollback publishes an earlier one again. */
export const pageVersions = pgTable('page_versions', {
  id: serial('id').primaryKey(),
  pageId: integer('page_id').notNull().references(() => pages.id, { onDelete: 'cascade' }),
  number: integer('number').notNull(),
  document: jsonb('document').$type<PageDocument>().notNull(),
  publishedByUserId: integer('published_by_user_id').references(() => users.id),
  /** The version this one restored (a rollback), else null. */
  restoredFrom: integer('restored_from'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('page_versions_number_unique').on(t.pageId, t.number)])

/**
 * Views of a product page per UTC day, for the total_views social proof (docs/decisions/0065-serving-built-pages.md):
 * counted in memory and added here in one upsert per product and day every few seconds.
 */
export const productViewCounts = pgTable('product_view_counts', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  views: integer('views').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.productId, t.day] })])

/** What a payer sent through a built page's contact form (field values by the block's field ids). */
export const contactFormSubmissions = pgTable('contact_form_submissions', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** The page whose form it came from; null once that page is gone. */
  pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
  blockId: text('block_id').notNull(),
  /** [{ id, kind, label, value }] in the form's order. */
  fields: jsonb('fields').$type<{ id: string; kind: string; label: string; value: string }[]>().notNull(),
  createdAt: createdAt(),
}, (t) => [index('contact_form_submissions_seller_idx').on(t.sellerId, t.createdAt)])
