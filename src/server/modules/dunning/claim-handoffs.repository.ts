import { and, asc, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { claimHandoffEvents, claimHandoffs } from '../../db/schema'

// The SQL of claim hand-offs and their events (docs/decisions/0057-orders-area-remains.md).

export type HandoffRow = typeof claimHandoffs.$inferSelect
export type HandoffEventRow = typeof claimHandoffEvents.$inferSelect

export async function latestOfClaim(db: Executor, claimId: number): Promise<HandoffRow | undefined> {
  const [row] = await db.select().from(claimHandoffs).where(eq(claimHandoffs.claimId, claimId)).orderBy(desc(claimHandoffs.attempt)).limit(1)
  return row
}

export async function ofClaim(db: Executor, claimId: number): Promise<HandoffRow[]> {
  return db.select().from(claimHandoffs).where(eq(claimHandoffs.claimId, claimId)).orderBy(desc(claimHandoffs.attempt))
}

export async function eventsOf(db: Executor, handoffIds: number[]): Promise<HandoffEventRow[]> {
  if (handoffIds.length === 0) return []
  return db.select().from(claimHandoffEvents).where(inArray(claimHandoffEvents.handoffId, handoffIds)).orderBy(asc(claimHandoffEvents.at), asc(claimHandoffEvents.id))
}

export async function insert(db: Executor, values: typeof claimHandoffs.$inferInsert): Promise<HandoffRow> {
  const [row] = await db.insert(claimHandoffs).values(values).returning()
  return row!
}

export async function find(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<HandoffRow | undefined> {
  const query = db.select().from(claimHandoffs).where(eq(claimHandoffs.id, id)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function update(db: Executor, id: number, values: Partial<typeof claimHandoffs.$inferInsert>): Promise<HandoffRow> {
  const [row] = await db.update(claimHandoffs).set(values).where(eq(claimHandoffs.id, id)).returning()
  return row!
}

/** Records an event once per (hand-off, partner event id); undefined when it was recorded before. */
export async function insertEvent(db: Executor, values: typeof claimHandoffEvents.$inferInsert): Promise<HandoffEventRow | undefined> {
  const [row] = await db.insert(claimHandoffEvents).values(values).onConflictDoNothing().returning()
  return row
}

/** API-mode hand-offs still open at the partner and not polled since `before`, oldest poll first. */
export async function toPoll(db: Executor, before: Date, limit: number): Promise<HandoffRow[]> {
  return db.select().from(claimHandoffs)
    .where(and(eq(claimHandoffs.mode, 'api'), inArray(claimHandoffs.status, ['sent', 'accepted', 'paid']),
      or(isNull(claimHandoffs.lastPolledAt), lt(claimHandoffs.lastPolledAt, before))))
    .orderBy(asc(claimHandoffs.lastPolledAt), asc(claimHandoffs.id)).limit(limit)
}
