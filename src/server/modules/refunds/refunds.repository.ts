import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { ledgerEntries, orderRates, orders, payments, providerEvents } from '../../db/schema'

// The reads of refunds, chargebacks and their reversals (payment rows locked and summed, the ledger rows a
// payment wrote) and the provider events table this module owns. Orders, payments, rates and ledger rows
// are written by the orders service's named writers, never here (one writing module per table).

export type OrderRow = typeof orders.$inferSelect
export type PaymentRow = typeof payments.$inferSelect
export type RateRow = typeof orderRates.$inferSelect
export type ProviderEventRow = typeof providerEvents.$inferSelect

/** The kinds of payment that give back (part of) a charge, and the won chargeback that undoes one. */
export const reversalKinds = ['refund', 'chargeback', 'chargeback_reversal'] as const


// ------------------------------------------------------------------ payments

/** The order's successful charges, newest first, locked (a refund takes from the newest first). */
export async function lockSuccessfulCharges(tx: Executor, orderId: number): Promise<PaymentRow[]> {
  return tx.select().from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'charge'), eq(payments.state, 'successful')))
    .orderBy(desc(payments.id)).for('update')
}

/** A payment locked; its order's row is locked first (orders README "Lock order"). */
export async function lockPayment(tx: Executor, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1).for('update')
  return row
}

export async function findPaymentByToken(db: Executor, token: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.token, token)).limit(1)
  return row
}

export async function findPaymentByRef(db: Executor, provider: string, providerRef: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef))).limit(1)
  return row
}

export async function findPaymentById(db: Executor, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1)
  return row
}

/** Refunds still pending that were written before `before` (the sweep asks their provider again). */
export async function stalePendingRefunds(db: Executor, before: Date, limit: number): Promise<PaymentRow[]> {
  return db.select().from(payments)
    .where(and(eq(payments.kind, 'refund'), eq(payments.state, 'pending'), lt(payments.createdAt, before)))
    .orderBy(asc(payments.id)).limit(limit)
}

/** Refunds, chargebacks and won chargebacks that name `parentId` as what they reverse. */
export async function childrenOf(db: Executor, parentId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.parentPaymentId, parentId)).orderBy(asc(payments.id))
}

/** The order's refunds, chargebacks and won chargebacks, oldest first. */
export async function reversalsOfOrder(db: Executor, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(and(eq(payments.orderId, orderId), inArray(payments.kind, [...reversalKinds]))).orderBy(asc(payments.id))
}



// ------------------------------------------------------------------ ledger

/** The ledger rows one payment wrote, of the given kinds. */
export async function ledgerOfPayment(db: Executor, paymentId: number, kinds: readonly string[]) {
  return db.select().from(ledgerEntries).where(and(eq(ledgerEntries.paymentId, paymentId), inArray(ledgerEntries.kind, [...kinds]))).orderBy(asc(ledgerEntries.id))
}


// ------------------------------------------------------------------ provider events

/** Stores a verified event once; the row when it is new, undefined when it was delivered before. */
export async function insertProviderEvent(db: Executor, values: typeof providerEvents.$inferInsert): Promise<ProviderEventRow | undefined> {
  const [row] = await db.insert(providerEvents).values(values).onConflictDoNothing().returning()
  return row
}

/** Events of the provider not yet applied, received after `since`, oldest first. */
export async function pendingProviderEvents(db: Executor, provider: string, since: Date, limit: number): Promise<ProviderEventRow[]> {
  return db.select().from(providerEvents)
    .where(and(eq(providerEvents.provider, provider), isNull(providerEvents.processedAt), gt(providerEvents.createdAt, since)))
    .orderBy(asc(providerEvents.id)).limit(limit)
}

/** The providers with events waiting (the sweep visits each). */
export async function providersWithPendingEvents(db: Executor, since: Date): Promise<string[]> {
  const rows = await db.selectDistinct({ provider: providerEvents.provider }).from(providerEvents)
    .where(and(isNull(providerEvents.processedAt), gt(providerEvents.createdAt, since)))
  return rows.map((r) => r.provider)
}

export async function lockProviderEvent(tx: Executor, id: number): Promise<ProviderEventRow | undefined> {
  const [row] = await tx.select().from(providerEvents).where(eq(providerEvents.id, id)).limit(1).for('update')
  return row
}

/** Marks the event applied; false when another delivery applied it first. */
export async function markProviderEventProcessed(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db.update(providerEvents).set({ processedAt: now })
    .where(and(eq(providerEvents.id, id), isNull(providerEvents.processedAt))).returning({ id: providerEvents.id })
  return rows.length > 0
}

/** Sum of the amounts of payments matching the condition (refund totals per charge). */
export async function sumOfChildren(db: Executor, parentId: number, kind: string, states: readonly string[]): Promise<number> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` }).from(payments)
    .where(and(eq(payments.parentPaymentId, parentId), eq(payments.kind, kind), inArray(payments.state, [...states])))
  return Number(row?.total ?? 0)
}
