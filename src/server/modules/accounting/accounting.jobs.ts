import type { AppDeps } from '../../deps'
import { defineJob, type JobDefinition } from '../../jobs/jobs'
import { datevExportJob, runDatevExport } from './accounting.service'

// The DATEV export (docs/decisions/0076-datev-export.md): one export per job, idempotent (a done export is left alone).
export const accountingJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, { exportId: number }>({
    name: datevExportJob, retryLimit: 3, retryDelaySeconds: 60,
    handler: async (deps, data) => { await runDatevExport(deps, data.exportId) },
  }),
]
