import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The csv-exports module's table: CSV exports mailed on a schedule
// (docs/decisions/0030-orders-list-detail-and-csv-exports.md).

/** A CSV export a seller gets by mail on a schedule (orders, rates, ...): frequency, day, saved columns. */
export const csvExportSchedules = pgTable('csv_export_schedules', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  /** orders | order_rates | transfers | invoices | payers */
  list: text('list').notNull(),
  /** daily | weekly | monthly */
  frequency: text('frequency').notNull(),
  /** weekly: 1..7 (Monday = 1); monthly: 1..28; daily: null. */
  day: integer('day'),
  columns: jsonb('columns').$type<string[]>().notNull(),
  /** ',' or '.' in amounts. */
  decimalSeparator: text('decimal_separator').notNull().default('.'),
  filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
  email: text('email').notNull(),
  active: boolean('active').notNull().default(true),
  nextRunAt: at('next_run_at').notNull(),
  lastSentAt: at('last_sent_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('csv_export_schedules_due_idx').on(t.active, t.nextRunAt), index('csv_export_schedules_seller_idx').on(t.sellerId)])
