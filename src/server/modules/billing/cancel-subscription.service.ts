import { AppError } from '../../../shared/errors'
import type { PlanActionOutput } from '../../../shared/schemas/billing'
import type { ManagePaymentOutput } from '../../../shared/schemas/delivery'
import { isRunningPlan } from '../../../shared/states'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as delivery from '../delivery/delivery.service'
import * as payerArea from '../delivery/payer-area.service'
import * as notifications from '../notifications/notifications.service'
import * as orders from '../orders/orders.service'
import { orderFor, planOutput, type PlanActor } from './billing.service'

// Cancel a subscription (or an installment plan), for every actor: the payer on the manage page, the
// seller in the cabinet, a manager, and the system when a refund ends the order (decision 0026). One rule
// says whether a plan is running (isRunningPlan, src/shared/states/order-payment.ts); one function ends it
// (cancelPlan). Access lasts to the end of the paid period.

export type CancelActor = PlanActor | 'payer' | 'system'

/**
 * Ends a plan in the caller's transaction: the rates not yet due are skipped, a running plan's order
 * becomes payment_canceled (the seller is told), and its dunning ends (the rate events' plan_ended).
 * Answers the end of the paid period (the next rate's due date) so the caller can end access then. A rate
 * already being charged finishes (its outcome is recorded); nothing is charged after this. The order row
 * is locked here, first.
 */
export async function cancelPlan(deps: AppDeps, tx: Executor, orderId: number, by: CancelActor): Promise<{ paidUntil: Date | null; canceled: boolean }> {
  const order = await orders.findOrder(tx, orderId, { lock: true })
  if (!order) throw new AppError('not_found', 'This order does not exist')
  const rates = await orders.ratesOf(tx, order.id)
  const next = rates.find((r) => r.state === 'future')
  const running = isRunningPlan(order.paymentState, rates)
  await orders.skipFutureRates(tx, order.id)
  const canceled = running && await orders.recordPlanCanceled(deps, tx, order.id, by)
  if (canceled) await notifications.notifyOrderEvent(deps, tx, { sellerId: order.sellerId, type: 'order_canceled', orderId: order.id })
  await deps.rateEvents.emit(deps, tx, { type: 'plan_ended', orderId: order.id })
  return { paidUntil: next?.dueDate ?? null, canceled }
}

/** Cancels a running plan and ends access at the end of the paid period; 409 when the plan is not running. */
async function cancelRunning(ctx: Ctx, tx: Executor, order: orders.OrderRow, by: CancelActor, notRunning: string): Promise<void> {
  if (!isRunningPlan(order.paymentState, await orders.ratesOf(tx, order.id))) throw new AppError('conflict', notRunning)
  const { paidUntil } = await cancelPlan(ctx.deps, tx, order.id, by)
  await delivery.endAccessOfOrder(tx, order.id, 'subscription_canceled', paidUntil ?? ctx.now, ctx.now)
}

/**
 * POST /cabinet/orders/{id}/cancel and /admin/orders/{id}/cancel: the seller (their own orders) or a
 * manager stops a running subscription or installment plan.
 */
export async function cancelSubscription(ctx: Ctx, orderId: number, as: PlanActor = 'seller'): Promise<PlanActionOutput> {
  await ctx.db.transaction(async (tx) => {
    const order = await orderFor(ctx, tx, orderId, as)
    await cancelRunning(ctx, tx, order, as, 'Only a running subscription or installment plan can be canceled')
  })
  return planOutput(ctx.db, orderId)
}

/**
 * POST /payer/orders/{token}/cancel: the payer cancels their running subscription when the seller allows
 * it (payment management settings). Answers the manage page.
 */
export async function cancelSubscriptionAsPayer(ctx: Ctx, token: string): Promise<ManagePaymentOutput> {
  const own = await payerArea.ownOrder(ctx, token)
  await ctx.db.transaction(async (tx) => {
    const order = (await orders.findOrder(tx, own.id, { lock: true }))!
    if (!(await payerArea.payersMayCancel(tx, order.sellerId))) throw new AppError('forbidden', 'The seller does not let payers cancel here; please contact the seller')
    if (!payerArea.isRunningSubscription(order, await orders.ratesOf(tx, order.id))) throw new AppError('conflict', 'Only a running subscription can be canceled')
    await cancelRunning(ctx, tx, order, 'payer', 'Only a running subscription can be canceled')
  })
  return payerArea.managePayment(ctx, token)
}
