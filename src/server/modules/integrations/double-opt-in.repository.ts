import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { doubleOptInSettings, integrationSyncEvents, payerOptIns, sellerEffectiveFeatures, sellers } from '../../db/schema'

// Double opt-in's SQL (docs/decisions/0084-custom-smtp-and-double-opt-in.md). Writes `double_opt_in_settings`,
// `payer_opt_ins` and the held rows of `integration_sync_events`; reads `sellers` for the flag in effect. The
// confirmation mail's language is the order's (`orders.locale`, read through orders.service).

export type OptInRow = typeof payerOptIns.$inferSelect

export async function requiredSetting(db: Executor, sellerId: number): Promise<boolean> {
  const [row] = await db.select({ required: doubleOptInSettings.required }).from(doubleOptInSettings).where(eq(doubleOptInSettings.sellerId, sellerId)).limit(1)
  return row?.required ?? false
}

export async function saveRequired(db: Executor, sellerId: number, required: boolean, now: Date): Promise<void> {
  await db.insert(doubleOptInSettings).values({ sellerId, required, updatedAt: now })
    .onConflictDoUpdate({ target: doubleOptInSettings.sellerId, set: { required, updatedAt: now } })
}

export async function sellerFeatures(db: Executor, sellerId: number): Promise<Record<string, boolean> | undefined> {
  const [row] = await db.select({ features: sellerEffectiveFeatures }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  return row?.features
}

export async function findOptIn(db: Executor, sellerId: number, email: string, options: { lock?: boolean } = {}): Promise<OptInRow | undefined> {
  const query = db.select().from(payerOptIns).where(and(eq(payerOptIns.sellerId, sellerId), eq(payerOptIns.email, email))).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function findOptInById(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<OptInRow | undefined> {
  const query = db.select().from(payerOptIns).where(eq(payerOptIns.id, id)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** The pending row of a payer (made once); answers it with whether this call made it. */
export async function ensurePending(db: Executor, values: typeof payerOptIns.$inferInsert): Promise<{ row: OptInRow; created: boolean }> {
  const [created] = await db.insert(payerOptIns).values(values).onConflictDoNothing().returning()
  if (created) return { row: created, created: true }
  return { row: (await findOptIn(db, values.sellerId, values.email, { lock: true }))!, created: false }
}

export async function updateOptIn(db: Executor, id: number, values: Partial<typeof payerOptIns.$inferInsert>): Promise<void> {
  await db.update(payerOptIns).set(values).where(eq(payerOptIns.id, id))
}

export async function counts(db: Executor, sellerId: number): Promise<{ pending: number; confirmed: number }> {
  const rows = await db.select({ state: payerOptIns.state, n: count() }).from(payerOptIns).where(eq(payerOptIns.sellerId, sellerId)).groupBy(payerOptIns.state)
  return { pending: rows.find((r) => r.state === 'pending')?.n ?? 0, confirmed: rows.find((r) => r.state === 'confirmed')?.n ?? 0 }
}

export async function listOptIns(db: Executor, sellerId: number, query: { state?: string | undefined; search?: string | undefined; offset: number; limit: number; sortDir: 'asc' | 'desc' }) {
  const where = and(
    eq(payerOptIns.sellerId, sellerId),
    query.state ? eq(payerOptIns.state, query.state) : undefined,
    query.search ? sql`${payerOptIns.email} ilike ${`%${query.search.toLowerCase()}%`}` : undefined,
  )
  const rows = await db.select().from(payerOptIns).where(where)
    .orderBy(query.sortDir === 'asc' ? payerOptIns.id : desc(payerOptIns.id)).offset(query.offset).limit(query.limit)
  const [filtered] = await db.select({ n: count() }).from(payerOptIns).where(where)
  const [all] = await db.select({ n: count() }).from(payerOptIns).where(eq(payerOptIns.sellerId, sellerId))
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

/** The payer's syncs held for the opt-in, to release (pending) or drop (skipped). */
export async function heldSyncEvents(db: Executor, sellerId: number, email: string, orderId?: number | null) {
  return db.select({ id: integrationSyncEvents.id }).from(integrationSyncEvents).where(and(
    eq(integrationSyncEvents.sellerId, sellerId), eq(integrationSyncEvents.state, 'awaiting_opt_in'),
    sql`lower(${integrationSyncEvents.payer} ->> 'email') = ${email}`,
    orderId !== undefined ? (orderId === null ? sql`${integrationSyncEvents.orderId} is null` : eq(integrationSyncEvents.orderId, orderId)) : undefined,
  )).for('update')
}

export async function setSyncEventState(db: Executor, id: number, state: string, finishedAt: Date | null): Promise<void> {
  await db.update(integrationSyncEvents).set({ state, finishedAt }).where(eq(integrationSyncEvents.id, id))
}
