import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type * as schema from './schema'

// The database's types, apart from the code that opens it, so the performance machinery (./fast-path) and
// the client can both use them without importing each other.

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Anything that runs queries: the database or an open transaction. Repositories take this. */
export type Executor = Db | Tx
