import { formatMoney, isCurrencyId } from '../../../shared/money'
import type { DeliverablesOutput, DeliveryEmailMode, DeliveryTranslations, DeliveryTranslationsInput, ProductDeliveryInput, ProductDeliveryOutput } from '../../../shared/schemas/delivery'
import { deliveryPlaceholders, deliveryTranslationsOf, localizedDeliveryMail } from '../../../shared/schemas/delivery'
import type { LocaleCode } from '../../../shared/i18n/locales'
import { courseAccessUrl } from '../../../shared/catalog'
import { sanitizeHtml } from '../../../shared/html/html-sanitizer'
import { isRichText, plainTextOf } from '../../../shared/html/rich-text'
import { accessGrantTransitions, canTransition, type AccessGrantState } from '../../../shared/states'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as catalog from '../catalog/catalog.service'
import * as licenseKeys from '../catalog/license-keys.service'
import * as certificates from '../certificates/certificates.service'
import * as email from '../email/email.service'
import * as media from '../media/media.service'
import * as orders from '../orders/orders.service'
import * as paymentTickets from '../tickets/payment-tickets.service'
import { renderDeliveryMail } from './delivery.email'
import * as repo from './delivery.repository'

// The delivery engine (docs/decisions/0017-delivery.md). A paid order's job grants access to each product bought (memberships and
// bundles: to every included product), calls the issuers of the other modules for the forms they own
// (payment tickets, certificates; license keys were taken at payment) and enqueues the delivery mail, all
// in one transaction claimed by the order's delivery row: a rerun, or a run after a crash halfway, issues
// nothing twice. A refund or chargeback revokes it; the end of a subscription ends the access.

export const sendDeliveryEmailJob = 'delivery.send-email'

/** Order states whose order delivers: paid, or the first charge of a plan paid (docs/reference/readings.md 6). */
const deliverableStates = ['paid', 'paying']

type OrderRow = orders.OrderRow

function payerOf(order: OrderRow) {
  return order.payer as { email: string; first_name: string; last_name: string }
}

/** The data of an access event (signed webhooks, ports/platform-events.ts): the order, its payer and the grants. */
function accessEventData(order: { id: number; token: string; payerUserId: number | null; payer: unknown }, grants: Record<string, unknown>[]) {
  const payer = payerOf(order as Parameters<typeof payerOf>[0])
  return {
    order_id: order.id, order_token: order.token, payer_user_id: order.payerUserId, product_ids: grants.map((g) => g.product_id),
    payer: { email: payer.email, first_name: payer.first_name, last_name: payer.last_name }, grants,
  }
}

/**
 * access.granted / access.revoked for grants moved outside an order's delivery or revocation (a membership's
 * products changed, a grant's end passed): one event per order, in the caller's transaction.
 */
async function emitAccessEvents(deps: AppDeps, tx: Executor, type: 'access.granted' | 'access.revoked', grants: repo.GrantRow[], reason: string, now: Date) {
  const byOrder = new Map<number, repo.GrantRow[]>()
  for (const grant of grants) byOrder.set(grant.orderId, [...(byOrder.get(grant.orderId) ?? []), grant])
  for (const [orderId, ofOrder] of byOrder) {
    const order = await orders.findOrder(tx, orderId)
    if (!order) continue
    await deps.platformEvents.emit(deps, tx, {
      type, sellerId: order.sellerId, orderId, productIds: ofOrder.map((g) => g.productId), occurredAt: now,
      data: { ...accessEventData(order, ofOrder.map((g) => ({ id: g.id, product_id: g.productId, via_product_id: g.viaProductId, state: g.state }))), reason },
    })
  }
}

/** Writes a grant's state, checking the table (docs/STYLE.md 6); answers false for a move the table refuses. */
async function moveGrant(tx: Executor, grant: repo.GrantRow, to: AccessGrantState, values: Partial<repo.GrantRow>, now: Date): Promise<boolean> {
  if (!canTransition(accessGrantTransitions, grant.state as AccessGrantState, to)) return false
  await repo.updateGrant(tx, grant.id, { ...values, state: to, updatedAt: now })
  return true
}

// ------------------------------------------------------------------ the delivery job

/**
 * The job `delivery.order-paid` (orders.deliverOrderJob): the delivery of a paid order that its payment's
 * transaction could not deliver (deliverInPayment), retried until it can.
 */
export async function deliverOrder(deps: AppDeps, data: { orderId: number }): Promise<void> {
  await deps.db.transaction((tx) => deliverPaidOrder(deps, tx, data.orderId))
}

/**
 * A paid order's delivery inside its payment's transaction (ports/order-delivery.ts,
 * docs/decisions/0092-delivery-in-the-payment-transaction.md): the payer's key, tickets and access exist when the
 * payment's answer does. Under a savepoint, so a delivery that fails leaves the payment recorded and the
 * caller enqueues the job instead.
 */
export async function deliverInPayment(deps: AppDeps, tx: Executor, orderId: number): Promise<boolean> {
  try {
    await tx.transaction((savepoint) => deps.jobs.batch(savepoint, () => deliverPaidOrder(deps, savepoint, orderId)))
    return true
  } catch (error) {
    deps.logger.warn({ err: error, orderId }, 'delivery in the payment failed; the delivery job will retry it')
    return false
  }
}

/** Delivers a paid order in `tx`, once: the delivery row's claim makes a second run do nothing. */
async function deliverPaidOrder(deps: AppDeps, tx: Executor, orderId: number): Promise<void> {
  const now = deps.now()
  const order = await orders.findOrder(tx, orderId, { lock: true })
  if (!order || !deliverableStates.includes(order.paymentState) || order.payerUserId === null) return
  const settings = await repo.findDeliverySettings(tx, order.productId)
  const mode = (settings?.emailMode ?? 'standard_email') as DeliveryEmailMode
  if (!(await repo.claimDelivery(tx, { orderId: order.id, emailMode: mode, deliveredAt: now }))) return // delivered before

  // Main product and bumps; an accepted upsell is its own order with its own delivery (docs/reference/readings.md 8).
  const items = await orders.orderItemsOf(tx, order.id)
  const bought = await catalog.deliveryProducts(tx, items.length > 0 ? items.map((i) => i.productId) : [order.productId])
  const rows: Parameters<typeof repo.insertGrants>[1] = []
  const base = { sellerId: order.sellerId, payerUserId: order.payerUserId, orderId: order.id, state: 'active', grantedAt: now, updatedAt: now }
  for (const product of bought) {
    rows.push({ ...base, productId: product.id, viaProductId: null })
    for (const included of product.included) rows.push({ ...base, productId: included.id, viaProductId: product.id })
  }
  // One grant per product: a product bought directly wins over the same product inside a bundle.
  const unique = rows.filter((row, index) => rows.findIndex((r) => r.productId === row.productId) === index)
  const granted = await repo.insertGrants(tx, unique)
  await repo.insertEvents(tx, [
    { orderId: order.id, event: 'delivered', detail: { email_mode: mode, products: unique.map((r) => r.productId) }, createdAt: now },
    ...granted.map((g) => ({ orderId: order.id, grantId: g.id, event: 'granted', detail: { product_id: g.productId, via_product_id: g.viaProductId }, createdAt: now })),
  ])

  if (granted.length > 0) {
    await deps.platformEvents.emit(deps, tx, {
      type: 'access.granted', sellerId: order.sellerId, orderId: order.id, productIds: granted.map((g) => g.productId), occurredAt: now,
      data: accessEventData(order, granted.map((g) => ({ id: g.id, product_id: g.productId, via_product_id: g.viaProductId, state: 'active' }))),
    })
  }

  const forms = new Map<number, string>()
  for (const product of bought) {
    forms.set(product.id, product.form)
    for (const included of product.included) forms.set(included.id, included.form)
  }
  // A ticket_upgrade order (docs/reference/readings.md 8) swaps the payer's ticket for one of the better type instead.
  if (order.orderType === 'ticket_upgrade') await paymentTickets.upgradePaymentTicket(tx, deps, order)
  else if (order.ticketId !== null) await paymentTickets.issuePaymentTickets(tx, deps, order)
  const payer = payerOf(order)
  for (const [productId, form] of forms) {
    if (form !== 'certificate') continue
    if ((await certificates.certificateTriggerOf(tx, productId)) !== 'purchase') continue
    await certificates.issueCertificate(tx, deps, {
      productId, orderId: order.id, sellerId: order.sellerId, payerUserId: order.payerUserId,
      recipientName: `${payer.first_name} ${payer.last_name}`.trim(), trigger: 'purchase',
    })
  }
  if (mode !== 'no_email') await deps.jobs.enqueue(tx, sendDeliveryEmailJob, { orderId: order.id }, { singletonKey: `delivery-mail-${order.id}` })
}

/** The job `delivery.order-revoked` (orders.revokeOrderJob): a refund or chargeback takes back what was delivered. */
export async function revokeOrder(deps: AppDeps, data: { orderId: number; reason: string }): Promise<void> {
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const order = await orders.findOrder(tx, data.orderId, { lock: true })
    if (!order || (order.paymentState !== 'payment_refunded' && order.paymentState !== 'payment_chargebacked')) return
    const delivery = await repo.findDelivery(tx, order.id, { lock: true })
    if (delivery?.state === 'revoked') return
    if (delivery) await repo.updateDelivery(tx, order.id, { state: 'revoked', revokedAt: now })
    const revoked: { id: number; productId: number; viaProductId: number | null; from: string; fromReason: string | null }[] = []
    for (const grant of await repo.grantsOfOrder(tx, order.id, { lock: true })) {
      if (await moveGrant(tx, grant, 'revoked', { revokedAt: now, reason: data.reason }, now)) revoked.push({ id: grant.id, productId: grant.productId, viaProductId: grant.viaProductId, from: grant.state, fromReason: grant.reason })
    }
    // The state each grant had is kept with its revocation: a won dispute gives it back as it was (restoreOrderAccess).
    await repo.insertEvents(tx, revoked.map((g) => ({ orderId: order.id, grantId: g.id, event: 'revoked', reason: data.reason, detail: { from: g.from, from_reason: g.fromReason }, createdAt: now })))
    if (revoked.length > 0) {
      await deps.platformEvents.emit(deps, tx, {
        type: 'access.revoked', sellerId: order.sellerId, orderId: order.id, productIds: revoked.map((g) => g.productId), occurredAt: now,
        data: { ...accessEventData(order, revoked.map((g) => ({ id: g.id, product_id: g.productId, via_product_id: g.viaProductId, state: 'revoked', from: g.from }))), reason: data.reason },
      })
    }
    // Each module takes back its own, keeping why (a won dispute gives back only a chargeback's): tickets
    // refunded (a chargeback invalidates the unused ones), certificates revoked, keys verify as invalid.
    const reason = data.reason === 'refund' ? 'refund' : 'chargeback'
    if (order.ticketId !== null) await paymentTickets.revokePaymentTicketsOfOrder(tx, order.id, reason, now)
    await certificates.revokeCertificatesOfOrder(tx, order.id, reason)
    await licenseKeys.revokeLicenseKeysOfOrder(tx, order.id, reason, now)
  })
}

/** Order states after a won dispute whose plan still grants access (its grants' own ends apply). */
const restorableStates = ['paid', 'paying', 'payment_paused', 'payment_canceled']
/** Rates due and not paid: in dunning or in debt, when access may be paused (docs/decisions/0027-dunning-and-claims.md). */
const owedRateStates: readonly string[] = ['unpaid', 'debt', 'partly_paid']

/**
 * The job `delivery.order-restored` (orders.restoreOrderJob): the seller won the dispute and the order is
 * back in the state it had before it (docs/decisions/0028-refunds-chargebacks-provider-events.md), so the
 * access its chargeback revoked follows the plan again: each grant revoked for the chargeback is active
 * again (paused again when it was paused before, for dunning), or expired when its end (a canceled plan's
 * paid period, a limited access) passed meanwhile. What the other modules took back for the chargeback
 * comes back through each module, by the reason each revocation kept (docs/decisions/0038-money-edges.md):
 * payment tickets unused again, the same codes (expired when their event ended meanwhile), certificates
 * valid again, the same serials (one the payer replaced by buying again stays revoked), license keys valid
 * again, the same keys (a revoked key never returns to the pool, so none was handed to anyone else). What a
 * refund, an upgrade or a seller revoked stays revoked. An order the chargeback hit before its delivery ran
 * gets its keys back and is delivered now. Lock order (orders' README): the order row, its rates (read),
 * its delivery and grants, then the order's tickets, certificates and keys; no shared pool row is touched.
 * Idempotent: what was given back is no longer revoked, and a rerun finds nothing to do.
 */
export async function restoreOrderAccess(deps: AppDeps, data: { orderId: number }): Promise<void> {
  const now = deps.now()
  const undelivered = await deps.db.transaction(async (tx) => {
    const order = await orders.findOrder(tx, data.orderId, { lock: true })
    if (!order || !restorableStates.includes(order.paymentState)) return false
    const delivery = await repo.findDelivery(tx, order.id, { lock: true })
    if (!delivery) {
      // Keys are taken at payment, so the chargeback revoked them even before the delivery ran.
      await restoreRevokedForms(tx, deps, order, now)
      return true
    }
    if (delivery.state === 'revoked') await repo.updateDelivery(tx, order.id, { state: 'delivered', revokedAt: null })
    // A grant paused for dunning is paused again only while a rate is still owed (dunning resumes it then).
    const owed = (await orders.ratesOf(tx, order.id)).some((r) => owedRateStates.includes(r.state))
    for (const grant of await repo.grantsOfOrder(tx, order.id, { lock: true })) {
      if (grant.state !== 'revoked' || grant.reason !== 'chargeback') continue
      const revocation = await repo.lastGrantEvent(tx, grant.id, 'revoked')
      const ended = revocation?.detail.from === 'expired' || (grant.expiresAt !== null && grant.expiresAt.getTime() <= now.getTime())
      const reason = 'chargeback_won'
      if (!(await moveGrant(tx, grant, ended ? 'expired' : 'active', { revokedAt: null, reason }, now))) continue
      await repo.insertEvents(tx, [{ orderId: order.id, grantId: grant.id, event: ended ? 'expired' : 'restored', reason, createdAt: now }])
      if (!ended && owed && revocation?.detail.from === 'paused') {
        // Paused before (a rate in dunning): paused again, until dunning resumes it as before.
        const paused = typeof revocation.detail.from_reason === 'string' ? revocation.detail.from_reason : 'dunning'
        if (await moveGrant(tx, { ...grant, state: 'active' }, 'paused', { reason: paused }, now)) {
          await repo.insertEvents(tx, [{ orderId: order.id, grantId: grant.id, event: 'paused', reason: paused, createdAt: now }])
        }
      }
    }
    await restoreRevokedForms(tx, deps, order, now)
    return false
  })
  if (undelivered) await deliverOrder(deps, data)
}

/**
 * The tickets, certificates and license keys the order's chargeback revoked, given back by their modules,
 * logged in delivery_events (`restored`, with what came back) when anything did.
 */
async function restoreRevokedForms(tx: Executor, deps: AppDeps, order: OrderRow, now: Date): Promise<void> {
  const tickets = order.ticketId !== null ? await paymentTickets.restorePaymentTicketsOfOrder(tx, order.id, now) : 0
  const serials = await certificates.restoreCertificatesOfOrder(tx, deps, order.id)
  const keys = await licenseKeys.restoreLicenseKeysOfOrder(tx, order.id, now)
  if (tickets + serials.length + keys.length === 0) return
  await repo.insertEvents(tx, [{
    orderId: order.id, event: 'restored', reason: 'chargeback_won', detail: { payment_tickets: tickets, certificates: serials, license_keys: keys.length }, createdAt: now,
  }])
}

/**
 * The job `delivery.membership-products-changed` (catalog.membershipProductsChangedJob): a membership's access
 * follows its current products. Each order that still holds the membership (its grant not revoked) gets a
 * grant of every product the membership includes now, in the state and with the end of its membership grant
 * (granted now: a course's drip starts when the member got it), and the products the membership no longer
 * includes are revoked (reason `removed_from_membership`). A product the order bought directly is left alone.
 * It compares grants with the products at run time, so a rerun, or runs out of order, end in the same grants.
 */
export async function syncMembershipGrants(deps: AppDeps, data: { productId: number }): Promise<{ granted: number; revoked: number }> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const [membership] = await catalog.deliveryProducts(tx, [data.productId])
    if (!membership || membership.form !== 'membership') return { granted: 0, revoked: 0 }
    const included = new Set(membership.included.map((p) => p.id))
    const byOrder = new Map<number, repo.GrantRow[]>()
    for (const grant of await repo.grantsOfOrdersHolding(tx, membership.id)) byOrder.set(grant.orderId, [...(byOrder.get(grant.orderId) ?? []), grant])
    const rows: Parameters<typeof repo.insertGrants>[1] = []
    const revoked: repo.GrantRow[] = []
    for (const grants of byOrder.values()) {
      const own = grants.find((g) => g.productId === membership.id && g.viaProductId === null)
      if (!own || own.state === 'revoked') continue
      const held = new Set(grants.map((g) => g.productId))
      for (const productId of included) {
        if (held.has(productId)) continue
        rows.push({
          sellerId: own.sellerId, payerUserId: own.payerUserId, orderId: own.orderId, productId, viaProductId: membership.id,
          state: own.state, grantedAt: now, expiresAt: own.expiresAt, reason: own.state === 'active' ? null : own.reason, updatedAt: now,
        })
      }
      for (const grant of grants) {
        if (grant.viaProductId !== membership.id || included.has(grant.productId) || grant.state === 'revoked') continue
        if (await moveGrant(tx, grant, 'revoked', { revokedAt: now, reason: 'removed_from_membership' }, now)) revoked.push(grant)
      }
    }
    const granted = await repo.insertGrants(tx, rows)
    await repo.insertEvents(tx, [
      ...granted.map((g) => ({ orderId: g.orderId, grantId: g.id, event: 'granted', reason: 'added_to_membership', detail: { product_id: g.productId, via_product_id: g.viaProductId }, createdAt: now })),
      ...revoked.map((g) => ({ orderId: g.orderId, grantId: g.id, event: 'revoked', reason: 'removed_from_membership', createdAt: now })),
    ])
    await emitAccessEvents(deps, tx, 'access.granted', granted, 'added_to_membership', now)
    await emitAccessEvents(deps, tx, 'access.revoked', revoked.map((g) => ({ ...g, state: 'revoked' })), 'removed_from_membership', now)
    return { granted: granted.length, revoked: revoked.length }
  })
}

/**
 * Ends the access an order gave (a subscription ended, or was canceled to the end of its paid period):
 * at `at` (default now) the grants stop giving access; a past or present `at` marks them expired at once.
 * The billing work calls it in its own transaction.
 */
export async function endAccessOfOrder(tx: Executor, orderId: number, reason: string, at: Date = new Date(), now: Date = new Date()): Promise<number> {
  let changed = 0
  for (const grant of await repo.grantsOfOrder(tx, orderId, { lock: true })) {
    if (grant.state === 'revoked') continue
    const endsAt = grant.expiresAt && grant.expiresAt < at ? grant.expiresAt : at
    if (endsAt.getTime() <= now.getTime()) {
      if (!(await moveGrant(tx, grant, 'expired', { expiresAt: endsAt, reason }, now))) continue
    } else {
      await repo.updateGrant(tx, grant.id, { expiresAt: endsAt, reason, updatedAt: now })
    }
    await repo.insertEvents(tx, [{ orderId, grantId: grant.id, event: endsAt.getTime() <= now.getTime() ? 'expired' : 'ends', reason, detail: { expires_at: endsAt.toISOString() }, createdAt: now }])
    changed++
  }
  return changed
}

/**
 * Pauses the order's active grants (a rate is in dunning and the seller pauses access then; 0027): they
 * give no access until `resumeAccessOfOrder`. The caller's transaction; answers how many were paused.
 */
export async function pauseAccessOfOrder(tx: Executor, orderId: number, reason: string, now: Date): Promise<number> {
  const paused: number[] = []
  for (const grant of await repo.grantsOfOrder(tx, orderId, { lock: true })) {
    if (grant.state === 'active' && await moveGrant(tx, grant, 'paused', { reason }, now)) paused.push(grant.id)
  }
  await repo.insertEvents(tx, paused.map((grantId) => ({ orderId, grantId, event: 'paused', reason, createdAt: now })))
  return paused.length
}

/**
 * Gives paused grants of the order back: active again, or expired when their end passed meanwhile. The
 * caller's transaction; answers how many became active.
 */
export async function resumeAccessOfOrder(tx: Executor, orderId: number, reason: string, now: Date): Promise<number> {
  let resumed = 0
  for (const grant of await repo.grantsOfOrder(tx, orderId, { lock: true })) {
    if (grant.state !== 'paused') continue
    const ended = grant.expiresAt !== null && grant.expiresAt.getTime() <= now.getTime()
    if (!(await moveGrant(tx, grant, ended ? 'expired' : 'active', { reason }, now))) continue
    await repo.insertEvents(tx, [{ orderId, grantId: grant.id, event: ended ? 'expired' : 'resumed', reason, createdAt: now }])
    if (!ended) resumed++
  }
  return resumed
}

/** The scheduled job `delivery.expire-grants`: how often it runs (pg-boss cron, UTC). */
export const expireGrantsJob = 'delivery.expire-grants'
export const expireGrantsCron = '*/10 * * * *'
const expireBatch = 500

/**
 * The job `delivery.expire-grants`: marks the active grants past their end as expired and logs each in
 * delivery_events, in batches of one short transaction each. Access already stops at `expires_at`
 * (accessOf); this makes the state say so. Running it twice, or on two workers at once, expires each
 * grant once: rows are claimed with SKIP LOCKED and updated only while still active and due.
 */
export async function expireGrants(deps: AppDeps): Promise<number> {
  const now = deps.now()
  let total = 0
  for (;;) {
    const expired = await deps.db.transaction(async (tx) => {
      // The table allows active -> expired (docs/STYLE.md 6); the update below re-checks the state itself.
      if (!canTransition(accessGrantTransitions, 'active', 'expired')) return []
      const rows = await repo.expireDueGrants(tx, now, expireBatch)
      await repo.insertEvents(tx, rows.map((g) => ({
        orderId: g.orderId, grantId: g.id, event: 'expired', reason: g.reason ?? 'period_ended', detail: { expires_at: g.expiresAt?.toISOString() ?? null }, createdAt: now,
      })))
      // An expired grant ends access: told as access.revoked with the reason `expired` (docs/decisions/0072-signed-webhooks.md).
      await emitAccessEvents(deps, tx, 'access.revoked', rows, 'expired', now)
      return rows
    })
    total += expired.length
    if (expired.length < expireBatch) break
  }
  if (total > 0) deps.logger.info({ expired: total }, 'access grants past their end expired')
  return total
}

// ------------------------------------------------------------------ access, for the courses and the payer area

/**
 * The access a payer has to a product now: an active grant not past its end, bought directly or through a
 * membership or bundle; null when none (never bought, revoked, expired).
 */
export async function accessOf(db: Executor, payerUserId: number, productId: number, now: Date = new Date()): Promise<{ grantedAt: Date; expiresAt: Date | null; orderId: number } | null> {
  const grant = await repo.currentGrant(db, payerUserId, productId, now)
  return grant ? { grantedAt: grant.grantedAt, expiresAt: grant.expiresAt, orderId: grant.orderId } : null
}

/** Whether a paid order of the product waits for its delivery, so the payer's access is moments away. */
export async function accessPendingOf(db: Executor, payerUserId: number, productId: number): Promise<boolean> {
  return repo.hasUndeliveredOrder(db, payerUserId, productId, deliverableStates)
}

/**
 * The access extension wizard's write: sets the end of the seller's grants of a product for the given payers
 * (null: no end). An expired grant becomes active again; revoked grants stay revoked. Answers how many
 * grants changed.
 */
export async function extendAccess(tx: Executor, sellerId: number, productId: number, payerUserIds: number[], until: Date | null, now: Date = new Date()): Promise<number> {
  let changed = 0
  for (const grant of await repo.extendableGrants(tx, sellerId, productId, payerUserIds)) {
    const running = until === null || until.getTime() > now.getTime()
    if (grant.state === 'expired' && running) {
      if (!(await moveGrant(tx, grant, 'active', { expiresAt: until, reason: 'extended' }, now))) continue
    } else if (grant.state === 'active' && !running) {
      if (!(await moveGrant(tx, grant, 'expired', { expiresAt: until, reason: 'extended' }, now))) continue
    } else {
      if ((grant.expiresAt?.getTime() ?? null) === (until?.getTime() ?? null)) continue
      await repo.updateGrant(tx, grant.id, { expiresAt: until, reason: 'extended', updatedAt: now })
    }
    await repo.insertEvents(tx, [{ orderId: grant.orderId, grantId: grant.id, event: 'extended', reason: 'seller_extension', detail: { expires_at: until?.toISOString() ?? null }, createdAt: now }])
    changed++
  }
  return changed
}

/** The seller's customers of a product (not revoked), one row per payer, for the access extension wizard. */
export async function customersOf(db: Executor, sellerId: number, productId: number): Promise<{ payer_user_id: number; email: string; name: string; granted_at: Date; expires_at: Date | null }[]> {
  const rows = await repo.customersOf(db, sellerId, productId)
  return rows.map((r) => ({ payer_user_id: r.payerUserId, email: r.email, name: `${r.firstName} ${r.lastName}`.trim(), granted_at: r.grantedAt, expires_at: r.expiresAt }))
}

// ------------------------------------------------------------------ what was delivered

export function payerAreaUrl(deps: AppDeps, sellerId: number): string {
  return `${deps.config.appUrl}/payer/s/${sellerId}`
}

/**
 * Where the payer opens a product: the course player, a membership's member area when it has a member page
 * (docs/decisions/0069-member-pages.md), else the seller's page of the payer area for a membership or bundle.
 */
function accessUrlOf(deps: AppDeps, sellerId: number, username: string, product: { id: number; form: string; slug: string }, withPage: ReadonlySet<number>): string | null {
  if (product.form === 'course' || (product.form === 'membership' && withPage.has(product.id))) return `${deps.config.appUrl}${courseAccessUrl(username, product.slug)}`
  if (product.form === 'membership' || product.form === 'bundle') return payerAreaUrl(deps, sellerId)
  return null
}

/**
 * The public order's `deliverables`: null until the order is paid and its delivery ran (seconds after the
 * payment), and again once the payment was refunded or charged back.
 */
export async function deliverablesOf(db: Executor, deps: AppDeps, order: OrderRow): Promise<DeliverablesOutput | null> {
  // A canceled subscription keeps what it delivered until its paid period ends (the grants say until when).
  if (!(deliverableStates.includes(order.paymentState) || order.paymentState === 'payment_canceled') || order.payerUserId === null) return null
  const delivery = await repo.findDelivery(db, order.id)
  if (!delivery || delivery.state !== 'delivered') return null
  const grants = (await repo.grantRows(db, { orderId: order.id })).filter((g) => g.state !== 'revoked')
  const username = await orders.sellerUsername(db, order.sellerId)
  const forms = new Set(grants.map((g) => g.productForm))
  const downloads: DeliverablesOutput['downloads'] = []
  for (const grant of grants.filter((g) => g.productForm === 'download')) {
    downloads.push(...await media.downloadLinksOf(deps, db, { productId: grant.productId, orderId: order.id, payerUserId: order.payerUserId }))
  }
  const main = grants.find((g) => g.productId === order.productId)
  const memberships = grants.filter((g) => g.productForm === 'membership').map((g) => g.productId)
  const withPage = memberships.length > 0 ? await deps.memberPages.membershipsWithPage(db, order.sellerId, memberships) : new Set<number>()
  return {
    license_keys: forms.has('licenseKey') ? (await licenseKeys.licenseKeysOfOrder(db, order.id)).map((k) => ({ key: k.key })) : [],
    payment_tickets: order.ticketId !== null
      ? (await paymentTickets.paymentTicketsOfOrder(db, deps, order.id)).map((t) => ({ id: t.id, code: t.code, state: t.state, qr_url: t.qr_url, pdf_url: t.pdf_url }))
      : [],
    downloads: downloads.map((d) => ({ name: d.name, url: d.url })),
    certificates: forms.has('certificate')
      ? (await certificates.certificatesOfOrder(db, deps, order.id)).map((c) => ({ serial: c.serial, pdf_url: c.pdf_url, verify_url: c.verify_url }))
      : [],
    access_url: main ? accessUrlOf(deps, order.sellerId, username, { id: main.productId, form: main.productForm, slug: main.productSlug }, withPage) : null,
    products: grants.map((g) => ({
      product_id: g.productId, name: g.productName, form: g.productForm, access_url: accessUrlOf(deps, order.sellerId, username, { id: g.productId, form: g.productForm, slug: g.productSlug }, withPage),
    })),
  }
}

// ------------------------------------------------------------------ the delivery mail

/**
 * The job `delivery.send-email`: writes the delivery mail of an order once (standard or the seller's custom
 * text, the delivered items listed, tickets and certificates attached). Renders outside any transaction,
 * then stores the mail under the delivery's row lock so a rerun sends nothing twice.
 */
export async function sendDeliveryEmail(deps: AppDeps, data: { orderId: number }): Promise<void> {
  const order = await orders.findOrder(deps.db, data.orderId)
  const delivery = await repo.findDelivery(deps.db, data.orderId)
  if (!order || !delivery || delivery.state !== 'delivered' || delivery.emailMode === 'no_email' || delivery.emailLogId !== null) return
  const deliverables = await deliverablesOf(deps.db, deps, order)
  if (!deliverables) return
  const settings = await repo.findDeliverySettings(deps.db, order.productId)
  const payer = payerOf(order)
  // the product's name in the order's language (docs/decisions/0095-product-translations.md)
  const product = await orders.productBrief(deps.db, order.productId, order.locale)
  // payers read the seller's display name, never the bare username (docs/decisions/0043-editor-uploads-and-confirmations.md)
  const { name: sellerName } = await orders.sellerNames(deps.db, order.sellerId)
  const attachments = [
    ...(deliverables.payment_tickets.length > 0 ? await paymentTickets.paymentTicketAttachments(deps.db, deps, order.id) : []),
    ...(deliverables.certificates.length > 0 ? await certificates.certificateAttachments(deps.db, deps, order.id) : []),
  ]
  // The order's language, the payer's when they ordered (orders.locale; decision 0094), not the account's today.
  const locale = email.mailLocale(order.locale)
  // the seller's own mail in the order's language, text by text, else the base text (docs/decisions/0095-product-translations.md)
  const custom = localizedDeliveryMail({ subject: settings?.customSubject ?? null, body: settings?.customBody ?? null }, settings?.translations, order.locale)
  const rendered = renderDeliveryMail({
    locale,
    mode: delivery.emailMode === 'custom_email' && custom.subject && custom.body ? 'custom_email' : 'standard_email',
    custom: { subject: custom.subject ?? '', body: custom.body ?? '' },
    values: {
      first_name: payer.first_name, last_name: payer.last_name, email: payer.email, product_name: product.name, seller_name: sellerName,
      order_number: String(order.id), access_url: deliverables.access_url ?? payerAreaUrl(deps, order.sellerId), payer_area_url: payerAreaUrl(deps, order.sellerId),
      amount: isCurrencyId(order.currency) ? formatMoney({ amount: order.paidAmount, currency: order.currency }) : String(order.paidAmount),
    },
    deliverables,
    attachmentNames: attachments.map((a) => a.filename),
    appUrl: deps.config.appUrl,
  })
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const locked = await repo.findDelivery(tx, order.id, { lock: true })
    if (!locked || locked.emailLogId !== null || locked.state !== 'delivered') return
    const row = await email.queueEmail(deps, tx, {
      to: payer.email, kind: 'order_delivery', locale, userId: order.payerUserId, firstName: payer.first_name, rendered, attachments, sellerId: order.sellerId,
    })
    await repo.updateDelivery(tx, order.id, { emailLogId: row.id })
    await repo.insertEvents(tx, [{ orderId: order.id, event: 'email_queued', detail: { email_log_id: row.id, mode: delivery.emailMode, attachments: attachments.length }, createdAt: now }])
  })
}

// ------------------------------------------------------------------ the product's delivery step

function settingsOutput(productId: number, row: repo.DeliverySettingsRow | undefined): ProductDeliveryOutput {
  return {
    product_id: productId, email_mode: (row?.emailMode ?? 'standard_email') as DeliveryEmailMode,
    custom_subject: row?.customSubject ?? null, custom_body: row?.customBody ?? null, placeholders: [...deliveryPlaceholders],
    translations: Object.fromEntries(Object.entries(deliveryTranslationsOf(row?.translations)).map(([code, texts]) => [
      code, { custom_subject: texts.custom_subject ?? null, custom_body: texts.custom_body ?? null },
    ])),
  }
}

/** The editor's HTML kept only as the allow-list allows (docs/decisions/0012-html-sanitiser-allow-list.md); older plain text stays text. */
function customBodyValue(body: string | null | undefined): string | null {
  return body ? (isRichText(body) ? sanitizeHtml(body) : body) : null
}

/**
 * What the settings store of the custom mail's translations (docs/decisions/0095-product-translations.md): each
 * text under the base field's rules, empty ones and languages with no text left out. Null or {} clears them.
 */
function translationsValue(input: DeliveryTranslationsInput | null): DeliveryTranslations {
  const out: DeliveryTranslations = {}
  for (const [code, entry] of Object.entries(input ?? {}) as [LocaleCode, DeliveryTranslationsInput[LocaleCode]][]) {
    if (!entry) continue
    const subject = entry.custom_subject || null
    const body = customBodyValue(entry.custom_body)
    const texts = { ...(subject ? { custom_subject: subject } : {}), ...(body && plainTextOf(body).trim() !== '' ? { custom_body: body } : {}) }
    if (Object.keys(texts).length > 0) out[code] = texts
  }
  return out
}

export async function getDeliverySettings(ctx: Ctx, productId: number): Promise<ProductDeliveryOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  await catalog.ownedProduct(ctx.db, sellerId, productId)
  return settingsOutput(productId, await repo.findDeliverySettings(ctx.db, productId))
}

export async function saveDeliverySettings(ctx: Ctx, productId: number, input: ProductDeliveryInput): Promise<ProductDeliveryOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    await catalog.ownedProduct(tx, sellerId, productId, { lock: true })
    const row = await repo.saveDeliverySettings(tx, {
      productId, emailMode: input.email_mode, customSubject: input.custom_subject ?? null, customBody: customBodyValue(input.custom_body), updatedAt: ctx.now,
      ...(input.translations !== undefined ? { translations: translationsValue(input.translations) } : {}),
    })
    return settingsOutput(productId, row)
  })
}
