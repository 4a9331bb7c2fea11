import { randomBytes } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type { CurrencyId } from '../../../shared/money'
import type { CheckoutMethod } from '../../../shared/payments'
import type { AppDeps } from '../../deps'
import type { PaymentOutcome, SavedMethod } from '../../payments/providers/types'
import * as orders from '../orders/orders.service'
import * as paymentSettings from '../payment-settings/payment-settings.service'
import * as repo from './billing.repository'

// Charge the next installment (decision 0026): the billing engine charges each due rate of installment and subscription orders exactly
// once. A charge is three steps: (1) a short transaction takes the per-order lock, then the rate's, checks
// again that the rate is due and not being charged, writes the payment with its idempotency key and moves
// the rate to pending; (2) outside any transaction the provider charges the saved method with that key;
// (3) recordPaymentOutcome applies the answer under the payment's lock. A call that throws or times out
// leaves the rate pending; the sweep's reconcile step asks the provider again with the SAME key (or
// retrieves the payment), so a lost answer never becomes a second charge.

export type ChargeRateResult = 'paid' | 'failed' | 'pending' | 'skipped'

/** Why a rate is charged: the scheduler's due date, a dunning retry, or a manual charge. */
export type ChargeReason = 'scheduled' | 'dunning' | 'manual'

/** The scheduler's sweep, every minute (pg-boss cron, UTC). */
export const chargeDueRatesJob = 'billing.charge-due-rates'
export const chargeDueRatesCron = '* * * * *'

/** A charge without an answer for this long is asked about again (reconcile). */
export const reconcileAfterMs = 5 * 60_000
/** A pay-link payment younger than this holds the engine off the rate (the payer is on the provider's page). */
const payLinkHoldMs = 30 * 60_000
const sweepBatch = 200

function token(): string {
  return randomBytes(24).toString('base64url')
}

/** The rate states each reason may charge: the scheduler future and unpaid; a retry or the seller also debt. */
const chargeableStates: Record<ChargeReason, readonly string[]> = {
  scheduled: ['future', 'unpaid'],
  dunning: ['unpaid', 'debt'],
  manual: ['future', 'unpaid', 'debt'],
}

/** Whether `rate` of `order` may be charged now for `reason` (read under both row locks). */
export function isChargeable(order: Pick<orders.OrderRow, 'paymentState'>, rate: Pick<orders.RateRow, 'state' | 'dueDate' | 'attempts' | 'nextAttemptAt'>, reason: ChargeReason, now: Date): boolean {
  if (!repo.chargingOrderStates.includes(order.paymentState)) return false
  if (!chargeableStates[reason].includes(rate.state)) return false
  if (rate.dueDate.getTime() > now.getTime()) return false
  if (reason === 'scheduled') {
    // Never tried, or a retry dunning scheduled has come: the same rule as the sweep's query.
    const retryDue = rate.nextAttemptAt !== null && rate.nextAttemptAt.getTime() <= now.getTime()
    return (rate.attempts === 0 && rate.nextAttemptAt === null) || retryDue
  }
  return true
}

type Begun = { order: orders.OrderRow; rate: orders.RateRow; payment: orders.PaymentRow }

/**
 * Step 1: under the order's lock (then the rate's), re-checks and writes the attempt. Null when there is
 * nothing to charge (already charged, being charged, not due, the plan paused or ended).
 */
export async function beginCharge(deps: AppDeps, rateId: number, reason: ChargeReason): Promise<Begun | null> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const peek = await orders.findRate(tx, rateId)
    if (!peek) return null
    // The per-order lock first, always in this order, so two workers queue instead of deadlocking.
    const order = await orders.findOrder(tx, peek.orderId, { lock: true })
    const rate = await orders.findRate(tx, rateId, { lock: true })
    if (!order || !rate || !isChargeable(order, rate, reason, now)) return null
    if (await repo.openPayLinkPayments(tx, order.id, rate.number, new Date(now.getTime() - payLinkHoldMs)) > 0) return null
    const attempt = rate.attempts + 1
    const payment = await orders.openPayment(tx, {
      token: token(), orderId: order.id, sellerId: order.sellerId, rateNumber: rate.number, kind: 'charge', provider: order.provider,
      method: order.paymentMethod, state: 'waiting', amount: rate.amount, currency: order.currency,
      idempotencyKey: `rate-${rate.id}-${attempt}`, createdAt: now, updatedAt: now,
    })
    const pending = await orders.moveRate(deps, tx, rate, 'pending', { attempts: attempt, paymentId: payment.id, nextAttemptAt: null })
    return { order, rate: pending, payment }
  })
}

/**
 * Step 2: asks the provider to charge the saved method with the attempt's idempotency key (outside any
 * transaction). Answers the outcome to record, or null when the answer is unknown (threw, timed out):
 * the payment stays waiting for the reconcile step.
 */
async function askProvider(deps: AppDeps, order: orders.OrderRow, payment: orders.PaymentRow): Promise<PaymentOutcome | null> {
  const amount = { amount: payment.amount, currency: payment.currency as CurrencyId }
  if (payment.amount === 0) return { providerRef: `free_${payment.token}`, state: 'successful', amount }
  const saved = order.savedMethod as SavedMethod | null
  if (!saved || order.savedMethodRevokedAt) return { providerRef: `failed_${payment.token}`, state: 'denied', amount, failureReason: 'no_saved_method' }
  try {
    const adapter = await paymentSettings.providerAdapter(deps.db, deps, order.sellerId, payment.provider)
    const { product } = await orders.productAndSeller(deps.db, order.productId)
    const payer = order.payer as { email: string; first_name: string; last_name: string; country_code: string }
    const result = await adapter.chargeSavedMethod({
      paymentToken: payment.token, orderToken: order.token, amount, method: payment.method as CheckoutMethod, description: product.name,
      payer: { email: payer.email, firstName: payer.first_name, lastName: payer.last_name, countryCode: payer.country_code },
      idempotencyKey: payment.idempotencyKey ?? `rate-payment-${payment.token}`, savedMethod: saved,
    })
    const { nextAction, ...outcome } = result
    void nextAction
    return outcome
  } catch (error) {
    // A refusal the provider named (4xx: declined, method gone) is an answer; anything else is not known.
    if (error instanceof AppError && error.status < 500) return { providerRef: `failed_${payment.token}`, state: 'denied', amount, failureReason: error.type }
    deps.logger.warn({ err: error, paymentId: payment.id }, 'rate charge got no answer; it is reconciled later with the same idempotency key')
    return null
  }
}

function resultOf(state: string): ChargeRateResult {
  if (state === 'successful') return 'paid'
  if (state === 'waiting' || state === 'pending' || state === 'partially_paid') return 'pending'
  return 'failed'
}

/** Steps 2 and 3 of a begun charge. */
async function sendCharge(deps: AppDeps, begun: Begun): Promise<ChargeRateResult> {
  const outcome = await askProvider(deps, begun.order, begun.payment)
  if (!outcome) return 'pending'
  return resultOf(await orders.recordPaymentOutcome(deps, begun.payment.token, outcome))
}

/** Charges one rate now through the order's provider and saved method (scheduler, dunning retry, seller). */
export async function chargeRate(deps: AppDeps, rateId: number, options: { reason: ChargeReason }): Promise<ChargeRateResult> {
  const begun = await beginCharge(deps, rateId, options.reason)
  if (!begun) return 'skipped'
  return sendCharge(deps, begun)
}

/**
 * The reconcile step: charges that got no answer for `reconcileAfterMs`. With the provider's reference the
 * payment is retrieved; without one (the call never answered) the charge is asked again with the same
 * idempotency key, which the provider answers with the first charge, never a second one.
 */
export async function reconcilePendingCharges(deps: AppDeps): Promise<number> {
  const now = deps.now()
  const cutoff = new Date(now.getTime() - reconcileAfterMs)
  let reconciled = 0
  for (const stale of await repo.stalePendingCharges(deps.db, cutoff, sweepBatch)) {
    if (!(await orders.leaseStaleCharge(deps.db, stale.paymentId, cutoff, now))) continue
    const payment = await orders.findPaymentByToken(deps.db, stale.paymentToken)
    const order = payment ? await orders.findOrder(deps.db, payment.orderId) : undefined
    if (!payment || !order) continue
    let outcome: PaymentOutcome | null
    if (payment.providerRef) {
      try {
        outcome = await (await paymentSettings.providerAdapter(deps.db, deps, order.sellerId, payment.provider)).retrievePayment(payment.providerRef)
      } catch (error) {
        deps.logger.warn({ err: error, paymentId: payment.id }, 'reconcile could not retrieve the payment')
        outcome = null
      }
    } else {
      outcome = await askProvider(deps, order, payment)
    }
    if (outcome && outcome.state !== 'waiting') {
      await orders.recordPaymentOutcome(deps, payment.token, outcome)
      reconciled++
    }
  }
  return reconciled
}

export type SweepResult = { charged: number; paid: number; failed: number; pending: number; reconciled: number }

/**
 * The scheduler (`billing.charge-due-rates`): reconciles charges without an answer, then charges every due
 * rate once. Safe beside another run on any process: each charge is decided under the order's lock.
 */
export async function chargeDueRates(deps: AppDeps): Promise<SweepResult> {
  await deps.testClock.refresh(deps.db)
  const result: SweepResult = { charged: 0, paid: 0, failed: 0, pending: 0, reconciled: await reconcilePendingCharges(deps) }
  const now = deps.now()
  let afterId = 0
  for (;;) {
    const ids = await repo.dueRateIds(deps.db, now, afterId, sweepBatch)
    for (const id of ids) {
      const charged = await chargeRate(deps, id, { reason: 'scheduled' })
      if (charged === 'skipped') continue
      result.charged++
      result[charged]++
    }
    if (ids.length < sweepBatch) return result
    afterId = ids[ids.length - 1]!
  }
}
