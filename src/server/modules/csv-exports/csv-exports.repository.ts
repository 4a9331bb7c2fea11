import { and, asc, eq, lte } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { csvExportSchedules, sellers, users } from '../../db/schema'

// The SQL of scheduled CSV exports (table csv_export_schedules).

export type CsvExportRow = typeof csvExportSchedules.$inferSelect
export type NewCsvExport = typeof csvExportSchedules.$inferInsert

export async function listOfSeller(db: Executor, sellerId: number): Promise<CsvExportRow[]> {
  return db.select().from(csvExportSchedules).where(eq(csvExportSchedules.sellerId, sellerId)).orderBy(asc(csvExportSchedules.id))
}

export async function findOfSeller(db: Executor, sellerId: number, id: number): Promise<CsvExportRow | undefined> {
  const [row] = await db.select().from(csvExportSchedules).where(and(eq(csvExportSchedules.id, id), eq(csvExportSchedules.sellerId, sellerId))).limit(1)
  return row
}

export async function insert(db: Executor, values: NewCsvExport): Promise<CsvExportRow> {
  const [row] = await db.insert(csvExportSchedules).values(values).returning()
  return row!
}

export async function update(db: Executor, id: number, values: Partial<NewCsvExport>): Promise<CsvExportRow> {
  const [row] = await db.update(csvExportSchedules).set(values).where(eq(csvExportSchedules.id, id)).returning()
  return row!
}

export async function remove(db: Executor, sellerId: number, id: number): Promise<boolean> {
  const rows = await db.delete(csvExportSchedules).where(and(eq(csvExportSchedules.id, id), eq(csvExportSchedules.sellerId, sellerId))).returning({ id: csvExportSchedules.id })
  return rows.length > 0
}

/** The active schedules due at `now`, oldest first. */
export async function due(db: Executor, now: Date, limit: number): Promise<CsvExportRow[]> {
  return db.select().from(csvExportSchedules).where(and(eq(csvExportSchedules.active, true), lte(csvExportSchedules.nextRunAt, now)))
    .orderBy(asc(csvExportSchedules.nextRunAt), asc(csvExportSchedules.id)).limit(limit)
}

/** One schedule under its row lock (the sender re-checks it is still due). */
export async function lock(db: Executor, id: number): Promise<CsvExportRow | undefined> {
  const [row] = await db.select().from(csvExportSchedules).where(eq(csvExportSchedules.id, id)).limit(1).for('update')
  return row
}

/** The seller's account: the mail's greeting and language. */
export async function sellerAccount(db: Executor, sellerId: number) {
  const [row] = await db.select({ userId: users.id, firstName: users.firstName, locale: users.locale }).from(sellers).innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId)).limit(1)
  return row
}
