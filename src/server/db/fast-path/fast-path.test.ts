import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import { openTestDatabase, testDatabaseKind } from '../../../../tests/helpers/test-db'
import { executeRows, type Database } from '../client'
import { commitBehind, param, reusableQuery } from './index'
import { idempotencyKeys, ledgerEntries } from '../schema'

// A reusable query answers what Drizzle's own build would, on the database and inside transactions (whose
// rollback takes its writes with it), for every shape of values it meets: JSON, timestamps and nulls through
// the columns' encoders, left-out keys as defaults, multi-row inserts, and SQL values built as usual. On
// PostgreSQL every parameterised statement, however it is sent, is prepared once per connection under a
// name made from its text (prepared-statements.ts): unnamed, PostgreSQL planned it on every call.

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})

const insertKey = reusableQuery((db, row: typeof idempotencyKeys.$inferInsert) => db.insert(idempotencyKeys).values(row).returning())
const updateKey = reusableQuery((db, set: Partial<typeof idempotencyKeys.$inferInsert>) => db.update(idempotencyKeys).set(set)
  .where(and(eq(idempotencyKeys.scope, param('scope')), eq(idempotencyKeys.key, param('key')))).returning())
const findKey = reusableQuery((db) => db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, param('scope')), eq(idempotencyKeys.key, param('key')))))
const insertEntries = reusableQuery((db, rows: PgInsertValue<typeof ledgerEntries>[]) => db.insert(ledgerEntries).values(rows).returning())

const raiseSoldOut = reusableQuery((db) => db.select({ sold: sql<number>`sf_stock_exceeded()` }).from(sql`(select 1) as one`))

const createdAt = new Date('2026-01-02T03:04:05.678Z')

describe('reusable queries', () => {
  test('an insert answers the row Drizzle would: JSON, timestamps and nulls encoded, left-out keys defaulted', async () => {
    const [made] = await insertKey(database.db, {}, { scope: 'rq', key: 'a', requestHash: 'h', responseBody: { n: 1, list: ['x'] }, lockedUntil: null, createdAt })
    const [built] = await database.db.insert(idempotencyKeys).values({ scope: 'rq', key: 'b', requestHash: 'h', responseBody: { n: 1, list: ['x'] }, lockedUntil: null, createdAt }).returning()
    expect({ ...made, key: 'b' }).toEqual(built)
    expect(made).toMatchObject({ state: 'in_progress', responseBody: { n: 1, list: ['x'] }, responseStatus: null, lockedUntil: null, createdAt })
    const [stored] = (await database.executeSql(`select response_body is null as body_null, jsonb_typeof(response_body) as body_type from idempotency_keys where key = 'a'`)).rows
    expect(stored).toEqual({ body_null: false, body_type: 'object' })
  })

  test('another shape is its own statement; a null JSON value is SQL null, not the JSON null', async () => {
    const [made] = await insertKey(database.db, {}, { scope: 'rq', key: 'c', requestHash: 'h', state: 'done', responseBody: null, responseStatus: 201 })
    expect(made).toMatchObject({ state: 'done', responseStatus: 201, responseBody: null })
    const [stored] = (await database.executeSql(`select response_body is null as body_null from idempotency_keys where key = 'c'`)).rows
    expect(stored).toEqual({ body_null: true })
  })

  test('an update sets only the keys it is given and takes its fixed parameters by name', async () => {
    const later = new Date('2026-05-06T07:08:09.000Z')
    const [updated] = await updateKey(database.db, { scope: 'rq', key: 'a' }, { state: 'done', lockedUntil: later, responseBody: undefined })
    expect(updated).toMatchObject({ key: 'a', state: 'done', lockedUntil: later, responseBody: { n: 1, list: ['x'] }, createdAt })
    const [again] = await updateKey(database.db, { scope: 'rq', key: 'c' }, { state: 'in_progress', lockedUntil: later })
    expect(again).toMatchObject({ key: 'c', state: 'in_progress', lockedUntil: later, responseStatus: 201 })
  })

  test('inside a transaction it runs on the transaction, and a rollback takes its writes back', async () => {
    await expect(database.db.transaction(async (tx) => {
      await insertKey(tx, {}, { scope: 'rq', key: 'rolled-back', requestHash: 'h' })
      expect(await findKey(tx, { scope: 'rq', key: 'rolled-back' })).toHaveLength(1)
      throw new Error('roll back')
    })).rejects.toThrow('roll back')
    expect(await findKey(database.db, { scope: 'rq', key: 'rolled-back' })).toEqual([])
    await database.db.transaction(async (tx) => {
      await insertKey(tx, {}, { scope: 'rq', key: 'kept', requestHash: 'h' })
    })
    expect(await findKey(database.db, { scope: 'rq', key: 'kept' })).toHaveLength(1)
  })

  test('a multi-row insert is one statement per row count and keys; SQL values are built as usual', async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ transactionId: `rq-${n}`, kind: 'charge', account: `a${i}`, amount: i === 0 ? -(n - 1) : 1, currency: 'eur' }))
    expect((await insertEntries(database.db, {}, rows(2))).map((r) => r.account)).toEqual(['a0', 'a1'])
    expect((await insertEntries(database.db, {}, rows(3))).map((r) => r.amount)).toEqual([-2, 1, 1])
    const [computed] = await insertEntries(database.db, {}, [{ transactionId: 'rq-sql', kind: 'charge', account: 'x', amount: sql`40 + 2`, currency: 'eur' }])
    expect(computed!.amount).toBe(42)
  })

  test('a missing fixed parameter is refused before anything is sent', async () => {
    await expect(findKey(database.db, { scope: 'rq' })).rejects.toThrow(/"key"/)
  })

  if (testDatabaseKind === 'postgres') test('PostgreSQL: Drizzle builders, reusable queries and raw SQL with values run as named prepared statements', async () => {
    const prepared = await database.db.transaction(async (tx) => {
      for (const key of ['a', 'b']) {
        await tx.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.scope, key))
        await findKey(tx, { scope: 'rq', key })
        await executeRows(tx, sql`select ${key}::text as key`)
      }
      return executeRows<{ name: string; statement: string }>(tx, sql`select name, statement from pg_prepared_statements`)
    })
    const statements = prepared.map((p) => p.statement)
    expect(statements).toContain('select "key" from "idempotency_keys" where "idempotency_keys"."scope" = $1')
    expect(statements.some((s) => s.startsWith('select "scope", "key"') && s.endsWith('where ("idempotency_keys"."scope" = $1 and "idempotency_keys"."key" = $2)'))).toBe(true)
    expect(statements).toContain('select $1::text as key')
    expect(prepared.every((p) => p.name.startsWith('sf_'))).toBe(true)
  })

  test('commitBehind commits the transaction with its last statements, their values written as literals', async () => {
    const awkward = { scope: 'cb', key: "it's-\\-last", requestHash: 'h', responseBody: { quote: "o'clock", slash: 'a\\b', list: [1, null] }, lockedUntil: null, responseStatus: 7, createdAt }
    await database.db.transaction(async (tx) => {
      await insertKey(tx, {}, { scope: 'cb', key: 'written-before', requestHash: 'h' })
      const counts = await commitBehind(tx, [
        insertKey.statement(tx, {}, awkward),
        // a negative value after a minus sign: "- -3" would start a comment
        { text: 'update idempotency_keys set response_status = response_status - $1 where scope = $2 and key = $3', values: [-3, 'cb', awkward.key] },
        { text: 'update idempotency_keys set response_status = 0 where key = $1', values: ['no such key'] },
      ])
      expect(counts).toEqual([1, 1, 0])
      if (testDatabaseKind === 'postgres') {
        // committed already: another connection sees the rows before this callback returns
        expect(await findKey(database.db, { scope: 'cb', key: 'written-before' })).toHaveLength(1)
      }
    })
    const [stored] = await findKey(database.db, { scope: 'cb', key: awkward.key })
    expect(stored).toMatchObject({ ...awkward, responseStatus: 10 })
    // the connection goes back to the pool fit for the next transaction
    await database.db.transaction(async (tx) => {
      await insertKey(tx, {}, { scope: 'cb', key: 'next', requestHash: 'h' })
    })
    expect(await findKey(database.db, { scope: 'cb', key: 'next' })).toHaveLength(1)
  })

  test('commitBehind without statements leaves the commit to the transaction', async () => {
    await database.db.transaction(async (tx) => {
      await insertKey(tx, {}, { scope: 'cb', key: 'none-after', requestHash: 'h' })
      expect(await commitBehind(tx, [])).toEqual([])
      await insertKey(tx, {}, { scope: 'cb', key: 'still-in', requestHash: 'h' })
    })
    expect(await findKey(database.db, { scope: 'cb', key: 'still-in' })).toHaveLength(1)
  })

  test('a statement that raises under commitBehind rolls the whole transaction back and is thrown', async () => {
    await expect(database.db.transaction(async (tx) => {
      await insertKey(tx, {}, { scope: 'cb', key: 'rolled', requestHash: 'h' })
      await commitBehind(tx, [insertKey.statement(tx, {}, { scope: 'cb', key: 'rolled-last', requestHash: 'h' }), raiseSoldOut.statement(tx, {})])
    })).rejects.toMatchObject({ code: 'SFSO1' })
    expect(await findKey(database.db, { scope: 'cb', key: 'rolled' })).toEqual([])
    expect(await findKey(database.db, { scope: 'cb', key: 'rolled-last' })).toEqual([])
    // and the connection is fit for the next transaction
    await database.db.transaction(async (tx) => {
      await insertKey(tx, {}, { scope: 'cb', key: 'after-rollback', requestHash: 'h' })
    })
    expect(await findKey(database.db, { scope: 'cb', key: 'after-rollback' })).toHaveLength(1)
  })

  test('a reusable query with SQL among its values has no fixed statement', async () => {
    await database.db.transaction(async (tx) => {
      expect(() => insertKey.statement(tx, {}, { scope: 'cb', key: 'x', requestHash: sql`'h'` as unknown as string })).toThrow(/no fixed statement/)
    })
  })

  if (testDatabaseKind === 'postgres') test('PostgreSQL: a statement after commitBehind is refused, not run outside the transaction', async () => {
    await expect(database.db.transaction(async (tx) => {
      await commitBehind(tx, [insertKey.statement(tx, {}, { scope: 'cb', key: 'committed', requestHash: 'h' })])
      await insertKey(tx, {}, { scope: 'cb', key: 'too-late', requestHash: 'h' })
    })).rejects.toMatchObject({ cause: { message: expect.stringMatching(/commitBehind must come last/) } })
    expect(await findKey(database.db, { scope: 'cb', key: 'committed' })).toHaveLength(1)
    expect(await findKey(database.db, { scope: 'cb', key: 'too-late' })).toEqual([])
  })
})
