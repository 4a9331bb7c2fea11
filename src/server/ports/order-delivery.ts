import type { Executor } from '../db/client'
import type { AppDeps } from '../deps'

// A paid order's delivery, asked by the order store in the payment's own transaction
// (docs/decisions/0092-delivery-in-the-payment-transaction.md): the delivery module reads orders, so the order
// store reaches it through this port, wired in bootstrap.ts.

export type OrderDeliveryPort = {
  /**
   * Delivers the paid order inside `tx` (access, payment tickets, certificates, the delivery mail's job), under a
   * savepoint: answers false when it could not (the savepoint is rolled back, nothing of it stays), and the
   * caller enqueues the delivery job, which retries on its own.
   */
  deliverInPayment(deps: AppDeps, tx: Executor, orderId: number): Promise<boolean>
}
