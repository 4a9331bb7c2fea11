import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { chargePostings, directCollectionPostings, parseAccountKey, publisherBalance, refundPostings, renewalPostings, resellerFeeOf, sellerBalance, assertBalanced, type ChargeInput, type LedgerEntry, withBaseAmounts, type EntryWithBase } from '../../../shared/ledger'
import { formatMoney, isCurrencyId, percentOf, toMoney, type CurrencyId } from '../../../shared/money'
import { rateSchedule, type IntervalCode } from '../../../shared/pricing'
import { paysWithCard } from '../../../shared/payments'
import type { LocaleCode } from '../../../shared/i18n/locales'
import type { PublicOrderOutput } from '../../../shared/schemas/checkout'
import type { ListAnswer, ListQuery } from '../../../shared/schemas/lists'
import {
  assertTransition, canTransition, orderPaymentTransitions, orderRateTransitions, paymentTransitions, type OrderPaymentState, type OrderRateState, type PaymentState,
} from '../../../shared/states'
import { chargesAgain, splitRate, vatAmounts } from '../../../shared/tax'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import type { PaymentOutcome } from '../../payments/providers/types'
import type { ChargeCommissions } from '../../ports/commissions'
import type { PlatformEventType } from '../../../shared/webhooks/events'
import * as rush from '../catalog/rush.service'
import * as stock from '../catalog/stock.service'
import * as coupons from '../coupons/coupons.service'
import * as email from '../email/email.service'
import { issueInvoiceJob } from '../invoices/invoices.service'
import * as notifications from '../notifications/notifications.service'
import * as repo from './orders.repository'

// Orders after they are made: the one place a payment's outcome changes an order (recordPaymentOutcome),
// reservations that run out, the payer's and the seller's reads. Every outcome is applied under the
// order's and the payment's row locks (in that order, README "Lock order") and only once: a payment that already reached a final state ignores later news, so
// provider webhooks delivered twice or out of order change nothing (docs/QUALITY.md "provider-replay").

export const expireReservationJob = 'orders.expire-reservation'
export const refundLatePaymentJob = 'orders.refund-late-payment'
// The two delivery jobs below are handled by delivery (delivery.jobs.ts) but named here, in the module that
// enqueues them: delivery reads the order store, so the order store cannot import delivery without a circle.
/** A paid order's delivery (grants, tickets, certificates, keys, its mail). */
export const deliverOrderJob = 'delivery.order-paid'
/** The delivery's revocation (access, tickets, certificates, keys), enqueued with a refund or chargeback. */
export const revokeOrderJob = 'delivery.order-revoked'
/** The access a chargeback revoked given back after the dispute was won (where the restored plan grants it). */
export const restoreOrderJob = 'delivery.order-restored'

const finalPaymentStates: readonly PaymentState[] = ['successful', 'denied', 'error', 'canceled', 'expired']

function currencyOf(order: repo.OrderRow): CurrencyId {
  if (!isCurrencyId(order.currency)) throw new Error(`unknown currency ${order.currency}`)
  return order.currency
}

/**
 * Tells the platform events' listeners (signed webhooks, integrations; ports/platform-events.ts) of an order's
 * event, in the caller's transaction: the order's ids, products, amounts (minor units) and payer, with `extra`.
 */
export async function emitOrderEvent(deps: AppDeps, tx: Executor, orderId: number, type: PlatformEventType, extra: Record<string, unknown> = {}): Promise<void> {
  // Read again: the caller has just moved the order, and the event tells its state after the move.
  const found = await repo.findOrderWithProductIds(tx, orderId)
  if (!found) return
  const { order, productIds } = found
  const payer = order.payer as { email?: string; first_name?: string; last_name?: string }
  await deps.platformEvents.emit(deps, tx, {
    type, sellerId: order.sellerId, orderId: order.id, productIds, occurredAt: deps.now(),
    data: {
      order_id: order.id, order_token: order.token, product_id: order.productId, product_ids: productIds, payment_state: order.paymentState,
      currency: order.currency, total_amount: order.totalAmount, first_amount: order.firstAmount, paid_amount: order.paidAmount, quantity: order.quantity,
      payer: { email: payer.email ?? null, first_name: payer.first_name ?? null, last_name: payer.last_name ?? null },
      created_at: order.createdAt.toISOString(), ...extra,
    },
  })
}

/** A rate's event (rate.paid, rate.failed) for the platform events' listeners, in the caller's transaction. */
async function emitRateEvent(deps: AppDeps, tx: Executor, rate: repo.RateRow, type: 'rate.paid' | 'rate.failed', extra: Record<string, unknown> = {}) {
  const order = await repo.findOrder(tx, rate.orderId)
  if (!order) return
  await deps.platformEvents.emit(deps, tx, {
    type, sellerId: order.sellerId, orderId: order.id, productIds: [order.productId], occurredAt: deps.now(),
    data: {
      order_id: order.id, order_token: order.token, product_id: order.productId, product_ids: [order.productId], rate_id: rate.id, rate_number: rate.number,
      amount: rate.amount, paid_amount: rate.paidAmount, currency: order.currency, due_date: rate.dueDate.toISOString(), state: rate.state, ...extra,
    },
  })
}

function moveOrder(order: repo.OrderRow, to: OrderPaymentState): OrderPaymentState {
  assertTransition(orderPaymentTransitions, order.paymentState as OrderPaymentState, to, 'payment_state')
  return to
}

/**
 * The one writer of a rate's state (order-rate.ts transitions), with the columns that change with it. The
 * order and rate rows are locked by the caller's transaction. A change of state is told to the rate
 * events' listeners (ports/rate-events.ts): the plan's home in billing settles the order's state from it.
 */
export async function moveRate(deps: AppDeps, tx: Executor, rate: repo.RateRow, to: OrderRateState, values: Partial<Omit<repo.RateRow, 'id' | 'state'>> = {}): Promise<repo.RateRow> {
  if (rate.state !== to) assertTransition(orderRateTransitions, rate.state as OrderRateState, to, 'rate state')
  const moved = await repo.updateRate(tx, rate.id, { ...values, state: to })
  if (rate.state !== to) await deps.rateEvents.emit(deps, tx, { type: 'rate_moved', orderId: rate.orderId, rateId: rate.id, from: rate.state, to })
  if (rate.state !== to && to === 'paid') await emitRateEvent(deps, tx, moved, 'rate.paid')
  return moved
}

/**
 * Writes the payment_state the plan's home (billing, plan-state.ts) decided from the order's rates; the
 * order-payment table is checked. The order row is locked in the caller's transaction.
 */
export async function setPlanPaymentState(deps: AppDeps, tx: Executor, orderId: number, to: 'paying' | 'paid'): Promise<void> {
  const order = await repo.findOrder(tx, orderId, { lock: true })
  if (!order || order.paymentState === to) return
  await repo.updateOrder(tx, order.id, { paymentState: moveOrder(order, to), updatedAt: deps.now() })
}

/**
 * The platform's share of a payment: connect and the e-money wallet (the platform processes the card) keep
 * the connect fee; a seller's own account the platform fee.
 */
function platformFeeBps(deps: AppDeps, provider: string): number {
  return provider === 'connect' || provider === 'emoney' ? deps.settings.connectFeeBps : deps.settings.platformFeeBps
}

/**
 * The providers whose money the platform collects (connect, the seller's wallet at the e-money provider that
 * the platform operates (docs/decisions/0052-emoney-pay-ins.md), the sandbox standing in for them in test
 * mode, free). Every other provider is the seller's own account, which the payer pays directly: each ledger
 * transaction of such a payment gets its `direct_collection` counterpart (docs/decisions/0049-money-out.md "Owed").
 */
export function platformCollects(provider: string): boolean {
  return provider === 'connect' || provider === 'emoney' || provider === 'sandbox' || provider === 'free'
}

/**
 * Who collected the payment a transaction belongs to: its provider and the order's seller; with the order's
 * conversion, whose rate gives each entry its amount in the plan's currency too (docs/decisions/0097-payer-currencies.md).
 */
export type Collector = { provider: string; sellerId: number; exchange?: OrderConversion | null }

export type OrderConversion = { base_currency: CurrencyId; currency: CurrencyId; rate: string }

/** A converted order's conversion for its ledger entries; null for an order in its plan's currency. */
export function orderExchange(order: Pick<repo.OrderRow, 'exchange' | 'currency'>): OrderConversion | null {
  const exchange = order.exchange
  if (!exchange || !isCurrencyId(exchange.base_currency) || !isCurrencyId(order.currency)) return null
  return { base_currency: exchange.base_currency, currency: order.currency, rate: exchange.rate }
}

async function writeLedger(tx: Executor, entries: LedgerEntry[], kind: string, orderId: number, paymentId: number, now: Date, collector?: Collector) {
  assertBalanced(entries)
  const transactionId = randomUUID()
  const exchange = collector?.exchange ?? null
  const row = (e: EntryWithBase) => ({ account: e.account, amount: e.amount, currency: e.currency, baseAmount: e.baseAmount, baseCurrency: e.baseCurrency, orderId, paymentId, createdAt: now })
  await repo.insertLedgerEntries(tx, withBaseAmounts(entries, exchange).map((e) => ({ transactionId, kind, ...row(e) })))
  if (!collector || platformCollects(collector.provider)) return
  const direct = directCollectionPostings(entries, collector.sellerId)
  if (direct.length === 0) return
  assertBalanced(direct)
  const directId = randomUUID()
  await repo.insertLedgerEntries(tx, withBaseAmounts(direct, exchange).map((e) => ({ transactionId: directId, kind: 'direct_collection', ...row(e) })))
}

/**
 * The commissions of an attributed order's charge (ports/commissions.ts, the affiliates module's): capped at
 * what the charge leaves the seller after VAT and the platform's fee. Nothing for an unattributed order.
 */
async function commissionsOf(
  deps: AppDeps, tx: Executor, order: repo.OrderRow, payment: repo.PaymentRow,
  charge: { gross: { amount: number; currency: CurrencyId }; vat: { amount: number }; platformFeeBps: number; resellerFee?: ChargeInput['resellerFee']; salesTeamFee?: ChargeInput['salesTeamFee'] }, renewal: boolean, now: Date,
): Promise<ChargeCommissions> {
  if (order.affiliateNodeId === null) return { commissions: [], bonuses: [] }
  const net = charge.gross.amount - charge.vat.amount
  const netMoney = { amount: net, currency: charge.gross.currency }
  const salesTeam = charge.salesTeamFee && { resellerId: charge.salesTeamFee.teamMemberId, feeBps: charge.salesTeamFee.feeBps }
  const cap = net - percentOf(netMoney, charge.platformFeeBps).amount - resellerFeeOf(charge.resellerFee, netMoney) - resellerFeeOf(salesTeam, netMoney)
  return deps.commissions.forCharge(deps, tx, {
    orderId: order.id, paymentId: payment.id, sellerId: order.sellerId, nodeId: order.affiliateNodeId, payerEmail: (order.payer as { email: string }).email,
    currency: charge.gross.currency, gross: charge.gross.amount, vat: charge.vat.amount, cap, renewal, firstPaidAt: order.paidAt, now,
  })
}

/** The reseller's fee frozen on a resold order (docs/decisions/0051-resellers.md), credited on each of its charges. */
function resellerFeeOfOrder(order: repo.OrderRow): ChargeInput['resellerFee'] {
  return order.resellerId !== null && order.resellerFeeBps !== null ? { resellerId: order.resellerId, feeBps: order.resellerFeeBps } : undefined
}

/** The sales team member's fee frozen on a deal's order (docs/decisions/0054-sales-team-and-deals.md), credited on each of its charges. */
function salesTeamFeeOfOrder(order: repo.OrderRow): ChargeInput['salesTeamFee'] {
  return order.salesTeamMemberId !== null && order.salesTeamFeeBps !== null ? { teamMemberId: order.salesTeamMemberId, feeBps: order.salesTeamFeeBps } : undefined
}

/** A publisher's one-time bonus: its own balanced transaction, the seller's balance debited (docs/decisions/0048-affiliates.md). */
async function bookBonuses(tx: Executor, order: repo.OrderRow, payment: repo.PaymentRow, bonuses: ChargeCommissions['bonuses'], now: Date) {
  for (const bonus of bonuses) {
    await writeLedger(tx, [
      { account: sellerBalance(order.sellerId), amount: bonus.amount.amount, currency: bonus.amount.currency },
      { account: publisherBalance(bonus.publisherId), amount: -bonus.amount.amount, currency: bonus.amount.currency },
    ], 'affiliate_bonus', order.id, payment.id, now)
  }
}

/** Ledger kinds that move a charge's publisher lines back (or, a won chargeback, forth again). */
const commissionReversalKinds: readonly string[] = ['refund', 'chargeback', 'chargeback_reversal']

/** Tells the affiliates module what a reversal did to publisher balances, so the commission rows follow the ledger. */
async function reportCommissionReversal(deps: AppDeps, tx: Executor, entries: LedgerEntry[], kind: string, orderId: number, paymentId: number, now: Date) {
  if (!commissionReversalKinds.includes(kind)) return
  const lines = entries.flatMap((e) => {
    const ref = parseAccountKey(e.account)
    return ref.kind === 'publisher_balance' ? [{ publisherId: Number(ref.publisherId), amount: e.amount, currency: e.currency }] : []
  })
  if (lines.length > 0) await deps.commissions.reversed(deps, tx, { orderId, paymentId, kind, lines, now })
}

type Held = { product: boolean; ticket: boolean; bumps: number[] }
const nothingHeld: Held = { product: false, ticket: false, bumps: [] }

/** The rows this order's reservation holds (older orders without the record held product and ticket). */
function heldOf(order: repo.OrderRow): Held {
  if (order.reservationState !== 'held') return nothingHeld
  return (order.heldStock as Held | null) ?? { product: true, ticket: order.ticketId !== null, bumps: [] }
}

/** Gives back what an unpaid order held: stock, license keys, the coupon's and the discount's use. */
async function releaseHolds(tx: Executor, order: repo.OrderRow) {
  const held = heldOf(order)
  await stock.releaseReservedStock(tx, held.product ? order.productId : null, held.ticket ? order.ticketId : null, order.quantity)
  for (const id of held.bumps) await stock.releaseReservedStock(tx, id, null, 1)
  await stock.releaseLicenseKeys(tx, order.id)
  if (order.couponId !== null) await coupons.releaseCoupon(tx, order.couponId)
  if (order.productDiscountApplied) await stock.releaseDiscountUse(tx, order.productId)
}

/** A paid order whose reservation ran out first: sold only while stock is left; false when nothing is. */
async function sellAfterRelease(tx: Executor, order: repo.OrderRow, items: repo.OrderItemRow[], form: string, now: Date): Promise<boolean> {
  if (!(await stock.sellStockDirectly(tx, soldProductId(order), order.ticketId, order.quantity))) return false
  for (const bump of items.filter((i) => i.kind === 'bump')) await stock.sellStockDirectly(tx, bump.productId, null, bump.quantity)
  await commitLicenseKeys(tx, order, form, now)
  return true
}

/**
 * A paid order's held (or never held) reservation becomes a sale, as its transaction's last statements with
 * the commit sent behind them (stock.settleSaleAndCommit): rows not held first, held ones last, since held
 * rows are the hottest (every checkout of a limited product or ticket type takes them too).
 */
async function settleHeldSaleAndCommit(tx: Executor, order: repo.OrderRow, items: repo.OrderItemRow[], form: string, now: Date): Promise<void> {
  await commitLicenseKeys(tx, order, form, now)
  const held = heldOf(order)
  const bumps = items.filter((i) => i.kind === 'bump')
  await stock.settleSaleAndCommit(tx, {
    unheld: [
      { productId: held.product ? null : soldProductId(order), ticketId: held.ticket || order.ticketId === null ? null : order.ticketId, quantity: order.quantity },
      ...bumps.filter((b) => !held.bumps.includes(b.productId)).map((b) => ({ productId: b.productId, ticketId: null, quantity: b.quantity })),
    ],
    held: [
      { productId: held.product ? order.productId : null, ticketId: held.ticket ? order.ticketId : null, quantity: order.quantity },
      ...bumps.filter((b) => held.bumps.includes(b.productId)).map((b) => ({ productId: b.productId, ticketId: null, quantity: b.quantity })),
    ],
  })
}

/** A ticket upgrade sells no further admission: only its ticket type counts (the old type gives one back at the swap). */
function soldProductId(order: repo.OrderRow): number | null {
  return order.orderType === 'ticket_upgrade' ? null : order.productId
}

/** Only a license-key product's checkout reserved keys (checkout.service makeOrder): they are the order's now. */
async function commitLicenseKeys(tx: Executor, order: repo.OrderRow, form: string, now: Date) {
  if (form !== 'licenseKey') return
  const keys = await stock.commitLicenseKeys(tx, order.id, now)
  if (keys.length > 0) await repo.updateOrderItemKeys(tx, order.id, keys)
}

/**
 * Applies what the provider says about a payment (a create answer, a return, a webhook, the sandbox). Runs
 * in its own transaction under the order's and then the payment's row lock; a payment already final stays
 * as it is.
 */
export async function recordPaymentOutcome(deps: AppDeps, paymentToken: string, outcome: PaymentOutcome): Promise<PaymentState> {
  return (await recordPaymentOutcomeOf(deps, paymentToken, outcome)).state
}

/** What a payment's page shows of it: the payment, its order's token, the product's name, the seller. */
export type PaymentLabels = { payment: repo.PaymentRow; orderToken: string; productName: string; username: string }

/**
 * recordPaymentOutcome with the outcome made from the locked payment (the sandbox's page charges exactly its
 * amount, and refuses a payment not its own by throwing); answers the state and, when the payment was
 * still open, its labels read under the same locks (null for a payment already final).
 */
export async function recordPaymentOutcomeOf(
  deps: AppDeps, paymentToken: string, given: PaymentOutcome | ((payment: repo.PaymentRow) => PaymentOutcome),
): Promise<{ state: PaymentState; labels: PaymentLabels | null }> {
  // The outcome takes its turn in the process's checkout slots, behind the payers already waiting there: in a
  // rush they hear "yours" or "sold out" first, and a paid order's stock stays held meanwhile
  // (docs/decisions/0103-payments-take-their-turn.md). No caller holds a slot (rush.service.ts).
  return rush.checkoutSlots(deps)(() => recordPaymentOutcomeNow(deps, paymentToken, given))
}

async function recordPaymentOutcomeNow(
  deps: AppDeps, paymentToken: string, given: PaymentOutcome | ((payment: repo.PaymentRow) => PaymentOutcome),
): Promise<{ state: PaymentState; labels: PaymentLabels | null }> {
  const now = deps.now()
  let labels: PaymentLabels | null = null
  // A success enqueues its delivery, invoice, notification and mail: one insert for them all (jobs.batch).
  // The stock's hot rows are updated after that insert with the commit sent behind them, so their row locks
  // are held for those statements and the commit only (in a rush every payment and order waits on them).
  let settleAndCommit: (() => Promise<void>) | null = null
  let moved = null as { provider: string; to: PaymentState } | null
  const state = await deps.db.transaction(async (tx) => {
    const answer = await deps.jobs.batch(tx, () => apply(tx))
    if (settleAndCommit) await settleAndCommit()
    return answer
  })
  // Counted once committed: a rolled-back attempt (a lost race, a retry) counts nothing.
  if (moved && finalPaymentStates.includes(moved.to)) deps.metrics.payment(moved.provider, moved.to === 'successful' ? 'succeeded' : 'failed')
  return { state, labels }

  async function apply(tx: Executor): Promise<PaymentState> {
    // The lock order (README "Lock order"): the order row first, then the payment, as the reservation's
    // expiry, refunds and chargebacks take them; the payment's row first would deadlock with them.
    // Still two statements: the order's lock finds the order by the payment's token.
    const locked = await repo.lockOrderWithLinesOfPayment(tx, paymentToken)
    const payment = locked ? await repo.findPaymentByToken(tx, paymentToken, { lock: true }) : undefined
    if (!locked || !payment) throw new AppError('not_found', 'This payment does not exist')
    const from = payment.state as PaymentState
    // A final payment changes nothing.
    if (finalPaymentStates.includes(from)) return from
    const outcome = typeof given === 'function' ? given(payment) : given
    const { order, ...lines } = locked
    labels = { payment, orderToken: order.token, productName: lines.product.localName, username: lines.username }
    let to: PaymentState = outcome.state
    // The charged amount must be ours to the minor unit; anything else is not a payment of this order.
    if (to === 'successful' && outcome.amount && (outcome.amount.amount !== payment.amount || outcome.amount.currency !== payment.currency)) {
      deps.logger.error({ paymentId: payment.id, expected: payment.amount, got: outcome.amount }, 'provider amount differs from the order; payment not counted')
      to = 'error'
    }
    if (to === from) return from
    if (!canTransition(paymentTransitions, from, to)) return from
    const card = outcome.card
    moved = { provider: payment.provider, to }
    await repo.updatePayment(tx, payment.id, {
      state: to, providerRef: payment.providerRef ?? outcome.providerRef, updatedAt: now,
      failureReason: to === 'successful' ? null : (outcome.failureReason ?? (to === 'error' && outcome.state === 'successful' ? 'amount_mismatch' : null)),
      completedAt: finalPaymentStates.includes(to) ? now : null,
      ...(card ? { cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear } : {}),
    })
    if (to === 'pending') {
      if (order.paymentState === 'payment_waiting') await repo.updateOrder(tx, order.id, { paymentState: moveOrder(order, 'payment_pending'), updatedAt: now })
      return to
    }
    if (to === 'partially_paid') {
      // Part of a bank wire arrived (docs/decisions/0078-virtual-iban-bank-statements.md, point 5): the order
      // waits for the rest with its holds kept, as a sent payment does.
      if (order.paymentState === 'payment_waiting') await repo.updateOrder(tx, order.id, { paymentState: moveOrder(order, 'payment_pending'), updatedAt: now })
      return to
    }
    if (to === 'successful') {
      settleAndCommit = (await paymentSucceeded(deps, tx, order, payment, outcome, now, lines)) ?? null
      return to
    }
    // denied, error, canceled, expired: a later rate's charge leaves the rate unpaid for dunning; a first
    // payment's failure ends the order unpaid and gives back what it held.
    if (!firstPaymentOf(order)) {
      await rateChargeFailed(deps, tx, order, payment, outcome.failureReason ?? to)
      return to
    }
    if (order.paymentState === 'payment_waiting' || order.paymentState === 'payment_pending') {
      await releaseHolds(tx, order)
      await repo.updateOrder(tx, order.id, { paymentState: moveOrder(order, 'payment_not_completed'), reservationState: order.reservationState === 'held' ? 'released' : order.reservationState, updatedAt: now })
      await deps.deals.orderMoved(tx, order, 'payment_not_completed')
    }
    return to
  }
}

/** Whether the order still waits for its first payment (or lost it): its payments are not rate renewals. */
function firstPaymentOf(order: repo.OrderRow): boolean {
  return ['payment_waiting', 'payment_pending', 'payment_not_completed'].includes(order.paymentState)
}

async function paymentSucceeded(deps: AppDeps, tx: Executor, order: repo.OrderRow, payment: repo.PaymentRow, outcome: PaymentOutcome, now: Date, lines: repo.OrderLines) {
  if (!firstPaymentOf(order) && payment.rateNumber !== null) {
    await ratePaymentSucceeded(deps, tx, order, payment, outcome, now)
    return
  }
  const currency = currencyOf(order)
  const { items, product, username } = lines
  const vat = items.reduce((sum, i) => sum + i.vatAmount, 0)
  if (payment.amount > 0) {
    const charge = { gross: { amount: payment.amount, currency }, vat: { amount: vat, currency }, platformFeeBps: platformFeeBps(deps, payment.provider), sellerId: order.sellerId, resellerFee: resellerFeeOfOrder(order), salesTeamFee: salesTeamFeeOfOrder(order) }
    const paid = await commissionsOf(deps, tx, order, payment, charge, false, now)
    await writeLedger(tx, chargePostings({ ...charge, commissions: paid.commissions }), 'charge', order.id, payment.id, now, { provider: payment.provider, sellerId: order.sellerId, exchange: orderExchange(order) })
    await bookBonuses(tx, order, payment, paid.bonuses, now)
  }
  // A held (or never held) reservation is sold for sure, so its stock is settled last (the caller runs it
  // after the jobs' insert, with the commit); one that ran out must first find stock left.
  const settledLast = order.paymentState !== 'payment_not_completed' && order.reservationState !== 'released'
  const sold = settledLast || (order.paymentState !== 'payment_not_completed' && await sellAfterRelease(tx, order, items, product.form, now))
  if (!sold) {
    // The payer paid after the reservation ran out and nothing is left (or the order had ended): the money
    // goes back automatically, never silently kept.
    await repo.updateOrder(tx, order.id, { paidAmount: order.paidAmount + payment.amount, updatedAt: now })
    await deps.jobs.enqueue(tx, refundLatePaymentJob, { paymentToken: payment.token }, { singletonKey: `refund-late-${payment.token}` })
    return
  }
  const paidAmount = order.paidAmount + payment.amount
  const state: OrderPaymentState = paidAmount >= order.totalAmount ? 'paid' : 'paying'
  await repo.updateOrder(tx, order.id, {
    paymentState: moveOrder(order, state), paidAmount, paidAt: now, reservationState: 'sold', updatedAt: now,
    savedMethod: outcome.savedMethod ? { ...outcome.savedMethod } : order.savedMethod,
  })
  await deps.deals.orderMoved(tx, order, state)
  if (payment.rateNumber !== null) {
    // Plans with rates: the rate this payment charged (rate 1 at checkout) is paid.
    const rate = await repo.findRateByNumber(tx, order.id, payment.rateNumber, { lock: true })
    if (rate && rate.state !== 'paid') await moveRate(deps, tx, rate, 'paid', { paidAt: now, paidAmount: rate.paidAmount + payment.amount, paymentId: payment.id })
  }
  await chargeRecorded(deps, tx, order, payment)
  const payer = order.payer as { email: string; first_name: string }
  await email.queueEmail(deps, tx, {
    to: payer.email, kind: 'order_confirmation', locale: order.locale, userId: order.payerUserId, firstName: payer.first_name, sellerId: order.sellerId,
    link: `${deps.config.appUrl}/s/${encodeURIComponent(username)}/payment/${order.token}`,
    productName: product.localName, amount: formatMoney({ amount: payment.amount, currency }), sellerName: username,
  })
  await emitOrderEvent(deps, tx, order.id, 'order.paid', { payment_id: payment.id, payment_token: payment.token, amount: payment.amount, provider: payment.provider })
  // Delivered in this transaction, so the key, tickets and access exist when the payment's answer does; when
  // the delivery fails, its job retries it (docs/decisions/0092-delivery-in-the-payment-transaction.md).
  if (!(await deps.orderDelivery.deliverInPayment(deps, tx, order.id))) {
    await deps.jobs.enqueue(tx, deliverOrderJob, { orderId: order.id }, { singletonKey: `deliver-${order.id}` })
  }
  return settledLast ? () => settleHeldSaleAndCommit(tx, order, items, product.form, now) : null
}

/** What every successful charge causes besides the money: its invoice and the seller's notification. */
async function chargeRecorded(deps: AppDeps, tx: Executor, order: repo.OrderRow, payment: repo.PaymentRow) {
  await deps.jobs.enqueue(tx, issueInvoiceJob, { paymentId: payment.id }, { singletonKey: `invoice-${payment.id}` })
  await notifications.notifyOrderEvent(deps, tx, {
    sellerId: order.sellerId, type: payment.amount > 0 ? 'paid_transaction' : 'free_transaction', orderId: order.id, amount: payment.amount, currency: payment.currency, paymentId: payment.id,
  })
  await deps.rateEvents.emit(deps, tx, { type: 'charge_recorded', orderId: order.id, paymentId: payment.id, amount: payment.amount, currency: payment.currency, rateNumber: payment.rateNumber })
}

/**
 * The VAT inside a later rate's gross: the rate split over the lines that charge again, each share at its
 * own line's VAT rate (src/shared/tax `splitRate`, the split the rate's invoice prints).
 */
async function rateVat(tx: Executor, order: repo.OrderRow, gross: number): Promise<number> {
  const lines = (await repo.rateShareLinesOf(tx, order.id)).map((l) => ({
    grossAmount: l.grossAmount, vatRateBps: l.vatRateBps, recurring: chargesAgain(l.kind, l.planForm),
  }))
  const currency = currencyOf(order)
  return splitRate(lines, gross, currency).reduce((vat, share) => vat + (share.vatRateBps === 0 ? 0 : vatAmounts(toMoney(share.gross, currency), share.vatRateBps, false).vat.amount), 0)
}

/** The plan forms whose charges end; an open subscription has always more rates ahead. */
function planFormOf(order: repo.OrderRow): string | undefined {
  return (order.planSnapshot as { form?: string } | null)?.form
}

/** Rates an open subscription keeps listed ahead of the last paid one (checkout lists 24). */
export const openSubscriptionRatesAhead = 12

/**
 * A later rate was paid (the scheduler's charge, a dunning retry or the payer's pay link): the rate is
 * paid, its renewal booked, the order moves on (paid after the last rate of a plan with an end), an open
 * subscription gets more rates listed, its dunning ends. Delivery is not run again.
 */
async function ratePaymentSucceeded(deps: AppDeps, tx: Executor, order: repo.OrderRow, payment: repo.PaymentRow, outcome: PaymentOutcome, now: Date) {
  const currency = currencyOf(order)
  const rate = await repo.findRateByNumber(tx, order.id, payment.rateNumber!, { lock: true })
  if (payment.amount > 0) {
    const charge = {
      gross: { amount: payment.amount, currency }, vat: { amount: await rateVat(tx, order, payment.amount), currency },
      platformFeeBps: platformFeeBps(deps, payment.provider), sellerId: order.sellerId, resellerFee: resellerFeeOfOrder(order), salesTeamFee: salesTeamFeeOfOrder(order),
    }
    // Rate 1 charged here (after a trial) is the plan's first charge: it pays like a first payment.
    const paid = await commissionsOf(deps, tx, order, payment, charge, (payment.rateNumber ?? 0) > 1, now)
    await writeLedger(tx, renewalPostings({ ...charge, commissions: paid.commissions }), 'renewal', order.id, payment.id, now, { provider: payment.provider, sellerId: order.sellerId, exchange: orderExchange(order) })
    await bookBonuses(tx, order, payment, paid.bonuses, now)
  }
  const paidAmount = order.paidAmount + payment.amount
  if (!rate || !canTransition(orderRateTransitions, rate.state as OrderRateState, 'paid')) {
    // The rate was paid by another payment (the pay link and a retry crossed) or ended: the money goes back.
    await repo.updateOrder(tx, order.id, { paidAmount, updatedAt: now })
    await deps.jobs.enqueue(tx, refundLatePaymentJob, { paymentToken: payment.token }, { singletonKey: `refund-late-${payment.token}` })
    return
  }
  const hadFailed = rate.lastFailureReason !== null || rate.state === 'debt'
  // The rate's move tells the plan's home, which settles the order's state from its rates (billing plan-state.ts).
  await moveRate(deps, tx, rate, 'paid', { paidAt: now, paidAmount: rate.paidAmount + payment.amount, paymentId: payment.id, nextAttemptAt: null })
  if (planFormOf(order) === 'subscription') await extendOpenSubscription(tx, order, await repo.ratesOf(tx, order.id))
  await repo.updateOrder(tx, order.id, {
    paidAmount, updatedAt: now,
    // A pay-link payment that kept its method is the one later rates charge from now on.
    savedMethod: outcome.savedMethod ? { ...outcome.savedMethod } : order.savedMethod,
    savedMethodRevokedAt: outcome.savedMethod ? null : order.savedMethodRevokedAt,
  })
  if (hadFailed) await deps.rateEvents.emit(deps, tx, { type: 'settled', orderId: order.id, rateId: rate.id })
  await chargeRecorded(deps, tx, order, payment)
}

/** Keeps `openSubscriptionRatesAhead` future rates listed, dated from rate 1 by the frozen plan's interval. */
async function extendOpenSubscription(tx: Executor, order: repo.OrderRow, rates: repo.RateRow[]) {
  const ahead = rates.filter((r) => r.state === 'future').length
  const first = rates[0]
  const last = rates[rates.length - 1]
  const snapshot = order.planSnapshot as { interval?: IntervalCode | null } | null
  if (ahead >= openSubscriptionRatesAhead || !first || !last || !snapshot?.interval) return
  const count = last.number + openSubscriptionRatesAhead
  const schedule = rateSchedule({ form: 'subscription', currencyId: currencyOf(order), interval: snapshot.interval, price: last.amount }, first.dueDate, count)
  await repo.insertRates(tx, schedule.filter((c) => c.number > last.number).map((c) => ({ orderId: order.id, number: c.number, dueDate: c.dueDate, amount: last.amount, state: 'future' })))
}

/**
 * A later rate's charge failed (declined, no saved method, canceled at the provider): the rate is unpaid
 * again with the reason, and dunning decides what follows. A failed pay-link attempt changes nothing (the
 * payer may try again; the rate's own charge decides dunning).
 */
async function rateChargeFailed(deps: AppDeps, tx: Executor, order: repo.OrderRow, payment: repo.PaymentRow, reason: string) {
  if (payment.rateNumber === null) return
  const rate = await repo.findRateByNumber(tx, order.id, payment.rateNumber, { lock: true })
  if (!rate || rate.state !== 'pending' || rate.paymentId !== payment.id) return
  await moveRate(deps, tx, rate, 'unpaid', { lastFailureReason: reason, nextAttemptAt: null })
  await deps.rateEvents.emit(deps, tx, { type: 'charge_failed', orderId: order.id, rateId: rate.id, failureReason: reason })
  await emitRateEvent(deps, tx, { ...rate, state: 'unpaid' }, 'rate.failed', { failure_reason: reason })
}

/**
 * Moves a paid (or paying, paused, canceled) order to payment_refunded or payment_chargebacked and, in the
 * caller's transaction, enqueues the revocation of what it delivered. The refund and chargeback use cases
 * (money, ledger) call this; the order row is locked.
 */
export async function recordOrderReversal(deps: AppDeps, tx: Executor, orderId: number, to: 'payment_refunded' | 'payment_chargebacked'): Promise<void> {
  const order = await repo.findOrder(tx, orderId, { lock: true })
  if (!order) throw new AppError('not_found', 'This order does not exist')
  if (order.paymentState === to) return
  // The state a won dispute puts the order back to (recordChargebackWon); a later chargeback of an order
  // already charged back keeps the first one's.
  const before = to === 'payment_chargebacked' ? { paymentStateBeforeChargeback: order.paymentState } : {}
  await repo.updateOrder(tx, order.id, { paymentState: moveOrder(order, to), ...before, updatedAt: deps.now() })
  await deps.deals.orderMoved(tx, order, to)
  // No once key: each move into a reversal state revokes again (a second chargeback after a won dispute).
  await deps.jobs.enqueue(tx, revokeOrderJob, { orderId: order.id, reason: to === 'payment_refunded' ? 'refund' : 'chargeback' })
  await emitOrderEvent(deps, tx, order.id, to === 'payment_refunded' ? 'order.refunded' : 'order.chargebacked', { from: order.paymentState, to })
}

/** States a won dispute puts an order back to as they were: the plan's pause and cancellation (with their data) stand. */
const keptBeforeChargeback: readonly OrderPaymentState[] = ['payment_paused', 'payment_canceled']

/**
 * The seller won the last open chargeback (refunds module, docs/decisions/0028-refunds-chargebacks-provider-events.md):
 * a payment_chargebacked order goes back to the state it had before the first chargeback
 * (payment_state_before_chargeback): a paused plan paused and a canceled plan canceled (paused_at,
 * canceled_at and canceled_by untouched); otherwise paid when everything owed is paid, else paying (the
 * plan's home then settles a plan from its rates). The delivery's restore job gives back the access the
 * chargeback revoked where the restored state grants it. The caller's transaction, after it lowered
 * chargeback_amount; the order row is locked. Answers the state restored, or null when nothing moved.
 */
export async function recordChargebackWon(deps: AppDeps, tx: Executor, orderId: number): Promise<OrderPaymentState | null> {
  const order = await repo.findOrder(tx, orderId, { lock: true })
  if (!order) throw new AppError('not_found', 'This order does not exist')
  if (order.paymentState !== 'payment_chargebacked' || order.chargebackAmount > 0) return null
  const before = order.paymentStateBeforeChargeback as OrderPaymentState | null
  const to: OrderPaymentState = before !== null && keptBeforeChargeback.includes(before) ? before : order.paidAmount >= order.totalAmount ? 'paid' : 'paying'
  await repo.updateOrder(tx, order.id, { paymentState: moveOrder(order, to), paymentStateBeforeChargeback: null, updatedAt: deps.now() })
  // No once key: each won dispute restores (a second chargeback and its win come after the first's).
  await deps.jobs.enqueue(tx, restoreOrderJob, { orderId: order.id })
  return to
}

/**
 * Skips the plan's rates not yet due (a canceled plan charges nothing more). The caller's transaction; the
 * order row is locked there.
 */
export async function skipFutureRates(tx: Executor, orderId: number): Promise<void> {
  await repo.skipFutureRates(tx, orderId)
}

/**
 * Records a plan's cancellation on its order (payment_canceled, when and by whom) where the order-payment
 * table allows it; answers whether it moved. The plan's home decides when (billing
 * cancel-subscription.service.ts); the order row is locked in the caller's transaction.
 */
export async function recordPlanCanceled(deps: AppDeps, tx: Executor, orderId: number, by: 'payer' | 'seller' | 'manager' | 'system'): Promise<boolean> {
  const order = await repo.findOrder(tx, orderId, { lock: true })
  if (!order || !canTransition(orderPaymentTransitions, order.paymentState as OrderPaymentState, 'payment_canceled')) return false
  const now = deps.now()
  await repo.updateOrder(tx, order.id, { paymentState: moveOrder(order, 'payment_canceled'), canceledAt: now, canceledBy: by, updatedAt: now })
  await deps.deals.orderMoved(tx, order, 'payment_canceled')
  await emitOrderEvent(deps, tx, order.id, 'order.canceled', { from: order.paymentState, to: 'payment_canceled', canceled_by: by })
  return true
}

/** The plan's home paused this running plan (billing's pause-plan rule): the order reads payment_paused. */
export async function markPlanPaused(deps: AppDeps, tx: Executor, order: repo.OrderRow): Promise<repo.OrderRow> {
  const now = deps.now()
  return repo.updateOrder(tx, order.id, { paymentState: moveOrder(order, 'payment_paused'), pausedAt: now, updatedAt: now })
}

/** The plan's home resumed this paused plan: the order reads paying again. */
export async function markPlanResumed(deps: AppDeps, tx: Executor, order: repo.OrderRow): Promise<repo.OrderRow> {
  return repo.updateOrder(tx, order.id, { paymentState: moveOrder(order, 'paying'), pausedAt: null, updatedAt: deps.now() })
}

/** An order's rates in these states due until the given time, by number. */
export function ratesDueIn(db: Executor, orderId: number, states: OrderRateState[], until: Date): Promise<repo.RateRow[]> {
  return repo.ratesDueIn(db, orderId, states, until)
}

/**
 * Replaces the method the order's later rates are charged to (the payer set up a new one at the manage
 * page). The caller's transaction; the order row is locked.
 */
export async function replaceSavedMethod(deps: AppDeps, tx: Executor, orderId: number, savedMethod: Record<string, unknown>): Promise<void> {
  const order = await repo.findOrder(tx, orderId, { lock: true })
  if (!order) throw new AppError('not_found', 'This order does not exist')
  await repo.updateOrder(tx, order.id, { savedMethod: { ...savedMethod }, updatedAt: deps.now() })
}

/** The job after a late payment found no stock: refunds through the provider and books the reversal. */
export async function refundLatePayment(deps: AppDeps, data: { paymentToken: string }, refund: (payment: repo.PaymentRow) => Promise<void>): Promise<void> {
  const payment = await repo.findPaymentByToken(deps.db, data.paymentToken)
  if (!payment || payment.state !== 'successful') return
  const existing = (await repo.paymentsOf(deps.db, payment.orderId)).find((p) => p.kind === 'refund' && p.reference === payment.token)
  if (existing) return
  await refund(payment)
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const order = (await repo.findOrder(tx, payment.orderId, { lock: true }))!
    const refundRow = await repo.insertPayment(tx, {
      token: randomUUID().replaceAll('-', ''), orderId: order.id, sellerId: order.sellerId, kind: 'refund', provider: payment.provider, method: payment.method,
      state: 'successful', amount: payment.amount, currency: payment.currency, reference: payment.token, completedAt: now, createdAt: now, updatedAt: now,
    })
    const charge = (await repo.ledgerOfOrder(tx, order.id)).filter((e) => e.paymentId === payment.id && (e.kind === 'charge' || e.kind === 'renewal'))
      .map((e) => ({ account: e.account as LedgerEntry['account'], amount: e.amount, currency: e.currency as CurrencyId }))
    if (charge.length > 0) await bookLedger(deps, tx, refundPostings({ charge }), 'refund', order.id, refundRow.id, now, { provider: payment.provider, sellerId: order.sellerId, exchange: orderExchange(order) })
    await repo.updateOrder(tx, order.id, { paidAmount: Math.max(0, order.paidAmount - payment.amount), updatedAt: now })
  })
}

/** The job at the end of a reservation: an order still unpaid gives its stock back. */
export async function expireReservation(deps: AppDeps, data: { orderId: number }): Promise<void> {
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, data.orderId, { lock: true })
    if (!order || order.reservationState !== 'held') return
    if (order.reservedUntil && order.reservedUntil.getTime() > now.getTime()) return
    if (order.paymentState !== 'payment_waiting') return // pending: the provider is confirming; keep the hold
    // The lock order: the order (above), its payments, then the shared stock rows last.
    const open = (await repo.paymentsOf(tx, order.id)).filter((p) => p.state === 'waiting')
    for (const p of open) await repo.updatePayment(tx, p.id, { state: 'expired', completedAt: now, updatedAt: now })
    await releaseHolds(tx, order)
    await repo.updateOrder(tx, order.id, { reservationState: 'released', paymentState: moveOrder(order, 'payment_not_completed'), updatedAt: now })
    await deps.deals.orderMoved(tx, order, 'payment_not_completed')
  })
}

/**
 * Every reservation that ran out by business time, expired now (the test clock's advance runs this; the
 * per-order job does it in real time). Idempotent like expireReservation.
 */
export async function expireDueReservations(deps: AppDeps): Promise<number> {
  const ids = await repo.ordersWithExpiredReservations(deps.db, deps.now(), 500)
  for (const orderId of ids) await expireReservation(deps, { orderId })
  return ids.length
}

/**
 * The billing engine's reconcile step takes a charge that got no answer for one run (a conditional touch):
 * false when another run took it first.
 */
export async function leaseStaleCharge(db: Executor, paymentId: number, cutoff: Date, now: Date): Promise<boolean> {
  return repo.leaseStaleCharge(db, paymentId, cutoff, now)
}

// ------------------------------------------------------------------ the refunds' and chargebacks' writes

// The refunds module books money going back; the order store owns the rows it writes (orders, payments,
// rates' refunded amounts, ledger entries), so these are its named writers. The caller's transaction; the
// order row is locked there.

/** A refund or chargeback payment row (pending until its provider answers). */
export async function insertReversalPayment(tx: Executor, values: Parameters<typeof repo.insertPayment>[1]): Promise<repo.PaymentRow> {
  return repo.insertPayment(tx, values)
}

/** A refund's or chargeback's answer, or a charge's refunded amount. */
export async function updateReversalPayment(tx: Executor, id: number, values: Parameters<typeof repo.updatePayment>[2]): Promise<repo.PaymentRow> {
  return repo.updatePayment(tx, id, values)
}

/** The order's refunded and charged-back totals. */
export async function recordReversalAmounts(tx: Executor, orderId: number, values: { refundedAmount?: number; chargebackAmount?: number; updatedAt: Date }): Promise<void> {
  await repo.updateOrder(tx, orderId, values)
}

/** What was refunded of a rate's charge. */
export async function recordRateRefunded(tx: Executor, rateId: number, refundedAmount: number): Promise<void> {
  await repo.updateRate(tx, rateId, { refundedAmount })
}

/** One balanced ledger transaction of the order (a refund, a chargeback, its reversal). */
export async function bookLedger(deps: AppDeps, tx: Executor, entries: LedgerEntry[], kind: string, orderId: number, paymentId: number, now: Date, collector?: Collector): Promise<void> {
  await writeLedger(tx, entries, kind, orderId, paymentId, now, collector)
  await reportCommissionReversal(deps, tx, entries, kind, orderId, paymentId, now)
}

// ------------------------------------------------------------------ reads

function unpaid(order: repo.OrderRow): number {
  return Math.max(0, order.totalAmount - order.paidAmount)
}

/**
 * What the public order page shows; a caller that just wrote the order's rows passes them (`known`) instead of a re-read.
 * With `locale` (the page's language) the product's name is its name in that language (docs/decisions/0095-product-translations.md).
 */
export async function publicOrder(
  db: Executor, order: repo.OrderRow, upsellOffers: PublicOrderOutput['upsell_offers'] = [],
  known: { items?: repo.OrderItemRow[]; payments?: repo.PaymentRow[]; product?: { id: number; name: string; slug: string; form: string }; username?: string } = {},
  locale: LocaleCode | null = null,
): Promise<PublicOrderOutput> {
  const items = known.items ?? await repo.orderItemsOf(db, order.id)
  const { product, username } = known.product && known.username !== undefined && !locale
    ? { product: known.product, username: known.username } : await repo.productAndSeller(db, order.productId, locale)
  const payments = known.payments ?? await repo.paymentsOf(db, order.id)
  // Only a card payment shows a card (a test card kept on a PayPal payment by an older sandbox is not shown).
  const paid = payments.find((p) => p.kind === 'charge' && p.state === 'successful' && p.cardLast4 && paysWithCard(p.method))
  const wire = payments.find((p) => p.kind === 'charge' && p.provider === 'bank_wire' && (p.state === 'waiting' || p.state === 'partially_paid'))
  const payer = order.payer as { email: string; first_name: string; last_name: string }
  const wireDetails = (order.vat as { bank_wire?: Record<string, unknown> }).bank_wire
  return {
    id: order.id, token: order.token, order_type: order.orderType, upsell_type: order.upsellType,
    product, seller_username: username, pricing_plan: order.planSnapshot ?? null, quantity: order.quantity, currency: order.currency,
    total_amount: order.totalAmount, first_amount: order.firstAmount, vat_amount: order.vatAmount, paid_amount: order.paidAmount, unpaid_amount: unpaid(order),
    discount_amount: order.discountAmount, coupon_code: order.couponCode, exchange: order.exchange ?? null, payment_state: order.paymentState, payment_method: order.paymentMethod, provider: order.provider,
    lines: items.map((i) => ({
      product_id: i.productId, kind: i.kind as 'main' | 'bump', name: i.name, quantity: i.quantity, list_amount: i.listAmount, discount_amount: i.discountAmount,
      net_amount: i.netAmount, vat_amount: i.vatAmount, gross_amount: i.grossAmount, vat_rate_bps: i.vatRateBps,
    })),
    vat: Object.fromEntries(Object.entries(order.vat).filter(([k]) => k !== 'bank_wire')),
    card: paid ? { brand: paid.cardBrand ?? '', last4: paid.cardLast4 ?? '', exp_month: paid.cardExpMonth ?? 0, exp_year: paid.cardExpYear ?? 0 } : null,
    payer: { email: payer.email, first_name: payer.first_name, last_name: payer.last_name },
    success_page_url: order.successPageUrl,
    upsell_offers: upsellOffers,
    bank_wire: wire && wireDetails ? { type: 'bank_wire' as const, payment_id: wire.token, ...(wireDetails as Omit<NonNullable<PublicOrderOutput['bank_wire']>, 'type' | 'payment_id'>) } : null,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
  }
}

export async function findOrderByToken(db: Executor, token: string): Promise<repo.OrderRow> {
  // Tokens are 32 url-safe characters; anything else is not one.
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw new AppError('not_found', 'This order does not exist')
  const order = await repo.findOrderByToken(db, token)
  if (!order) throw new AppError('not_found', 'This order does not exist')
  return order
}

export async function findPayment(db: Executor, paymentToken: string): Promise<repo.PaymentRow> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(paymentToken)) throw new AppError('not_found', 'This payment does not exist')
  const payment = await repo.findPaymentByToken(db, paymentToken)
  if (!payment) throw new AppError('not_found', 'This payment does not exist')
  return payment
}

export type SellerOrderOutput = {
  id: number; token: string; product_id: number; product_name: string; order_type: string; upsell_type: string | null
  payer_email: string; payer_name: string; total_amount: number; paid_amount: number; vat_amount: number; currency: string
  payment_state: string; payment_method: string; provider: string; coupon_code: string | null; campaign_id: string | null; created_at: string
}

/** The seller's first simple orders list (/cabinet/orders); the full orders area is a later issue. */
export async function listSellerOrders(ctx: Ctx, query: ListQuery & { payment_state?: string }): Promise<ListAnswer<SellerOrderOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  const { rows, total, totalMax } = await repo.listSellerOrders(ctx.db, sellerId, {
    offset: (query.page - 1) * query.per, limit: query.per, query: query.query, paymentState: query.payment_state, sortDir: query.sort_dir === 'asc' ? 'asc' : 'desc',
  })
  return {
    list: rows.map((o) => {
      const payer = o.payer as { email: string; first_name: string; last_name: string }
      return {
        id: o.id, token: o.token, product_id: o.productId, product_name: o.productName, order_type: o.orderType, upsell_type: o.upsellType,
        payer_email: payer.email, payer_name: `${payer.first_name} ${payer.last_name}`, total_amount: o.totalAmount, paid_amount: o.paidAmount, vat_amount: o.vatAmount,
        currency: o.currency, payment_state: o.paymentState, payment_method: o.paymentMethod, provider: o.provider, coupon_code: o.couponCode,
        campaign_id: o.campaignId, created_at: o.createdAt.toISOString(),
      }
    }),
    total_count: total,
    total_count_max: totalMax,
  }
}

/** Per currency, the sum of every ledger row: all zero when the books balance. */
export async function ledgerTotals(db: Executor) {
  return repo.ledgerTotals(db)
}

/** Per currency, the sum of one ledger account's rows (the affiliates module's publisher balances). */
export function balanceOfAccount(db: Executor, account: string): ReturnType<typeof repo.balanceOfAccount> {
  return repo.balanceOfAccount(db, account)
}

/** The seller's balance account rows booked in [from, till] with their orders' tokens, by id (the accounting module's DATEV export). */
export function sellerLedgerRows(db: Executor, sellerId: number, from: Date, till: Date): ReturnType<typeof repo.sellerLedgerRows> {
  return repo.sellerLedgerRows(db, sellerBalance(sellerId), from, till)
}

/** A party's balance figures per currency (the payouts module's balances; repository accountFigures). */
export function accountFigures(db: Executor, account: string, held: { kinds: readonly string[]; since: Date | null }): ReturnType<typeof repo.accountFigures> {
  return repo.accountFigures(db, account, held)
}

/**
 * A balanced transaction that belongs to no order (a payout, its cancellation or settlement): written in
 * the caller's transaction.
 */
export async function bookPartyTransaction(tx: Executor, entries: LedgerEntry[], kind: string, now: Date): Promise<string> {
  assertBalanced(entries)
  const transactionId = randomUUID()
  await repo.insertLedgerEntries(tx, entries.map((e) => ({ transactionId, kind, account: e.account, amount: e.amount, currency: e.currency, orderId: null, paymentId: null, createdAt: now })))
  return transactionId
}

/** A publisher's commissions (or a reseller's fees) from sales sellers' own providers collected, per seller and currency (repository directCommissionsOf). */
export function directCommissionsOf(db: Executor, account: string): ReturnType<typeof repo.directCommissionsOf> {
  return repo.directCommissionsOf(db, account)
}

/** The publishers (or resellers) a seller's direct-collected sales pay commissions (or fees) to. */
export function partiesPaidBy(db: Executor, sellerId: number, kind: 'publisher' | 'reseller'): Promise<number[]> {
  return repo.partiesPaidBy(db, sellerId, kind)
}

/** Whether a seller still has plans charging payers (account deletion waits for them). */
export function hasOpenPlans(db: Executor, sellerId: number): Promise<boolean> {
  return repo.hasOpenPlans(db, sellerId)
}

/** One ledger account's rows, newest first (a publisher's transfers). */
export function entriesOfAccount(db: Executor, account: string, page: { offset: number; limit: number }): ReturnType<typeof repo.entriesOfAccount> {
  return repo.entriesOfAccount(db, account, page)
}

/** Orders as a publisher may see them: product, seller, amounts and state, never the payer. */
export function affiliateOrderBriefs(db: Executor, ids: readonly number[]): ReturnType<typeof repo.affiliateOrderBriefs> {
  return repo.affiliateOrderBriefs(db, ids)
}

// The checkout module makes orders and their payments; these are the order store's writes it may use
// (the orders module owns the tables, the checkout the use case).
export type { OrderRow, OrderItemRow, PaymentRow, RateRow } from './orders.repository'

// ------------------------------------------------------------------ the order store's use cases
// Other modules write orders, their lines, rates and payments only through these named use cases (each
// table has one writing module: ARCHITECTURE.md "Tables and jobs"), and read them through the named reads
// below; the repository stays this module's own.

/** A new order row (checkout, an upsell, a ticket upgrade), in the caller's transaction. */
export function openOrder(tx: Executor, values: Parameters<typeof repo.insertOrder>[1]): Promise<repo.OrderRow> {
  return repo.insertOrder(tx, values)
}

/** The lines of a new order (main product, order bumps), priced by the caller. */
export function addOrderLines(tx: Executor, lines: Parameters<typeof repo.insertOrderItems>[1]): Promise<repo.OrderItemRow[]> {
  return repo.insertOrderItems(tx, lines)
}

/** The rates of a new order's plan (installments or a subscription's first rates). */
export async function scheduleRates(tx: Executor, rates: Parameters<typeof repo.insertRates>[1]): Promise<void> {
  await repo.insertRates(tx, rates)
}

/** A new payment attempt of an order (its first charge, a rate's charge, an upsell's or upgrade's charge). */
export function openPayment(tx: Executor, values: Parameters<typeof repo.insertPayment>[1]): Promise<repo.PaymentRow> {
  return repo.insertPayment(tx, values)
}

/** The provider's reference for a payment it accepted (and the bank wire's transfer reference). */
export function recordProviderReference(db: Executor, paymentId: number, values: { providerRef: string; reference: string | null; at: Date }): Promise<repo.PaymentRow> {
  return repo.updatePayment(db, paymentId, { providerRef: values.providerRef, reference: values.reference, updatedAt: values.at })
}

/** Keeps the bank details a payer transfers to with the order, for its page and the invoice. */
export async function keepBankWireDetails(tx: Executor, orderId: number, details: Record<string, unknown>): Promise<void> {
  const order = await repo.findOrder(tx, orderId)
  if (!order) throw new AppError('not_found', 'Order not found')
  await repo.updateOrder(tx, orderId, { vat: { ...(order.vat as Record<string, unknown>), bank_wire: { ...details } } })
}

/** An order by id; `lock` takes its row lock in the caller's transaction. */
export function findOrder(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<repo.OrderRow | undefined> {
  return repo.findOrder(db, id, options)
}

/** An order's lines. */
export function orderItemsOf(db: Executor, orderId: number): Promise<repo.OrderItemRow[]> {
  return repo.orderItemsOf(db, orderId)
}

/** An order's rates, by number. */
export function ratesOf(db: Executor, orderId: number): ReturnType<typeof repo.ratesOf> {
  return repo.ratesOf(db, orderId)
}

/** A rate by id; `lock` takes its row lock. */
export function findRate(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<repo.RateRow | undefined> {
  return repo.findRate(db, id, options)
}

/** An order's rate by its number; `lock` takes its row lock. */
export function findRateByNumber(db: Executor, orderId: number, number: number, options: { lock?: boolean } = {}): Promise<repo.RateRow | undefined> {
  return repo.findRateByNumber(db, orderId, number, options)
}

/** An order's payments. */
export function paymentsOf(db: Executor, orderId: number): Promise<repo.PaymentRow[]> {
  return repo.paymentsOf(db, orderId)
}

/** The orders made from an order (upsells, order bumps bought later, ticket upgrades). */
export function childOrders(db: Executor, parentId: number): Promise<repo.OrderRow[]> {
  return repo.childOrders(db, parentId)
}

/** The seller's username (shop links) and display name (what payers read). */
export function sellerNames(db: Executor, sellerId: number): Promise<{ username: string; name: string }> {
  return repo.sellerNames(db, sellerId)
}

/** The seller's username (shop links in mails and pages). */
export function sellerUsername(db: Executor, sellerId: number): Promise<string> {
  return repo.sellerUsername(db, sellerId)
}

/** A product's name, slug and form, for texts about an order; with `locale` (a payer mail's: the order's language), its name in that language. */
export function productBrief(db: Executor, productId: number, locale?: string | null): ReturnType<typeof repo.productBrief> {
  return repo.productBrief(db, productId, locale)
}

/** A product with its seller's username, for a payment's description and links. */
export function productAndSeller(db: Executor, productId: number): ReturnType<typeof repo.productAndSeller> {
  return repo.productAndSeller(db, productId)
}

/** A payment with the labels a page or mail about it needs (order token, product name, username). */
export function paymentWithLabels(db: Executor, paymentToken: string): ReturnType<typeof repo.paymentWithLabels> {
  return repo.paymentWithLabels(db, paymentToken)
}

/** A payment by its token; `lock` takes its row lock. */
export function findPaymentByToken(db: Executor, token: string, options: { lock?: boolean } = {}): Promise<repo.PaymentRow | undefined> {
  return repo.findPaymentByToken(db, token, options)
}

/** A payment by its provider's reference (webhooks). */
export function findPaymentByRef(db: Executor, provider: string, providerRef: string): Promise<repo.PaymentRow | undefined> {
  return repo.findPaymentByRef(db, provider, providerRef)
}

/** A funnel's accepted offers per node and currency: the orders placed and the paid amount of those paid (or paying). */
export function funnelNodeFigures(db: Executor, funnelId: number): ReturnType<typeof repo.funnelNodeFigures> {
  return repo.funnelNodeFigures(db, funnelId)
}

/** The funnel an order led into (docs/decisions/0066-funnels.md), recorded once. */
export function setOrderFunnel(db: Executor, orderId: number, funnelId: number): Promise<void> {
  return repo.setOrderFunnel(db, orderId, funnelId)
}
