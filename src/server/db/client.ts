import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTable, PgTransaction } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import pg from 'pg'
import { fileURLToPath } from 'node:url'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Anything that runs queries: the database or an open transaction. Repositories take this. */
export type Executor = Db | Tx

export type DatabaseKind = 'pglite' | 'postgres'

export type Database = {
  kind: DatabaseKind
  db: Db
  /** Raw parameterised SQL for pg-boss and scripts; multi-statement text is allowed without values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>
  migrate(): Promise<void>
  close(): Promise<void>
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File }
  | { kind: 'postgres'; url: string; poolSize?: number }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const statementNames = new Map<string, string>()
  if (options.kind === 'pglite') {
    const client = options.dataDir
      ? new PGlite(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
      : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
    await client.waitReady
    const db = drizzlePglite(client, { schema }) as unknown as Db
    return {
      kind: 'pglite',
      db,
      async executeSql(text, values = []) {
        // PGlite's query() runs one statement; pg-boss sends whole scripts without parameters.
        if (values.length === 0 && text.includes(';')) {
          const results = await client.exec(text)
          return { rows: results.at(-1)?.rows ?? [] }
        }
        const result = await client.query(text, values)
        return { rows: result.rows as any[] }
      },
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
      close: () => client.close(),
    }
  }
  // Idle connections stay open (the pool never grows past its size): with an idle timeout, every release
  // armed a timer and every checkout cleared it, about a quarter of a pooled query's cost in this process.
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, idleTimeoutMillis: 0 })
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  pool.on('connect', (client) => prepareParameterisedStatements(client, statementNames))
  const db = drizzlePg(pool, { schema }) as unknown as Db
  return {
    kind: 'postgres',
    db,
    async executeSql(text, values = []) {
      const result = await pool.query(text, values as any[])
      return { rows: result.rows }
    },
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    close: () => pool.end(),
  }
}

/** How many distinct statement texts a process names; later ones run unnamed (PostgreSQL memory stays bounded). */
const namedStatementsMax = 1000

/**
 * Names every parameterised statement after its text, so each connection has PostgreSQL parse and plan it
 * once and then only binds and executes it (as postgres.js does by default). A checkout runs some thirty
 * statements; parsing and planning them again on every call was most of the database's work per checkout.
 * node-postgres keeps the prepared names per connection and sends Parse only the first time.
 */
function prepareParameterisedStatements(client: pg.PoolClient, names: Map<string, string>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text)
    if (name === undefined && names.size < namedStatementsMax) names.set(text, name = `sf_${names.size.toString(36)}`)
    return name
  }
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    if (committedEarly.has(client)) return afterEarlyCommit(client, config)
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = nameOf(config)
      if (name) return query({ text: config, values, name }, callback)
    } else if (config !== null && typeof config === 'object' && !('submit' in config)) {
      // Drizzle passes its parameters beside the config, not in it.
      const q = config as { text?: unknown; values?: unknown; name?: unknown }
      const given = q.values ?? values
      if (typeof q.text === 'string' && q.name === undefined && Array.isArray(given) && given.length > 0) {
        const name = nameOf(q.text)
        if (name) return query({ ...q, name }, values, callback)
      }
    }
    return query(config, values, callback)
  }) as typeof client.query
}

/** The driver's client behind an executor: the pool or PGlite for the database, the connection of a transaction. */
export function driverClientOf(executor: Executor): unknown {
  return (executor as unknown as { session: { client: unknown } }).session.client
}

/** Connections whose transaction commitBehind committed, until Drizzle's own end of it arrives. */
const committedEarly = new WeakSet<pg.PoolClient>()

/**
 * Drizzle ends a transaction with COMMIT (or ROLLBACK after an error) when its callback returns: after
 * commitBehind that end has already been sent, so it is answered here. Anything else would run outside the
 * transaction it was written for, and is refused.
 */
function afterEarlyCommit(client: pg.PoolClient, config: unknown): Promise<unknown> {
  committedEarly.delete(client)
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text
  if (text === 'commit' || text === 'rollback') return Promise.resolve({ command: String(text).toUpperCase(), rowCount: null, rows: [], fields: [] })
  return Promise.reject(new Error('a statement after its transaction was committed (commitBehind must come last)'))
}

/** PGlite, or one of its transactions. */
type PgliteQueries = { query(text: string, values: unknown[]): Promise<{ affectedRows?: number }> }

/** A statement's text with `$n` parameters and their driver values (reusable queries give them: `.statement()`). */
export type Statement = { text: string; values: unknown[] }

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
  if (!(client instanceof pg.Client)) {
    const counts: number[] = []
    for (const s of statements) counts.push((await (client as PgliteQueries).query(s.text, s.values)).affectedRows ?? 0)
    return counts
  }
  if (statements.length === 0) return [] // Drizzle commits as usual
  const connection = client as pg.PoolClient
  const text = [...statements.map((s) => s.text.replace(/\$(\d+)/g, (_, n: string) => literalOf(connection, s.values[Number(n) - 1]))), 'commit'].join(';\n')
  // No values: node-postgres sends a simple query, which may hold several statements.
  const results = (await connection.query(text)) as unknown as pg.QueryResult[]
  committedEarly.add(connection)
  return results.slice(0, statements.length).map((r) => r.rowCount ?? 0)
}

/** Turns `$1`-style SQL into a Drizzle SQL object so it can run on any executor, transactions included. */
export function parameterised(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/)
  const chunks: SQL[] = []
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) {
      if (parts[i]) chunks.push(sql.raw(parts[i]!))
    } else {
      chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`)
    }
  }
  return sql.join(chunks, sql.raw(''))
}

/**
 * Rows of `table` that a query returned as JSON (json_agg of whole rows, e.g. several relations in one
 * round trip), mapped as Drizzle maps its own results: column names to keys, timestamps to Dates, numbers.
 */
export function rowsOfJson<TTable extends PgTable>(table: TTable, rows: unknown): TTable['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table))
  return ((rows ?? []) as Record<string, unknown>[]).map((row) => Object.fromEntries(columns.map(([key, column]) => {
    const value = row[column.name]
    if (value === null || value === undefined) return [key, null]
    // JSON columns arrive parsed already; parsing a string value again would change it.
    return [key, column.columnType === 'PgJsonb' || column.columnType === 'PgJson' ? value : column.mapFromDriverValue(value)]
  }))) as TTable['$inferSelect'][]
}

/** Rows of a raw query on an executor, whichever driver is behind it. */
export async function executeRows<T = Record<string, unknown>>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
