// `npm run db:migrate`: applies the committed migrations (and the job-queue schema) to the configured database.
import { loadConfig } from '../config'
import { closeDeps, createDeps } from '../bootstrap'

const config = loadConfig()
const deps = await createDeps(config, { work: false })
await deps.database.migrate()
await deps.jobs.start(deps)
console.log(`Migrations applied to the ${deps.database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL database'}.`)
await closeDeps(deps)
