import { sellerCanSell } from '../../../shared/accounts'
import { AppError } from '../../../shared/errors'
import { localizedTexts } from '../../../shared/i18n/text-translations'
import type { CurrencyId } from '../../../shared/money'
import { isCheckoutMethod, type CheckoutMethod, type PaymentProvider } from '../../../shared/payments'
import { planSnapshot, priceCheckout, type CheckoutPrice } from '../../../shared/pricing'
import type { CreateOrderOutput } from '../../../shared/schemas/checkout'
import type { CreateTicketUpgradeInput, TicketUpgradeOptionsOutput } from '../../../shared/schemas/ticket-upgrades'
import type { CountryCode } from '../../../shared/validation/countries'
import { assertFeature, requireActor, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import { idempotent, recordProgress, type Answer } from '../../plugins/idempotency'
import * as attributionService from '../affiliates/attribution.service'
import * as catalog from '../catalog/catalog.service'
import * as stock from '../catalog/stock.service'
import * as checkoutSettings from '../checkout-settings/checkout-settings.service'
import * as orders from '../orders/orders.service'
import * as paymentSettings from '../payment-settings/payment-settings.service'
import * as paymentTickets from '../tickets/payment-tickets.service'
import { startPayment, token, type Made } from './place-order.service'
import { priceSelection, quoteOf, supplyOf } from './quote.service'

// Ticket upgrades (docs/reference/readings.md 8; docs/decisions/0022-ticket-upgrades.md; behind the seller's ticket_upgrade flag). The payer
// of an unused payment ticket sees the better ticket types of the same event (a higher price, active, not
// sold out) and pays the difference as an order of type ticket_upgrade: parent_order_id is the ticket's
// order, upgrade_payment_ticket_id the ticket. The order is written like a checkout's (one transaction that
// holds one unit of the new type with a conditional update, released when the reservation runs out) and its
// payment takes the checkout's provider path. Paid, its delivery swaps the ticket
// (payment-tickets.service upgradePaymentTicket). The ticket's row lock serialises two upgrades of one
// ticket: the second finds the first's open order and is refused.

export const ticketUpgradesScope = 'payer.ticket_upgrades'

/** Who asks: the signed-in payer (owner of the ticket) or whoever holds the ticket's order token. */
export type UpgradeAccess = { payerUserId: number } | { orderToken: string }

/** An upgrade order that is still going (or paid and about to be delivered) blocks another one. */
const openStates = ['payment_waiting', 'payment_pending', 'paying', 'paid']

const notFound = () => new AppError('not_found', 'This ticket does not exist')

type TicketRow = NonNullable<Awaited<ReturnType<typeof paymentTickets.findPaymentTicket>>>
type Option = {
  type: catalog.CheckoutProduct['tickets'][number]
  plan: ReturnType<typeof priceSelection>['plan']
  gross: number
  price: CheckoutPrice
  available: number | null
}

/** The ticket if `access` may see it; 404 otherwise (another payer's ticket says nothing). */
async function accessibleTicket(db: Executor, ctx: Ctx, access: UpgradeAccess, id: number, options: { lock?: boolean } = {}): Promise<{ ticket: TicketRow; parent: orders.OrderRow }> {
  const ticket = await paymentTickets.findPaymentTicket(db, id, ctx.deps.now(), options)
  if (!ticket) throw notFound()
  if ('payerUserId' in access) {
    if (ticket.payerUserId !== access.payerUserId) throw notFound()
  } else {
    const order = await orders.findOrderByToken(db, access.orderToken)
    if (order.id !== ticket.orderId) throw notFound()
  }
  const parent = await orders.findOrder(db, ticket.orderId)
  if (!parent) throw notFound()
  return { ticket, parent }
}

function payerCountry(parent: orders.OrderRow, facts: catalog.CheckoutFacts): { country: string; vatId: string | undefined } {
  const payer = parent.payer as { country_code?: string; vat_id?: string }
  return { country: payer.country_code ?? facts.seller.country, vatId: payer.vat_id }
}

/** A ticket type's one-time price for this payer in the ticket's currency (gross), as a checkout prices it. */
function typePrice(facts: catalog.CheckoutFacts, typeId: number, currency: string, payer: { country: string; vatId: string | undefined }) {
  const row = facts.plans.find((p) => p.ticketId === typeId && p.currencyId === currency && p.form === 'one_time')
  if (!row) return null
  const priced = priceSelection(facts, { pricing_plan_id: row.id, ticket_id: typeId, quantity: 1, country_code: payer.country, vat_id: payer.vatId }, null, { discountCounted: false })
  return { plan: priced.plan, gross: priced.price.firstAmount }
}

/** The difference as its own checkout line: gross `amount`, VAT split by the same rules as the ticket's sale. */
function differencePrice(facts: catalog.CheckoutFacts, name: string, currency: string, amount: number, payer: { country: string; vatId: string | undefined }): CheckoutPrice {
  return priceCheckout({
    lines: [{
      productId: facts.product.id, kind: 'main', name, plan: { form: 'one_time', currencyId: currency as CurrencyId, price: amount, useNetPrice: false }, quantity: 1,
      discount: null, supply: supplyOf(facts, facts.seller.country),
    }],
    coupon: null,
    seller: { country: facts.seller.country as CountryCode, vat: facts.seller.vat as never },
    payer: { country: payer.country as CountryCode, vatId: payer.vatId },
  })
}

/** The better ticket types of the ticket's event: active, priced higher than its own type, not sold out. */
function optionsOf(facts: catalog.CheckoutFacts, ticket: TicketRow, parent: orders.OrderRow): Option[] {
  if (ticket.state !== 'unused') return []
  const payer = payerCountry(parent, facts)
  const current = typePrice(facts, ticket.ticketId, ticket.currency, payer)?.gross ?? ticket.priceAmount
  const out: Option[] = []
  for (const type of facts.tickets) {
    if (type.id === ticket.ticketId || !type.active) continue
    const available = type.limit === null ? null : type.limit - type.soldCount - type.reservedCount
    if (available !== null && available <= 0) continue
    const priced = typePrice(facts, type.id, ticket.currency, payer)
    if (!priced || priced.gross <= current) continue
    const difference = Math.max(0, priced.gross - ticket.priceAmount)
    out.push({ type, plan: priced.plan, gross: priced.gross, price: differencePrice(facts, `${facts.product.name} – ${type.name}`, ticket.currency, difference, payer), available })
  }
  return out.sort((a, b) => a.gross - b.gross)
}

async function factsOf(ctx: Ctx, db: Executor, ticket: TicketRow): Promise<catalog.CheckoutFacts> {
  const facts = await catalog.checkoutFacts(ctx, db, { id: ticket.sellerId }, { id: ticket.productId })
  assertFeature({ sellerFeatures: facts.seller.features }, 'ticket_upgrade')
  return facts
}

async function methodsFor(ctx: Ctx, facts: catalog.CheckoutFacts) {
  const config = await checkoutSettings.checkoutConfigFor(ctx.db, facts.seller.id, facts.product.id)
  return paymentSettings.activeMethods(ctx.db, ctx.deps, facts.seller.id, config.product.payment_methods ?? null)
}

/** GET .../payment_tickets/{id}/upgrades: the better types and what each costs on top; none for a ticket not unused. */
export async function upgradeOptions(ctx: Ctx, access: UpgradeAccess, id: number): Promise<TicketUpgradeOptionsOutput> {
  const { ticket, parent } = await accessibleTicket(ctx.db, ctx, access, id)
  const facts = await factsOf(ctx, ctx.db, ticket)
  const options = optionsOf(facts, ticket, parent)
  const paid = options.some((o) => o.price.firstAmount > 0)
  // the ticket types' names in the ticket's order's language, each else the base name (docs/decisions/0095-product-translations.md)
  const nameOf = (type: { name: string; translations: unknown }) => localizedTexts({ name: type.name }, type.translations, ['name'], parent.locale).name
  const own = facts.tickets.find((t) => t.id === ticket.ticketId)
  return {
    payment_ticket_id: ticket.id, ticket_id: ticket.ticketId, ticket_name: own ? nameOf(own) : '',
    paid_amount: ticket.priceAmount, currency: ticket.currency,
    options: options.map((o) => {
      const line = o.price.lines[0]!
      return {
        ticket_id: o.type.id, name: nameOf(o.type), price_amount: o.gross, difference_amount: o.price.firstAmount, net_amount: line.netAmount,
        vat_amount: line.vatAmount, vat_rate_bps: line.vatRateBps, available: o.available,
      }
    }),
    payment_methods: paid ? (await methodsFor(ctx, facts)).map((m) => m.method) : [],
  }
}

/** The signed-in payer's access (GET/POST /payer/payment_tickets/{id}/upgrades). */
export function payerAccess(ctx: Ctx): UpgradeAccess {
  return { payerUserId: requireActor(ctx).userId }
}

/**
 * POST .../payment_tickets/{id}/upgrades: the order of type ticket_upgrade for the chosen type, then its
 * payment (the answer's next_action, as a checkout's). `key` is the Idempotency-Key.
 */
export async function createUpgrade(ctx: Ctx, access: UpgradeAccess, id: number, input: CreateTicketUpgradeInput, key: string): Promise<Answer<CreateOrderOutput>> {
  const { idempotency_key: _key, ...request } = input
  return idempotent(ctx, ticketUpgradesScope, key, { id, access, ...request }, async (resume) => {
    const made = resume?.order_id ? await resumeUpgrade(ctx, Number(resume.order_id)) : await makeUpgrade(ctx, access, id, request, key)
    return startPayment(ctx, made, key, 201)
  })
}

async function resumeUpgrade(ctx: Ctx, orderId: number): Promise<Made> {
  const order = (await orders.findOrder(ctx.db, orderId))!
  const payment = (await orders.paymentsOf(ctx.db, orderId)).find((p) => p.kind === 'charge')!
  return { order, payment, saveMethod: false }
}

async function makeUpgrade(ctx: Ctx, access: UpgradeAccess, id: number, input: Omit<CreateTicketUpgradeInput, 'idempotency_key'>, key: string): Promise<Made> {
  // Read and priced first (the answer for most refusals); the transaction checks again under the ticket's lock.
  const first = await accessibleTicket(ctx.db, ctx, access, id)
  const facts = await factsOf(ctx, ctx.db, first.ticket)
  if (first.ticket.state !== 'unused') throw new AppError('ticket_not_valid', `This ticket is ${first.ticket.state}`)
  const chosen = optionsOf(facts, first.ticket, first.parent).find((o) => o.type.id === input.ticket_id)
  if (!chosen) {
    const type = facts.tickets.find((t) => t.id === input.ticket_id)
    if (type && type.limit !== null && type.soldCount + type.reservedCount >= type.limit) throw new AppError('sold_out', 'Sold out')
    throw new AppError('validation_failed', 'This ticket type is not an upgrade of this ticket', [{ path: 'ticket_id', message: 'invalid_value' }])
  }
  const free = chosen.price.firstAmount === 0
  if (!free && !sellerCanSell(facts.seller)) throw new AppError('not_on_sale', 'This upgrade cannot be bought now')
  let method: CheckoutMethod | 'free' = 'free'
  let provider: PaymentProvider = 'free'
  if (!free) {
    const methods = await methodsFor(ctx, facts)
    const wanted = input.payment_method ?? first.parent.paymentMethod
    const found = methods.find((m) => m.method === wanted) ?? (input.payment_method ? undefined : methods[0])
    if (!found || !isCheckoutMethod(found.method)) throw new AppError('no_payment_method', 'This payment method is not offered', [{ path: 'payment_method', message: 'invalid_value' }])
    method = found.method
    provider = found.provider
  }
  const now = ctx.deps.now()
  const reservedUntil = new Date(now.getTime() + ctx.deps.config.RESERVATION_MINUTES * 60_000)

  return ctx.db.transaction(async (tx) => {
    const { ticket, parent } = await accessibleTicket(tx, ctx, access, id, { lock: true })
    if (ticket.state !== 'unused') throw new AppError('ticket_not_valid', `This ticket is ${ticket.state}`)
    const open = (await orders.childOrders(tx, parent.id)).find((o) => o.upgradePaymentTicketId === ticket.id && openStates.includes(o.paymentState))
    if (open) throw new AppError('conflict', 'An upgrade of this ticket is already waiting for its payment')
    const price = chosen.price
    const line = price.lines[0]!
    // Every upgrade order has a reservation, even with nothing to hold (no limit on the better type): its
    // expiry ends an abandoned payment, which would otherwise block the ticket's next upgrade for good.
    const limited = chosen.type.limit !== null
    const snapshot = planSnapshot(chosen.plan.plan)
    const versionId = chosen.plan.row.currentVersionId
    // An upgrade follows the ticket's order's attribution while the product stays in its program.
    const attribution = await attributionService.inheritAttribution(tx, parent, ticket.productId)
    const order = await orders.openOrder(tx, {
      token: token(), sellerId: ticket.sellerId, productId: ticket.productId, payerUserId: parent.payerUserId, orderType: 'ticket_upgrade',
      parentOrderId: parent.id, upgradePaymentTicketId: ticket.id, pricingPlanId: chosen.plan.row.id, pricingPlanVersionId: versionId,
      planSnapshot: { ...snapshot, id: chosen.plan.row.id, version_id: versionId } as Record<string, unknown>,
      ticketId: chosen.type.id, quantity: 1, currency: price.currency, priceKind: price.priceKind, totalAmount: price.firstAmount, vatAmount: price.vatAmount,
      firstAmount: price.firstAmount, discountAmount: 0, paymentState: 'payment_waiting', paymentMethod: method, provider, payer: parent.payer,
      attendees: [{ first_name: ticket.attendeeFirstName ?? undefined, last_name: ticket.attendeeLastName ?? undefined, email: ticket.attendeeEmail ?? undefined }],
      vat: { ...quoteOf(price, free, null).vat }, termsAcceptedAt: parent.termsAcceptedAt, locale: ctx.locale,
      publisherId: attribution?.publisherId ?? null, affiliateProgramId: attribution?.programId ?? null, affiliateNodeId: attribution?.nodeId ?? null,
      // A follow-up order keeps the parent's reseller terms, frozen when the parent was bought (docs/decisions/0051-resellers.md).
      resellerId: parent.resellerId, resellerFeeBps: parent.resellerFeeBps,
      reservationState: 'held', reservedUntil, heldStock: { product: false, ticket: limited, bumps: [] },
      createdAt: now, updatedAt: now,
    })
    await orders.addOrderLines(tx, [{
      orderId: order.id, productId: ticket.productId, kind: 'main', name: line.name, quantity: 1, pricingPlanVersionId: versionId, ticketId: chosen.type.id,
      listAmount: line.listAmount, discountAmount: 0, netAmount: line.netAmount, vatAmount: line.vatAmount, grossAmount: line.grossAmount, vatRateBps: line.vatRateBps,
    }])
    const payment = await orders.openPayment(tx, {
      token: token(), orderId: order.id, sellerId: ticket.sellerId, kind: 'charge', provider, method, state: 'waiting', amount: price.firstAmount,
      currency: price.currency, createdAt: now, updatedAt: now,
    })
    await ctx.deps.jobs.enqueue(tx, orders.expireReservationJob, { orderId: order.id }, { startAfter: reservedUntil, singletonKey: `expire-${order.id}` })
    // A crash after this commit and before the answer is stored resumes this order on the retry.
    await recordProgress(tx, ticketUpgradesScope, key, { order_id: order.id })
    // The hot row last: one unit of the better type, re-checked by the conditional update (sold out rolls all back).
    if (limited) await stock.reserveStock(tx, null, chosen.type.id, 1)
    return { order, payment, saveMethod: false }
  })
}
