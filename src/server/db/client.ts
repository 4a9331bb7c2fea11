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
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
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
    queriesSent.set(client, (queriesSent.get(client) ?? 0) + 1)
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
/** How many queries each connection was given: commitBehind checks that its statements went out first. */
const queriesSent = new WeakMap<pg.PoolClient, number>()

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

/**
 * Runs the statements `start` begins on `tx` with the transaction's COMMIT sent right behind them.
 * node-postgres sends a connection's next query the moment the one before is answered, so the rows they lock
 * stay locked for their own run and the commit only, not for the round trips through this process while it
 * serves other requests: the hottest rows (a ticket type's stock) go last this way. A statement that must not
 * commit raises an error (PostgreSQL then ends the transaction with a rollback, and this throws that error).
 * `start` must hand each statement to the driver at once (reusable queries do; Drizzle's query builders wait
 * to be awaited, and are refused). Must be the transaction's last call. On PGlite (one session, nothing waits
 * on its locks) the statements are awaited and the transaction commits as usual.
 */
export async function commitBehind<T>(tx: Executor, start: () => Promise<T>[]): Promise<T[]> {
  const client = driverClientOf(tx)
  if (!(client instanceof pg.Client)) return Promise.all(start())
  const connection = client as pg.PoolClient
  const before = queriesSent.get(connection) ?? 0
  const statements = start()
  if ((queriesSent.get(connection) ?? 0) - before !== statements.length) {
    await Promise.allSettled(statements)
    throw new Error('commitBehind: a statement was not sent at once (use reusable queries)')
  }
  const commit = connection.query('commit').then(() => null, (error: unknown) => error)
  const settled = await Promise.allSettled(statements)
  const failedCommit = await commit
  committedEarly.add(connection)
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected')
  if (failed) throw failed.reason
  if (failedCommit) throw failedCommit
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value)
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
