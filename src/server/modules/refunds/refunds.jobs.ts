import { defineJob, type JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { applyAllPendingProviderEvents } from './provider-events.service'
import { retryPendingRefunds } from './refund-order.service'

/** Every 10 minutes: provider events still waiting are tried again, refunds left pending asked again. */
export const refundsSweepJob = 'refunds.sweep'
export const refundsSweepCron = '*/10 * * * *'

export const refundsJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: refundsSweepJob, cron: refundsSweepCron, retryLimit: 2, retryDelaySeconds: 60,
    handler: async (deps) => {
      await retryPendingRefunds(deps)
      await applyAllPendingProviderEvents(deps)
    },
  }),
]
