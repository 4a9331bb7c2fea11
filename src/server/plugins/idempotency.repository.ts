import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { askTogether, param, reusableQuery } from '../db/fast-path'
import { idempotencyKeys } from '../db/schema'

// The SQL of the Idempotency-Key engine (./idempotency.ts): one row per scope and key in idempotency_keys,
// claimed, taken over, answered or freed. Only the engine uses it (it passes storeIdempotentAnswerWhen on
// for the sold-out answer of a rush, modules/catalog/rush.service.ts); docs/decisions/0016-orders-exactly-once.md and
// docs/decisions/0023-read-once-and-checkout-slots.md say why it is shaped so.

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect

/** Claims the key for this request; false when someone holds it already. */
const claimIdempotencyKeyQuery = reusableQuery((db, row: typeof idempotencyKeys.$inferInsert) => db.insert(idempotencyKeys).values(row).onConflictDoNothing().returning({ key: idempotencyKeys.key }))

export async function claimIdempotencyKey(db: Executor, values: { scope: string; key: string; requestHash: string; lockedUntil: Date; createdAt: Date }): Promise<boolean> {
  const rows = await claimIdempotencyKeyQuery(db, {}, { ...values, state: 'in_progress' })
  return rows.length > 0
}

/** An answer known before any work, stored as the key's final row. */
export type IdempotentAnswer = { scope: string; key: string; requestHash: string; responseStatus: number; responseBody: object; createdAt: Date }

/**
 * Stores answers known before any work as their keys' final answers, only while `condition` holds (SQL with
 * its own param() names, their values in `params`): the check and the write are one statement, and the
 * calls made in one turn of the event loop with the same `params` share it (in a rush the payers after the
 * last ticket are asked together). Resolves true when this call's answer was stored; false when the
 * condition does not hold, the key exists, or the same key came twice in one batch (the later one goes on
 * as a new request would, and meets the stored answer).
 */
export function storeIdempotentAnswerWhen(condition: SQL): (db: Executor, params: Record<string, unknown>, answer: IdempotentAnswer) => Promise<boolean> {
  const query = reusableQuery((db) => db.insert(idempotencyKeys).select(db.select({
    scope: sql<string>`a.scope`.as('scope'), key: sql<string>`a.key`.as('key'), requestHash: sql<string>`a.request_hash`.as('request_hash'),
    state: sql<string>`'done'`.as('state'), responseStatus: sql<number>`a.response_status`.as('response_status'), responseBody: sql<unknown>`a.response_body`.as('response_body'),
    lockedUntil: sql<string>`a.created_at`.as('locked_until'), createdAt: sql<string>`a.created_at`.as('created_at'),
  }).from(sql`jsonb_to_recordset(${param('answers')}::jsonb) as a(scope text, key text, request_hash text, response_status int, response_body jsonb, created_at timestamptz)`)
    .where(condition)).onConflictDoNothing().returning({ scope: idempotencyKeys.scope, key: idempotencyKeys.key, requestHash: idempotencyKeys.requestHash }))
  const idOf = (a: IdempotentAnswer) => `${a.scope}\n${a.key}`
  return askTogether(async (db, params: Record<string, unknown>, answers: IdempotentAnswer[]) => {
    const rows = answers.map((a) => ({ scope: a.scope, key: a.key, request_hash: a.requestHash, response_status: a.responseStatus, response_body: a.responseBody, created_at: a.createdAt.toISOString() }))
    const stored = new Set((await query(db, { ...params, answers: JSON.stringify(rows) })).map((r) => `${r.scope}\n${r.key}\n${r.requestHash}`))
    return answers.map((a) => stored.has(`${idOf(a)}\n${a.requestHash}`))
  }, { once: { key: idOf, answer: false } })
}

export async function findIdempotencyKey(db: Executor, scope: string, key: string): Promise<IdempotencyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))).limit(1)
  return row
}

/** Takes over a key whose holder stopped (its lock ran out); false when another request took it first. */
export async function takeOverIdempotencyKey(db: Executor, scope: string, key: string, now: Date, lockedUntil: Date): Promise<boolean> {
  const rows = await db.update(idempotencyKeys).set({ lockedUntil })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_progress'), sql`${idempotencyKeys.lockedUntil} < ${now}`))
    .returning({ key: idempotencyKeys.key })
  return rows.length > 0
}

const updateIdempotencyKeyQuery = reusableQuery((db, set: Partial<typeof idempotencyKeys.$inferInsert>) => db.update(idempotencyKeys).set(set)
  .where(and(eq(idempotencyKeys.scope, param('scope')), eq(idempotencyKeys.key, param('key')))))

export async function updateIdempotencyKey(db: Executor, scope: string, key: string, values: Partial<typeof idempotencyKeys.$inferInsert>) {
  await updateIdempotencyKeyQuery(db, { scope, key }, values)
}

export async function deleteIdempotencyKey(db: Executor, scope: string, key: string) {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
}
