import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sellers } from './accounts'
import { products } from './catalog'

// Uploaded files (issue 3 "download: upload files", "Covers"). The bytes live in the storage adapter under
// generated keys; these rows say whose they are, what they are called and in which order they come.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

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

/** Cover images of a product; each stored as size variants (s100 the default, spec 000 section 9). */
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
