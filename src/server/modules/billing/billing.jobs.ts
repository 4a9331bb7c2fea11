import type { AppDeps } from '../../deps'
import { defineJob, type JobDefinition } from '../../jobs/jobs'
import { chargeDueRates, chargeDueRatesCron, chargeDueRatesJob } from './charge-next-installment.service'

// The scheduler: every minute one run charges the rates that fell due (decision 0026). A run beside
// another (two workers, a retry) charges nothing twice: each charge is decided under the order's lock.
export const billingJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: chargeDueRatesJob, cron: chargeDueRatesCron, retryLimit: 1, retryDelaySeconds: 30, handler: async (deps) => { await chargeDueRates(deps) },
  }),
]
