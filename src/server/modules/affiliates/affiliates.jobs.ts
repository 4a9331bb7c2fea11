import { defineJob, type JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { issueAllDueMemos } from './credit-memos.service'

/** Daily: the credit memos of the month that ended, made and mailed (docs/decisions/0048-affiliates.md). */
export const creditMemosJob = 'affiliates.credit-memos'
export const creditMemosCron = '15 3 * * *'

export const affiliatesJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: creditMemosJob, cron: creditMemosCron, retryLimit: 2, retryDelaySeconds: 300,
    handler: async (deps) => { await issueAllDueMemos(deps) },
  }),
]
