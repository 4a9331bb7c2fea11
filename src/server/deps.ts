import type { Config } from './config'
import type { Database, Db } from './db/client'
import type { Jobs } from './jobs/jobs'
import type { Logger } from './logger'
import type { Mailer } from './mail/mailer'
import type { Storage } from './modules/media/storage'
import type { CounterStore } from './plugins/counter-store'

/** Everything a use case may need from the outside world, built once per process by main.ts or a test. */
export type AppDeps = {
  config: Config
  database: Database
  db: Db
  jobs: Jobs<AppDeps>
  mailer: Mailer
  counters: CounterStore
  /** Uploaded files (download files, covers, course media): local disk by default. */
  storage: Storage
  logger: Logger
  /** The clock; tests move it. */
  now: () => Date
  jwtKey: Uint8Array
}
