import { and, asc, count, desc, eq, gte, ilike, lte, notLike, like, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { datevBookings, datevExports, datevSettings } from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'

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

/** The seller's exports, newest first unless asked otherwise. */
export async function listExports(db: Executor, sellerId: number, filter: {
  state?: string; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}): Promise<{ rows: DatevExportRow[]; total: number; max: number }> {
  const mine = eq(datevExports.sellerId, sellerId)
  const conditions: SQL[] = [mine]
  if (filter.state) conditions.push(eq(datevExports.state, filter.state))
  const [rows, [total], [max]] = await Promise.all([
    db.select().from(datevExports).where(and(...conditions))
      .orderBy(filter.sortDir === 'asc' ? asc(datevExports.id) : desc(datevExports.id)).offset(filter.offset).limit(filter.limit),
    db.select({ n: count() }).from(datevExports).where(and(...conditions)),
    db.select({ n: count() }).from(datevExports).where(mine),
  ])
  return { rows, total: total!.n, max: max!.n }
}

export type DatevLogRow = DatevBookingRow & { exportState: string | null }

/** A Belegfeld 1 made of the ledger entry, not an order's number (accounting.service's mapLedgerRow). */
export const noDocumentPrefix = 'ledger-'

/** The seller's bookings with the state of the export that took them, filtered as the log page asks. */
export async function listBookings(db: Executor, sellerId: number, filter: {
  bookingType?: string; datevState?: string; exportState?: string; exportId?: number; eventKey?: string
  eventFrom?: Date; eventTill?: Date; genAccount?: string; sellerAccount?: string; documentField1?: string
  documentField1Present?: boolean; currency?: string; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}): Promise<{ rows: DatevLogRow[]; total: number; max: number }> {
  const mine = eq(datevBookings.sellerId, sellerId)
  const conditions: SQL[] = [mine]
  if (filter.bookingType) conditions.push(eq(datevBookings.bookingType, filter.bookingType))
  if (filter.datevState) conditions.push(eq(datevBookings.datevState, filter.datevState))
  if (filter.exportState) conditions.push(eq(datevExports.state, filter.exportState))
  if (filter.exportId) conditions.push(eq(datevBookings.exportId, filter.exportId))
  if (filter.eventKey) conditions.push(eq(datevBookings.eventKey, filter.eventKey))
  if (filter.eventFrom) conditions.push(gte(datevBookings.eventDate, filter.eventFrom))
  if (filter.eventTill) conditions.push(lte(datevBookings.eventDate, filter.eventTill))
  if (filter.genAccount) conditions.push(eq(datevBookings.genAccount, filter.genAccount))
  if (filter.sellerAccount) conditions.push(eq(datevBookings.sellerAccount, filter.sellerAccount))
  if (filter.documentField1) conditions.push(ilike(datevBookings.documentField1, containsPattern(filter.documentField1)))
  if (filter.documentField1Present !== undefined) {
    conditions.push(filter.documentField1Present ? notLike(datevBookings.documentField1, `${noDocumentPrefix}%`) : like(datevBookings.documentField1, `${noDocumentPrefix}%`))
  }
  if (filter.currency) conditions.push(eq(datevBookings.currency, filter.currency))
  const joined = () => db.select({ booking: datevBookings, exportState: datevExports.state }).from(datevBookings)
    .leftJoin(datevExports, eq(datevExports.id, datevBookings.exportId))
  const order = filter.sortDir === 'asc' ? [asc(datevBookings.eventDate), asc(datevBookings.id)] : [desc(datevBookings.eventDate), desc(datevBookings.id)]
  const [rows, [total], [max]] = await Promise.all([
    joined().where(and(...conditions)).orderBy(...order).offset(filter.offset).limit(filter.limit),
    db.select({ n: count() }).from(datevBookings).leftJoin(datevExports, eq(datevExports.id, datevBookings.exportId)).where(and(...conditions)),
    db.select({ n: count() }).from(datevBookings).where(mine),
  ])
  return { rows: rows.map((r) => ({ ...r.booking, exportState: r.exportState })), total: total!.n, max: max!.n }
}
