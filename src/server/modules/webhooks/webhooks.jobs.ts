import type { AppDeps } from '../../deps'
import { defineJob, type JobDefinition } from '../../jobs/jobs'
import { deliver, deliverWebhookJob, retryDueWebhooksJob, runDueDeliveries, type DeliverTrigger } from './webhooks.service'

// Signed webhooks (docs/decisions/0072-signed-webhooks.md): one attempt of a delivery per job (the module's own
// schedule retries, not pg-boss: the job itself does not fail on a receiver's error), and a sweep each minute
// for deliveries due by business time.
export const webhooksJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, { deliveryId: number; trigger?: DeliverTrigger }>({
    name: deliverWebhookJob, retryLimit: 3, retryDelaySeconds: 30,
    // Deliveries keep pace with the checkouts (docs/QUALITY.md "webhooks"): woken by the event's commit, a batch
    // per fetch, each attempt on its own so a hanging receiver holds one of 64 slots, not the queue. A job is
    // done once started: the delivery's claim and lease, and the due sweep below, are its record.
    work: { batchSize: 50, pollingIntervalSeconds: 0.5, wake: true, detached: { maxInFlight: 64 } },
    handler: async (deps, data) => { await deliver(deps, data.deliveryId, data.trigger) },
  }),
  defineJob<AppDeps, Record<string, never>>({
    name: retryDueWebhooksJob, cron: '* * * * *', retryLimit: 1, retryDelaySeconds: 30, handler: async (deps) => { await runDueDeliveries(deps) },
  }),
]
