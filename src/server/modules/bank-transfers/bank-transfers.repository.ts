import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { bankStatements, bankTransferLines } from '../../db/schema'
import type { Executor } from '../../db/executor'
import { containsPattern } from '../../db/like-pattern'

export type StatementRow = typeof bankStatements.$inferSelect
export type TransferLineRow = typeof bankTransferLines.$inferSelect

/** The statement of a file, new or the one the same file made before (`created` false). */
export async function insertStatement(db: Executor, values: typeof bankStatements.$inferInsert): Promise<{ row: StatementRow; created: boolean }> {
  const [row] = await db.insert(bankStatements).values(values).onConflictDoNothing({ target: [bankStatements.sellerId, bankStatements.fileSha256] }).returning()
  if (row) return { row, created: true }
  const [existing] = await db.select().from(bankStatements)
    .where(and(values.sellerId ? eq(bankStatements.sellerId, values.sellerId) : sql`${bankStatements.sellerId} is null`, eq(bankStatements.fileSha256, values.fileSha256)))
  if (!existing) throw new Error('bank statement vanished')
  return { row: existing, created: false }
}

/** A transfer line, unless its bank reference was imported before (then undefined: nothing changes). */
export async function insertLine(db: Executor, values: typeof bankTransferLines.$inferInsert): Promise<TransferLineRow | undefined> {
  const [row] = await db.insert(bankTransferLines).values(values).onConflictDoNothing({ target: [bankTransferLines.accountIban, bankTransferLines.bankRef] }).returning()
  return row
}

/** What matched and assigned transfers already paid of a payment. */
export async function receivedFor(db: Executor, paymentId: number): Promise<number> {
  const [row] = await db.select({ sum: sql<string>`coalesce(sum(${bankTransferLines.amount}), 0)` }).from(bankTransferLines)
    .where(and(eq(bankTransferLines.paymentId, paymentId), inArray(bankTransferLines.state, ['matched', 'assigned'])))
  return Number(row?.sum ?? 0)
}

export function linesOf(db: Executor, statementId: number): Promise<TransferLineRow[]> {
  return db.select().from(bankTransferLines).where(eq(bankTransferLines.statementId, statementId)).orderBy(bankTransferLines.id)
}

/** One of the seller's transfers. */
export async function findLine(db: Executor, sellerId: number, id: number, options: { lock?: boolean } = {}): Promise<TransferLineRow | undefined> {
  const q = db.select().from(bankTransferLines).where(and(eq(bankTransferLines.id, id), eq(bankTransferLines.sellerId, sellerId)))
  const [row] = options.lock ? await q.for('update') : await q
  return row
}

export async function updateLine(db: Executor, id: number, values: Partial<typeof bankTransferLines.$inferInsert>): Promise<TransferLineRow> {
  const [row] = await db.update(bankTransferLines).set({ ...values, updatedAt: sql`now()` }).where(eq(bankTransferLines.id, id)).returning()
  return row!
}

/** The seller's transfers with the list's filters, newest first; counts per state of the filtered set without its state. */
export async function listLines(db: Executor, sellerId: number, filter: {
  state?: string; statementId?: number; orderId?: number; currency?: string; query?: string; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}): Promise<{ rows: TransferLineRow[]; total: number; max: number; counts: Record<string, number> }> {
  const mine = eq(bankTransferLines.sellerId, sellerId)
  const conditions: SQL[] = [mine]
  if (filter.statementId) conditions.push(eq(bankTransferLines.statementId, filter.statementId))
  if (filter.orderId) conditions.push(eq(bankTransferLines.orderId, filter.orderId))
  if (filter.currency) conditions.push(eq(bankTransferLines.currency, filter.currency))
  if (filter.query) {
    const pattern = containsPattern(filter.query)
    conditions.push(or(ilike(bankTransferLines.remittance, pattern), ilike(bankTransferLines.payerName, pattern), ilike(bankTransferLines.reference, pattern), ilike(bankTransferLines.bankRef, pattern))!)
  }
  const withState = filter.state ? [...conditions, eq(bankTransferLines.state, filter.state)] : conditions
  const [rows, [total], [max], perState] = await Promise.all([
    db.select().from(bankTransferLines).where(and(...withState))
      .orderBy(filter.sortDir === 'asc' ? asc(bankTransferLines.id) : desc(bankTransferLines.id)).offset(filter.offset).limit(filter.limit),
    db.select({ n: count() }).from(bankTransferLines).where(and(...withState)),
    db.select({ n: count() }).from(bankTransferLines).where(mine),
    db.select({ state: bankTransferLines.state, n: count() }).from(bankTransferLines).where(and(...conditions)).groupBy(bankTransferLines.state),
  ])
  return { rows, total: total!.n, max: max!.n, counts: Object.fromEntries(perState.map((r) => [r.state, r.n])) }
}

export async function listStatements(db: Executor, sellerId: number, page: { offset: number; limit: number }): Promise<{ rows: StatementRow[]; total: number }> {
  const mine = eq(bankStatements.sellerId, sellerId)
  const [rows, [total]] = await Promise.all([
    db.select().from(bankStatements).where(mine).orderBy(desc(bankStatements.id)).offset(page.offset).limit(page.limit),
    db.select({ n: count() }).from(bankStatements).where(mine),
  ])
  return { rows, total: total!.n }
}

export async function findStatement(db: Executor, id: number): Promise<StatementRow | undefined> {
  const [row] = await db.select().from(bankStatements).where(eq(bankStatements.id, id))
  return row
}
