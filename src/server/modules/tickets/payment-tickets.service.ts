import { randomBytes } from 'node:crypto'
import { createEvents, type EventAttributes } from 'ics'
import { localizedProductTexts } from '../../../shared/catalog'
import { AppError } from '../../../shared/errors'
import { localizedTexts } from '../../../shared/i18n/text-translations'
import { formatMoney, isCurrencyId } from '../../../shared/money'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { ticketTranslationFields } from '../../../shared/schemas/catalog'
import {
  paymentTicketCodePattern, paymentTicketCsvColumns, type PaymentTicketListQuery, type PaymentTicketOverviewRow,
  type SellerPaymentTicketOutput,
} from '../../../shared/schemas/payment-tickets'
import { canTransition, statesOf, ticketTransitions, type TicketState } from '../../../shared/states'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { orders } from '../../db/schema'
import type { AppDeps } from '../../deps'
import { csvFromPages } from '../../csv-export'
import { pdfLocaleOf } from '../../pdf/pdf-writer'
import * as stock from '../catalog/stock.service'
import * as repo from './payment-tickets.repository'
import { formatDateTime, qrCodePng, ticketPdf } from './ticket-designs.service'

// Payment tickets (docs/decisions/0018-payment-tickets-expire-when-read.md): issued by the delivery for a paid order of an event product,
// one per ticket bought; checked in once at the entrance (check-in-ticket.service.ts); revoked by refunds and
// chargebacks (given back by a won dispute); listed and exported for the
// seller; handed to the payer as PDF (the product's ticket design), QR code and calendar file through
// public URLs whose only secret is the ticket code. Unused tickets of an ended event expire when they are
// next read (docs/decisions/0018-payment-tickets-expire-when-read.md).

/** 20 random bytes, base64url: 160 bits, 27 characters. */
export function newTicketCode(): string {
  return randomBytes(20).toString('base64url')
}

/** Without an end date an event is taken to last a day from its start. */
const defaultEventLengthMs = 24 * 3_600_000

/** The contract's order row (src/server/db/schema/orders.ts). */
export type OrderRow = typeof orders.$inferSelect

type EventTicketRow = NonNullable<Awaited<ReturnType<typeof repo.eventTicketOf>>>

/** The first start and the last end of a ticket type's dates. */
export function eventWindow(ticket: Pick<EventTicketRow, 'startDate' | 'endDate' | 'ticketDates'>): { startsAt: Date | null; endsAt: Date | null } {
  const starts = [ticket.startDate, ...ticket.ticketDates.map((d) => new Date(d.start_date))].filter((d): d is Date => d !== null && !Number.isNaN(d.getTime()))
  if (starts.length === 0) return { startsAt: null, endsAt: null }
  const startsAt = new Date(Math.min(...starts.map((d) => d.getTime())))
  const ends = [
    ticket.endDate ?? (ticket.startDate ? new Date(ticket.startDate.getTime() + defaultEventLengthMs) : null),
    ...ticket.ticketDates.map((d) => (d.end_date ? new Date(d.end_date) : new Date(new Date(d.start_date).getTime() + defaultEventLengthMs))),
  ].filter((d): d is Date => d !== null && !Number.isNaN(d.getTime()))
  return { startsAt, endsAt: new Date(Math.max(...ends.map((d) => d.getTime()))) }
}

type Attendee = { first_name?: string; last_name?: string; email?: string }

/**
 * Issues the order's tickets: `quantity` tickets of its ticket type, positions 1..quantity. Idempotent: a
 * rerun (or a second delivery job at once) inserts nothing already there (unique order + position).
 */
export async function issuePaymentTickets(tx: Executor, deps: AppDeps, order: OrderRow): Promise<void> {
  if (order.ticketId === null || order.quantity < 1) return
  const ticket = await repo.eventTicketOf(tx, order.ticketId)
  if (!ticket) return
  const { startsAt, endsAt } = eventWindow(ticket)
  const mainLine = await repo.mainLineGross(tx, order.id)
  // One ticket's share of what the payer paid for the line (the first payment of an installment plan).
  const price = Math.round((mainLine ?? order.firstAmount) / order.quantity)
  const attendees = order.attendees as Attendee[]
  const now = deps.now()
  const rows: repo.NewPaymentTicket[] = []
  for (let position = 1; position <= order.quantity; position++) {
    const attendee = attendees[position - 1]
    rows.push({
      code: newTicketCode(), orderId: order.id, position, sellerId: order.sellerId, productId: order.productId, ticketId: order.ticketId,
      payerUserId: order.payerUserId, attendeeFirstName: attendee?.first_name ?? null, attendeeLastName: attendee?.last_name ?? null,
      attendeeEmail: attendee?.email ?? null, state: 'unused', priceAmount: price, currency: order.currency, eventStartsAt: startsAt, eventEndsAt: endsAt,
      createdAt: now,
    })
  }
  const issued = await repo.insertMissing(tx, rows)
  if (issued > 0) deps.logger.debug({ orderId: order.id, issued }, 'payment tickets issued')
}

/** The states the table lets move to `to`. */
function fromStatesOf(to: TicketState): TicketState[] {
  return statesOf(ticketTransitions).filter((from) => canTransition(ticketTransitions, from, to))
}

/** Why an order's tickets are taken back: its refund, or its chargeback. */
export type TicketRevocation = 'refund' | 'chargeback'

/**
 * A refund makes the order's unused and used tickets refunded; a chargeback invalidates the unused ones (a
 * ticket used at the door stays used). Each keeps why (`revoked_reason`), so a won dispute gives back only
 * what its chargeback took (restorePaymentTicketsOfOrder). Tickets already refunded or invalidated stay as
 * they are, with their reason, so a second call changes nothing.
 */
export async function revokePaymentTicketsOfOrder(tx: Executor, orderId: number, reason: TicketRevocation, now: Date = new Date()): Promise<void> {
  const state = reason === 'refund' ? 'refunded' : 'invalidated'
  await repo.moveTicketsOfOrder(tx, orderId, fromStatesOf(state), state, now, reason)
}

/**
 * The seller won the dispute: the order's tickets its chargeback invalidated are unused again, the same codes
 * (they were unused when invalidated, src/shared/states/payment-ticket.ts), and expire at once when their
 * event ended meanwhile, as any unused ticket of an ended event does. Tickets refunded, or invalidated by an
 * upgrade, stay. The caller's transaction, the order row locked; a rerun finds nothing to give back.
 * Answers how many tickets came back.
 */
export async function restorePaymentTicketsOfOrder(tx: Executor, orderId: number, now: Date): Promise<number> {
  if (!canTransition(ticketTransitions, 'invalidated', 'unused')) return 0
  const restored = await repo.moveRevokedTicketsOfOrder(tx, orderId, 'invalidated', 'chargeback', 'unused', now)
  if (restored > 0) await repo.expireEnded(tx, { orderId }, now)
  return restored
}

function publicBase(deps: AppDeps, code: string): string {
  return `${deps.config.appUrl}/api/v1/common/payment_tickets/${encodeURIComponent(code)}`
}

export function ticketUrls(deps: AppDeps, code: string) {
  const base = publicBase(deps, code)
  return { qr_url: `${base}/qr.png`, pdf_url: `${base}/ticket.pdf`, ics_url: `${base}/event.ics` }
}

export async function paymentTicketsOfOrder(db: Executor, deps: AppDeps, orderId: number): Promise<{ id: number; code: string; state: string; qr_url: string; pdf_url: string }[]> {
  await repo.expireEnded(db, { orderId }, deps.now())
  return (await repo.detailsOfOrder(db, orderId)).map(({ ticket }) => {
    const { qr_url, pdf_url } = ticketUrls(deps, ticket.code)
    return { id: ticket.id, code: ticket.code, state: ticket.state, qr_url, pdf_url }
  })
}

export async function paymentTicketsOfPayer(db: Executor, deps: AppDeps, payerUserId: number): Promise<Array<{
  id: number; code: string; state: string; qr_url: string; pdf_url: string; ics_url: string; product_id: number; product_name: string
  ticket_name: string; seller_id: number; starts_at: string | null
}>> {
  await repo.expireEnded(db, { payerUserId }, deps.now())
  // named in each ticket's order language, as its PDF prints them (docs/decisions/0095-product-translations.md)
  return (await repo.detailsOfPayer(db, payerUserId)).map((detail) => {
    const { ticket } = detail
    const texts = textsOf(detail)
    return {
      id: ticket.id, code: ticket.code, state: ticket.state, ...ticketUrls(deps, ticket.code), product_id: ticket.productId, product_name: texts.event,
      ticket_name: texts.ticket, seller_id: ticket.sellerId, starts_at: ticket.eventStartsAt?.toISOString() ?? null,
    }
  })
}

// ------------------------------------------------------------------ upgrades (docs/reference/readings.md 8, checkout/ticket-upgrade.service.ts)

/** A payment ticket by id, expired first when its event has ended (docs/decisions/0018-payment-tickets-expire-when-read.md); `lock` holds its row. */
export async function findPaymentTicket(db: Executor, id: number, now: Date, options: { lock?: boolean } = {}): Promise<repo.PaymentTicketRow | undefined> {
  const row = await repo.findById(db, id, options)
  if (!row || row.state !== 'unused' || !row.eventEndsAt || row.eventEndsAt >= now) return row
  await repo.expireEnded(db, { code: row.code }, now)
  return repo.findById(db, id)
}

/**
 * The delivery of a paid ticket_upgrade order: the upgraded ticket becomes invalidated and a ticket of the
 * order's (better) ticket type is issued to the same attendee, linked by upgraded_from_id; the old type
 * gives its sale back (the new type was counted when the order was paid). Idempotent: a rerun finds the
 * order's ticket and changes nothing. A ticket no longer unused when the payment arrives (checked in or
 * expired meanwhile) is left as it is and nothing is issued: the seller refunds that order.
 */
export async function upgradePaymentTicket(tx: Executor, deps: AppDeps, order: OrderRow): Promise<void> {
  if (order.orderType !== 'ticket_upgrade' || order.upgradePaymentTicketId === null || order.ticketId === null) return
  const old = await repo.findById(tx, order.upgradePaymentTicketId, { lock: true })
  if (!old) return
  if ((await repo.detailsOfOrder(tx, order.id)).length > 0) return // issued before
  const now = deps.now()
  if (!(await repo.moveTicket(tx, old.id, fromStatesOf('invalidated'), 'invalidated', now, 'upgrade'))) {
    deps.logger.warn({ orderId: order.id, paymentTicketId: old.id, state: old.state }, 'ticket upgrade paid for a ticket that is no longer unused; nothing issued')
    return
  }
  const type = await repo.eventTicketOf(tx, order.ticketId)
  if (!type) throw new Error(`ticket type ${order.ticketId} of upgrade order ${order.id} is missing`)
  const { startsAt, endsAt } = eventWindow(type)
  // What the payer has paid for this admission in all: the first ticket's share and the difference.
  const paid = old.priceAmount + ((await repo.mainLineGross(tx, order.id)) ?? order.firstAmount)
  await repo.insertMissing(tx, [{
    code: newTicketCode(), orderId: order.id, position: 1, sellerId: old.sellerId, productId: old.productId, ticketId: order.ticketId,
    payerUserId: old.payerUserId, attendeeFirstName: old.attendeeFirstName, attendeeLastName: old.attendeeLastName, attendeeEmail: old.attendeeEmail,
    state: 'unused', priceAmount: paid, currency: old.currency, eventStartsAt: startsAt, eventEndsAt: endsAt, upgradedFromId: old.id, createdAt: now,
  }])
  await stock.returnSale(tx, null, old.ticketId, 1)
  deps.logger.debug({ orderId: order.id, from: old.id }, 'payment ticket upgraded')
}

// ------------------------------------------------------------------ files

function payerOf(detail: repo.TicketDetail) {
  return detail.payer as { email?: string; first_name?: string; last_name?: string; phone?: string; company?: string; street?: string; street_number?: string; zip?: string; city?: string; state?: string; country_code?: string; vat_id?: string }
}

/** The name a ticket shows: its attendee's, or else its payer's. */
export function attendeeName(detail: repo.TicketDetail): string {
  const t = detail.ticket
  const name = [t.attendeeFirstName, t.attendeeLastName].filter(Boolean).join(' ')
  if (name) return name
  const payer = payerOf(detail)
  return [payer.first_name, payer.last_name].filter(Boolean).join(' ')
}

function priceText(ticket: repo.PaymentTicketRow): string {
  return isCurrencyId(ticket.currency) ? formatMoney({ amount: ticket.priceAmount, currency: ticket.currency }, { display: 'code' }) : String(ticket.priceAmount)
}

/**
 * The event's name and the ticket type's name and location in the ticket's order's language, each the translation's
 * when given, else the base text (docs/decisions/0095-product-translations.md); the seller's lists keep the base.
 */
function textsOf(detail: repo.TicketDetail): { event: string; ticket: string; location: string | null } {
  const locale = pdfLocaleOf(detail.orderLocale)
  const product = localizedProductTexts({ name: detail.productName, description: null, descriptionHtml: null }, detail.productTranslations, locale)
  const type = localizedTexts({ name: detail.ticketName, location: detail.location }, detail.ticketTranslations, ticketTranslationFields, locale)
  return { event: product.name, ticket: type.name, location: type.location }
}

/** A ticket's PDF in its order's language (docs/decisions/0094-storefront-languages.md), whoever opens it. */
async function pdfOf(db: Executor, deps: AppDeps, detail: repo.TicketDetail): Promise<Buffer> {
  const t = detail.ticket
  const locale = pdfLocaleOf(detail.orderLocale)
  const texts = textsOf(detail)
  return ticketPdf(db, deps, { id: t.productId, sellerId: t.sellerId }, {
    event_name: texts.event,
    ticket_type: texts.ticket,
    date: t.eventStartsAt ? formatDateTime(t.eventStartsAt.toISOString(), locale) : '',
    location: texts.location ?? '',
    attendee_name: attendeeName(detail),
    price: priceText(t),
    order_number: `${t.orderId}-${t.position}`,
    code: t.code,
  }, locale)
}

/** One .ics with the event of each distinct ticket type among `details` (none without a date). */
function icsOf(deps: AppDeps, details: repo.TicketDetail[]): string | null {
  const seen = new Set<number>()
  const events: EventAttributes[] = []
  for (const d of details) {
    const t = d.ticket
    if (!t.eventStartsAt || seen.has(t.ticketId)) continue
    seen.add(t.ticketId)
    const end = t.eventEndsAt ?? new Date(t.eventStartsAt.getTime() + defaultEventLengthMs)
    const texts = textsOf(d)
    events.push({
      uid: `payment-ticket-${t.ticketId}-${t.orderId}@${new URL(deps.config.appUrl).hostname}`,
      productId: 'sellfront/tickets',
      title: `${texts.event} – ${texts.ticket}`,
      start: t.eventStartsAt.getTime(), startInputType: 'utc', startOutputType: 'utc',
      end: end.getTime(), endInputType: 'utc', endOutputType: 'utc',
      ...(texts.location ? { location: texts.location } : {}),
      url: ticketUrls(deps, t.code).pdf_url,
    })
  }
  if (events.length === 0) return null
  const { error, value } = createEvents(events)
  if (error || !value) throw error ?? new Error('ics failed')
  return value
}

/** The mail attachments of an order's tickets: one PDF per ticket still valid, and one .ics for the event. */
export async function paymentTicketAttachments(db: Executor, deps: AppDeps, orderId: number): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
  const details = (await repo.detailsOfOrder(db, orderId)).filter((d) => d.ticket.state === 'unused' || d.ticket.state === 'used')
  const files: { filename: string; contentType: string; content: Buffer }[] = []
  for (const d of details) files.push({ filename: `ticket-${d.ticket.orderId}-${d.ticket.position}.pdf`, contentType: 'application/pdf', content: await pdfOf(db, deps, d) })
  const ics = icsOf(deps, details)
  if (ics) files.push({ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8', content: Buffer.from(ics, 'utf8') })
  return files
}

async function publicDetail(db: Executor, code: string): Promise<repo.TicketDetail> {
  // Anything that is not the shape of a code is not one (and never reaches the database).
  const detail = paymentTicketCodePattern.test(code) ? await repo.detailByCode(db, code) : undefined
  if (!detail) throw new AppError('not_found', 'This ticket does not exist')
  return detail
}

/** GET /common/payment_tickets/{code}/qr.png: the QR code of the code. */
export async function publicQr(ctx: Ctx, code: string): Promise<Buffer> {
  const detail = await publicDetail(ctx.db, code)
  return qrCodePng(detail.ticket.code)
}

/** GET /common/payment_tickets/{code}/ticket.pdf */
export async function publicPdf(ctx: Ctx, code: string): Promise<Buffer> {
  const detail = await publicDetail(ctx.db, code)
  return pdfOf(ctx.db, ctx.deps, detail)
}

/** GET /common/payment_tickets/{code}/event.ics; 404 when the ticket type has no date. */
export async function publicIcs(ctx: Ctx, code: string): Promise<string> {
  const detail = await publicDetail(ctx.db, code)
  const ics = icsOf(ctx.deps, [detail])
  if (!ics) throw new AppError('not_found', 'This event has no date')
  return ics
}

// ------------------------------------------------------------------ the seller's lists

function filtersOf(query: PaymentTicketListQuery): repo.ListFilters {
  const date = (v: string | undefined) => (v ? new Date(v) : undefined)
  return {
    productId: query.product_id, ticketId: query.ticket_id, state: query.state, query: query.query,
    createdFrom: date(query.created_from_time), createdTill: date(query.created_till_time),
    eventFrom: date(query.event_from_time), eventTill: date(query.event_till_time),
  }
}

function sellerOutput(deps: AppDeps, detail: repo.TicketDetail): SellerPaymentTicketOutput {
  const t = detail.ticket
  const payer = payerOf(detail)
  const attendee = [t.attendeeFirstName, t.attendeeLastName].filter(Boolean).join(' ')
  const { qr_url, pdf_url } = ticketUrls(deps, t.code)
  return {
    id: t.id, code: t.code, state: t.state as TicketState, order_id: t.orderId, order_token: detail.orderToken, position: t.position,
    product_id: t.productId, product_name: detail.productName, ticket_id: t.ticketId, ticket_name: detail.ticketName, location: detail.location,
    event_date: t.eventStartsAt?.toISOString() ?? null, price: t.priceAmount, currency: t.currency, is_free: t.priceAmount === 0,
    payer_email: payer.email ?? '', payer_name: [payer.first_name, payer.last_name].filter(Boolean).join(' '),
    attendee_name: attendee || null, attendee_email: t.attendeeEmail, used_at: t.usedAt?.toISOString() ?? null, qr_url, pdf_url,
    created_at: t.createdAt.toISOString(),
  }
}

/** /cabinet/payment_tickets/details: the seller's tickets with filters (and counts per state when asked). */
export async function listPaymentTickets(ctx: Ctx, query: PaymentTicketListQuery): Promise<ListAnswer<SellerPaymentTicketOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'tickets.read')
  await repo.expireEnded(ctx.db, { sellerId }, ctx.now)
  const filters = filtersOf(query)
  const { rows, total, totalMax } = await repo.listDetails(ctx.db, sellerId, filters, {
    offset: (query.page - 1) * query.per, limit: query.per, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'desc',
  })
  const answer: ListAnswer<SellerPaymentTicketOutput> = { list: rows.map((r) => sellerOutput(ctx.deps, r)), total_count: total, total_count_max: totalMax }
  if (query.counts) answer.counts = await repo.stateCounts(ctx.db, sellerId, filters)
  return answer
}

/** /cabinet/payment_tickets/overview: per event and ticket type, how many tickets are in each state. */
export async function overview(ctx: Ctx): Promise<{ list: PaymentTicketOverviewRow[] }> {
  const sellerId = actingSellerId(ctx.actor, 'tickets.read')
  await repo.expireEnded(ctx.db, { sellerId }, ctx.now)
  const rows = await repo.overview(ctx.db, sellerId)
  return {
    list: rows.map((r) => ({
      product_id: r.productId, product_name: r.productName, ticket_id: r.ticketId, ticket_name: r.ticketName, location: r.location,
      event_date: eventWindow({ startDate: r.startDate, endDate: null, ticketDates: r.ticketDates }).startsAt?.toISOString() ?? null, limit: r.limit,
      sold: r.unused + r.used + r.refunded + r.expired, unused: r.unused, used: r.used, refunded: r.refunded, expired: r.expired, invalidated: r.invalidated,
    })),
  }
}


/** The details list as CSV with the spec's columns (paymentTicketCsvColumns), filtered like the list. */
export async function exportPaymentTicketsCsv(ctx: Ctx, query: PaymentTicketListQuery): Promise<string> {
  const sellerId = actingSellerId(ctx.actor, 'tickets.read')
  await repo.expireEnded(ctx.db, { sellerId }, ctx.now)
  const filters = filtersOf(query)
  return csvFromPages(paymentTicketCsvColumns, async ({ offset, limit }) => {
    const { rows } = await repo.listDetails(ctx.db, sellerId, filters, { offset, limit, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'asc' })
    return rows.map((d) => {
      const t = d.ticket
      const payer = payerOf(d)
      return {
        id: String(t.id), event_date: t.eventStartsAt?.toISOString() ?? '', qr_code_url: ticketUrls(ctx.deps, t.code).qr_url, code: t.code, state: t.state,
        date: t.createdAt.toISOString(), product_name: d.productName, ticket_name: d.ticketName, location: d.location ?? '',
        transfer_id: d.transferId === null ? '' : String(d.transferId), price: priceText(t), phone_number: payer.phone ?? '',
        payer_email: payer.email ?? '', payer_first_name: payer.first_name ?? '', payer_last_name: payer.last_name ?? '', payer_company: payer.company ?? '',
        payer_street: payer.street ?? '', payer_street_number: payer.street_number ?? '', payer_zip: payer.zip ?? '', payer_city: payer.city ?? '',
        payer_state: payer.state ?? '', payer_country: payer.country_code ?? '', attendee_email: t.attendeeEmail ?? '',
        attendee_first_name: t.attendeeFirstName ?? '', attendee_last_name: t.attendeeLastName ?? '', payer_vat: payer.vat_id ?? '', order_id: String(t.orderId),
      }
    })
  })
}
