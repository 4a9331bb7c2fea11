import { and, eq, inArray, sql } from 'drizzle-orm'
import { bankStatements, bankTransferLines } from '../../db/schema'
import type { Executor } from '../../db/executor'

export type StatementRow = typeof bankStatements.$inferSelect
export type TransferLineRow = typeof bankTransferLines.$inferSelect

/** The statement of a file, new or the one the same file made before (`created` false). */
export async function insertStatement(db: Executor, values: typeof bankStatements.$inferInsert): Promise<{ row: StatementRow; created: boolean }> {
  const [row] = await db.insert(bankStatements).values(values).onConflictDoNothing({ target: bankStatements.fileSha256 }).returning()
  if (row) return { row, created: true }
  const [existing] = await db.select().from(bankStatements).where(eq(bankStatements.fileSha256, values.fileSha256))
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
