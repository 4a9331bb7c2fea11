import PgBoss from 'pg-boss'
import type { Database, Executor } from '../db/client'
import { executeSqlOn } from '../db/client'
import type { Logger } from '../logger'
import { currentRequestId, requestContext } from '../observability/request-context'
import { currentTraceCarrier, runTraced, type TraceCarrier } from '../observability/tracing'

// Side effects (mails, webhooks, deliveries) are pg-boss jobs enqueued in the same transaction as the
// change that causes them, so a crash between the two cannot lose one. Handlers must be idempotent. A job
// that must run once per subject is enqueued with a once key (EnqueueOptions; the table in README.md).

export type JobHandler<Deps, Data> = (deps: Deps, data: Data) => Promise<void>
export type JobDefinition<Deps, Data = any> = {
  name: string
  handler: JobHandler<Deps, Data>
  retryLimit?: number
  retryDelaySeconds?: number
  /**
   * Runs the job on a schedule too (a cron expression, UTC; pg-boss `schedule`), for sweeps such as
   * expiring access. Registered by the processes that work jobs; pg-boss's clock makes one of them send
   * it per tick. The handler gets `{}` as data and must be idempotent like every other.
   */
  cron?: string
  /**
   * How a worker takes this queue's jobs. pg-boss waits its polling interval after every fetch, so a worker
   * taking one job per fetch every 2 s runs at most half a job a second: a queue that must keep pace with the
   * checkouts (webhook deliveries) takes a batch per fetch, polls more often, is woken by its enqueues'
   * commits and does not wait for one job before starting the next (`detached`).
   */
  work?: {
    batchSize?: number
    /**
     * How many jobs of one fetch run at once (default 1, one after the other): for jobs of independent subjects
     * (each delivery locks its own order), so a rush's batch is not worked one job at a time.
     */
    concurrency?: number
    /**
     * The longest a due job of this queue waits for a worker (default 2 s). One query per process looks for due
     * jobs in every queue at the shortest of these intervals (the scout, `Jobs.start`) and wakes the workers of
     * the queues that have some; each worker's own poll is only a safety net (`safetyPollSeconds`).
     */
    pollingIntervalSeconds?: number
    /**
     * An enqueue nudges the workers of this queue when its transaction commits (a NOTIFY on `wakeChannel`,
     * heard by every process that works jobs), so a job waits for no poll: a webhook's first attempt follows
     * its event's commit at once. The poll stays, for a nudge lost with a connection.
     */
    wake?: boolean
    /**
     * The worker starts each job and takes the next without waiting for it to end, up to `maxInFlight` at once:
     * a slow receiver holds one slot, never the queue. The job counts as done when started, so a handler that
     * throws is logged, not retried by the queue: only for work whose own rows are the record, which a sweep
     * finds again when unfinished (webhook deliveries: a claim with a lease, the due sweep).
     */
    detached?: { maxInFlight: number }
  }
}

/** The channel of the workers' nudges (JobDefinition `work.wake`); the payload is the job's name. */
export const wakeChannel = 'sellfront_jobs'

/**
 * How often each queue's worker polls on its own. The scout finds due jobs for every queue in one query, so
 * fifty queues cost one statement per interval instead of fifty (on the embedded database a poll holds its only
 * session: an idle `npm start` spent a tenth of a core polling). The own poll stays for a scout that failed.
 */
const safetyPollSeconds = 30

/**
 * The queues that have a job due now (created or to retry, its start passed). Planning it over every queue's
 * partition costs more than running it: PostgreSQL plans it in about a millisecond, while the embedded database
 * took 7 ms of its 8, so there it is prepared once in its one session (`dueQueuesStatement`).
 */
const dueQueuesSql = `SELECT DISTINCT name FROM pgboss.job WHERE state < 'active' AND start_after < now()`
const dueQueuesStatement = 'sf_due_job_queues'

/**
 * What an enqueue may ask: a once key and a later start.
 *
 * `singletonKey` is a once key: the job runs once per (job name, key), ever. The enqueue inserts the row
 * `<name>:<key>` into `job_once_keys` in the caller's transaction (ON CONFLICT DO NOTHING) and sends the
 * job only when that row was new, in the same statement as the job's insert: deduplicated by a unique row,
 * atomic with the transaction (a rolled-back enqueue leaves neither). pg-boss's own singleton keys do not
 * give this: on the standard queues it keeps the key without deduping, and its `singleton`/`stately`/
 * `short` queue policies dedupe only while a job is queued or active, not after it completed. A job that
 * may rightly run again for the same subject takes no key (or one naming what makes each run unique);
 * src/server/jobs/README.md lists the decision per job. Handlers stay idempotent anyway.
 */
export type EnqueueOptions = { singletonKey?: string; startAfter?: Date }

/** The once-row of a job: its name and its once key. */
const onceRowKey = (job: { name: string; singletonKey?: string }) => `${job.name}:${job.singletonKey}`

/**
 * pg-boss's insert of many jobs (`insert`, one statement) with the once rows folded in: a first CTE
 * inserts the batch's once rows, and only jobs without a key or whose row it inserted are kept. The text
 * is pg-boss 10's `insertJobs` (plans.js), changed at two places found by pattern; a pg-boss whose text
 * no longer matches fails here loudly (jobs.test.ts runs it), not silently without dedupe.
 */
function withOnceRows(text: string): string {
  const withAt = text.search(/\bWITH\s+defaults\s+as\s*\(/i)
  const recordset = /(json_to_recordset\(\$1\)\s+as\s+x\s*\([^)]*\))(\s*\)\s*j\b)/i
  if (withAt < 0 || !recordset.test(text)) throw new Error('pg-boss insert statement changed: once keys cannot be folded into it')
  const once = `WITH job_once_new AS (
      INSERT INTO job_once_keys (key, created_at) SELECT k, now() FROM json_array_elements_text($7::json) k
      ON CONFLICT DO NOTHING RETURNING key
    ), `
  return text.slice(0, withAt) + once + text.slice(withAt + 'WITH '.length).replace(recordset,
    `$1 WHERE x."singletonKey" IS NULL OR (x.name || ':' || x."singletonKey") IN (SELECT key FROM job_once_new)$2`)
}

/** The key under which a job's data carries the request that enqueued it (handlers ignore it). */
const requestIdKey = '_request_id'
/**
 * The keys of the W3C trace context of the span that enqueued the job, when traces are on: the job's span is its
 * child (docs/decisions/0100-opentelemetry-traces.md). Handlers ignore them.
 */
const traceparentKey = '_traceparent'
const tracestateKey = '_tracestate'

/** The job's data with the current request's id and trace context, when there are and the data is a plain object. */
function withRequestId(data: object): object {
  if (Array.isArray(data)) return data
  const requestId = currentRequestId()
  const trace = traceparentKey in data ? undefined : currentTraceCarrier()
  if ((!requestId || requestIdKey in data) && !trace) return data
  return {
    ...data,
    ...(requestId && !(requestIdKey in data) ? { [requestIdKey]: requestId } : {}),
    ...(trace ? { [traceparentKey]: trace.traceparent, ...(trace.tracestate ? { [tracestateKey]: trace.tracestate } : {}) } : {}),
  }
}

/** The trace context a job's data carries, if any. */
function traceOf(data: unknown): TraceCarrier | undefined {
  const carried = data as { [traceparentKey]?: unknown; [tracestateKey]?: unknown } | null
  if (typeof carried?.[traceparentKey] !== 'string') return undefined
  return { traceparent: carried[traceparentKey], ...(typeof carried[tracestateKey] === 'string' ? { tracestate: carried[tracestateKey] } : {}) }
}

/** A lost or refused connection (a database restart): the statement may succeed on a new one. */
function isConnectionLost(error: unknown): boolean {
  for (let e: any = error, depth = 0; e && depth < 10; e = e.cause, depth++) {
    const code = String(e.code ?? '')
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03'].includes(code) || code.startsWith('08')) return true
    if (/Connection terminated|not queryable|Client was closed/i.test(String(e.message ?? ''))) return true
  }
  return false
}

/**
 * pg-boss's own statements (fetch, complete, fail, maintenance) retried for up to 15 s while the database
 * reconnects: pg-boss 10 calls `complete` and `fail` after a job without awaiting them, so their rejection
 * during a database restart was unhandled and ended the worker (found by bench/faults.ts,
 * docs/decisions/0091-fault-battery.md). Completing or failing a job twice changes nothing; a fetch whose
 * answer was lost leaves its jobs active until they expire, as before.
 */
async function retriedWhileReconnecting<T>(run: () => Promise<T>): Promise<T> {
  const until = Date.now() + 15_000
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      return await run()
    } catch (error) {
      if (!isConnectionLost(error) || Date.now() + wait > until) throw error
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}

export function defineJob<Deps, Data>(definition: JobDefinition<Deps, Data>): JobDefinition<Deps, Data> {
  return definition
}

/** pg-boss Db adapter running on a Drizzle executor (a transaction included). */
function executorAdapter(executor: Executor): PgBoss.Db {
  return { executeSql: (text, values) => executeSqlOn(executor, text, values) }
}

const onceTexts = new Map<string, string>()

/** The adapter for an insert of jobs some of which have once keys: their rows go in the same statement. */
function onceAdapter(executor: Executor, jobs: PgBoss.JobInsert[]): PgBoss.Db {
  const keys = JSON.stringify(jobs.filter((j) => j.singletonKey !== undefined).map(onceRowKey))
  return {
    executeSql: (text, values) => {
      let changed = onceTexts.get(text)
      if (!changed) onceTexts.set(text, changed = withOnceRows(text))
      return executeSqlOn(executor, changed, [...(values ?? []), keys])
    },
  }
}

/** A batch without its repeats: a once key twice in one batch sends its first job only. */
function firstOfEachOnceKey(jobs: PgBoss.JobInsert[]): PgBoss.JobInsert[] {
  const seen = new Set<string>()
  return jobs.filter((j) => {
    if (j.singletonKey === undefined) return true
    const key = onceRowKey(j)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Inserts jobs in one statement; with once keys, their rows too (withOnceRows). */
async function insertJobs(boss: PgBoss, executor: Executor, jobs: PgBoss.JobInsert[]): Promise<void> {
  const once = firstOfEachOnceKey(jobs)
  const hasOnce = once.some((j) => j.singletonKey !== undefined)
  await boss.insert(once, { db: hasOnce ? onceAdapter(executor, once) : executorAdapter(executor) })
}

export class Jobs<Deps> {
  private readonly boss: PgBoss
  private readonly definitions = new Map<string, JobDefinition<Deps>>()
  private deps: Deps | undefined
  private started = false
  /** The jobs collected per executor while a `batch` runs on it. */
  private readonly batches = new WeakMap<Executor, PgBoss.JobInsert[]>()
  /** This process's workers of the queues a commit wakes (`work.wake`), by job name. */
  private readonly wakeable = new Map<string, string>()
  private stopListening: (() => Promise<void>) | null = null
  /** Detached jobs still running (`work.detached`). */
  private readonly inFlight = new Set<Promise<void>>()
  /** This process's worker of every queue, by job name (the scout wakes them). */
  private readonly workers = new Map<string, string>()
  private scoutTimer: NodeJS.Timeout | null = null
  private scouting: Promise<void> | null = null
  private dueQueuesPrepared = false

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    definitions: JobDefinition<Deps>[],
    private readonly options: { work: boolean; pollingIntervalSeconds?: number },
  ) {
    for (const d of definitions) this.definitions.set(d.name, d)
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => retriedWhileReconnecting(() => database.executeSql(text, values)) },
      schema: 'pgboss',
      // Maintenance and cron belong to the processes that work jobs.
      supervise: options.work,
      schedule: options.work,
      migrate: true,
    })
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'))
  }

  /** Installs the queue schema and queues; with `work`, also works the queues in this process. */
  async start(deps: Deps): Promise<void> {
    const options = this.options
    this.deps = deps
    await this.boss.start()
    this.started = true
    // A queue once made is left as it is (pg-boss's create_queue would do nothing): one query instead of one per
    // queue at every start, of the server and of every test file.
    const existing = new Set((await this.boss.getQueues()).map((queue) => queue.name))
    for (const d of this.definitions.values()) {
      if (existing.has(d.name)) continue
      await this.boss.createQueue(d.name, {
        name: d.name,
        retryLimit: d.retryLimit ?? 5,
        retryDelay: d.retryDelaySeconds ?? 30,
        retryBackoff: true,
      })
    }
    if (options.work) {
      // Upserts, so every worker may register the same schedules; removed jobs keep theirs until unscheduled.
      for (const d of this.definitions.values()) if (d.cron) await this.boss.schedule(d.name, d.cron, {}, { tz: 'UTC' })
      for (const d of this.definitions.values()) {
        const batchSize = d.work?.batchSize ?? 1
        let workerId = ''
        workerId = await this.boss.work(d.name, { pollingIntervalSeconds: Math.max(safetyPollSeconds, d.work?.pollingIntervalSeconds ?? 0), batchSize }, async (batch) => {
          // A full batch may have left more behind: the worker fetches again at once instead of waiting its poll,
          // so a backlog (invoices after a rush) drains at the jobs' own pace.
          if (batch.length >= batchSize) this.boss.notifyWorker(workerId)
          const detached = d.work?.detached
          if (detached) {
            for (const job of batch) await this.startDetached(d, job.data, detached.maxInFlight)
            return
          }
          if (batch.length === 1) return this.run(d, batch[0]!.data)
          // A batch's jobs fail one by one: a job that throws is failed (and retried) alone, and pg-boss completes
          // the others when this returns (it completes only jobs still active). Up to `concurrency` run at once.
          let next = 0
          const lane = async () => {
            while (next < batch.length) {
              const job = batch[next++]!
              try {
                await this.run(d, job.data)
              } catch (error) {
                await this.boss.fail(d.name, job.id, { message: error instanceof Error ? error.message : String(error) })
              }
            }
          }
          await Promise.all(Array.from({ length: Math.min(d.work?.concurrency ?? 1, batch.length) }, lane))
        })
        this.workers.set(d.name, workerId)
        if (d.work?.wake) this.wakeable.set(d.name, workerId)
      }
      const scoutSeconds = Math.min(options.pollingIntervalSeconds ?? Infinity, ...[...this.definitions.values()].map((d) => d.work?.pollingIntervalSeconds ?? 2))
      this.scheduleScout(scoutSeconds * 1000)
      if (this.wakeable.size > 0) {
        try {
          this.stopListening = await this.database.listen(wakeChannel, (name) => {
            const workerId = this.wakeable.get(name)
            if (workerId) this.boss.notifyWorker(workerId)
          })
        } catch (error) {
          this.logger.warn({ err: error }, 'job queue: no LISTEN connection; the woken queues wait for their poll')
        }
      }
    }
  }

  /** Looks for due jobs every `intervalMs` and wakes the workers of their queues (`safetyPollSeconds` says why). */
  private scheduleScout(intervalMs: number): void {
    if (!this.started) return
    this.scoutTimer = setTimeout(() => {
      this.scouting = this.scout().finally(() => {
        this.scouting = null
        this.scheduleScout(intervalMs)
      })
    }, intervalMs)
  }

  /** The names of the queues with due jobs (any queue: one this process does not work is passed over). */
  private async dueQueues(): Promise<{ name: string }[]> {
    if (this.database.kind !== 'pglite') return (await this.database.executeSql(dueQueuesSql)).rows
    if (!this.dueQueuesPrepared) {
      // Already prepared by an earlier Jobs on the same database (tests start several): 42P05, and it is there.
      await this.database.executeSql(`PREPARE ${dueQueuesStatement} AS ${dueQueuesSql}`).catch((error: { code?: string }) => {
        if (error.code !== '42P05') throw error
      })
      this.dueQueuesPrepared = true
    }
    return (await this.database.executeSql(`EXECUTE ${dueQueuesStatement}`)).rows
  }

  private async scout(): Promise<void> {
    try {
      for (const row of await this.dueQueues()) {
        const workerId = this.workers.get(row.name)
        if (workerId) this.boss.notifyWorker(workerId)
      }
    } catch (error) {
      // A database restart: the next look finds the jobs, and each worker's own poll remains.
      this.logger.warn({ err: error }, 'job queue: looking for due jobs failed')
    }
  }

  /** Starts a detached job once fewer than `maxInFlight` run, and answers without waiting for its end. */
  private async startDetached(definition: JobDefinition<Deps>, data: unknown, maxInFlight: number): Promise<void> {
    while (this.inFlight.size >= maxInFlight) await Promise.race(this.inFlight)
    const running: Promise<void> = this.run(definition, data).catch(() => {}).finally(() => this.inFlight.delete(running))
    this.inFlight.add(running)
  }

  /** Nudges the workers of the woken queues among `names` when the executor's transaction commits. */
  private async wake(executor: Executor, names: Iterable<string>): Promise<void> {
    for (const name of new Set(names)) {
      if (this.definitions.get(name)?.work?.wake) await executeSqlOn(executor, 'SELECT pg_notify($1, $2)', [wakeChannel, name])
    }
  }

  /**
   * Enqueue inside the caller's transaction: the job exists exactly when the transaction commits. Inside
   * `batch` on the same executor the job is collected and inserted with the others in one statement. With
   * a once key (`singletonKey`) the job is sent only if its key was never sent before (EnqueueOptions),
   * still in one statement.
   */
  async enqueue(executor: Executor, name: string, given: object, options: EnqueueOptions = {}): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`)
    const data = withRequestId(given)
    const collected = this.batches.get(executor)
    if (collected) collected.push({ name, data, ...options })
    else if (options.singletonKey !== undefined) await insertJobs(this.boss, executor, [{ name, data, ...options }])
    else await this.boss.send(name, data, { ...options, db: executorAdapter(executor) })
    if (!collected) await this.wake(executor, [name])
  }

  /**
   * Runs `work` with the jobs it enqueues on `executor` collected, then inserts them all in one statement
   * (pg-boss `insert`) before `work`'s answer is returned, so they still commit with the transaction. A
   * payment's success causes four jobs; one round trip instead of four is what the checkout's hot path
   * notices. Nested batches on the same executor leave the insert to the outermost.
   */
  async batch<T>(executor: Executor, work: () => Promise<T>): Promise<T> {
    if (this.batches.has(executor)) return work()
    const collected: PgBoss.JobInsert[] = []
    this.batches.set(executor, collected)
    let answer: T
    try {
      answer = await work()
    } finally {
      // Closed before the insert: a job enqueued after `work` returned is sent on its own, not lost.
      this.batches.delete(executor)
    }
    if (collected.length > 0) {
      await insertJobs(this.boss, executor, collected)
      await this.wake(executor, collected.map((job) => job.name))
    }
    return answer
  }

  /** Runs every job that is due now, in this process. Tests and CLI scripts use it instead of polling. */
  async drain(): Promise<number> {
    let ran = 0
    for (;;) {
      let progressed = false
      for (const d of this.definitions.values()) {
        const batch = await this.boss.fetch(d.name, { batchSize: 20 })
        for (const job of batch ?? []) {
          try {
            await this.run(d, job.data)
            await this.boss.complete(d.name, job.id)
          } catch (error) {
            await this.boss.fail(d.name, job.id, { message: (error as Error).message })
          }
          ran++
          progressed = true
        }
      }
      if (!progressed) return ran
    }
  }

  private async run(definition: JobDefinition<Deps>, data: unknown): Promise<void> {
    if (!this.deps) throw new Error('Jobs not started')
    const deps = this.deps
    // The job runs as part of the request that caused it: its log lines and the jobs it enqueues name it.
    const requestId = (data as { [requestIdKey]?: unknown } | null)?.[requestIdKey]
    // Under its own span when traces are on (a child of the enqueuer's), so its statements and log lines join the trace.
    const work = () => runTraced(definition.name, traceOf(data), async () => {
      try {
        await definition.handler(deps, data)
      } catch (error) {
        this.logger.warn({ err: error, job: definition.name }, 'job failed; it will be retried')
        throw error
      }
    })
    if (typeof requestId === 'string') await requestContext.run({ requestId }, work)
    else await work()
  }

  async stop(): Promise<void> {
    if (!this.started) return
    this.started = false
    if (this.scoutTimer) clearTimeout(this.scoutTimer)
    this.scoutTimer = null
    await this.scouting
    await this.stopListening?.()
    this.stopListening = null
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false })
    // Detached jobs get as long as the workers did; what is cut off, its sweep finds again.
    if (this.inFlight.size > 0) await Promise.race([Promise.allSettled(this.inFlight), new Promise((r) => setTimeout(r, 10_000).unref())])
  }
}
