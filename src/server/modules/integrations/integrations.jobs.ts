import type { AppDeps } from '../../deps'
import { defineJob, type JobDefinition } from '../../jobs/jobs'
import { runSync, syncJob } from './integrations.service'

// One sync of a buyer with a service (docs/decisions/0075-integrations.md): retried with back-off (pg-boss
// doubles the delay: about 1, 2, 4 ... minutes over 8 tries), never inside a transaction.
export const integrationsJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, { syncEventId: number }>({
    name: syncJob, retryLimit: 8, retryDelaySeconds: 60, handler: async (deps, data) => { await runSync(deps, data.syncEventId) },
  }),
]
