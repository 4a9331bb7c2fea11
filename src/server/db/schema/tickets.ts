import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { products } from './catalog'

// The design of an eventTickets product's tickets (wizard step "design"): one row per product, with the
// values validated by src/shared/schemas/ticket-designs.ts. The payment tickets come with the delivery.
export const ticketDesigns = pgTable('ticket_designs', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  layout: text('layout').notNull(),
  /** custom layout only. */
  widthMm: integer('width_mm'),
  heightMm: integer('height_mm'),
  accentColor: text('accent_color').notNull(),
  textColor: text('text_color').notNull(),
  /** A media upload (kind image) of the product's seller. */
  logoKey: text('logo_key'),
  showQrCode: boolean('show_qr_code').notNull(),
  /** The printed facts, a subset of ticketPrintFields. */
  fields: jsonb('fields').$type<string[]>().notNull(),
  footerText: text('footer_text').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})
