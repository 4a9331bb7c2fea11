import { randomBytes } from 'node:crypto'
import { chargebackPostings, chargebackReversalPostings, disputeFeePostings, refundPostings, type LedgerEntry } from '../../../shared/ledger'
import { isCurrencyId, type CurrencyId } from '../../../shared/money'
import type { RefundPaymentOutput } from '../../../shared/schemas/refunds'
import { canTransition, orderPaymentTransitions, orderRateTransitions, type OrderPaymentState, type OrderRateState } from '../../../shared/states'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import { issueReversalJob } from '../invoices/invoices.service'
import * as plans from '../billing/cancel-subscription.service'
import * as planState from '../billing/plan-state.service'
import * as orders from '../orders/orders.service'
import * as repo from './refunds.repository'

// Booking refunds, chargebacks and won chargebacks (docs/decisions/0028-refunds-chargebacks-provider-events.md); the use case "refund an order" is
// refund-order.service.ts. A refund the seller asks for is made in
// three steps, because the provider is never called inside a transaction: (1) under the order's lock the
// refundable rest of each successful charge is counted and a pending refund payment is written per charge
// touched, newest charge first; (2) each provider is asked with the refund's idempotency key; (3) each
// answer is recorded under the order's lock: a success books the money (charge, rate, order, ledger,
// reversal invoice), a denial books nothing. Provider events book the same way (provider-events.service).

/** The ledger kinds of a charge's own rows (the first payment and each later rate). */
const chargeLedgerKinds = ['charge', 'renewal'] as const

type Money = { amount: number; currency: CurrencyId }

export function paymentToken(): string {
  return randomBytes(24).toString('base64url')
}

export function currencyOf(value: string): CurrencyId {
  if (!isCurrencyId(value)) throw new Error(`unknown currency ${value}`)
  return value
}

/** `collector`: the reversed payment's provider and seller (a seller's own provider books its counterpart, orders.platformCollects). */
async function writeLedger(deps: AppDeps, tx: Executor, entries: LedgerEntry[], kind: string, orderId: number, paymentId: number, now: Date, collector: orders.Collector) {
  if (entries.length === 0) return
  await orders.bookLedger(deps, tx, entries, kind, orderId, paymentId, now, collector)
}

async function ledgerRows(tx: Executor, paymentId: number, kinds: readonly string[]): Promise<LedgerEntry[]> {
  return (await repo.ledgerOfPayment(tx, paymentId, kinds)).map((e) => ({ account: e.account as LedgerEntry['account'], amount: e.amount, currency: currencyOf(e.currency) }))
}

export function paymentOutput(row: repo.PaymentRow): RefundPaymentOutput {
  return {
    id: row.id, kind: row.kind as RefundPaymentOutput['kind'], state: row.state, amount: row.amount, currency: row.currency, provider: row.provider,
    parent_payment_id: row.parentPaymentId, rate_number: row.rateNumber, provider_ref: row.providerRef, note: row.failureReason,
    created_at: row.createdAt.toISOString(), completed_at: row.completedAt?.toISOString() ?? null,
    // A chargeback's dispute fee; a won chargeback's: the part of it the provider gave back.
    dispute_fee_amount: row.feeAmount,
  }
}

/** The order's refunds, chargebacks and won chargebacks, newest first (the order detail page shows them). */
export async function refundsOfOrder(db: Executor, orderId: number): Promise<RefundPaymentOutput[]> {
  return (await repo.reversalsOfOrder(db, orderId)).reverse().map(paymentOutput)
}

// ------------------------------------------------------------------ booking (the caller's transaction, the order row locked)

/**
 * Changes the rate a charge paid: its refunded amount here, its state through the orders service (the one
 * writer of rate states), only where the rate table allows (a rate already refunded or skipped stays).
 */
async function changeRate(deps: AppDeps, tx: Executor, orderId: number, rateNumber: number | null, change: { refunded?: number; state?: OrderRateState }) {
  if (rateNumber === null) return
  const rate = await orders.findRateByNumber(tx, orderId, rateNumber, { lock: true })
  if (!rate) return
  if (change.refunded) await orders.recordRateRefunded(tx, rate.id, rate.refundedAmount + change.refunded)
  if (change.state && rate.state !== change.state && canTransition(orderRateTransitions, rate.state as OrderRateState, change.state)) {
    await orders.moveRate(deps, tx, rate, change.state)
  }
}

/**
 * Books a refund payment as successful: the charge's refunded amount, the ledger reversal of its share,
 * the rate (refunded once its charge is wholly refunded), the order's refunded amount and the reversal
 * invoice. Everything the order paid refunded ends the order: payment_refunded (access revoked), later
 * rates skipped, dunning stopped.
 */
export async function bookRefund(deps: AppDeps, tx: Executor, orderId: number, refundId: number, result: { providerRef?: string | null; note?: string | null }): Promise<void> {
  const now = deps.now()
  const order = (await orders.findOrder(tx, orderId, { lock: true }))!
  const refund = (await repo.lockPayment(tx, refundId))!
  if (refund.kind !== 'refund' || refund.state !== 'pending' || refund.parentPaymentId === null) return
  const charge = (await repo.lockPayment(tx, refund.parentPaymentId))!
  const currency = currencyOf(charge.currency)
  await orders.updateReversalPayment(tx, refund.id, {
    state: 'successful', providerRef: result.providerRef ?? refund.providerRef, failureReason: result.note ?? refund.failureReason, completedAt: now, updatedAt: now,
  })
  const charged = await ledgerRows(tx, charge.id, chargeLedgerKinds)
  if (charged.length > 0) {
    await writeLedger(deps, tx, refundPostings({ charge: charged, amount: { amount: refund.amount, currency }, refunded: { amount: charge.refundedAmount, currency } }), 'refund', order.id, refund.id, now, { provider: charge.provider, sellerId: order.sellerId, exchange: orders.orderExchange(order) })
  }
  await orders.updateReversalPayment(tx, charge.id, { refundedAmount: charge.refundedAmount + refund.amount, updatedAt: now })
  const refundedOfCharge = await repo.sumOfChildren(tx, charge.id, 'refund', ['successful'])
  await changeRate(deps, tx, order.id, charge.rateNumber, { refunded: refund.amount, ...(refundedOfCharge >= charge.amount ? { state: 'refunded' as const } : {}) })
  const refundedAmount = order.refundedAmount + refund.amount
  await orders.recordReversalAmounts(tx, order.id, { refundedAmount, updatedAt: now })
  await deps.jobs.enqueue(tx, issueReversalJob, { reversalPaymentId: refund.id }, { singletonKey: `invoice-reversal-${refund.id}` })
  // Refunds alone decide "everything refunded" (not refunds plus chargebacks), so the outcome does not
  // depend on the order in which a refund and a dispute arrive.
  if (order.paidAmount > 0 && refundedAmount >= order.paidAmount) {
    if (canTransition(orderPaymentTransitions, order.paymentState as OrderPaymentState, 'payment_refunded')) {
      await orders.recordOrderReversal(deps, tx, order.id, 'payment_refunded')
    }
    await plans.cancelPlan(deps, tx, order.id, 'system')
  }
}

/** Marks a pending refund denied by the provider: nothing is booked, the amount is refundable again. */
export async function denyRefund(deps: AppDeps, tx: Executor, orderId: number, refundId: number, reason: string): Promise<void> {
  await orders.findOrder(tx, orderId, { lock: true })
  const refund = await repo.lockPayment(tx, refundId)
  if (!refund || refund.state !== 'pending') return
  const now = deps.now()
  await orders.updateReversalPayment(tx, refund.id, { state: 'denied', failureReason: reason, completedAt: now, updatedAt: now })
}

/**
 * A chargeback (a dispute opened at the provider), once per dispute ref: a chargeback payment for what is
 * left of the charge, the ledger reversal through `chargebacks`, the rate chargebacked, the order's
 * chargeback amount and the order payment_chargebacked (access revoked); the dispute fee when the event
 * reports one, this time or with a later event of the same dispute (bookDisputeFee, once).
 */
export async function bookChargeback(deps: AppDeps, tx: Executor, orderId: number, chargeId: number, dispute: { ref: string; amount: Money; fee?: Money | undefined }): Promise<void> {
  const now = deps.now()
  const order = (await orders.findOrder(tx, orderId, { lock: true }))!
  const charge = (await repo.lockPayment(tx, chargeId))!
  const known = await repo.findPaymentByRef(tx, charge.provider, dispute.ref)
  if (known) {
    // The dispute again (another event of it): only a fee not booked yet is booked.
    if (known.kind === 'chargeback' && known.parentPaymentId === charge.id) await bookDisputeFee(deps, tx, order, known, dispute.fee)
    return
  }
  const currency = currencyOf(charge.currency)
  if (dispute.amount.currency !== currency) {
    deps.logger.error({ paymentId: charge.id, dispute: dispute.ref }, 'chargeback in another currency than the charge; not booked')
    return
  }
  const amount = Math.max(0, Math.min(dispute.amount.amount, charge.amount - charge.refundedAmount))
  const row = await orders.insertReversalPayment(tx, {
    token: paymentToken(), orderId: order.id, sellerId: order.sellerId, rateNumber: charge.rateNumber, kind: 'chargeback', provider: charge.provider, method: charge.method,
    state: 'successful', amount, currency, providerRef: dispute.ref, parentPaymentId: charge.id, completedAt: now, createdAt: now, updatedAt: now,
  })
  await deps.jobs.enqueue(tx, issueReversalJob, { reversalPaymentId: row.id }, { singletonKey: `invoice-reversal-${row.id}` })
  // The provider charges its fee for the dispute even when the disputed money was refunded already.
  await bookDisputeFee(deps, tx, order, row, dispute.fee)
  if (amount === 0) return // a dispute over money already refunded takes nothing more
  const charged = await ledgerRows(tx, charge.id, chargeLedgerKinds)
  if (charged.length > 0) {
    await writeLedger(deps, tx, chargebackPostings({
      charge: charged, amount: { amount, currency }, refunded: { amount: charge.refundedAmount, currency }, sellerId: order.sellerId,
    }), 'chargeback', order.id, row.id, now, { provider: charge.provider, sellerId: order.sellerId, exchange: orders.orderExchange(order) })
  }
  await orders.updateReversalPayment(tx, charge.id, { refundedAmount: charge.refundedAmount + amount, updatedAt: now })
  await changeRate(deps, tx, order.id, charge.rateNumber, { state: 'chargebacked' })
  await orders.recordReversalAmounts(tx, order.id, { chargebackAmount: order.chargebackAmount + amount, updatedAt: now })
  if (canTransition(orderPaymentTransitions, order.paymentState as OrderPaymentState, 'payment_chargebacked')) {
    await orders.recordOrderReversal(deps, tx, order.id, 'payment_chargebacked')
  }
}

/**
 * The dispute fee the provider reports for a chargeback, once per chargeback (its fee_amount is 0 until
 * booked): the seller's balance pays it to `provider_fees` (`disputeFeePostings`, kind `dispute_fee`, on
 * the chargeback payment). A fee in another currency than the chargeback's is logged, not booked.
 */
async function bookDisputeFee(deps: AppDeps, tx: Executor, order: orders.OrderRow, chargeback: repo.PaymentRow, fee: Money | undefined): Promise<void> {
  if (!fee || fee.amount <= 0 || chargeback.feeAmount > 0) return
  if (fee.currency !== chargeback.currency) {
    deps.logger.error({ paymentId: chargeback.id, fee }, 'dispute fee in another currency than the chargeback; not booked')
    return
  }
  const now = deps.now()
  await writeLedger(deps, tx, disputeFeePostings({ fee, sellerId: order.sellerId }), 'dispute_fee', order.id, chargeback.id, now, { provider: chargeback.provider, sellerId: order.sellerId, exchange: orders.orderExchange(order) })
  await orders.updateReversalPayment(tx, chargeback.id, { feeAmount: fee.amount, updatedAt: now })
}

/**
 * A dispute the seller won, once: the chargeback's ledger rows reversed, the charge's and the order's
 * amounts given back, the rate paid again and, with no other open chargeback, the order back to the state
 * it had before the dispute (orders.recordChargebackWon: a paused or canceled plan stays so; paid or
 * paying settled by the plan's home from its rates), which gives back the access where that state grants
 * it. The dispute fee stays booked unless the event says the provider kept less of it (`keptFee`): the
 * difference is booked back (kind `dispute_fee_returned`, on the won chargeback's payment). False while
 * the chargeback itself is not booked yet (the event waits for it).
 */
export async function bookChargebackWon(deps: AppDeps, tx: Executor, orderId: number, chargeId: number, disputeRef: string, keptFee?: Money): Promise<boolean> {
  const now = deps.now()
  const order = (await orders.findOrder(tx, orderId, { lock: true }))!
  const charge = (await repo.lockPayment(tx, chargeId))!
  const chargeback = await repo.findPaymentByRef(tx, charge.provider, disputeRef)
  if (!chargeback || chargeback.kind !== 'chargeback' || chargeback.parentPaymentId !== charge.id) return false
  const wonRef = `${disputeRef}:won`
  if (await repo.findPaymentByRef(tx, charge.provider, wonRef)) return true
  const amount = chargeback.amount
  const row = await orders.insertReversalPayment(tx, {
    token: paymentToken(), orderId: order.id, sellerId: order.sellerId, rateNumber: charge.rateNumber, kind: 'chargeback_reversal', provider: charge.provider,
    method: charge.method, state: 'successful', amount, currency: charge.currency, providerRef: wonRef, parentPaymentId: chargeback.id, completedAt: now, createdAt: now, updatedAt: now,
  })
  await deps.jobs.enqueue(tx, issueReversalJob, { reversalPaymentId: row.id }, { singletonKey: `invoice-reversal-${row.id}` })
  if (keptFee && keptFee.currency === chargeback.currency && keptFee.amount >= 0 && keptFee.amount < chargeback.feeAmount) {
    const returned = { amount: chargeback.feeAmount - keptFee.amount, currency: currencyOf(chargeback.currency) }
    await writeLedger(deps, tx, disputeFeePostings({ fee: returned, sellerId: order.sellerId, returned: true }), 'dispute_fee_returned', order.id, row.id, now, { provider: charge.provider, sellerId: order.sellerId, exchange: orders.orderExchange(order) })
    await orders.updateReversalPayment(tx, row.id, { feeAmount: returned.amount, updatedAt: now })
  }
  if (amount === 0) return true
  const booked = await ledgerRows(tx, chargeback.id, ['chargeback'])
  await writeLedger(deps, tx, chargebackReversalPostings({ chargeback: booked, sellerId: order.sellerId }), 'chargeback_reversal', order.id, row.id, now, { provider: charge.provider, sellerId: order.sellerId, exchange: orders.orderExchange(order) })
  await orders.updateReversalPayment(tx, charge.id, { refundedAmount: charge.refundedAmount - amount, updatedAt: now })
  const disputed = await repo.sumOfChildren(tx, charge.id, 'chargeback', ['successful'])
  if (disputed - await wonOfCharge(tx, charge.id) === 0) await changeRate(deps, tx, order.id, charge.rateNumber, { state: 'paid' })
  await orders.recordReversalAmounts(tx, order.id, { chargebackAmount: order.chargebackAmount - amount, updatedAt: now })
  const restored = await orders.recordChargebackWon(deps, tx, order.id)
  // Paid or paying as the payments say: a plan's rates decide (a rate that fell due during the dispute is
  // charged by the billing engine's sweep as any due rate; a paused plan's by resumePlan's rule).
  if (restored === 'paid' || restored === 'paying') await planState.settleOrderState(deps, tx, order.id)
  return true
}

/** What the charge's won chargebacks gave back (they hang off the chargebacks, not the charge). */
async function wonOfCharge(tx: Executor, chargeId: number): Promise<number> {
  let total = 0
  for (const chargeback of (await repo.childrenOf(tx, chargeId)).filter((p) => p.kind === 'chargeback')) {
    total += await repo.sumOfChildren(tx, chargeback.id, 'chargeback_reversal', ['successful'])
  }
  return total
}

/**
 * A refund the provider reports (started there, or ours confirmed): `totalRefunded` is the charge's
 * refunded total at the provider, so only the difference to what is booked is booked, first by
 * confirming our own pending refunds; without it the refund's ref books it once.
 */
export async function reconcileProviderRefund(
  deps: AppDeps, tx: Executor, orderId: number, chargeId: number, event: { eventId: string; ref?: string | undefined; amount: Money; totalRefunded?: Money | undefined },
): Promise<void> {
  const now = deps.now()
  const order = (await orders.findOrder(tx, orderId, { lock: true }))!
  const charge = (await repo.lockPayment(tx, chargeId))!
  const currency = currencyOf(charge.currency)
  if ((event.totalRefunded ?? event.amount).currency !== currency) {
    deps.logger.error({ paymentId: charge.id, event: event.eventId }, 'refund in another currency than the charge; not booked')
    return
  }
  const refunds = (await repo.childrenOf(tx, charge.id)).filter((p) => p.kind === 'refund')
  const pending = refunds.filter((p) => p.state === 'pending')
  const insert = async (amount: number, providerRef: string) => {
    const room = (await repo.lockPayment(tx, charge.id))!
    const booked = Math.min(amount, room.amount - room.refundedAmount)
    if (booked <= 0) return
    const row = await orders.insertReversalPayment(tx, {
      token: paymentToken(), orderId: order.id, sellerId: order.sellerId, rateNumber: charge.rateNumber, kind: 'refund', provider: charge.provider, method: charge.method,
      state: 'pending', amount: booked, currency, providerRef, parentPaymentId: charge.id, failureReason: 'started_at_provider', createdAt: now, updatedAt: now,
    })
    await bookRefund(deps, tx, order.id, row.id, {})
  }
  if (event.totalRefunded) {
    const target = event.totalRefunded.amount
    let total = refunds.filter((p) => p.state === 'successful').reduce((sum, p) => sum + p.amount, 0)
    for (const p of pending) {
      if (total + p.amount > target) break
      await bookRefund(deps, tx, order.id, p.id, {})
      total += p.amount
    }
    if (target > total) await insert(target - total, event.ref ?? `${charge.providerRef ?? charge.token}:refunded:${target}`)
    return
  }
  const ref = event.ref ?? event.eventId
  const known = refunds.find((p) => p.providerRef === ref) ?? pending.find((p) => p.providerRef === null && p.amount === event.amount.amount)
  if (known) {
    if (known.state === 'pending') await bookRefund(deps, tx, order.id, known.id, { providerRef: ref })
    return
  }
  await insert(event.amount.amount, ref)
}
