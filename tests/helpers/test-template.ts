import pino from 'pino'
import { loadConfig } from '../../src/server/config'
import { closeDeps, createDeps } from '../../src/server/bootstrap'
import type { Database } from '../../src/server/db/client'
import type { Logger } from '../../src/server/logger'
import { testConfigEnv } from './test-app'

/**
 * Brings a new database to where every test file starts: the migrations applied, the job queue's schema and
 * queues installed. Run once per test run on the template that files copy (docs/decisions/0058-test-database-template.md),
 * so no file pays for them again.
 */
export async function prepareTemplate(database: Database): Promise<void> {
  await database.migrate()
  const logger = pino({ level: 'error' }) as unknown as Logger
  const deps = await createDeps(loadConfig(testConfigEnv), { database, logger, work: false })
  await deps.jobs.start(deps)
  // closeDeps closes the database too: the caller still dumps or closes it, so keep it open here.
  await closeDeps({ ...deps, database: { ...database, close: async () => {} } })
}
