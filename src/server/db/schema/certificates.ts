import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sellers, users } from './accounts'
import { products } from './catalog'
import { orders } from './orders'

// The certificates module's tables: a certificate product's design and the certificates issued to payers
// (docs/decisions/0013-certificate-design-placeholders.md, 0020-issued-certificates-licenses-downloads.md).

// The design of a certificate product (docs/reference/catalogue-and-selling.md §3 "Certificate layouts ... date sources ... validity start"):
// one row per product holding the design as validated by src/shared/schemas/certificates.ts.
export const certificateDesigns = pgTable('certificate_designs', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  design: jsonb('design').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/**
 * A certificate issued to a payer (docs/decisions/0020-issued-certificates-licenses-downloads.md). The serial (formatCertificateSerial in
 * src/shared/schemas/certificates.ts, 60 random bits) is what the QR code and the public verification page
 * /certificates/{serial} take. The design and the printed values are frozen at issue, so a later change of
 * the design does not change an issued document.
 * State machine: src/shared/states/certificate.ts (valid -> revoked; back to valid after a won dispute). At most one valid certificate per
 * payer and product: the partial unique index makes issuing idempotent under concurrent jobs.
 */
export const issuedCertificates = pgTable('issued_certificates', {
  id: serial('id').primaryKey(),
  serial: text('serial').notNull(),
  productId: integer('product_id').notNull().references(() => products.id),
  orderId: integer('order_id').notNull().references(() => orders.id),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  payerUserId: integer('payer_user_id').notNull().references(() => users.id),
  recipientName: text('recipient_name').notNull(),
  /** purchase | course_completion */
  trigger: text('trigger').notNull(),
  /** The design as it was when issued (src/shared/schemas/certificates.ts CertificateDesign). */
  design: jsonb('design').$type<Record<string, unknown>>().notNull(),
  /** The date printed per the design's date source (a formatted date or the seller's custom text). */
  shownDate: text('shown_date').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  /** null: valid without end. */
  validUntil: timestamp('valid_until', { withTimezone: true }),
  /** valid | revoked */
  state: text('state').notNull().default('valid'),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** Why it was revoked: refund | chargeback; null while valid. A won dispute makes valid again only what its chargeback revoked. */
  revokedReason: text('revoked_reason'),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('issued_certificates_serial_unique').on(t.serial),
  uniqueIndex('issued_certificates_one_valid').on(t.productId, t.payerUserId).where(sql`${t.state} = 'valid'`),
  index('issued_certificates_order_idx').on(t.orderId),
  index('issued_certificates_payer_idx').on(t.payerUserId),
])
