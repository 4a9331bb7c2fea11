import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import pino from 'pino'
import { sql } from 'drizzle-orm'
import { executeRows, type Database, type Executor } from '../db/client'
import { driverClientOf } from '../db/fast-path'
import type { Logger } from '../logger'
import { openTestDatabase } from '../../../tests/helpers/test-db'
import { defineJob, Jobs } from './jobs'

// Jobs enqueued in a transaction exist exactly when it commits, one at a time or collected by `batch` into
// one insert: the same keys, start times and queue settings either way. A once key (`singletonKey`) sends
// its job once ever: a unique row in job_once_keys, written in the same statement as the jobs (pg-boss's own
// singleton keys do not dedupe on these queues).

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

const onceRows = async (key: string) => ((await database.executeSql(`select key from job_once_keys where key like $1`, [`%:${key}%`])).rows as { key: string }[]).map((r) => r.key)

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
    // 'a again' has the once key of 'a': the first is kept
    expect(await jobRows(key)).toEqual([
      { name: 'test.noted', label: 'a', later: false, retry_limit: 5 },
      { name: 'test.other', label: 'b', later: true, retry_limit: 5 },
      { name: 'test.noted', label: 'c', later: false, retry_limit: 5 },
    ])
    seen.length = 0
    await jobs.drain()
    expect(seen.sort()).toEqual(['a', 'c'])

    // the same three through send, one insert each, give the same rows
    const sent = `sent-${Date.now()}`
    await database.db.transaction(async (tx) => {
      await jobs.enqueue(tx, noted.name, { label: 'a' }, { singletonKey: `${sent}-a` })
      await jobs.enqueue(tx, other.name, { label: 'b' }, { singletonKey: `${sent}-b`, startAfter: later })
      await jobs.enqueue(tx, noted.name, { label: 'a again' }, { singletonKey: `${sent}-a` })
      await jobs.enqueue(tx, noted.name, { label: 'c' }, { singletonKey: `${sent}-c` })
      expect(await jobCountOn(tx, sent)).toBe(3) // each written as it was sent; 'a again' not at all
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

  test('a once key sends one job: twice in one transaction, again in a later one, or in a batch after a send', async () => {
    const key = `once-${Date.now()}`
    await database.db.transaction(async (tx) => {
      await jobs.enqueue(tx, noted.name, { label: 'first' }, { singletonKey: key })
      await jobs.enqueue(tx, noted.name, { label: 'same transaction' }, { singletonKey: key })
    })
    await database.db.transaction((tx) => jobs.enqueue(tx, noted.name, { label: 'later transaction' }, { singletonKey: key }))
    await database.db.transaction((tx) => jobs.batch(tx, async () => {
      await jobs.enqueue(tx, noted.name, { label: 'later batch' }, { singletonKey: key })
      await jobs.enqueue(tx, noted.name, { label: 'no key' })
    }))
    expect((await jobRows(key)).map((r) => r.label)).toEqual(['first'])
    // the same key on another job is that job's own
    await database.db.transaction((tx) => jobs.enqueue(tx, other.name, { label: 'other job' }, { singletonKey: key }))
    expect((await jobRows(key)).map((r) => r.label).sort()).toEqual(['first', 'other job'])
    expect((await onceRows(key)).sort()).toEqual([`test.noted:${key}`, `test.other:${key}`])
    // done, the job still runs once: a later enqueue sends nothing
    seen.length = 0
    await jobs.drain()
    await database.db.transaction((tx) => jobs.enqueue(tx, noted.name, { label: 'after it ran' }, { singletonKey: key }))
    expect(await jobs.drain()).toBe(0)
  })

  test('a batch with once keys is still one statement: the once rows and the jobs together', async () => {
    const key = `one-statement-${Date.now()}`
    await database.db.transaction(async (tx) => {
      const sent = vi.spyOn(driverClientOf(tx) as { query(...args: unknown[]): unknown }, 'query')
      await jobs.batch(tx, async () => {
        await jobs.enqueue(tx, noted.name, { label: 'a' }, { singletonKey: `${key}-a` })
        await jobs.enqueue(tx, other.name, { label: 'b' }, { singletonKey: `${key}-b` })
        await jobs.enqueue(tx, noted.name, { label: 'no key' })
      })
      expect(sent).toHaveBeenCalledTimes(1)
      sent.mockRestore()
    })
    expect((await jobRows(key)).map((r) => r.label).sort()).toEqual(['a', 'b'])
    expect((await onceRows(key)).sort()).toEqual([`test.noted:${key}-a`, `test.other:${key}-b`])
  })

  test('two transactions enqueueing one once key at once send one job', async () => {
    const key = `racing-${Date.now()}`
    await Promise.all(['x', 'y', 'z'].map((label) => database.db.transaction((tx) => jobs.enqueue(tx, noted.name, { label }, { singletonKey: key }))))
    expect(await jobRows(key)).toHaveLength(1)
  })

  test('a rolled-back enqueue leaves no once row, so the key is free for the next', async () => {
    const key = `undone-${Date.now()}`
    await expect(database.db.transaction(async (tx) => {
      await jobs.enqueue(tx, noted.name, { label: 'sent, rolled back' }, { singletonKey: key })
      throw new Error('rolled back')
    })).rejects.toThrow('rolled back')
    await expect(database.db.transaction((tx) => jobs.batch(tx, async () => {
      await jobs.enqueue(tx, noted.name, { label: 'batched, rolled back' }, { singletonKey: key })
      throw new Error('rolled back too')
    }))).rejects.toThrow('rolled back too')
    expect(await onceRows(key)).toEqual([])
    expect(await jobRows(key)).toEqual([])
    await database.db.transaction((tx) => jobs.enqueue(tx, noted.name, { label: 'kept' }, { singletonKey: key }))
    expect((await jobRows(key)).map((r) => r.label)).toEqual(['kept'])
    expect(await onceRows(key)).toEqual([`test.noted:${key}`])
  })
})

// A queue that must keep pace (webhook deliveries, JobDefinition `work`): its enqueue's commit wakes the worker
// instead of its poll, and a detached job that hangs holds one slot, not the queue. The poll here is 30 s, so a
// job run within seconds was woken.
describe('a woken, detached queue', () => {
  const ran: string[] = []
  const releases = new Map<string, () => void>()
  const woken = defineJob<object, { label: string; hang?: boolean }>({
    name: 'test.woken', work: { batchSize: 10, pollingIntervalSeconds: 30, wake: true, detached: { maxInFlight: 2 } },
    handler: async (_deps, data) => {
      if (data.hang) await new Promise<void>((resolve) => releases.set(data.label, resolve))
      ran.push(data.label)
    },
  })
  let worked: Jobs<object>
  beforeAll(async () => {
    worked = new Jobs<object>(database, pino({ level: 'silent' }) as unknown as Logger, [woken], { work: true, pollingIntervalSeconds: 30 })
    await worked.start({})
    await new Promise((r) => setTimeout(r, 500)) // the worker's first fetch found nothing; it waits for its poll
  })
  afterAll(async () => {
    for (const release of releases.values()) release()
    await worked.stop()
  })
  const runs = async (label: string) => vi.waitFor(() => expect(ran).toContain(label), { timeout: 8_000, interval: 50 })

  test('a committed enqueue runs at once, a rolled-back one never; a hanging job does not hold the next', async () => {
    await expect(database.db.transaction(async (tx) => {
      await worked.enqueue(tx, woken.name, { label: 'rolled back' })
      throw new Error('rolled back')
    })).rejects.toThrow('rolled back')
    await database.db.transaction((tx) => worked.enqueue(tx, woken.name, { label: 'hanging', hang: true }))
    await vi.waitFor(() => expect(releases.has('hanging')).toBe(true), { timeout: 8_000, interval: 50 })
    await database.db.transaction((tx) => worked.batch(tx, () => worked.enqueue(tx, woken.name, { label: 'after the hang' })))
    await runs('after the hang')
    expect(ran).not.toContain('hanging')
    releases.get('hanging')!()
    await runs('hanging')
    expect(ran).not.toContain('rolled back')
  })

  test('no more than maxInFlight run at once: the third waits for a slot', async () => {
    for (const label of ['slot 1', 'slot 2']) await database.db.transaction((tx) => worked.enqueue(tx, woken.name, { label, hang: true }))
    await vi.waitFor(() => expect(releases.has('slot 2')).toBe(true), { timeout: 8_000, interval: 50 })
    await database.db.transaction((tx) => worked.enqueue(tx, woken.name, { label: 'third', hang: true }))
    await new Promise((r) => setTimeout(r, 1_000))
    expect(releases.has('third')).toBe(false)
    releases.get('slot 1')!()
    await vi.waitFor(() => expect(releases.has('third')).toBe(true), { timeout: 8_000, interval: 50 })
    releases.get('slot 2')!()
    releases.get('third')!()
    await runs('third')
  })
})

// A batched queue that is not detached (deliveries): one fetch takes several jobs; one that throws is failed and
// retried alone (at a later poll: a retry wakes nobody), the others complete once.
describe('a woken, batched queue', () => {
  const ran: string[] = []
  const batched = defineJob<object, { label: string }>({
    name: 'test.batched', retryLimit: 2, retryDelaySeconds: 1, work: { batchSize: 10, concurrency: 2, pollingIntervalSeconds: 1, wake: true },
    handler: async (_deps, data) => {
      ran.push(data.label)
      if (data.label === 'bad' && ran.filter((l) => l === 'bad').length === 1) throw new Error('the first try fails')
    },
  })
  let worked: Jobs<object>
  beforeAll(async () => {
    worked = new Jobs<object>(database, pino({ level: 'silent' }) as unknown as Logger, [batched], { work: true, pollingIntervalSeconds: 1 })
    await worked.start({})
    await new Promise((r) => setTimeout(r, 500))
  })
  afterAll(async () => { await worked.stop() })

  test('a failing job of a batch is retried alone; the others run once and complete', async () => {
    await database.db.transaction((tx) => worked.batch(tx, async () => {
      for (const label of ['first', 'bad', 'last']) await worked.enqueue(tx, batched.name, { label })
    }))
    await vi.waitFor(() => expect(ran.filter((l) => l === 'bad')).toHaveLength(2), { timeout: 15_000, interval: 50 })
    expect(ran.filter((l) => l === 'first')).toEqual(['first'])
    expect(ran.filter((l) => l === 'last')).toEqual(['last'])
    await vi.waitFor(async () => {
      const { rows } = await database.executeSql(`select data->>'label' as label, state, retry_count from pgboss.job where name = 'test.batched' order by data->>'label'`, [])
      expect(rows).toEqual([
        { label: 'bad', state: 'completed', retry_count: 1 }, { label: 'first', state: 'completed', retry_count: 0 }, { label: 'last', state: 'completed', retry_count: 0 },
      ])
    }, { timeout: 8_000, interval: 100 })
  })
})

// Every other queue (no wake): one query per process finds due jobs in all queues and wakes their workers, whose
// own poll is 30 s; a full batch fetches again at once, so a backlog drains at the jobs' pace, not one per poll.
describe('the scout and a backlog', () => {
  const ran: string[] = []
  const plain = defineJob<object, { label: string }>({
    name: 'test.scouted', work: { pollingIntervalSeconds: 0.5 },
    handler: async (_deps, data) => { ran.push(data.label) },
  })
  let worked: Jobs<object>
  beforeAll(async () => {
    worked = new Jobs<object>(database, pino({ level: 'silent' }) as unknown as Logger, [plain], { work: true })
    await worked.start({})
    await new Promise((r) => setTimeout(r, 500))
  })
  afterAll(async () => { await worked.stop() })

  test('a job enqueued or due later runs within the scout interval; twenty queued jobs of batch size one run within seconds', async () => {
    await database.db.transaction((tx) => worked.enqueue(tx, plain.name, { label: 'now' }))
    await database.db.transaction((tx) => worked.enqueue(tx, plain.name, { label: 'in a second' }, { startAfter: new Date(Date.now() + 1_000) }))
    await vi.waitFor(() => expect(ran).toEqual(['now', 'in a second']), { timeout: 6_000, interval: 50 })
    await database.db.transaction((tx) => worked.batch(tx, async () => {
      for (let i = 0; i < 20; i++) await worked.enqueue(tx, plain.name, { label: `backlog ${i}` })
    }))
    // One job per fetch and a fetch per scout look would take ten seconds; fetching again after each full batch
    // takes the twenty at once.
    await vi.waitFor(() => expect(ran.filter((l) => l.startsWith('backlog'))).toHaveLength(20), { timeout: 5_000, interval: 50 })
  })
})
