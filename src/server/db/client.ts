import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgTable } from 'drizzle-orm/pg-core'
import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import pg from 'pg'
import { fileURLToPath } from 'node:url'
import type { Db, Executor } from './executor'
import { addFieldsWithoutObjectTemplate, prepareStatementsOnConnect, runSqlText } from './fast-path'

export type { Db, Executor, Schema, Tx } from './executor'

export type DatabaseKind = 'pglite' | 'postgres'

export type Database = {
  kind: DatabaseKind
  db: Db
  /** Raw parameterised SQL for pg-boss and scripts; multi-statement text is allowed without values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>
  migrate(): Promise<void>
  /**
   * Hears PostgreSQL notifications on `channel` (LISTEN): a NOTIFY sent inside a transaction arrives when it
   * commits, in every process listening. On PostgreSQL a connection of its own, opened again after a loss;
   * notifications are a nudge only, never the record (the job queue's wake-up: src/server/jobs/README.md).
   * Answers a function that stops listening.
   */
  listen(channel: string, onNotification: (payload: string) => void): Promise<() => Promise<void>>
  /** PostgreSQL only: the pool's connections (metrics, docs/operations.md). */
  poolStats?(): { total: number; idle: number; waiting: number }
  /** PGlite only: the whole data directory as a tarball, to open copies of it (tests' migrated template). */
  dump?(compression?: 'none' | 'gzip'): Promise<Blob>
  close(): Promise<void>
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File }
  | { kind: 'postgres'; url: string; poolSize?: number }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    const client = options.dataDir
      ? new PGlite(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
      : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
    await client.waitReady
    const db = drizzlePglite(client) as unknown as Db
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
      listen: (channel, onNotification) => client.listen(channel, onNotification).then((stop) => () => stop()),
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
      dump: (compression = 'none') => client.dumpDataDir(compression),
      close: () => client.close(),
    }
  }
  // Idle connections stay open (the pool never grows past its size): with an idle timeout, every release
  // armed a timer and every checkout cleared it, about a quarter of a pooled query's cost in this process.
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, idleTimeoutMillis: 0 })
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  // A checked-out client (a transaction between two statements) has no pool listener: a server restart's
  // FATAL 57P01 arriving then was an unhandled 'error' event that ended the process (found by bench/faults.ts,
  // docs/decisions/0091-fault-battery.md). Now its next statement fails (a 503, src/server/plugins/errors.ts)
  // and the pool drops the broken client when it is released.
  pool.on('connect', (client) => { client.on('error', () => {}) })
  // Every parameterised statement prepared once per connection (fast-path/prepared-statements.ts).
  prepareStatementsOnConnect(pool)
  // Rows read as arrays skip node-postgres's per-statement object template (fast-path/internals.ts).
  addFieldsWithoutObjectTemplate()
  const db = drizzlePg(pool) as unknown as Db
  return {
    kind: 'postgres',
    db,
    async executeSql(text, values = []) {
      const result = await pool.query(text, values as any[])
      return { rows: result.rows }
    },
    listen: (channel, onNotification) => listenOnPostgres(options.url, channel, onNotification),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    close: () => pool.end(),
  }
}

/** A LISTEN on a connection of its own, outside the pool; a lost connection is opened again after a second. */
async function listenOnPostgres(url: string, channel: string, onNotification: (payload: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null
  let stopped = false
  let retry: NodeJS.Timeout | null = null
  const again = () => {
    if (stopped || retry) return
    retry = setTimeout(() => {
      retry = null
      connect().catch(again)
    }, 1000)
  }
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => { if (message.channel === channel) onNotification(message.payload ?? '') })
    next.on('error', () => {
      if (client === next) client = null
      next.end().catch(() => {})
      again()
    })
    try {
      await next.connect()
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`)
    } catch (error) {
      next.end().catch(() => {})
      throw error
    }
    if (stopped) return void (await next.end().catch(() => {}))
    client = next
  }
  await connect()
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    await client?.end().catch(() => {})
    client = null
  }
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

/** Raw `$n` SQL with its values on an executor (a transaction included), whichever driver is behind it: pg-boss's queries. */
export async function executeSqlOn(executor: Executor, text: string, values?: unknown[] | null): Promise<{ rows: any[] }> {
  // Built into a statement once per text (fast-path/reusable-query.ts): the jobs' inserts run on every checkout.
  return { rows: await runSqlText(executor, text, values ?? [], parameterised) }
}

/** Rows of a raw query on an executor, whichever driver is behind it. */
export async function executeRows<T = Record<string, unknown>>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
