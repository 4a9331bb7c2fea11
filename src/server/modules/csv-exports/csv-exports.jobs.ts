import { defineJob, type JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { sendDueExports } from './csv-exports.service'

// The sweep that mails due scheduled CSV exports; idempotent (csv-exports.service.ts).
export const sendDueExportsJob = 'csv-exports.send-due'
export const sendDueExportsCron = '*/15 * * * *'

export const csvExportsJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: sendDueExportsJob, cron: sendDueExportsCron, retryLimit: 2, retryDelaySeconds: 60, handler: async (deps) => { await sendDueExports(deps) },
  }),
]
