import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import pino from 'pino'
import type { Config } from './config'
import { openDatabase, type Database } from './db/client'
import type { AppDeps } from './deps'
import { Jobs } from './jobs/jobs'
import { jobDefinitions } from './jobs/registry'
import type { Logger } from './logger'
import { createMailer } from './mail/mailer'
import { createCounterStore } from './plugins/counter-store'
import type { Storage } from './modules/media/storage'
import { createStorage } from './modules/media/storage-config'
import { TestClock } from './modules/test-clock/test-clock'
import * as planState from './modules/billing/plan-state.service'
import * as affiliateCommissions from './modules/affiliates/commissions.service'
import * as deals from './modules/deals/deals.port'
import { orderDeliveryPort } from './modules/delivery/delivery.port'
import * as funnels from './modules/funnels/funnels.port'
import { memberPagesPort } from './modules/pages/member-pages.port'
import { sellerBrandingPort } from './modules/customization/customization.service'
import * as moneyOut from './modules/payouts/deletion.service'
import * as resellers from './modules/resellers/resellers.service'
import * as coursePlayer from './modules/courses/course-player.service'
import * as dunning from './modules/dunning/dunning.service'
import * as platformPlans from './modules/platform-plans/platform-plans.service'
import * as webhooks from './modules/webhooks/webhooks.service'
import * as integrations from './modules/integrations/integrations.service'
import { createRateEvents, type RateEvents } from './ports/rate-events'
import { createAccountMoves, type AccountMoves } from './ports/account-moves'
import { createPlatformEvents, type PlatformEvents } from './ports/platform-events'
import { createMetrics } from './observability/metrics'
import { currentRequestId } from './observability/request-context'
import { startTracing, stopTracing, traceLogFields } from './observability/tracing'
import { PlatformSettings } from './modules/platform-settings/platform-settings.store'

/** Opens the configured database: PGlite in DATA_DIR, or the PostgreSQL server of DATABASE_URL. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
  const dir = resolve(config.DATA_DIR, 'db')
  mkdirSync(dir, { recursive: true })
  return openDatabase({ kind: 'pglite', dataDir: dir })
}

/** The access-token key: JWT_SECRET, or in embedded mode one generated once and kept in DATA_DIR. */
export function loadJwtKey(config: Config): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET)
  if (!config.embedded) throw new Error('JWT_SECRET must be set when DATABASE_URL is set (all API processes must share it)')
  const file = join(resolve(config.DATA_DIR), 'jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(resolve(config.DATA_DIR), { recursive: true })
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 })
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim())
}

export function createLogger(config: Config): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refresh_token', '*.access_token'],
    // Every line written within a request, or within a job it caused, names that request, and with traces on
    // its trace and span (docs/decisions/0100-opentelemetry-traces.md).
    mixin: () => {
      const requestId = currentRequestId()
      return requestId ? { requestId, ...traceLogFields() } : traceLogFields()
    },
  }) as unknown as Logger
}

/**
 * Builds the dependencies of one process. `work` decides whether this process works the job queues; `now`
 * replaces the real clock (tests), and the test clock's offset, when on, is added to it for business time.
 */
/** A warning at most every 30 s while Redis is down and the counters answer from memory (docs/decisions/0082-redis-down.md). */
function redisFallbackWarning(logger: Logger): (error: unknown) => void {
  let lastWarned = 0
  return (error) => {
    if (Date.now() - lastWarned < 30_000) return
    lastWarned = Date.now()
    logger.warn({ err: error }, 'Redis does not answer: abuse counters fall back to this process until it does')
  }
}

export async function createDeps(config: Config, options: { database?: Database; logger?: Logger; work: boolean; jwtKey?: Uint8Array; now?: () => Date; storage?: Storage }): Promise<AppDeps> {
  // Traces first (when configured), so everything built below runs traced; unconfigured, nothing is loaded.
  await startTracing(config)
  const logger = options.logger ?? createLogger(config)
  const database = options.database ?? (await openConfiguredDatabase(config))
  const realNow = options.now ?? (() => new Date())
  const testClock = new TestClock(config.testClock)
  await testClock.refresh(database.db)
  const settings = new PlatformSettings(config)
  await settings.refresh(database.db)
  const deps: AppDeps = {
    config,
    settings,
    database,
    db: database.db,
    jobs: new Jobs<AppDeps>(database, logger, jobDefinitions, { work: options.work }),
    mailer: createMailer(config.SMTP_URL, config.MAIL_FROM),
    counters: createCounterStore(config.REDIS_URL, redisFallbackWarning(logger)),
    storage: options.storage ?? createStorage(config),
    logger,
    now: testClock.enabled ? () => new Date(realNow().getTime() + testClock.offsetMs) : realNow,
    realNow,
    testClock,
    jwtKey: options.jwtKey ?? loadJwtKey(config),
    rateEvents: wireRateEvents(),
    courseProgressOf: coursePlayer.courseProgressOf,
    commissions: affiliateCommissions.commissionsPort,
    moneyOut: moneyOut.moneyOutPort,
    resellers: resellers.resellersPort,
    deals: deals.dealsPort,
    orderDelivery: orderDeliveryPort,
    funnels: funnels.funnelsPort,
    memberPages: memberPagesPort,
    sellerBranding: sellerBrandingPort(config.appUrl),
    accountMoves: wireAccountMoves(),
    platformEvents: wirePlatformEvents(),
    metrics: createMetrics(database),
  }
  return deps
}

/**
 * The rate events' listeners, in this order: the plan's home settles the order's state first, then
 * dunning reacts (it may move the rate again, which settles the order once more).
 */
function wireRateEvents(): RateEvents {
  const events = createRateEvents()
  events.on(planState.onRateEvent)
  events.on(dunning.onRateEvent)
  // Last: a platform plan starts, renews or ends once the order's state is settled (docs/decisions/0055-platform-plans.md).
  events.on(platformPlans.onRateEvent)
  return events
}

/** An account's moves' listeners: the platform plans hold, end or release the seller's plan (docs/decisions/0055-platform-plans.md). */
function wireAccountMoves(): AccountMoves {
  const moves = createAccountMoves()
  moves.on(platformPlans.onAccountMoved)
  return moves
}

/** The platform events' listeners (ports/platform-events.ts): signed webhooks fan each event out to the seller's endpoints; integrations sync buyers. */
function wirePlatformEvents(): PlatformEvents {
  const events = createPlatformEvents()
  events.on(webhooks.onPlatformEvent)
  // A paid order adds its buyer to the seller's mail services, a refund removes them (docs/decisions/0075-integrations.md).
  events.on(integrations.onPlatformEvent)
  return events
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  deps.settings.stopRefreshing()
  await deps.jobs.stop()
  deps.mailer.close()
  await deps.counters.close()
  await deps.database.close()
  // The spans still buffered are sent before the process ends.
  await stopTracing()
}
