import { defineJob, type JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { pollHandoffs, pollHandoffsCron, pollHandoffsJob, sendHandoff, sendHandoffJob } from './claim-handoffs.service'
import { runDueDunning, runDueDunningCron, runDueDunningJob } from './dunning.service'

// The dunning sweep: every five minutes the steps due run (each claimed once; see dunning.service.ts).
// Claim hand-offs to collection partners: one job per hand-off, and a poll of the partners' answers
// (claim-handoffs.service.ts).
export const dunningJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: runDueDunningJob, cron: runDueDunningCron, retryLimit: 2, retryDelaySeconds: 60, handler: async (deps) => { await runDueDunning(deps) },
  }),
  defineJob<AppDeps, { handoffId: number }>({
    name: sendHandoffJob, retryLimit: 5, retryDelaySeconds: 300, handler: async (deps, data) => { await sendHandoff(deps, data.handoffId) },
  }),
  defineJob<AppDeps, Record<string, never>>({
    name: pollHandoffsJob, cron: pollHandoffsCron, retryLimit: 1, retryDelaySeconds: 120, handler: async (deps) => { await pollHandoffs(deps) },
  }),
]
