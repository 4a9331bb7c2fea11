import { defineJob, type JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { emoneyJobs } from './emoney.jobs'
import { runSchedule, sendPayout, sendPayoutJob } from './payouts.service'

// The payouts module's jobs (docs/decisions/0049-money-out.md "Payouts"): the daily schedule, and sending a
// payout over a rail other than SEPA outside any transaction, and the e-money provider's sync and hooks.

export const payoutsScheduleJob = 'payouts.schedule'
export const payoutsScheduleCron = '30 6 * * *'

export const payoutsJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: payoutsScheduleJob, cron: payoutsScheduleCron, retryLimit: 2, retryDelaySeconds: 300,
    handler: async (deps) => { await runSchedule(deps) },
  }),
  defineJob<AppDeps, { payoutId: number }>({
    name: sendPayoutJob, retryLimit: 5, retryDelaySeconds: 120,
    handler: async (deps, data) => { await sendPayout(deps, data.payoutId) },
  }),
  ...emoneyJobs,
]
