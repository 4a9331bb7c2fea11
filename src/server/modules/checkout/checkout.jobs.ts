import { defineJob, type JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import * as orders from '../orders/orders.service'
import { refundLatePayment } from './late-refunds.service'

// The checkout's jobs, enqueued in the transaction that causes them; each is idempotent.
export const checkoutJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, { orderId: number }>({ name: orders.expireReservationJob, handler: (deps, data) => orders.expireReservation(deps, data) }),
  defineJob<AppDeps, { paymentToken: string }>({ name: orders.refundLatePaymentJob, handler: (deps, data) => refundLatePayment(deps, data), retryLimit: 10, retryDelaySeconds: 60 }),
  // orders.deliverOrderJob (a paid order's delivery) is the delivery module's: delivery.jobs.ts.
]
