import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns'
import { orders } from './orders'

// The billing module's tables: the rates of an installment plan or subscription and the test clock that
// moves billing time (docs/decisions/0026-billing-engine-and-test-clock.md).

/** The schedule of an installment plan or subscription (its rates); the billing module charges each one when due. */
export const orderRates = pgTable('order_rates', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  number: integer('number').notNull(),
  dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** paid | unpaid | future | skipped | chargebacked | debt | refunded | pending | partly_paid */
  state: text('state').notNull().default('future'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** Paid so far (a part payment leaves it partly_paid) and refunded so far. */
  paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
  refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
  /** Charge attempts made (the scheduler's and dunning's retries), the next one, and the last failure. */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  lastFailureReason: text('last_failure_reason'),
  /** The payment that paid it (or the attempt in flight while pending). */
  paymentId: integer('payment_id'),
}, (t) => [
  uniqueIndex('order_rates_order_number_unique').on(t.orderId, t.number),
  // The scheduler's scan: rates due and not yet charged.
  index('order_rates_due_idx').on(t.state, t.dueDate),
])

/**
 * The billing clock's offset from real time (TEST_CLOCK=on only): one row, id 1. Billing, delivery and
 * reservation schedules read `deps.now()`, which adds it; sign-in sessions keep real time.
 */
export const testClock = pgTable('test_clock', {
  id: integer('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
})
