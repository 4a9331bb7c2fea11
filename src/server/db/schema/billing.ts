import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sellers, users } from './accounts'
import { orderRates, orders, payments } from './checkout'

// Orders after the sale (issue 6): the test clock, dunning and collection (claims), invoices and their
// gapless numbers, scheduled CSV exports, and the seller's notifications. Amounts are integers of minor
// units with a lowercase currency id (SPEC-NOTES 12).

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * The billing clock's offset from real time (TEST_CLOCK=on only): one row, id 1. Billing, delivery and
 * reservation schedules read `deps.now()`, which adds it; sign-in sessions keep real time.
 */
export const testClock = pgTable('test_clock', {
  id: integer('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
})

/** A seller's dunning and collection settings (defaults when there is no row). */
export const dunningSettings = pgTable('dunning_settings', {
  sellerId: integer('seller_id').primaryKey().references(() => sellers.id),
  /** Off: a failed rate is not retried or chased (its dunning is `skipped`). */
  enabled: boolean('enabled').notNull().default(true),
  /** Days after the first failure on which the charge is retried, each with a reminder mail: e.g. [3, 7, 14]. */
  retryDays: jsonb('retry_days').$type<number[]>().notNull().default([3, 7, 14]),
  /** Pause the payer's access while a rate is in dunning or debt; restored when it is paid. */
  pauseAccess: boolean('pause_access').notNull().default(true),
  /** Open a claim (ready_for_inkasso) when dunning ends unpaid. */
  createClaims: boolean('create_claims').notNull().default(true),
  updatedAt: updatedAt(),
})

/**
 * One dunning run for one failed rate: retries on the seller's schedule with a reminder and a pay link
 * each time. state: in_progress | completed | skipped (src/shared/states/dunning.ts).
 */
export const dunnings = pgTable('dunnings', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  orderId: integer('order_id').notNull().references(() => orders.id),
  rateId: integer('rate_id').notNull().references(() => orderRates.id),
  state: text('state').notNull().default('in_progress'),
  /** How many retries have run (0 after the first failure). */
  step: integer('step').notNull().default(0),
  remindersSent: integer('reminders_sent').notNull().default(0),
  nextStepAt: at('next_step_at'),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  /** paid | unpaid (handed to collection) | waived | canceled: why it ended. */
  result: text('result'),
  accessPaused: boolean('access_paused').notNull().default(false),
  startedAt: at('started_at').notNull(),
  endedAt: at('ended_at'),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('dunnings_rate_unique').on(t.rateId),
  index('dunnings_seller_idx').on(t.sellerId, t.state),
  index('dunnings_due_idx').on(t.state, t.nextStepAt),
])

/**
 * A claim: what a payer still owes after dunning, followed through collection (inkasso). inkassoStatus:
 * not_ready_for_inkasso | ready_for_inkasso | in_inkasso | pre_court | court | post_court (the last two
 * seen and set only by managers and power sellers); outcomeStatus: collected | not_collected |
 * partially_collected | manually_resolved.
 */
export const claims = pgTable('claims', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  orderId: integer('order_id').notNull().references(() => orders.id),
  rateId: integer('rate_id').references(() => orderRates.id),
  dunningId: integer('dunning_id').references(() => dunnings.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  collectedAmount: bigint('collected_amount', { mode: 'number' }).notNull().default(0),
  writtenOffAmount: bigint('written_off_amount', { mode: 'number' }).notNull().default(0),
  isWrittenOff: boolean('is_written_off').notNull().default(false),
  writtenOffAt: at('written_off_at'),
  inkassoStatus: text('inkasso_status').notNull().default('not_ready_for_inkasso'),
  outcomeStatus: text('outcome_status'),
  dateResolved: at('date_resolved'),
  note: text('note'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('claims_rate_unique').on(t.rateId),
  index('claims_seller_idx').on(t.sellerId, t.createdAt),
  index('claims_order_idx').on(t.orderId),
])

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
 * An invoice for a paid charge, or a reversal (cancellation) invoice for a refund (SPEC-NOTES 10). The
 * seller's and the payer's details, the lines and the VAT treatment are frozen when it is issued.
 */
export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  /** invoice | reversal */
  kind: text('kind').notNull(),
  number: text('number').notNull(),
  sequence: integer('sequence').notNull(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  /** The charge (invoice) or the refund (reversal) it documents; one document per payment. */
  paymentId: integer('payment_id').notNull().references(() => payments.id),
  /** A reversal's original invoice. */
  reversedInvoiceId: integer('reversed_invoice_id'),
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

/** A seller's in-app notification (spec 001 "Notification types"). */
export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  type: text('type').notNull(),
  /** What the text is made of (order id, amount, product name, period...). */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  /** Makes a notification that may be raised twice (a job run twice) one row. */
  dedupeKey: text('dedupe_key'),
  /** False: the seller wants this type by mail only; the row stays as the record that dedupes the mail. */
  inApp: boolean('in_app').notNull().default(true),
  readAt: at('read_at'),
  createdAt: createdAt(),
}, (t) => [
  index('notifications_seller_idx').on(t.sellerId, t.createdAt),
  uniqueIndex('notifications_dedupe_unique').on(t.sellerId, t.dedupeKey),
])

/** Per seller and notification type: in the app, by mail (defaults when there is no row). */
export const notificationSettings = pgTable('notification_settings', {
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  type: text('type').notNull(),
  inApp: boolean('in_app').notNull().default(true),
  email: boolean('email').notNull().default(false),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.sellerId, t.type] })])
