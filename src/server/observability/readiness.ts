import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { migrationsFolder } from '../db/client'
import type { AppDeps } from '../deps'

// Whether this process should be sent traffic (docs/operations.md "Health and readiness"): `/healthz` says the
// process answers; `/readyz` asks what it depends on, each question cut after `checkTimeoutMs` so a hanging
// dependency makes the answer "not ready", never a hanging probe.

export type ReadinessCheck = { ok: boolean; ms: number; detail?: string }
/** ready: every check passed; degraded: only a check the platform works without failed (Redis); not_ready otherwise. */
export type Readiness = { ready: boolean; status: 'ready' | 'degraded' | 'not_ready'; checks: Record<string, ReadinessCheck> }

/**
 * Checks whose failure leaves the process able to serve: with Redis down the counters answer from memory and
 * the rate limit lets requests pass (docs/decisions/0082-redis-down.md), so taking every process out of the
 * load balancer for it would turn a degraded platform into a down one.
 */
const optionalChecks = new Set(['redis'])

const checkTimeoutMs = 2_000

/** The migrations this build ships (drizzle's journal), read once. */
let shippedMigrations: number | null = null
function shippedMigrationCount(): number {
  shippedMigrations ??= (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length
  return shippedMigrations
}

async function timed(question: () => Promise<string | void>): Promise<ReadinessCheck> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  try {
    const detail = await Promise.race([
      question(),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${checkTimeoutMs} ms`)), checkTimeoutMs) }),
    ])
    return { ok: true, ms: Math.round(performance.now() - started), ...(detail ? { detail } : {}) }
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), detail: (error as Error).message.slice(0, 200) }
  } finally {
    clearTimeout(timer)
  }
}

export async function checkReadiness(deps: AppDeps): Promise<Readiness> {
  const { database, config } = deps
  const entries: [string, Promise<ReadinessCheck>][] = [
    ['database', timed(async () => { await database.executeSql('select 1') })],
    ['migrations', timed(async () => {
      const { rows } = await database.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations')
      const applied = Number(rows[0]?.n ?? 0)
      const shipped = shippedMigrationCount()
      if (applied < shipped) throw new Error(`${applied} of ${shipped} migrations applied`)
      return `${applied} applied`
    })],
    ['storage', timed(async () => { await deps.storage.exists('readiness-probe') })],
    ['jobs', timed(async () => {
      // Due for over a minute and not taken: the workers are missing or behind.
      const { rows } = await database.executeSql(
        `select count(*)::int as n from pgboss.job where state in ('created', 'retry') and start_after < now() - interval '1 minute'`)
      const overdue = Number(rows[0]?.n ?? 0)
      if (overdue > config.READY_JOBS_BACKLOG) throw new Error(`${overdue} jobs overdue (limit ${config.READY_JOBS_BACKLOG})`)
      return `${overdue} overdue`
    })],
  ]
  if (config.REDIS_URL) entries.push(['redis', timed(() => deps.counters.ping())])
  const checks = Object.fromEntries(await Promise.all(entries.map(async ([name, check]) => [name, await check] as const)))
  const failing = Object.entries(checks).filter(([, c]) => !c.ok).map(([name]) => name)
  const ready = failing.every((name) => optionalChecks.has(name))
  return { ready, status: failing.length === 0 ? 'ready' : ready ? 'degraded' : 'not_ready', checks }
}
