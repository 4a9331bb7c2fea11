import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { orderRates, orders, payments } from '../../db/schema'

// The billing engine's reads: which rates are due, which charges wait for an answer too long. Every write
// of an order, rate or payment goes through the orders service (one writing module per table).

/** Order states whose rates the engine charges (not paused, canceled, refunded or charged back). */
export const chargingOrderStates = ['paying', 'paid']

/**
 * Rates due by `now` that the scheduler charges, by id after `afterId`: future or unpaid, never tried or
 * with a retry due (dunning sets `next_attempt_at`), of an order being paid. A failed rate without a retry
 * time is dunning's to chase, not the scheduler's.
 */
export async function dueRateIds(db: Executor, now: Date, afterId: number, limit: number): Promise<number[]> {
  const rows = await db.select({ id: orderRates.id }).from(orderRates).innerJoin(orders, eq(orders.id, orderRates.orderId))
    .where(and(
      inArray(orderRates.state, ['future', 'unpaid']),
      lte(orderRates.dueDate, now),
      or(and(eq(orderRates.attempts, 0), isNull(orderRates.nextAttemptAt)), lte(orderRates.nextAttemptAt, now)),
      inArray(orders.paymentState, chargingOrderStates),
      gt(orderRates.id, afterId),
    ))
    .orderBy(asc(orderRates.id)).limit(limit)
  return rows.map((r) => r.id)
}

/**
 * The engine's charges still without an answer since before `cutoff`: the rate is pending on this very
 * payment (a call that threw or timed out, or a provider still confirming).
 */
export async function stalePendingCharges(db: Executor, cutoff: Date, limit: number) {
  return db.select({ paymentId: payments.id, paymentToken: payments.token }).from(payments)
    .innerJoin(orderRates, eq(orderRates.paymentId, payments.id))
    .where(and(
      eq(orderRates.state, 'pending'), inArray(payments.state, ['waiting', 'pending']), isNotNull(payments.idempotencyKey), lt(payments.updatedAt, cutoff),
    ))
    .orderBy(asc(payments.id)).limit(limit)
}

/** Payments of a rate that a payer is still paying through the pay link (no idempotency key: not the engine's). */
export async function openPayLinkPayments(db: Executor, orderId: number, rateNumber: number, since: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(payments)
    .where(and(
      eq(payments.orderId, orderId), eq(payments.rateNumber, rateNumber), eq(payments.kind, 'charge'), isNull(payments.idempotencyKey),
      inArray(payments.state, ['waiting', 'pending']), gt(payments.createdAt, since),
    ))
  return Number(row?.n ?? 0)
}
