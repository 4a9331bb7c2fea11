import type { AppDeps } from '../../deps'
import { defineJob, type JobDefinition } from '../../jobs/jobs'
import { deliver, deliverWebhookJob, retryDueWebhooksJob, runDueDeliveries, type DeliverTrigger } from './webhooks.service'

// Signed webhooks (docs/decisions/0072-signed-webhooks.md): one attempt of a delivery per job (the module's own
// schedule retries, not pg-boss: the job itself does not fail on a receiver's error), and a sweep each minute
// for deliveries due by business time.
export const webhooksJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, { deliveryId: number; trigger?: DeliverTrigger }>({
    name: deliverWebhookJob, retryLimit: 3, retryDelaySeconds: 30,
    // Deliveries keep pace with the checkouts (docs/QUALITY.md "webhooks"): a batch per fetch, side by side.
    work: { batchSize: 50, pollingIntervalSeconds: 0.5, parallel: true },
    handler: async (deps, data) => { await deliver(deps, data.deliveryId, data.trigger) },
  }),
  defineJob<AppDeps, Record<string, never>>({
    name: retryDueWebhooksJob, cron: '* * * * *', retryLimit: 1, retryDelaySeconds: 30, handler: async (deps) => { await runDueDeliveries(deps) },
  }),
]
