import { randomBytes } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type { CurrencyId } from '../../../shared/money'
import { reusableMethods, type CheckoutMethod } from '../../../shared/payments'
import type { PlanActionOutput, PayRateOutput } from '../../../shared/schemas/billing'
import { isRunningPlan } from '../../../shared/states'
import { actingSellerId, assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import type { Executor } from '../../db/client'
import * as payerArea from '../delivery/payer-area.service'
import * as orders from '../orders/orders.service'
import * as paymentSettings from '../payment-settings/payment-settings.service'

// The plan's pay link and the seller's and manager's pause and resume (decision 0026). Charging a due
// rate is charge-next-installment.service.ts; cancelling a plan, cancel-subscription.service.ts; the
// order's state from its rates, plan-state.service.ts.

function token(): string {
  return randomBytes(24).toString('base64url')
}

// ------------------------------------------------------------------ the payer's pay link

/**
 * Starts a normal provider payment of one open rate (unpaid, in debt, part paid) for the payer on the
 * manage page: the dunning mails' pay link. The payment row is committed first, then the provider is
 * asked (outside any transaction); its outcome is recorded by recordPaymentOutcome like every rate's.
 */
export async function startRatePayment(ctx: Ctx, orderId: number, rateNumber: number): Promise<PayRateOutput> {
  const deps = ctx.deps
  const now = deps.now()
  const made = await ctx.db.transaction(async (tx) => {
    const order = await orders.findOrder(tx, orderId, { lock: true })
    const rate = order ? await orders.findRateByNumber(tx, order.id, rateNumber, { lock: true }) : undefined
    if (!order || !rate) throw new AppError('not_found', 'This rate does not exist')
    if (!['paying', 'paid', 'payment_paused', 'payment_canceled'].includes(order.paymentState) || !['unpaid', 'debt', 'partly_paid'].includes(rate.state)) {
      throw new AppError('conflict', 'This rate is not open for payment')
    }
    const payment = await orders.openPayment(tx, {
      token: token(), orderId: order.id, sellerId: order.sellerId, rateNumber: rate.number, kind: 'charge', provider: order.provider, method: order.paymentMethod,
      state: 'waiting', amount: Math.max(0, rate.amount - rate.paidAmount), currency: order.currency, createdAt: now, updatedAt: now,
    })
    return { order, payment }
  })
  const { order, payment } = made
  const { product, username } = await orders.productAndSeller(ctx.db, order.productId)
  const manageUrl = `${deps.config.appUrl}/s/${encodeURIComponent(username)}/payment/${order.token}/manage`
  const payer = order.payer as { email: string; first_name: string; last_name: string; country_code: string }
  let result
  try {
    const adapter = await paymentSettings.providerAdapter(deps.db, deps, order.sellerId, payment.provider)
    result = await adapter.createPayment({
      paymentToken: payment.token, orderToken: order.token, amount: { amount: payment.amount, currency: payment.currency as CurrencyId },
      method: payment.method as CheckoutMethod, description: product.name,
      payer: { email: payer.email, firstName: payer.first_name, lastName: payer.last_name, countryCode: payer.country_code },
      returnUrl: `${deps.config.appUrl}/api/v1/shop/payments/${payment.token}/return`, cancelUrl: manageUrl,
      saveMethod: reusableMethods.includes(payment.method as CheckoutMethod), idempotencyKey: `rate-pay:${payment.token}`,
    })
  } catch (error) {
    await orders.recordPaymentOutcome(deps, payment.token, { providerRef: `failed_${payment.token}`, state: 'error', failureReason: error instanceof AppError ? error.type : 'provider_error' })
    throw error instanceof AppError ? error : new AppError('provider_error', 'The payment provider is not reachable; please try again')
  }
  await orders.recordProviderReference(ctx.db, payment.id, { providerRef: result.providerRef, reference: result.nextAction.type === 'bank_wire' ? result.nextAction.details.reference : null, at: deps.now() })
  if (result.state !== 'waiting') await orders.recordPaymentOutcome(deps, payment.token, result)
  return { url: result.nextAction.type === 'redirect' ? result.nextAction.url : manageUrl, payment_id: payment.token }
}

/**
 * POST /payer/orders/{token}/rates/{number}/pay: the payer pays an open rate (unpaid or in debt) of their
 * own order now, the pay link of the dunning mails. Answers where to send the payer.
 */
export async function payRate(ctx: Ctx, token: string, rateNumber: number): Promise<PayRateOutput> {
  const order = await payerArea.ownOrder(ctx, token)
  return startRatePayment(ctx, order.id, rateNumber)
}

// ------------------------------------------------------------------ the seller's plan actions

export type PlanActor = 'seller' | 'manager'

/** The order a seller (their own only: another's is 404) or a manager (any) acts on, locked. */
export async function orderFor(ctx: Ctx, tx: Executor, orderId: number, as: PlanActor): Promise<orders.OrderRow> {
  const sellerId = as === 'seller' ? actingSellerId(ctx.actor, 'orders.write') : null
  if (as === 'manager') assertCan(ctx.actor, 'admin.write')
  const order = await orders.findOrder(tx, orderId, { lock: true })
  if (!order || (sellerId !== null && order.sellerId !== sellerId)) throw new AppError('not_found', 'This order does not exist')
  return order
}

/** What a plan action answers: the order's state and its rates. */
export async function planOutput(db: Executor, orderId: number): Promise<PlanActionOutput> {
  const order = (await orders.findOrder(db, orderId))!
  const rates = await orders.ratesOf(db, orderId)
  return {
    id: order.id, payment_state: order.paymentState, paused_at: order.pausedAt?.toISOString() ?? null, canceled_at: order.canceledAt?.toISOString() ?? null,
    canceled_by: order.canceledBy, rates: rates.map((r) => ({ id: r.id, number: r.number, amount: r.amount, due_at: r.dueDate.toISOString(), state: r.state })),
  }
}

/** POST /cabinet/orders/{id}/pause: payment_paused; nothing is charged until it is resumed. */
export async function pauseOrderPlan(ctx: Ctx, orderId: number, as: PlanActor = 'seller'): Promise<PlanActionOutput> {
  await ctx.db.transaction(async (tx) => {
    const order = await orderFor(ctx, tx, orderId, as)
    await pausePlan(ctx.deps, tx, order.id)
  })
  return planOutput(ctx.db, orderId)
}

/** POST /cabinet/orders/{id}/resume: back to paying; missed charges per resumePlan's rule. */
export async function resumeOrderPlan(ctx: Ctx, orderId: number, as: PlanActor = 'seller'): Promise<PlanActionOutput> {
  await ctx.db.transaction(async (tx) => {
    const order = await orderFor(ctx, tx, orderId, as)
    await resumePlan(ctx.deps, tx, order.id)
  })
  return planOutput(ctx.db, orderId)
}

/** Pauses a running plan (the one "is it running" rule, isRunningPlan); nothing is charged while paused. */
export async function pausePlan(deps: AppDeps, tx: Executor, orderId: number): Promise<orders.OrderRow> {
  const order = await orders.findOrder(tx, orderId, { lock: true })
  if (!order) throw new AppError('not_found', 'This order does not exist')
  if (order.paymentState === 'payment_paused' || !isRunningPlan(order.paymentState, await orders.ratesOf(tx, order.id))) {
    throw new AppError('conflict', 'Only a running subscription or installment plan can be paused')
  }
  return orders.markPlanPaused(deps, tx, order)
}

/**
 * Resumes a paused plan. A subscription's rates that fell due while paused are skipped (not owed); an
 * installment plan's rates stay owed, and rates due before the pause are owed as before.
 */
export async function resumePlan(deps: AppDeps, tx: Executor, orderId: number): Promise<{ order: orders.OrderRow; skipped: number }> {
  const order = await orders.findOrder(tx, orderId, { lock: true })
  if (!order) throw new AppError('not_found', 'This order does not exist')
  if (order.paymentState !== 'payment_paused') throw new AppError('conflict', 'Only a paused plan can be resumed')
  let skipped = 0
  if ((order.planSnapshot as { form?: string } | null)?.form !== 'installment') {
    for (const rate of await orders.ratesDueIn(tx, order.id, ['future'], deps.now())) {
      if (order.pausedAt && rate.dueDate < order.pausedAt) continue // due before the pause: owed as before
      await orders.moveRate(deps, tx, rate, 'skipped')
      skipped++
    }
  }
  return { order: await orders.markPlanResumed(deps, tx, order), skipped }
}
