import { defineJob, type JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { membershipProductsChangedJob } from '../catalog/catalog.service'
import { deliverOrderJob, restoreOrderJob, revokeOrderJob } from '../orders/orders.service'
import {
  deliverOrder, expireGrants, expireGrantsCron, expireGrantsJob, restoreOrderAccess, revokeOrder, sendDeliveryEmail, sendDeliveryEmailJob, syncMembershipGrants,
} from './delivery.service'

// The delivery's jobs (what a paid order grants and issues, its mail, its revocation and its restoration after
// a won dispute), enqueued in the transaction that causes them; each is idempotent. A membership's changed
// products reach its members here. The expiry sweep runs on a schedule.
export const deliveryJobs: JobDefinition<AppDeps>[] = [
  // A paid order's deliverables (access, keys, tickets) follow its payment's commit at once: the commit wakes the
  // workers, which take up to 20 orders a fetch and deliver 4 at once (each locks only its own order).
  defineJob<AppDeps, { orderId: number }>({
    name: deliverOrderJob, handler: deliverOrder, retryLimit: 10, retryDelaySeconds: 30, work: { batchSize: 20, concurrency: 4, pollingIntervalSeconds: 0.5, wake: true },
  }),
  // A batch per fetch, like the delivery itself (docs/decisions/0091-fault-battery.md); the mail is once per order.
  defineJob<AppDeps, { orderId: number }>({ name: sendDeliveryEmailJob, handler: sendDeliveryEmail, retryLimit: 8, retryDelaySeconds: 60, work: { batchSize: 20, pollingIntervalSeconds: 0.5 } }),
  defineJob<AppDeps, { orderId: number; reason: string }>({ name: revokeOrderJob, handler: revokeOrder, retryLimit: 10, retryDelaySeconds: 30 }),
  defineJob<AppDeps, { orderId: number }>({ name: restoreOrderJob, handler: restoreOrderAccess, retryLimit: 10, retryDelaySeconds: 30 }),
  defineJob<AppDeps, { productId: number }>({
    name: membershipProductsChangedJob, retryLimit: 10, retryDelaySeconds: 30, handler: async (deps, data) => { await syncMembershipGrants(deps, data) },
  }),
  defineJob<AppDeps, Record<string, never>>({
    name: expireGrantsJob, cron: expireGrantsCron, retryLimit: 2, retryDelaySeconds: 60, handler: async (deps) => { await expireGrants(deps) },
  }),
]
