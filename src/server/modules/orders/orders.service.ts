import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { chargePostings, refundPostings, assertBalanced, type LedgerEntry } from '../../../shared/ledger'
import { formatMoney, isCurrencyId, type CurrencyId } from '../../../shared/money'
import type { PublicOrderOutput } from '../../../shared/schemas/checkout'
import type { ListAnswer, ListQuery } from '../../../shared/schemas/lists'
import { assertTransition, canTransition, orderPaymentTransitions, paymentTransitions, type OrderPaymentState, type PaymentState } from '../../../shared/states'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import type { PaymentOutcome } from '../../payments/providers/types'
import * as stock from '../catalog/stock.service'
import * as coupons from '../coupons/coupons.service'
import * as email from '../email/email.service'
import * as repo from './orders.repository'

// Orders after they are made: the one place a payment's outcome changes an order (recordPaymentOutcome),
// reservations that run out, the payer's and the seller's reads. Every outcome is applied under the
// payment's row lock and only once: a payment that already reached a final state ignores later news, so
// provider webhooks delivered twice or out of order change nothing (QUALITY "provider-replay").

export const expireReservationJob = 'orders.expire-reservation'
export const refundLatePaymentJob = 'orders.refund-late-payment'
export const deliverOrderJob = 'delivery.order-paid'

const finalPaymentStates: readonly PaymentState[] = ['successful', 'denied', 'error', 'canceled', 'expired']

function currencyOf(order: repo.OrderRow): CurrencyId {
  if (!isCurrencyId(order.currency)) throw new Error(`unknown currency ${order.currency}`)
  return order.currency
}

function moveOrder(order: repo.OrderRow, to: OrderPaymentState): OrderPaymentState {
  assertTransition(orderPaymentTransitions, order.paymentState as OrderPaymentState, to, 'payment_state')
  return to
}

/** The platform's share of a payment: connect keeps its fee; a seller's own account the platform fee. */
function platformFeeBps(deps: AppDeps, provider: string): number {
  return provider === 'connect' ? deps.config.CONNECT_FEE_BPS : deps.config.PLATFORM_FEE_BPS
}

async function writeLedger(tx: Executor, entries: LedgerEntry[], kind: string, orderId: number, paymentId: number, now: Date) {
  assertBalanced(entries)
  const transactionId = randomUUID()
  await repo.insertLedgerEntries(tx, entries.map((e) => ({ transactionId, kind, account: e.account, amount: e.amount, currency: e.currency, orderId, paymentId, createdAt: now })))
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

/** Turns the held stock into a sale; false when it was released and nothing is left to sell. */
async function settleStock(tx: Executor, order: repo.OrderRow, items: repo.OrderItemRow[], now: Date): Promise<boolean> {
  const bumps = items.filter((i) => i.kind === 'bump')
  if (order.reservationState === 'released') {
    // The reservation ran out before the payment arrived: sell only if stock is still left.
    if (!(await stock.sellStockDirectly(tx, order.productId, order.ticketId, order.quantity))) return false
    for (const bump of bumps) await stock.sellStockDirectly(tx, bump.productId, null, bump.quantity)
  } else {
    const held = heldOf(order)
    await stock.commitReservedStock(tx, held.product ? order.productId : null, held.ticket ? order.ticketId : null, order.quantity)
    await stock.countSale(tx, held.product ? null : order.productId, held.ticket || order.ticketId === null ? null : order.ticketId, order.quantity)
    for (const bump of bumps) {
      if (held.bumps.includes(bump.productId)) await stock.commitReservedStock(tx, bump.productId, null, bump.quantity)
      else await stock.countSale(tx, bump.productId, null, bump.quantity)
    }
  }
  const keys = await stock.commitLicenseKeys(tx, order.id, now)
  if (keys.length > 0) await repo.updateOrderItemKeys(tx, order.id, keys)
  return true
}

/**
 * Applies what the provider says about a payment (a create answer, a return, a webhook, the sandbox). Runs
 * in its own transaction under the payment's row lock; a payment already final stays as it is.
 */
export async function recordPaymentOutcome(deps: AppDeps, paymentToken: string, outcome: PaymentOutcome): Promise<void> {
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const payment = await repo.findPaymentByToken(tx, paymentToken, { lock: true })
    if (!payment) throw new AppError('not_found', 'This payment does not exist')
    if (finalPaymentStates.includes(payment.state as PaymentState)) return
    const order = (await repo.findOrder(tx, payment.orderId, { lock: true }))!
    const from = payment.state as PaymentState
    let to: PaymentState = outcome.state
    // The charged amount must be ours to the minor unit; anything else is not a payment of this order.
    if (to === 'successful' && outcome.amount && (outcome.amount.amount !== payment.amount || outcome.amount.currency !== payment.currency)) {
      deps.logger.error({ paymentId: payment.id, expected: payment.amount, got: outcome.amount }, 'provider amount differs from the order; payment not counted')
      to = 'error'
    }
    if (to === from) return
    if (!canTransition(paymentTransitions, from, to)) return
    const card = outcome.card
    await repo.updatePayment(tx, payment.id, {
      state: to, providerRef: payment.providerRef ?? outcome.providerRef, updatedAt: now,
      failureReason: to === 'successful' ? null : (outcome.failureReason ?? (to === 'error' && outcome.state === 'successful' ? 'amount_mismatch' : null)),
      completedAt: finalPaymentStates.includes(to) ? now : null,
      ...(card ? { cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear } : {}),
    })
    if (to === 'pending') {
      if (order.paymentState === 'payment_waiting') await repo.updateOrder(tx, order.id, { paymentState: moveOrder(order, 'payment_pending'), updatedAt: now })
      return
    }
    if (to === 'successful') {
      await paymentSucceeded(deps, tx, order, payment, outcome, now)
      return
    }
    // denied, error, canceled, expired: the order ends unpaid and gives back what it held.
    if (order.paymentState === 'payment_waiting' || order.paymentState === 'payment_pending') {
      await releaseHolds(tx, order)
      await repo.updateOrder(tx, order.id, { paymentState: moveOrder(order, 'payment_not_completed'), reservationState: order.reservationState === 'held' ? 'released' : order.reservationState, updatedAt: now })
    }
  })
}

async function paymentSucceeded(deps: AppDeps, tx: Executor, order: repo.OrderRow, payment: repo.PaymentRow, outcome: PaymentOutcome, now: Date) {
  const currency = currencyOf(order)
  const items = await repo.orderItemsOf(tx, order.id)
  const vat = items.reduce((sum, i) => sum + i.vatAmount, 0)
  if (payment.amount > 0) {
    await writeLedger(tx, chargePostings({
      gross: { amount: payment.amount, currency }, vat: { amount: vat, currency }, platformFeeBps: platformFeeBps(deps, payment.provider), sellerId: order.sellerId,
    }), 'charge', order.id, payment.id, now)
  }
  const sold = order.paymentState === 'payment_not_completed' ? false : await settleStock(tx, order, items, now)
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
  await repo.markFirstRatePaid(tx, order.id, now)
  const payer = order.payer as { email: string; first_name: string }
  const product = await repo.productBrief(tx, order.productId)
  const username = await repo.sellerUsername(tx, order.sellerId)
  await email.queueEmail(deps, tx, {
    to: payer.email, kind: 'order_confirmation', locale: 'en', userId: order.payerUserId, firstName: payer.first_name,
    link: `${deps.config.appUrl}/s/${encodeURIComponent(username)}/payment/${order.token}`,
    productName: product.name, amount: formatMoney({ amount: payment.amount, currency }), sellerName: username,
  })
  await deps.jobs.enqueue(tx, deliverOrderJob, { orderId: order.id }, { singletonKey: `deliver-${order.id}` })
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
    const charge = (await repo.ledgerOfOrder(tx, order.id)).filter((e) => e.paymentId === payment.id && e.kind === 'charge')
      .map((e) => ({ account: e.account as LedgerEntry['account'], amount: e.amount, currency: e.currency as CurrencyId }))
    if (charge.length > 0) await writeLedger(tx, refundPostings({ charge }), 'refund', order.id, refundRow.id, now)
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
    await releaseHolds(tx, order)
    const open = (await repo.paymentsOf(tx, order.id)).filter((p) => p.state === 'waiting')
    for (const p of open) await repo.updatePayment(tx, p.id, { state: 'expired', completedAt: now, updatedAt: now })
    await repo.updateOrder(tx, order.id, { reservationState: 'released', paymentState: moveOrder(order, 'payment_not_completed'), updatedAt: now })
  })
}

// ------------------------------------------------------------------ reads

function unpaid(order: repo.OrderRow): number {
  return Math.max(0, order.totalAmount - order.paidAmount)
}

export async function publicOrder(db: Executor, order: repo.OrderRow, upsellOffers: PublicOrderOutput['upsell_offers'] = []): Promise<PublicOrderOutput> {
  const items = await repo.orderItemsOf(db, order.id)
  const product = await repo.productBrief(db, order.productId)
  const username = await repo.sellerUsername(db, order.sellerId)
  const payments = await repo.paymentsOf(db, order.id)
  const paid = payments.find((p) => p.kind === 'charge' && p.state === 'successful' && p.cardLast4)
  const wire = payments.find((p) => p.kind === 'charge' && p.provider === 'bank_wire' && (p.state === 'waiting' || p.state === 'partially_paid'))
  const payer = order.payer as { email: string; first_name: string; last_name: string }
  const wireDetails = (order.vat as { bank_wire?: Record<string, unknown> }).bank_wire
  return {
    id: order.id, token: order.token, order_type: order.orderType, upsell_type: order.upsellType,
    product, seller_username: username, pricing_plan: order.planSnapshot ?? null, quantity: order.quantity, currency: order.currency,
    total_amount: order.totalAmount, first_amount: order.firstAmount, vat_amount: order.vatAmount, paid_amount: order.paidAmount, unpaid_amount: unpaid(order),
    discount_amount: order.discountAmount, coupon_code: order.couponCode, payment_state: order.paymentState, payment_method: order.paymentMethod, provider: order.provider,
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

// The checkout module makes orders and their payments; these are the order store's writes it may use
// (the orders module owns the tables, the checkout the use case).
export {
  insertOrder, insertOrderItems, insertRates, insertPayment, updatePayment, updateOrder, findOrder, paymentsOf, childOrders, sellerUsername,
  productBrief, findPaymentByToken, findPaymentByRef, recordProviderEvent, claimIdempotencyKey, findIdempotencyKey, takeOverIdempotencyKey,
  updateIdempotencyKey, deleteIdempotencyKey, type OrderRow, type PaymentRow,
} from './orders.repository'
