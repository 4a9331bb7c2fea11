import pg from 'pg'
import type { SQL } from 'drizzle-orm'
import type { Executor } from '../executor'

// Every private part of Drizzle ORM and node-postgres that the fast path reads, writes or patches, and
// nothing else: the other files of this folder reach them only through here. internals.test.ts checks each
// one against the installed packages and fails naming the part that changed; package.json pins both
// packages with `~` to the minors below.

/** The minors these internals were read from; internals.test.ts fails when the installed ones differ. */
export const reliedOnVersions = { 'drizzle-orm': '0.45', pg: '8.23' } as const

/**
 * Drizzle (private): an executor's `session.client` is the driver's client behind it: the pg.Pool or PGlite
 * for the database, the pooled pg connection or PGlite's transaction for a transaction.
 */
export function driverClientOf(executor: Executor): unknown {
  return (executor as unknown as { session: { client: unknown } }).session.client
}

/**
 * Drizzle (private): a prepared query (`builder.prepare(name)`) keeps its SQL text in `queryString`, its
 * parameters (values, Placeholders, Params with their column's encoder) in `params` and its driver client in
 * `client`, and `execute()` reads `this.client` and `this.params` when it runs.
 */
export type PreparedQuery = { queryString: string; params: unknown[]; client: unknown; execute(): Promise<unknown> }

/** A Drizzle builder's prepared query without a name: the connection wrapper names it by its text (prepared-statements.ts). */
export function prepareUnnamed(builder: { prepare(name: string): unknown }): PreparedQuery {
  return builder.prepare(undefined as unknown as string) as PreparedQuery
}

/**
 * Drizzle (private): `execute(sql)` prepares its SQL as `session.prepareQuery(dialect.sqlToQuery(sql),
 * undefined, undefined, false)`, a prepared query of the same kind as a builder's, answering the driver's
 * whole result. Prepared here once for a raw SQL that is run again and again.
 */
export function prepareRawUnnamed(executor: Executor, query: SQL): PreparedQuery {
  const { session, dialect } = executor as unknown as {
    session: { prepareQuery(query: unknown, fields: undefined, name: undefined, arrayMode: boolean): unknown }
    dialect: { sqlToQuery(query: SQL): unknown }
  }
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, undefined, false) as PreparedQuery
}

/** Runs a prepared query on another client with other parameters; the prepared query itself stays as it was. */
export function executePreparedOn(query: PreparedQuery, client: unknown, params: unknown[]): Promise<unknown> {
  const call = Object.create(query) as PreparedQuery
  call.client = client
  call.params = params
  return call.execute()
}

/**
 * Drizzle (private): on node-postgres a transaction ends with `tx.execute(sql\`commit\`)`, or
 * `sql\`rollback\`` after an error, which reaches the connection's `query` as a config whose `text` is
 * exactly one of these.
 */
export const transactionEndTexts: readonly string[] = ['commit', 'rollback']

/** node-postgres: a pooled connection is a pg.Client (PGlite and its transactions are not). */
export function isPgConnection(client: unknown): client is pg.PoolClient {
  return client instanceof pg.Client
}

/** node-postgres's `query(config, values, callback)`, as the wrappers see it. */
export type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown

/**
 * node-postgres (patched): replaces one connection's own `query` (an instance property shadowing
 * pg.Client.prototype.query), which Drizzle, pg-boss's adapter and the pool all call for that connection.
 */
export function wrapConnectionQuery(connection: pg.PoolClient, wrap: (query: QueryFunction) => QueryFunction): void {
  const query = connection.query.bind(connection) as QueryFunction
  connection.query = wrap(query) as typeof connection.query
}

/**
 * node-postgres: a query without values goes as one simple-protocol message, which may hold several
 * statements; its answer is then one result per statement (an array), each with its `rowCount`.
 */
export async function simpleQueryResults(connection: pg.PoolClient, text: string): Promise<pg.QueryResult[]> {
  const answer = (await connection.query(text)) as unknown as pg.QueryResult | pg.QueryResult[]
  return Array.isArray(answer) ? answer : [answer]
}

/** What node-postgres's Result holds and does, as the patch below sees it. */
type ResultInternals = {
  rowAsArray: boolean; fields: { dataTypeID: number; format?: string }[]; _parsers: unknown[] | undefined
  _types: { getTypeParser(oid: number, format: string): unknown } | undefined
  addFields(fields: unknown[]): void
}

let arrayRowsPatched = false

/**
 * node-postgres (patched): `Result.prototype.addFields` runs for every statement that answers rows and,
 * besides the columns' parsers, builds an object with a key per column for rows read as objects
 * (`_prebuiltEmptyResultObject`). Drizzle reads rows as arrays (`rowMode: 'array'`), where that object is
 * never used; for a fifty-column order it was the most expensive step of reading an answer. For array rows
 * the patched method sets the parsers only; rows as objects keep node-postgres's own method
 * (docs/decisions/0102-checkout-cpu-without-runtime-builds.md).
 */
export function addFieldsWithoutObjectTemplate(): void {
  if (arrayRowsPatched) return
  arrayRowsPatched = true
  const prototype = (pg as unknown as { Result: { prototype: ResultInternals } }).Result.prototype
  const original = prototype.addFields
  prototype.addFields = function (this: ResultInternals, fields: unknown[]) {
    if (!this.rowAsArray || !this._types) return original.call(this, fields)
    const described = fields as ResultInternals['fields']
    this.fields = described
    const parsers = new Array(described.length)
    for (let i = 0; i < described.length; i++) parsers[i] = this._types.getTypeParser(described[i]!.dataTypeID, described[i]!.format || 'text')
    if (described.length) this._parsers = parsers
  }
}
