import { defineJob, type JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { refundLatePaymentThroughProvider } from './late-refunds'
import { expireReservation, expireReservationJob, refundLatePaymentJob } from './orders.service'

// The order store's jobs, enqueued in the transaction that causes them; each is idempotent. The two
// delivery jobs it enqueues (deliverOrderJob, revokeOrderJob) are the delivery module's: delivery.jobs.ts.
export const ordersJobs: JobDefinition<AppDeps>[] = [
  // One job per order placed: a batch per fetch, or a rush's reservations end minutes late (one per 2 s poll;
  // docs/decisions/0091-fault-battery.md). expireReservation checks the locked order, so a rerun does nothing.
  defineJob<AppDeps, { orderId: number }>({ name: expireReservationJob, handler: (deps, data) => expireReservation(deps, data), work: { batchSize: 20, pollingIntervalSeconds: 0.5 } }),
  defineJob<AppDeps, { paymentToken: string }>({ name: refundLatePaymentJob, handler: (deps, data) => refundLatePaymentThroughProvider(deps, data), retryLimit: 10, retryDelaySeconds: 60 }),
]
