import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The fonts module's table (docs/decisions/0061-fonts-and-themes.md): a seller's uploaded font files, checked
// by content, served from the platform with the seller's @font-face stylesheet.

export const customFonts = pgTable('custom_fonts', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** The family name pages use (font-family). */
  fontName: text('font_name').notNull(),
  /** A generic or system family the browser falls back to (src/shared/schemas/fonts.ts). */
  fallbackFont: text('fallback_font').notNull(),
  fontWeight: integer('font_weight').notNull().default(400),
  /** normal | italic */
  fontStyle: text('font_style').notNull().default('normal'),
  /** auto | block | swap | fallback | optional */
  fontDisplay: text('font_display').notNull().default('swap'),
  /** woff2 | woff | truetype: read from the file's first bytes, never from its name. */
  fontFormat: text('font_format').notNull(),
  storageKey: text('storage_key').notNull(),
  /** The uploaded file's name, shown in the cabinet. */
  originalName: text('original_name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('custom_fonts_key_unique').on(t.storageKey), index('custom_fonts_seller_idx').on(t.sellerId, t.id)])
