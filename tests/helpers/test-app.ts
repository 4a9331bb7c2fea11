import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import pino from 'pino'
import { buildApp, type App } from '../../src/server/app'
import { loadConfig, type Config } from '../../src/server/config'
import { createDeps, closeDeps } from '../../src/server/bootstrap'
import type { AppDeps } from '../../src/server/deps'
import type { Logger } from '../../src/server/logger'
import type { Database } from '../../src/server/db/client'
import { openTestDatabase } from './test-db'
import { startS3StandIn } from '../stand-ins/s3-stand-in'

export type TestApp = {
  app: App
  deps: AppDeps
  /** Moves the clock used by the app (token expiry, mail links). */
  clock: { now: Date; advance(seconds: number): void }
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export const testConfigEnv = {
  NODE_ENV: 'test', LOG_LEVEL: 'silent', ARGON2_MEMORY_KIB: '1024', JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  RATE_LIMIT_AUTH_IP_MAX: '10000', RATE_LIMIT_MAX: '100000', APP_URL: 'http://localhost:3000', SEED_DEMO: 'false',
  // The integrations' services (docs/decisions/0075-integrations.md): a closed local port unless a test starts
  // its stand-in, so no test (the API fuzz included) ever calls the real services.
  ...Object.fromEntries(['MAILCHIMP', 'ACTIVECAMPAIGN', 'GETRESPONSE', 'HUBSPOT', 'KLICKTIPP', 'MAILINGWORK', 'VIMEO'].map((service) => [`${service}_API_BASE`, 'http://127.0.0.1:9'])),
  INTEGRATIONS_TIMEOUT_MS: '2000',
  // Exchange rates (src/server/modules/exchange-rates/README.md): never from the network; tests put rates in place.
  EXCHANGE_RATES_SOURCE: 'off',
}

/**
 * The whole app on a fresh database, jobs installed but not polled (tests run them with deps.jobs.drain()).
 * Benchmarks pass their own `database` and the real clock.
 */
export async function createTestApp(overrides: Record<string, string> = {}, options: { database?: Database; realClock?: boolean } = {}): Promise<TestApp> {
  // TEST_STORAGE=s3 (the PostgreSQL phase of `npm test`) keeps files in a local S3 stand-in instead of DATA_DIR,
  // so every route that stores or serves a file runs on both stores (docs/decisions/0081-s3-storage.md). A test
  // that names STORAGE itself keeps it.
  const s3 = process.env.TEST_STORAGE === 's3' && !overrides.STORAGE ? await startS3StandIn() : null
  const config: Config = loadConfig({ ...testConfigEnv, ...(s3?.env ?? {}), ...overrides })
  const database = options.database ?? await openTestDatabase()
  const clock = {
    now: new Date(),
    advance(seconds: number) {
      clock.now = new Date(clock.now.getTime() + seconds * 1000)
    },
  }
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'error' }) as unknown as Logger
  const deps = await createDeps(config, { database, logger, work: false, now: options.realClock ? () => new Date() : () => clock.now })
  await deps.jobs.start(deps)
  const app = await buildApp(deps)
  await app.ready()
  return {
    app, deps, clock,
    request({ token, headers, ...options }) {
      return app.inject({ ...options, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } })
    },
    async close() {
      await app.close()
      await closeDeps(deps)
      await s3?.close()
    },
  }
}
