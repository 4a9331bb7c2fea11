import { date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The accounting module's tables: the DATEV export (docs/decisions/0076-datev-export.md).

/** A seller's DATEV settings: consultant and client number, chart of accounts, fiscal year start month. */
export const datevSettings = pgTable('datev_settings', {
  sellerId: integer('seller_id').primaryKey().references(() => sellers.id),
  consultantNumber: integer('consultant_number').notNull(),
  clientNumber: integer('client_number').notNull(),
  /** SKR03 | SKR04 */
  chart: text('chart').notNull(),
  /** 1..12 */
  fiscalYearStartMonth: integer('fiscal_year_start_month').notNull().default(1),
  updatedAt: updatedAt(),
})

/** One export of a period: its state (src/shared/states/datev-export.ts) and its files, one per currency. */
export const datevExports = pgTable('datev_exports', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  periodFrom: date('period_from', { mode: 'string' }).notNull(),
  periodTill: date('period_till', { mode: 'string' }).notNull(),
  /** pending | processing | done | failed */
  state: text('state').notNull().default('pending'),
  /** The files: currency and the Windows-1252 bytes in base64. */
  files: jsonb('files').$type<{ currency: string; bytes: string }[]>().notNull().default([]),
  bookingCount: integer('booking_count').notNull().default(0),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: at('finished_at'),
}, (t) => [index('datev_exports_seller_idx').on(t.sellerId, t.id)])

/** One booking per seller balance ledger row (event key `ledger:<entry id>`), the export log's lines. */
export const datevBookings = pgTable('datev_bookings', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  exportId: integer('export_id').references(() => datevExports.id),
  eventKey: text('event_key').notNull(),
  eventDate: at('event_date').notNull(),
  /** sale | refund | chargeback | fee | commission | payout */
  bookingType: text('booking_type').notNull(),
  /** minor units, positive */
  amount: integer('amount').notNull(),
  /** S: the seller's clearing account debited (the balance credited), H: credited */
  debitCredit: text('debit_credit').notNull(),
  currency: text('currency').notNull(),
  genAccount: text('gen_account').notNull(),
  sellerAccount: text('seller_account').notNull(),
  documentField1: text('document_field_1').notNull(),
  /** pending | exported */
  datevState: text('datev_state').notNull().default('pending'),
}, (t) => [
  uniqueIndex('datev_bookings_seller_event_unique').on(t.sellerId, t.eventKey),
  index('datev_bookings_seller_date_idx').on(t.sellerId, t.eventDate),
])
