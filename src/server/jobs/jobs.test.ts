import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import pino from 'pino'
import { sql } from 'drizzle-orm'
import { executeRows, type Database, type Executor } from '../db/client'
import type { Logger } from '../logger'
import { openTestDatabase } from '../../../tests/helpers/test-db'
import { defineJob, Jobs } from './jobs'

// Jobs enqueued in a transaction exist exactly when it commits, one at a time or collected by `batch` into
// one insert: the same keys, start times and queue settings either way. The standard-policy queues keep a
// job's singleton key without deduping by it (pg-boss); handlers are idempotent, so a second job is harmless.

const seen: string[] = []
const noted = defineJob<object, { label: string }>({ name: 'test.noted', handler: async (_deps, data) => { seen.push(data.label) } })
const other = defineJob<object, { label: string }>({ name: 'test.other', handler: async (_deps, data) => { seen.push(`other:${data.label}`) } })

let database: Database
let jobs: Jobs<object>
beforeAll(async () => {
  database = await openTestDatabase()
  jobs = new Jobs<object>(database, pino({ level: 'silent' }) as unknown as Logger, [noted, other], { work: false })
  await jobs.start({})
})
afterAll(async () => {
  await jobs.stop()
  await database.close()
})

const jobCountOn = async (tx: Executor, key: string) =>
  (await executeRows<{ n: number }>(tx, sql`select count(*)::int as n from pgboss.job where singleton_key like ${`${key}%`}`))[0]!.n

const jobRows = async (key: string) => (await database.executeSql(
  `select name, data->>'label' as label, start_after > now() + interval '1 hour' as later, retry_limit from pgboss.job where singleton_key like $1 order by singleton_key, data->>'label' desc`, [`${key}%`],
)).rows as { name: string; label: string; later: boolean; retry_limit: number }[]

describe('jobs in a transaction', () => {
  test('a batch inserts what it collected in one statement, with keys, start times and the queue settings, as send would', async () => {
    const key = `batch-${Date.now()}`
    const later = new Date(Date.now() + 2 * 3600_000)
    await database.db.transaction((tx) => jobs.batch(tx, async () => {
      await jobs.enqueue(tx, noted.name, { label: 'a' }, { singletonKey: `${key}-a` })
      await jobs.enqueue(tx, other.name, { label: 'b' }, { singletonKey: `${key}-b`, startAfter: later })
      await jobs.enqueue(tx, noted.name, { label: 'a again' }, { singletonKey: `${key}-a` })
      // a nested batch leaves the insert to the outer one
      await jobs.batch(tx, () => jobs.enqueue(tx, noted.name, { label: 'c' }, { singletonKey: `${key}-c` }))
      // collected, not yet written: the insert comes when the batch's work returns
      expect(await jobCountOn(tx, key)).toBe(0)
    }))
    expect(await jobRows(key)).toEqual([
      { name: 'test.noted', label: 'a again', later: false, retry_limit: 5 },
      { name: 'test.noted', label: 'a', later: false, retry_limit: 5 },
      { name: 'test.other', label: 'b', later: true, retry_limit: 5 },
      { name: 'test.noted', label: 'c', later: false, retry_limit: 5 },
    ])
    seen.length = 0
    await jobs.drain()
    expect(seen.sort()).toEqual(['a', 'a again', 'c'])

    // the same three through send, one insert each, give the same rows
    const sent = `sent-${Date.now()}`
    await database.db.transaction(async (tx) => {
      await jobs.enqueue(tx, noted.name, { label: 'a' }, { singletonKey: `${sent}-a` })
      await jobs.enqueue(tx, other.name, { label: 'b' }, { singletonKey: `${sent}-b`, startAfter: later })
      await jobs.enqueue(tx, noted.name, { label: 'a again' }, { singletonKey: `${sent}-a` })
      await jobs.enqueue(tx, noted.name, { label: 'c' }, { singletonKey: `${sent}-c` })
      expect(await jobCountOn(tx, sent)).toBe(4) // each written as it was sent
    })
    expect(await jobRows(sent)).toEqual(await jobRows(key))
  })

  test('a rolled-back batch leaves no job; outside a batch each enqueue is its own insert in the transaction', async () => {
    const key = `rolled-${Date.now()}`
    await expect(database.db.transaction((tx) => jobs.batch(tx, async () => {
      await jobs.enqueue(tx, noted.name, { label: 'lost' }, { singletonKey: `${key}-lost` })
      throw new Error('rolled back')
    }))).rejects.toThrow('rolled back')
    await expect(database.db.transaction(async (tx) => {
      await jobs.enqueue(tx, noted.name, { label: 'direct' }, { singletonKey: `${key}-direct` })
      throw new Error('rolled back too')
    })).rejects.toThrow('rolled back too')
    expect(await jobRows(key)).toEqual([])
    await database.db.transaction((tx) => jobs.enqueue(tx, noted.name, { label: 'kept' }, { singletonKey: `${key}-kept` }))
    expect((await jobRows(key)).map((r) => r.label)).toEqual(['kept'])
  })
})
