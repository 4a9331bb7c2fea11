import { and, eq, gte, lte, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { datevBookings, datevExports, datevSettings } from '../../db/schema'

// The accounting module's SQL: DATEV settings, exports and bookings.

export type DatevSettingsRow = typeof datevSettings.$inferSelect
export type DatevExportRow = typeof datevExports.$inferSelect
export type DatevBookingRow = typeof datevBookings.$inferSelect

export async function findSettings(db: Executor, sellerId: number): Promise<DatevSettingsRow | undefined> {
  const [row] = await db.select().from(datevSettings).where(eq(datevSettings.sellerId, sellerId))
  return row
}

export async function upsertSettings(db: Executor, values: typeof datevSettings.$inferInsert): Promise<DatevSettingsRow> {
  const [row] = await db.insert(datevSettings).values(values)
    .onConflictDoUpdate({ target: datevSettings.sellerId, set: { ...values, updatedAt: sql`now()` } }).returning()
  return row!
}

export async function insertExport(db: Executor, values: typeof datevExports.$inferInsert): Promise<DatevExportRow> {
  const [row] = await db.insert(datevExports).values(values).returning()
  return row!
}

export async function findExport(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<DatevExportRow | undefined> {
  const q = db.select().from(datevExports).where(eq(datevExports.id, id))
  const [row] = options.lock ? await q.for('update') : await q
  return row
}

export async function updateExport(db: Executor, id: number, values: Partial<typeof datevExports.$inferInsert>): Promise<void> {
  await db.update(datevExports).set(values).where(eq(datevExports.id, id))
}

/** Inserts the bookings not yet known (by seller and event key); a booking is written once. */
export async function insertBookings(db: Executor, values: (typeof datevBookings.$inferInsert)[]): Promise<void> {
  if (values.length === 0) return
  await db.insert(datevBookings).values(values).onConflictDoNothing({ target: [datevBookings.sellerId, datevBookings.eventKey] })
}

/** The seller's bookings dated in [from, till]. */
export async function bookingsInPeriod(db: Executor, sellerId: number, from: Date, till: Date): Promise<DatevBookingRow[]> {
  return db.select().from(datevBookings)
    .where(and(eq(datevBookings.sellerId, sellerId), gte(datevBookings.eventDate, from), lte(datevBookings.eventDate, till)))
    .orderBy(datevBookings.eventDate, datevBookings.id)
}

/** Marks the bookings exported by an export (a booking keeps the first export that took it). */
export async function markExported(db: Executor, exportId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  await db.update(datevBookings).set({ datevState: 'exported', exportId: sql`coalesce(${datevBookings.exportId}, ${exportId})` })
    .where(sql`${datevBookings.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
}
