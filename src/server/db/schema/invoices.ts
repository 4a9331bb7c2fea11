import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers, users } from './accounts'
import { orders, payments } from './orders'

// The invoices module's tables: the seller's gapless numbering and the invoices and reversal invoices
// (docs/decisions/0029-invoices-and-transfers.md).

/** A seller's invoice numbering: `prefix` + the next number, counted under a row lock so numbers have no gaps. */
export const invoiceSettings = pgTable('invoice_settings', {
  sellerId: integer('seller_id').primaryKey().references(() => sellers.id),
  prefix: text('prefix').notNull().default('INV-'),
  startNumber: integer('start_number').notNull().default(1),
  /** The number the next invoice or reversal gets. */
  nextNumber: integer('next_number').notNull().default(1),
  /** A line printed under the totals (payment terms, thanks). */
  footer: text('footer'),
  /** Mail each invoice and reversal to the payer with its PDF attached (off unless the seller turns it on). */
  emailToPayer: boolean('email_to_payer').notNull().default(false),
  updatedAt: updatedAt(),
})

/**
 * An invoice for a successful charge (of 0 too: a free order, a trial's start), a reversal (cancellation)
 * invoice for a refund or a chargeback (docs/reference/readings.md 10), or a re-issue for a won dispute.
 * The seller's and the payer's details, the lines and the VAT treatment are frozen when it is issued.
 */
export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  /** invoice | reversal | reissue */
  kind: text('kind').notNull(),
  number: text('number').notNull(),
  sequence: integer('sequence').notNull(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  /** The payment it documents: the charge (invoice), the refund or chargeback (reversal), the won dispute (reissue); one per payment. */
  paymentId: integer('payment_id').notNull().references(() => payments.id),
  /** A reversal's or a re-issue's original invoice. */
  reversedInvoiceId: integer('reversed_invoice_id'),
  /** A statement printed under the lines, frozen: the trial and its first charge, why a reversal or re-issue was made. */
  note: text('note'),
  payerUserId: integer('payer_user_id').references(() => users.id),
  currency: text('currency').notNull(),
  /** Signed: a reversal's amounts are negative. */
  netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
  vatAmount: bigint('vat_amount', { mode: 'number' }).notNull(),
  grossAmount: bigint('gross_amount', { mode: 'number' }).notNull(),
  lines: jsonb('lines').$type<Record<string, unknown>[]>().notNull(),
  seller: jsonb('seller').$type<Record<string, unknown>>().notNull(),
  payer: jsonb('payer').$type<Record<string, unknown>>().notNull(),
  /** The VAT treatment: rates, exemption reason or the reverse-charge note with what was checked. */
  vat: jsonb('vat').$type<Record<string, unknown>>().notNull().default({}),
  issuedAt: at('issued_at').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('invoices_seller_number_unique').on(t.sellerId, t.number),
  uniqueIndex('invoices_payment_kind_unique').on(t.paymentId, t.kind),
  index('invoices_seller_idx').on(t.sellerId, t.issuedAt),
  index('invoices_order_idx').on(t.orderId),
])
