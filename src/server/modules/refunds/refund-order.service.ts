import { AppError, type ErrorBody, type ErrorType } from '../../../shared/errors'
import { refundableOfCharge } from '../../../shared/payments'
import type { RefundOrderInput, RefundOrderOutput } from '../../../shared/schemas/refunds'
import { actingSellerId, assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import { idempotent, recordProgress, type Answer } from '../../plugins/idempotency'
import * as orders from '../orders/orders.service'
import * as paymentSettings from '../payment-settings/payment-settings.service'
import * as repo from './refunds.repository'
import { bookRefund, currencyOf, denyRefund, paymentOutput, paymentToken } from './refunds.service'

// Refund an order (docs/decisions/0028-refunds-chargebacks-provider-events.md): the seller or a manager gives back all or part of what an order
// paid, in three steps, since the provider is never called inside a transaction: plan under the order's
// lock, ask each provider with the refund's idempotency key, record each answer (refunds.service books it).
// The request's Idempotency-Key (docs/decisions/0016-orders-exactly-once.md) holds all three steps: the plan
// writes the refunds it made into the key, so a retry after a timeout or a crash finishes those refunds
// (or answers them again) instead of planning new ones.

/** An order still waiting for its first payment has nothing to give back. */
const unpaidStates: readonly string[] = ['payment_waiting', 'payment_pending', 'payment_not_completed']
const bankWireNote = 'manual_bank_transfer: the seller sends the money back by bank transfer'

// ------------------------------------------------------------------ the seller's and the manager's refund

type Planned = { refund: repo.PaymentRow; charge: repo.PaymentRow }

/** The request's Idempotency-Key and its scope (who asks, on which route); null for an in-process caller. */
type Keyed = { scope: string; key: string } | null

/** What the plan writes into the key: the refund payments it made, to be finished by a retry. */
type Progress = { refund_tokens: string[] }

async function planRefund(ctx: Ctx, orderId: number, sellerId: number | null, input: RefundOrderInput, keyed: Keyed): Promise<Planned[]> {
  const now = ctx.deps.now()
  return ctx.db.transaction(async (tx) => {
    const order = await orders.findOrder(tx, orderId, { lock: true })
    if (!order || (sellerId !== null && order.sellerId !== sellerId)) throw new AppError('not_found', 'This order does not exist')
    if (unpaidStates.includes(order.paymentState) || order.paidAmount === 0) throw new AppError('refund_not_possible', 'This order was not paid')
    const open: { charge: repo.PaymentRow; left: number }[] = []
    for (const charge of await repo.lockSuccessfulCharges(tx, order.id)) {
      const left = refundableOfCharge(charge, await repo.sumOfChildren(tx, charge.id, 'refund', ['pending']))
      if (left > 0) open.push({ charge, left })
    }
    const refundable = open.reduce((sum, o) => sum + o.left, 0)
    if (refundable === 0) throw new AppError('refund_not_possible', 'Nothing is left to refund')
    const amount = input.amount ?? refundable
    if (amount > refundable) {
      const error = new AppError('refund_not_possible', 'The amount is more than is left to refund')
      error.details = { refundable_amount: refundable }
      throw error
    }
    let rest = amount
    const planned: Planned[] = []
    for (const { charge, left } of open) {
      if (rest === 0) break
      const part = Math.min(rest, left)
      rest -= part
      const token = paymentToken()
      const refund = await orders.insertReversalPayment(tx, {
        token, orderId: order.id, sellerId: order.sellerId, rateNumber: charge.rateNumber, kind: 'refund', provider: charge.provider, method: charge.method,
        state: 'pending', amount: part, currency: charge.currency, parentPaymentId: charge.id, idempotencyKey: `refund:${token}`, createdAt: now, updatedAt: now,
      })
      planned.push({ refund, charge })
    }
    // A crash after this commit and before the answer is stored resumes these refunds on the retry.
    if (keyed) await recordProgress(tx, keyed.scope, keyed.key, { refund_tokens: planned.map((p) => p.refund.token) } satisfies Progress)
    return planned
  })
}

/**
 * The refunds an earlier attempt under the same key planned (its `resume`), with their charges; null when
 * there are none to finish: nothing was planned, or every provider refused them (nothing went back, so
 * the retry plans again as a new request would).
 */
async function plannedBefore(ctx: Ctx, resume: Record<string, unknown> | null): Promise<Planned[] | null> {
  const tokens = (resume as Partial<Progress> | null)?.refund_tokens
  if (!Array.isArray(tokens) || tokens.length === 0) return null
  const planned: Planned[] = []
  for (const token of tokens) {
    const refund = await repo.findPaymentByToken(ctx.db, token)
    const charge = refund?.parentPaymentId == null ? undefined : await repo.findPaymentById(ctx.db, refund.parentPaymentId)
    if (refund && charge) planned.push({ refund, charge })
  }
  return planned.length === 0 || planned.every((p) => p.refund.state === 'denied') ? null : planned
}

/** Asks the provider for one planned refund (outside any transaction) and records its answer. */
async function sendRefund(deps: AppDeps, refund: repo.PaymentRow, charge: repo.PaymentRow, reason: string | undefined): Promise<AppError | null> {
  let answer: { state: 'successful' | 'pending' | 'denied'; providerRef: string | null; note: string | null }
  let failure: AppError | null = null
  if (charge.provider === 'bank_wire') {
    // No API moves a wire back: the seller transfers it, and the platform records it as done.
    answer = { state: 'successful', providerRef: null, note: bankWireNote }
  } else {
    try {
      const adapter = await paymentSettings.providerAdapter(deps.db, deps, charge.sellerId, charge.provider)
      const result = await adapter.refund({
        providerRef: charge.providerRef ?? '', amount: { amount: refund.amount, currency: currencyOf(refund.currency) }, idempotencyKey: refund.idempotencyKey ?? `refund:${refund.token}`,
        ...(reason ? { reason } : {}),
      })
      answer = { state: result.state, providerRef: result.refundRef, note: null }
    } catch (error) {
      failure = error instanceof AppError ? error : new AppError('provider_error', 'The payment provider could not refund; please try again')
      if (!(error instanceof AppError) || failure.type === 'provider_error') deps.logger.error({ err: error, refundId: refund.id }, 'refund failed at the provider')
      // No answer (a timeout, the provider's own failure) may hide a refund the provider made: the refund
      // stays pending and is asked again with the same key (a retry under the request's key, or the sweep),
      // so the provider refunds once. Only a refusal (a 4xx of the provider) denies it.
      answer = failure.type === 'provider_error' ? { state: 'pending', providerRef: null, note: null } : { state: 'denied', providerRef: null, note: failure.type }
    }
  }
  await deps.db.transaction(async (tx) => {
    if (answer.state === 'successful') await bookRefund(deps, tx, refund.orderId, refund.id, { providerRef: answer.providerRef, note: answer.note })
    else if (answer.state === 'denied') await denyRefund(deps, tx, refund.orderId, refund.id, answer.note ?? 'denied')
    else {
      // The provider confirms later (its refund webhook, or the sweep asking again).
      await orders.findOrder(tx, refund.orderId, { lock: true })
      const row = await repo.lockPayment(tx, refund.id)
      if (row?.state === 'pending' && answer.providerRef && !row.providerRef) await orders.updateReversalPayment(tx, row.id, { providerRef: answer.providerRef, updatedAt: deps.now() })
    }
  })
  return failure
}

async function refund(ctx: Ctx, orderId: number, sellerId: number | null, input: RefundOrderInput, keyed: Keyed = null, resume: Record<string, unknown> | null = null): Promise<RefundOrderOutput> {
  const planned = (await plannedBefore(ctx, resume)) ?? (await planRefund(ctx, orderId, sellerId, input, keyed))
  let failure: AppError | null = null
  for (const { refund: row, charge } of planned) {
    // A resumed refund the provider answered already is not asked again.
    if (row.state !== 'pending') continue
    const refused = await sendRefund(ctx.deps, row, charge, input.reason)
    failure ??= refused
  }
  const made = await Promise.all(planned.map(async (p) => (await repo.findPaymentByToken(ctx.db, p.refund.token))!))
  // Nothing went through: the seller sees why (nothing was booked; a refund without an answer stays pending
  // and a retry under the same key asks for it again); a part that went through is answered.
  if (failure && made.every((p) => p.state !== 'successful')) throw failure
  const order = (await orders.findOrder(ctx.db, orderId))!
  return {
    order_id: order.id, payment_state: order.paymentState, currency: order.currency, paid_amount: order.paidAmount, refunded_amount: order.refundedAmount,
    chargeback_amount: order.chargebackAmount, refunds: made.map(paymentOutput),
  }
}

/** The key scopes: a seller's keys are the seller's on the cabinet route, a manager's their own on the admin route. */
export const sellerRefundsScope = (sellerId: number) => `cabinet.refunds:${sellerId}`
export const managerRefundsScope = (userId: number) => `admin.refunds:${userId}`

const errorAnswer = (error: AppError): Answer<ErrorBody> => ({
  status: error.status, body: { error: { ...error.details, message: error.message, type: error.type, ...(error.fields ? { fields: error.fields } : {}) } },
})

/** The stored answer's error thrown again, as the error handler answered it the first time. */
function errorOf(body: ErrorBody): AppError {
  const { message, type, fields, ...details } = body.error
  const error = new AppError(type as ErrorType, message, fields)
  if (Object.keys(details).length > 0) error.details = details as AppError['details']
  return error
}

/**
 * The refund once per key: the same key and body answer the first answer again (a refusal too, with its
 * details), another body (or order) under the key 422 idempotency_key_reused, a retry while the first
 * runs 409 idempotency_in_progress, and a retry after a crash finishes the refunds the first planned.
 */
async function refundOnce(ctx: Ctx, orderId: number, sellerId: number | null, input: RefundOrderInput, keyed: NonNullable<Keyed>): Promise<RefundOrderOutput> {
  const answer = await idempotent<RefundOrderOutput | ErrorBody>(ctx, keyed.scope, keyed.key, { order_id: orderId, ...input }, async (resume) => {
    try {
      return { status: 200, body: await refund(ctx, orderId, sellerId, input, keyed, resume) }
    } catch (error) {
      // An expected refusal is the key's answer, kept whole (the engine would keep no details).
      if (error instanceof AppError && error.status < 500) return errorAnswer(error)
      throw error
    }
  })
  if (answer.status >= 400) throw errorOf(answer.body as ErrorBody)
  return answer.body as RefundOrderOutput
}

/**
 * POST /cabinet/orders/{id}/refund: the seller refunds all or part of what the order paid, once per
 * Idempotency-Key (the route requires one; an in-process caller without a key refunds at once).
 */
export async function refundOrderAsSeller(ctx: Ctx, orderId: number, input: RefundOrderInput, key?: string): Promise<RefundOrderOutput> {
  const sellerId = actingSellerId(ctx.actor, 'orders.write')
  if (key === undefined) return refund(ctx, orderId, sellerId, input)
  return refundOnce(ctx, orderId, sellerId, input, { scope: sellerRefundsScope(sellerId), key })
}

/** POST /admin/orders/{id}/refund: a manager refunds any seller's order, once per Idempotency-Key. */
export async function refundOrderAsManager(ctx: Ctx, orderId: number, input: RefundOrderInput, key?: string): Promise<RefundOrderOutput> {
  assertCan(ctx.actor, 'admin.write')
  if (key === undefined) return refund(ctx, orderId, null, input)
  return refundOnce(ctx, orderId, null, input, { scope: managerRefundsScope(ctx.actor!.userId), key })
}

/**
 * The sweep's part: refunds still pending after a while (the process stopped between writing the refund
 * and asking the provider, or the provider answered pending) are asked again with the same idempotency
 * key, so the provider refunds once.
 */
export async function retryPendingRefunds(deps: AppDeps, olderThanMinutes = 10): Promise<number> {
  const before = new Date(deps.now().getTime() - olderThanMinutes * 60_000)
  const rows = await repo.stalePendingRefunds(deps.db, before, 50)
  for (const row of rows) {
    const charge = row.parentPaymentId === null ? undefined : await repo.findPaymentById(deps.db, row.parentPaymentId)
    if (charge) await sendRefund(deps, row, charge, undefined)
  }
  return rows.length
}
