import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { eq, is, Placeholder, sql } from 'drizzle-orm'
import pg from 'pg'
import { openTestDatabase, testDatabaseKind } from '../../../../tests/helpers/test-db'
import type { Database } from '../client'
import { idempotencyKeys } from '../schema'
import { addFieldsWithoutObjectTemplate, driverClientOf, executePreparedOn, isPgConnection, prepareRawUnnamed, prepareUnnamed, reliedOnVersions, simpleQueryResults } from './internals'

// The Drizzle ORM and node-postgres internals the fast path relies on (internals.ts), checked against the
// installed packages. A failure here means an upgrade changed one of them: each message names the internal
// and what to do; the fast path's own tests (fast-path.test.ts) would fail too, less clearly.

const fastPath = 'src/server/db/fast-path (see src/server/db/README.md, "What it relies on")'
const changed = (internal: string) => `${internal} is not what the fast path relies on: an upgrade changed it. Re-check ${fastPath} before upgrading.`

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..')
const installed = (name: string) => (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
const pinned = (name: string) => (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies[name]
const minorOf = (version: string) => version.split('.').slice(0, 2).join('.')

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('the internals the fast path relies on', () => {
  test.each(Object.entries(reliedOnVersions))('%s is installed and pinned at the minor the fast path was checked against (%s)', (name, minor) => {
    const version = installed(name)
    expect(minorOf(version), `${name} ${version} is installed, but the fast path was checked against ${minor}.x. Re-check every internal in ${fastPath}, then update reliedOnVersions (internals.ts) and the pin in package.json.`).toBe(minor)
    expect(pinned(name), `package.json must pin ${name} with ~ to ${minor} (a caret range lets an install take a minor whose internals the fast path has not been checked against).`).toMatch(new RegExp(`^~${minor.replace('.', '\\.')}\\.\\d+$`))
  })

  test('Drizzle: an executor\'s session.client is the driver client, on the database and in a transaction', async () => {
    const client = driverClientOf(database.db)
    if (testDatabaseKind === 'postgres') expect(client instanceof pg.Pool, changed('Drizzle db.session.client (the pg.Pool)')).toBe(true)
    else expect(client instanceof PGlite, changed('Drizzle db.session.client (the PGlite instance)')).toBe(true)
    await database.db.transaction(async (tx) => {
      const connection = driverClientOf(tx)
      if (testDatabaseKind === 'postgres') expect(isPgConnection(connection), changed('Drizzle tx.session.client (the pooled pg connection)')).toBe(true)
      else expect(typeof (connection as { query?: unknown } | undefined)?.query, changed('Drizzle tx.session.client (PGlite\'s transaction)')).toBe('function')
    })
  })

  test('Drizzle: a prepared query holds queryString, params and client, and execute() runs what they say', async () => {
    const builder = database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.key, sql.placeholder('key')))
    const prepared = prepareUnnamed(builder)
    expect(typeof prepared.queryString === 'string' && prepared.queryString.includes('$1'), changed('Drizzle PgPreparedQuery.queryString')).toBe(true)
    expect(Array.isArray(prepared.params) && prepared.params.length === 1 && is(prepared.params[0], Placeholder), changed('Drizzle PgPreparedQuery.params')).toBe(true)
    expect(prepared.client, changed('Drizzle PgPreparedQuery.client')).toBe(driverClientOf(database.db))
    // execute() on a copy with another client and other params sends those, and the prepared query stays as it was
    const sent: unknown[][] = []
    const fake = { query: (...args: unknown[]) => (sent.push(args), Promise.resolve({ rows: [], fields: [], rowCount: 0, affectedRows: 0 })) }
    await executePreparedOn(prepared, fake, ['k'])
    expect(sent.length, changed('Drizzle PgPreparedQuery.execute() (it did not call this.client.query)')).toBe(1)
    const [config, values] = sent[0]!
    const text = typeof config === 'string' ? config : (config as { text?: unknown }).text
    expect(text, changed('Drizzle PgPreparedQuery.execute() (the text it sends)')).toBe(prepared.queryString)
    expect(values, changed('Drizzle PgPreparedQuery.execute() (this.params, filled)')).toEqual(['k'])
    expect(prepared.client, changed('Drizzle PgPreparedQuery (a copy\'s client written through to the prepared query)')).toBe(driverClientOf(database.db))
    expect(prepared.params.length === 1 && is(prepared.params[0], Placeholder), changed('Drizzle PgPreparedQuery (a copy\'s params written through)')).toBe(true)
  })

  test('node-postgres: the methods the connection wrapper and commitBehind use', () => {
    expect(typeof pg.Client.prototype.query, changed('pg.Client.prototype.query')).toBe('function')
    expect(typeof pg.Client.prototype.escapeLiteral, changed('pg.Client.prototype.escapeLiteral')).toBe('function')
    expect(pg.Client.prototype.escapeLiteral.call(null, "o'clock\\"), changed('pg.Client.prototype.escapeLiteral (its quoting)')).toBe(" E'o''clock\\\\'")
  })

  if (testDatabaseKind === 'postgres') test('node-postgres: each pooled connection\'s query is wrapped; a multi-statement simple query answers one result per statement', async () => {
    await database.db.transaction(async (tx) => {
      const connection = driverClientOf(tx) as pg.PoolClient
      expect(Object.hasOwn(connection, 'query') && connection.query !== pg.Client.prototype.query, changed('pg.Pool "connect" event and the connection\'s own query (the wrapper is not installed)')).toBe(true)
      const results = await simpleQueryResults(connection, 'select 1 as a;\nselect 2 as b')
      expect(results.map((r) => r.rows), changed('pg simple query with several statements (an array of results)')).toEqual([[{ a: 1 }], [{ b: 2 }]])
    })
  })

  if (testDatabaseKind === 'postgres') test('Drizzle: a node-postgres transaction ends with the texts "commit" or "rollback" on its connection', async () => {
    const endOf = async (work: () => Promise<void>) => {
      let spy: { mock: { calls: unknown[][] }; mockRestore(): void } | undefined
      await database.db.transaction(async (tx) => {
        spy = vi.spyOn(driverClientOf(tx) as pg.PoolClient, 'query')
        await work()
      }).catch(() => {})
      const texts = spy!.mock.calls.map(([config]) => (typeof config === 'string' ? config : (config as { text?: unknown }).text))
      spy!.mockRestore()
      return texts
    }
    expect(await endOf(async () => {}), changed('Drizzle NodePgSession.transaction (its COMMIT, which commitBehind answers)')).toEqual(['commit'])
    expect(await endOf(async () => { throw new Error('roll back') }), changed('Drizzle NodePgSession.transaction (its ROLLBACK, which commitBehind answers)')).toEqual(['rollback'])
  })

  test('Drizzle: a raw SQL prepared as execute() prepares it runs on another client and answers the driver\'s result', async () => {
    const prepared = prepareRawUnnamed(database.db, sql`select ${sql.placeholder('n')}::int + 1 as next`)
    expect(typeof prepared.queryString === 'string' && prepared.queryString.includes('$1'), changed('Drizzle session.prepareQuery / dialect.sqlToQuery (a raw SQL\'s text)')).toBe(true)
    const result = (await executePreparedOn(prepared, driverClientOf(database.db), [41])) as { rows: { next: number }[] }
    expect(result.rows, changed('Drizzle raw prepared query execute() (the driver\'s result, rows as objects)')).toEqual([{ next: 42 }])
  })

  test('node-postgres: Result.prototype.addFields sets the parsers; patched, array rows skip the object template and parse as before', () => {
    const Result = (pg as unknown as { Result: new (rowMode: string | undefined, types: unknown) => Record<string, any> }).Result
    expect(typeof Result?.prototype?.addFields, changed('pg.Result.prototype.addFields')).toBe('function')
    const types = { getTypeParser: (oid: number) => (oid === 23 ? (v: string) => Number(v) : (v: string) => v) }
    const fields = [{ name: 'a', dataTypeID: 23, format: 'text' }, { name: 'b', dataTypeID: 25, format: 'text' }]
    const before = new Result('array', types)
    before.addFields(fields)
    expect(before._parsers?.length, changed('pg Result._parsers (set by addFields)')).toBe(2)
    addFieldsWithoutObjectTemplate()
    const asArray = new Result('array', types)
    asArray.addFields(fields)
    expect(asArray.parseRow(['7', 'x']), changed('pg Result.parseRow for array rows (with the patched addFields)')).toEqual([7, 'x'])
    expect(asArray._prebuiltEmptyResultObject ?? null, 'the patched addFields builds no object template for array rows').toBeNull()
    const asObject = new Result(undefined, types)
    asObject.addFields(fields)
    expect(asObject.parseRow(['7', 'x']), changed('pg Result.parseRow for object rows')).toEqual({ a: 7, b: 'x' })
  })

  if (testDatabaseKind === 'pglite') test('PGlite: a transaction\'s query(text, values) answers affectedRows', async () => {
    await database.db.transaction(async (tx) => {
      const result = await (driverClientOf(tx) as { query(text: string, values: unknown[]): Promise<{ affectedRows?: number }> })
        .query('update idempotency_keys set state = state where key = $1', ['none'])
      expect(result.affectedRows, changed('PGlite Transaction.query(...).affectedRows')).toBe(0)
    })
  })
})
