import { rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from './config'
import { buildApp } from './app'
import { closeDeps, createDeps } from './bootstrap'
import { seedDemo } from './db/seed'
import { backupEmbedded } from './db/backup'
import { refreshRatesAtStartIfStale } from './modules/exchange-rates/exchange-rates.jobs'

// Process entry: config -> database -> migrations -> jobs -> listen; closes gracefully on SIGINT/SIGTERM.
const roleArg = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length)
const config = loadConfig(process.env, roleArg ? { ROLE: roleArg as 'api' | 'worker' | 'all' } : {})
const serveHttp = config.ROLE !== 'worker'
const workJobs = config.ROLE !== 'api' && config.JOBS === 'on'

const deps = await createDeps(config, { work: workJobs })
const log = deps.logger

if (config.embedded) {
  log.info({ dataDir: config.DATA_DIR }, 'embedded database (PGlite)')
  await deps.database.migrate()
}
await deps.jobs.start(deps)
// A manager's change of the platform settings saved by another process arrives within this interval
// (docs/decisions/0062-platform-settings.md).
await deps.settings.refresh(deps.db)
deps.settings.startRefreshing(deps.db, 15_000, (error) => log.warn({ err: error }, 'platform settings refresh failed'))
// Exchange rates older than the maximum age (or none yet) are read again at once, not at the next 6-hour tick
// (src/server/modules/exchange-rates/README.md).
if (workJobs) await refreshRatesAtStartIfStale(deps).catch((error) => log.warn({ err: error }, 'exchange rates: no refresh at start'))

if (config.embedded && config.SEED_DEMO) {
  const seeded = await seedDemo(deps)
  if (seeded.created) {
    // Printed once, when the demo is made; DEMO_PASSWORD sets it.
    console.log(`\n  Demo seller ready: sign in as ${seeded.email} (username ${seeded.username}) with password ${seeded.password}\n`)
  }
  // Printed once, when the demo's API key is made (docs/decisions/0073-seller-api-keys.md); only its hash is kept.
  if (seeded.apiKeyToken) console.log(`  Demo API key (orders:read, products:write): ${seeded.apiKeyToken}\n`)
}

const dev = process.argv.includes('--dev')
const app = serveHttp ? await buildApp(deps, { dev, webDir: fileURLToPath(new URL('../../dist/web', import.meta.url)) }) : null
if (app) {
  await app.listen({ port: config.PORT, host: config.HOST })
  console.log(`  Sellfront is running at ${config.appUrl}  (API docs: ${config.appUrl}/api/docs)\n`)
} else {
  log.info('worker started')
}

// Embedded: `npm run db:backup` finds this process by its pid file and asks it for a consistent copy with
// SIGUSR2, since only the process that has the database open may read it (docs/operations.md).
const pidFile = config.embedded ? join(resolve(config.DATA_DIR), 'sellfront.pid') : null
if (pidFile) {
  writeFileSync(pidFile, String(process.pid))
  process.on('SIGUSR2', () => {
    backupEmbedded(deps.database, config.DATA_DIR)
      .then((written) => log.info({ backup: written }, 'backup written'))
      .catch((error) => log.error({ err: error }, 'backup failed'))
  })
}

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  log.info({ signal }, 'shutting down')
  const force = setTimeout(() => process.exit(1), 15_000)
  force.unref()
  try {
    await app?.close()
    await closeDeps(deps)
    if (pidFile) rmSync(pidFile, { force: true })
    process.exit(0)
  } catch (error) {
    log.error({ err: error }, 'shutdown failed')
    process.exit(1)
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
