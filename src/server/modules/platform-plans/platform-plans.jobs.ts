import type { AppDeps } from '../../deps'
import { defineJob, type JobDefinition } from '../../jobs/jobs'
import { endDuePeriods } from './platform-plans.service'

// Every minute: canceled platform plans whose paid period is over end (docs/decisions/0055-platform-plans.md).
export const endPlanPeriodsJob = 'platform-plans.end-periods'
export const platformPlansJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: endPlanPeriodsJob, cron: '* * * * *', retryLimit: 1, retryDelaySeconds: 30, handler: async (deps) => { await endDuePeriods(deps) },
  }),
]
