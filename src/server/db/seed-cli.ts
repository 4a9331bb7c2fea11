// `npm run db:seed`: puts the demo (the same one `npm start` makes) into the configured database.
import { loadConfig } from '../config'
import { closeDeps, createDeps } from '../bootstrap'
import { seedDemo } from './seed'

const config = loadConfig()
const deps = await createDeps(config, { work: false })
await deps.database.migrate()
await deps.jobs.start(deps)
const seeded = await seedDemo(deps)
console.log(seeded.created
  ? `Demo seller created: ${seeded.email} (username ${seeded.username}), password ${seeded.password}`
  : `Demo seller ${seeded.email} already exists; nothing changed.`)
await closeDeps(deps)
