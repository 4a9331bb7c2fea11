import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

// The database's types, apart from the code that opens it, so the performance machinery (./fast-path) and
// the client can both use them without importing each other.

export type Schema = typeof schema
// Without Drizzle's relational query API (`db.query.<table>`): the database is opened without its schema,
// so a transaction does not build a query builder for each of the schema's tables every time it begins
// (docs/decisions/0102-checkout-cpu-without-runtime-builds.md).
export type Db = PgDatabase<PgQueryResultHKT>
export type Tx = PgTransaction<PgQueryResultHKT>
/** Anything that runs queries: the database or an open transaction. Repositories take this. */
export type Executor = Db | Tx
