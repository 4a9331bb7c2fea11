import { defineJob, type JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { runDueDunning, runDueDunningCron, runDueDunningJob } from './dunning.service'

// The dunning sweep: every five minutes the steps due run (each claimed once; see dunning.service.ts).
export const dunningJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: runDueDunningJob, cron: runDueDunningCron, retryLimit: 2, retryDelaySeconds: 60, handler: async (deps) => { await runDueDunning(deps) },
  }),
]
