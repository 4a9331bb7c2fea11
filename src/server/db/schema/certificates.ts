import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { products } from './catalog'

// The design of a certificate product (spec 000 "Certificate layouts ... date sources ... validity start"):
// one row per product holding the design as validated by src/shared/schemas/certificates.ts.
export const certificateDesigns = pgTable('certificate_designs', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  design: jsonb('design').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})
