import { createHash } from 'node:crypto'
import { AppError } from '../../shared/errors'
import type { Ctx } from '../context'
import type { Executor } from '../db/client'
import * as repo from './idempotency.repository'

// The Idempotency-Key engine of mutating calls (docs/DESIGN.md "API conventions"; docs/decisions/0016-orders-exactly-once.md):
// the claim of a key, the replay of its stored answer, the request hash that tells another body under the
// same key. Used by the checkout's orders and upsells, by ticket upgrades and by refunds; its SQL is
// ./idempotency.repository.ts. It knows no module: a caller gives its scope, its work and (for a rush)
// its turn and its early answer.

export type { IdempotentAnswer } from './idempotency.repository'
/** An answer known before any work stored in the statement that checks it (a rush's sold-out answer). */
export { storeIdempotentAnswerWhen } from './idempotency.repository'

export type Answer<T> = { status: number; body: T }

function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical)
    if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]))
    return value
  }
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex')
}

const lockSeconds = 60

/** Runs a function in its turn (the checkout slots); without one, at once. */
export type Gate = <R>(fn: () => Promise<R>) => Promise<R>

/** The stages of an idempotent request whose first part waits its turn (see idempotentStaged). */
export type Stages<T, P> = {
  gate?: Gate
  /**
   * An answer that may be known before any work (a sold-out hint): when `ask()` says so at the payer's turn,
   * the turn is given back and `store` stores the answer as the key's in the write that checks it (`answer`
   * gives the key's row for it) and returns it, to be thrown; null takes a turn again and goes on.
   */
  refuse?: { ask(): boolean; store(answer: (error: AppError) => repo.IdempotentAnswer): Promise<AppError | null> }
  /** Runs in the gate, right after the claim. */
  prepare: (resume: Record<string, unknown> | null) => Promise<P>
  /** Runs after the gate (a provider's call need not hold a turn). */
  finish: (prepared: P) => Promise<Answer<T>>
}

const errorBodyOf = (error: AppError) => ({ error: { message: error.message, type: error.type, ...(error.fields ? { fields: error.fields } : {}) } })

/**
 * Writes what the work made so far (an order's id) into the key, in the work's own transaction: a retry
 * after a crash receives it as `resume` and finishes that work instead of starting again.
 */
export async function recordProgress(tx: Executor, scope: string, key: string, progress: object): Promise<void> {
  await repo.updateIdempotencyKey(tx, scope, key, { responseBody: progress })
}

/**
 * Runs `work` once per key (docs/decisions/0016-orders-exactly-once.md): the first request claims the key; a replay after it
 * finished gets the stored status and body; a replay while it runs gets 409 idempotency_in_progress; the
 * same key with another body 422 idempotency_key_reused. Expected failures (4xx) are stored like answers;
 * an unexpected failure frees the key so the payer can retry. A holder that died is taken over when its
 * lock runs out, and `work` receives what it stored so far (`resume`) to finish rather than start again.
 */
export async function idempotent<T>(ctx: Ctx, scope: string, key: string, body: unknown, work: (resume: Record<string, unknown> | null) => Promise<Answer<T>>): Promise<Answer<T>> {
  return idempotentStaged(ctx, scope, key, body, { prepare: work, finish: async (answer) => answer })
}

/**
 * idempotent() in stages: the claim and `prepare` run inside `gate` (so in a rush the payers after the last
 * ticket are claimed after the ones who got it), `finish` after it. With `refuse`, an answer known before
 * any work is stored as the key's answer in the claim's own write.
 */
export async function idempotentStaged<T, P>(ctx: Ctx, scope: string, key: string, body: unknown, stages: Stages<T, P>): Promise<Answer<T>> {
  if (!/^[A-Za-z0-9_.:-]{8,200}$/.test(key)) throw new AppError('idempotency_key_required', 'An Idempotency-Key header (8 to 200 letters, digits, -_.:) is required')
  const hash = requestHash(body)
  const now = ctx.deps.now()
  const until = new Date(now.getTime() + lockSeconds * 1000)

  /** The claim: this request's to work on (with what a dead holder stored), or a finished answer to replay. */
  const claim = async (): Promise<{ resume: Record<string, unknown> | null } | { answer: Answer<T> }> => {
    for (;;) {
      if (await repo.claimIdempotencyKey(ctx.db, { scope, key, requestHash: hash, lockedUntil: until, createdAt: now })) return { resume: null }
      const row = await repo.findIdempotencyKey(ctx.db, scope, key)
      if (!row) continue // freed meanwhile
      if (row.requestHash !== hash) throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with another request')
      if (row.state === 'done') return { answer: { status: row.responseStatus ?? 200, body: row.responseBody as T } }
      if (!(await repo.takeOverIdempotencyKey(ctx.db, scope, key, now, until))) {
        throw new AppError('idempotency_in_progress', 'This request is still being processed')
      }
      return { resume: (row.responseBody as Record<string, unknown> | null) ?? null }
    }
  }
  /** After a failure of the work: an expected one is the key's answer; an unexpected one frees the key. */
  const settleFailure = async (error: unknown) => {
    if (error instanceof AppError && error.status < 500) {
      await repo.updateIdempotencyKey(ctx.db, scope, key, { state: 'done', responseStatus: error.status, responseBody: errorBodyOf(error) })
      return
    }
    const row = await repo.findIdempotencyKey(ctx.db, scope, key)
    // Keep the key while an order exists for it: a retry must finish that order, not make a second.
    if (row && row.responseBody === null) await repo.deleteIdempotencyKey(ctx.db, scope, key)
    else await repo.updateIdempotencyKey(ctx.db, scope, key, { lockedUntil: new Date(0) })
  }

  const gate: Gate = stages.gate ?? ((fn) => fn())
  const turn = async (): Promise<{ answer: Answer<T> } | { prepared: P }> => {
    const claimed = await claim()
    if ('answer' in claimed) return claimed
    try {
      return { prepared: await stages.prepare(claimed.resume) }
    } catch (error) {
      await settleFailure(error)
      throw error
    }
  }
  // A payer whose answer may be known already gives the turn back at once: in a rush the payers waiting
  // after the last ticket are all asked together, not a few turns at a time.
  const refuse = stages.refuse
  let staged = await gate(async () => (refuse?.ask() ? null : turn()))
  if (staged === null) {
    const refusal = await refuse!.store((error) => ({ scope, key, requestHash: hash, responseStatus: error.status, responseBody: errorBodyOf(error), createdAt: now }))
    if (refusal) throw refusal
    staged = await gate(turn)
  }
  if ('answer' in staged) return staged.answer
  try {
    const answer = await stages.finish(staged.prepared)
    await repo.updateIdempotencyKey(ctx.db, scope, key, { state: 'done', responseStatus: answer.status, responseBody: answer.body as object })
    return answer
  } catch (error) {
    await settleFailure(error)
    throw error
  }
}
