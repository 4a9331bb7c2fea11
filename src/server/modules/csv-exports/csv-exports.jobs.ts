import { defineJob, type JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { sendDueExports, sendDueExportsCron, sendDueExportsJob } from './csv-exports.service'

// The sweep that mails due scheduled CSV exports; idempotent (csv-exports.service.ts).
export const csvExportsJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: sendDueExportsJob, cron: sendDueExportsCron, retryLimit: 2, retryDelaySeconds: 60, handler: async (deps) => { await sendDueExports(deps) },
  }),
]
