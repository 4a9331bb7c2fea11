import { defineJob, type JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import * as orders from '../orders/orders.service'
import { refundLatePayment } from './checkout.service'

// The checkout's jobs, enqueued in the transaction that causes them; each is idempotent.
export const checkoutJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, { orderId: number }>({ name: orders.expireReservationJob, handler: (deps, data) => orders.expireReservation(deps, data) }),
  defineJob<AppDeps, { paymentToken: string }>({ name: orders.refundLatePaymentJob, handler: (deps, data) => refundLatePayment(deps, data), retryLimit: 10, retryDelaySeconds: 60 }),
  // The delivery issue gives this job its work (access, files, keys, tickets, certificates); until then
  // a paid order is complete without it.
  defineJob<AppDeps, { orderId: number }>({ name: orders.deliverOrderJob, handler: async (deps, data) => { deps.logger.debug({ orderId: data.orderId }, 'order paid: delivery pending its issue') } }),
]
