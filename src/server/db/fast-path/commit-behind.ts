import type pg from 'pg'
import type { Executor } from '../executor'
import { driverClientOf, isPgConnection, simpleQueryResults, transactionEndTexts } from './internals'

// A transaction's last statements and its COMMIT as one message to PostgreSQL (docs/decisions/0036-hot-rows-commit-behind.md).

/** A statement's text with `$n` parameters and their driver values (reusable queries give them: `.statement()`). */
export type Statement = { text: string; values: unknown[] }

/** PGlite, or one of its transactions. */
type PgliteQueries = { query(text: string, values: unknown[]): Promise<{ affectedRows?: number }> }

/** Connections whose transaction commitBehind committed, until Drizzle's own end of it arrives. */
const committedEarly = new WeakSet<pg.PoolClient>()

/**
 * A driver value as an SQL literal. Only what counting statements pass (numbers, text, booleans, null): a
 * negative number is parenthesised so that `x - $1` cannot become a comment.
 */
function literalOf(connection: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'number' && Number.isFinite(value)) return value < 0 ? `(${value})` : String(value)
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : String(value)
  if (typeof value === 'boolean') return String(value)
  if (typeof value === 'string') return connection.escapeLiteral(value)
  throw new Error(`commitBehind: no literal for a value of type ${typeof value}`)
}

/**
 * Runs a transaction's last statements and its COMMIT as one message to PostgreSQL (a multi-statement simple
 * query, values written as literals), and answers how many rows each statement touched. The rows they lock
 * stay locked for their own run and the commit only: no round trip through this process lies in between,
 * which under load waits for the event loop to come round, milliseconds that every other order on the same
 * hot row (a ticket type's stock) would queue behind. A statement that must not commit raises an error:
 * PostgreSQL skips the rest of the message, this throws the error and Drizzle rolls the transaction back.
 * Must be the transaction's last call. On PGlite (one session, nothing waits on its locks) the statements
 * run one by one and the transaction commits as usual.
 */
export async function commitBehind(tx: Executor, statements: Statement[]): Promise<number[]> {
  const client = driverClientOf(tx)
  if (!isPgConnection(client)) {
    const counts: number[] = []
    for (const s of statements) counts.push((await (client as PgliteQueries).query(s.text, s.values)).affectedRows ?? 0)
    return counts
  }
  if (statements.length === 0) return [] // Drizzle commits as usual
  const text = [...statements.map((s) => s.text.replace(/\$(\d+)/g, (_, n: string) => literalOf(client, s.values[Number(n) - 1]))), 'commit'].join(';\n')
  const results = await simpleQueryResults(client, text)
  committedEarly.add(client)
  return results.slice(0, statements.length).map((r) => r.rowCount ?? 0)
}

/**
 * The answer to a query on a connection whose transaction commitBehind committed, or undefined when it was
 * not. Drizzle ends a transaction with COMMIT (or ROLLBACK after an error) when its callback returns: after
 * commitBehind that end has been sent already, so it is answered here without being sent. Anything else
 * would run outside the transaction it was written for, and is refused.
 */
export function answerAfterCommitBehind(connection: pg.PoolClient, config: unknown): Promise<unknown> | undefined {
  if (!committedEarly.has(connection)) return undefined
  committedEarly.delete(connection)
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text
  if (typeof text === 'string' && transactionEndTexts.includes(text)) return Promise.resolve({ command: text.toUpperCase(), rowCount: null, rows: [], fields: [] })
  return Promise.reject(new Error('a statement after its transaction was committed (commitBehind must come last)'))
}
