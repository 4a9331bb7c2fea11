import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sellers } from './accounts'
import { products } from './catalog'
import { orders } from './orders'
import { createdAt, updatedAt } from './columns'

// Uploaded files (docs/decisions/0011-storage-keys-and-local-storage.md). The bytes live in the storage adapter under
// generated keys; these rows say whose they are, what they are called and in which order they come.

/** The files a payer of a download product receives. */
export const downloadFiles = pgTable('download_files', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  /** The name the seller uploaded it with (shown and used as the download name). */
  name: text('name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  contentType: text('content_type').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('download_files_key_unique').on(t.storageKey), index('download_files_product_idx').on(t.productId, t.position)])

/** Cover images of a product; each stored as size variants (s100 the default, docs/reference/catalogue-and-selling.md §9). */
export const productCovers = pgTable('product_covers', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  /** { s100: key, s300: key, s640: key, s1200: key, cover: key } */
  variants: jsonb('variants').$type<Record<string, string>>().notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** The crop applied to the uploaded image: { ratio, x, y, width, height } or null. */
  crop: jsonb('crop').$type<{ ratio: string; x: number; y: number; width: number; height: number } | null>(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [index('product_covers_product_idx').on(t.productId, t.position)])

/** A seller's uploaded media (course videos, audio, files, PDFs, certificate backgrounds), referenced by key. */
export const mediaUploads = pgTable('media_uploads', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  /** video | audio | pdf | image | file */
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  contentType: text('content_type').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('media_uploads_key_unique').on(t.storageKey), index('media_uploads_seller_idx').on(t.sellerId, t.createdAt)])

/**
 * How a download product's files are handed out (docs/decisions/0020-issued-certificates-licenses-downloads.md): PDF files stamped with the payer's
 * name and email when served, and how often one order may download each file (null: no limit).
 */
export const downloadSettings = pgTable('download_settings', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  stampPdf: boolean('stamp_pdf').notNull().default(false),
  downloadLimit: integer('download_limit'),
  updatedAt: updatedAt(),
})

/** Downloads per file and order; counted by one conditional upsert, so concurrent downloads never pass the limit. */
export const downloadCounts = pgTable('download_counts', {
  fileId: integer('file_id').notNull().references(() => downloadFiles.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.fileId, t.orderId] }), index('download_counts_order_idx').on(t.orderId)])
