import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { TicketState } from '../../../shared/states'
import type { Executor } from '../../db/client'
import { eventTickets, orderItems, orders, payments, paymentTickets, products } from '../../db/schema'

// The SQL of payment tickets. The only writer of `state` is here: every write is a conditional UPDATE
// whose WHERE names the states the transitions table allows to move from, so two writers at once (two
// scanners, a refund during a scan) cannot both win.

export type PaymentTicketRow = typeof paymentTickets.$inferSelect
export type NewPaymentTicket = typeof paymentTickets.$inferInsert

/** Inserts the tickets not issued yet; a rerun (same order and positions) inserts nothing. */
export async function insertMissing(db: Executor, rows: NewPaymentTicket[]): Promise<number> {
  if (rows.length === 0) return 0
  const inserted = await db.insert(paymentTickets).values(rows)
    .onConflictDoNothing({ target: [paymentTickets.orderId, paymentTickets.position] }).returning({ id: paymentTickets.id })
  return inserted.length
}

/** What the payer paid for the order's main line in its first payment. */
export async function mainLineGross(db: Executor, orderId: number): Promise<number | undefined> {
  const [row] = await db.select({ gross: orderItems.grossAmount }).from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, 'main'))).orderBy(asc(orderItems.id)).limit(1)
  return row?.gross
}

export async function eventTicketOf(db: Executor, ticketId: number) {
  const [row] = await db.select().from(eventTickets).where(eq(eventTickets.id, ticketId)).limit(1)
  return row
}

/** Moves the order's tickets that may move to `to` (from one of `from`); answers how many moved. */
export async function moveTicketsOfOrder(db: Executor, orderId: number, from: readonly TicketState[], to: TicketState, now: Date, revokedReason: string | null = null): Promise<number> {
  if (from.length === 0) return 0
  const moved = await db.update(paymentTickets).set({ state: to, stateChangedAt: now, revokedReason })
    .where(and(eq(paymentTickets.orderId, orderId), inArray(paymentTickets.state, [...from]))).returning({ id: paymentTickets.id })
  return moved.length
}

/** Moves the order's tickets in `from` that were revoked for `reason` to `to`, clearing the reason; answers how many. */
export async function moveRevokedTicketsOfOrder(db: Executor, orderId: number, from: TicketState, reason: string, to: TicketState, now: Date): Promise<number> {
  const moved = await db.update(paymentTickets).set({ state: to, stateChangedAt: now, revokedReason: null })
    .where(and(eq(paymentTickets.orderId, orderId), eq(paymentTickets.state, from), eq(paymentTickets.revokedReason, reason))).returning({ id: paymentTickets.id })
  return moved.length
}

/** Moves one ticket from one of `from` to `to`; undefined when it was not in one of them. */
export async function moveTicket(db: Executor, id: number, from: readonly TicketState[], to: TicketState, now: Date, revokedReason: string | null = null): Promise<PaymentTicketRow | undefined> {
  const [row] = await db.update(paymentTickets).set({ state: to, stateChangedAt: now, revokedReason })
    .where(and(eq(paymentTickets.id, id), inArray(paymentTickets.state, [...from]))).returning()
  return row
}

/** Unused tickets whose event has ended become expired (docs/decisions/0018-payment-tickets-expire-when-read.md): scoped by seller, payer or code. */
export async function expireEnded(db: Executor, scope: { sellerId?: number; payerUserId?: number; code?: string; orderId?: number }, now: Date): Promise<number> {
  const conditions: SQL[] = [eq(paymentTickets.state, 'unused'), isNotNull(paymentTickets.eventEndsAt), lt(paymentTickets.eventEndsAt, now)]
  if (scope.sellerId !== undefined) conditions.push(eq(paymentTickets.sellerId, scope.sellerId))
  if (scope.payerUserId !== undefined) conditions.push(eq(paymentTickets.payerUserId, scope.payerUserId))
  if (scope.code !== undefined) conditions.push(eq(paymentTickets.code, scope.code))
  if (scope.orderId !== undefined) conditions.push(eq(paymentTickets.orderId, scope.orderId))
  const moved = await db.update(paymentTickets).set({ state: 'expired', stateChangedAt: now }).where(and(...conditions)).returning({ id: paymentTickets.id })
  return moved.length
}

/**
 * Check-in: the one conditional UPDATE that admits a ticket. Of two scans at once the second waits for the
 * first's row lock, re-reads the state and matches nothing.
 */
export async function markUsed(db: Executor, sellerId: number, code: string, userId: number, now: Date): Promise<PaymentTicketRow | undefined> {
  const [row] = await db.update(paymentTickets).set({ state: 'used', usedAt: now, checkedInByUserId: userId, stateChangedAt: now })
    .where(and(eq(paymentTickets.code, code), eq(paymentTickets.sellerId, sellerId), eq(paymentTickets.state, 'unused'))).returning()
  return row
}

export async function findByCode(db: Executor, code: string): Promise<PaymentTicketRow | undefined> {
  const [row] = await db.select().from(paymentTickets).where(eq(paymentTickets.code, code)).limit(1)
  return row
}

export async function findById(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<PaymentTicketRow | undefined> {
  const query = db.select().from(paymentTickets).where(eq(paymentTickets.id, id)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** A ticket with what is printed and listed about it: product, ticket type, order (payer) and its paid charge. */
const detailColumns = {
  ticket: paymentTickets,
  productName: products.name,
  productSlug: products.slug,
  ticketName: eventTickets.name,
  location: eventTickets.location,
  /** The product's and the ticket type's texts in other languages: a ticket prints in its order's language. */
  productTranslations: products.translations,
  ticketTranslations: eventTickets.translations,
  orderToken: orders.token,
  /** The order's language: its tickets print in it. */
  orderLocale: orders.locale,
  payer: orders.payer,
  transferId: sql<number | null>`(select min(${payments.id}) from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.kind} = 'charge' and ${payments.state} = 'successful')`,
}
export type TicketDetail = {
  ticket: PaymentTicketRow; productName: string; productSlug: string; ticketName: string; location: string | null
  productTranslations: unknown; ticketTranslations: unknown
  orderToken: string; orderLocale: string; payer: Record<string, unknown>; transferId: number | null
}

function detailQuery(db: Executor) {
  return db.select(detailColumns).from(paymentTickets)
    .innerJoin(products, eq(products.id, paymentTickets.productId))
    .innerJoin(eventTickets, eq(eventTickets.id, paymentTickets.ticketId))
    .innerJoin(orders, eq(orders.id, paymentTickets.orderId))
}

export async function detailsOfOrder(db: Executor, orderId: number): Promise<TicketDetail[]> {
  return detailQuery(db).where(eq(paymentTickets.orderId, orderId)).orderBy(asc(paymentTickets.position)) as Promise<TicketDetail[]>
}

export async function detailsOfPayer(db: Executor, payerUserId: number): Promise<TicketDetail[]> {
  return detailQuery(db).where(eq(paymentTickets.payerUserId, payerUserId)).orderBy(desc(paymentTickets.id)) as Promise<TicketDetail[]>
}

export async function detailByCode(db: Executor, code: string): Promise<TicketDetail | undefined> {
  const [row] = await detailQuery(db).where(eq(paymentTickets.code, code)).limit(1)
  return row as TicketDetail | undefined
}

export type ListFilters = {
  productId?: number | undefined; ticketId?: number | undefined; state?: TicketState | undefined; query?: string | undefined
  createdFrom?: Date | undefined; createdTill?: Date | undefined; eventFrom?: Date | undefined; eventTill?: Date | undefined
}

function filterConditions(sellerId: number, f: ListFilters): SQL[] {
  const conditions: SQL[] = [eq(paymentTickets.sellerId, sellerId)]
  if (f.productId) conditions.push(eq(paymentTickets.productId, f.productId))
  if (f.ticketId) conditions.push(eq(paymentTickets.ticketId, f.ticketId))
  if (f.state) conditions.push(eq(paymentTickets.state, f.state))
  if (f.createdFrom) conditions.push(gte(paymentTickets.createdAt, f.createdFrom))
  if (f.createdTill) conditions.push(lte(paymentTickets.createdAt, f.createdTill))
  if (f.eventFrom) conditions.push(gte(paymentTickets.eventStartsAt, f.eventFrom))
  if (f.eventTill) conditions.push(lte(paymentTickets.eventStartsAt, f.eventTill))
  if (f.query) {
    const like = `%${f.query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
    conditions.push(or(
      eq(paymentTickets.code, f.query),
      ilike(paymentTickets.attendeeEmail, like),
      sql`(coalesce(${paymentTickets.attendeeFirstName}, '') || ' ' || coalesce(${paymentTickets.attendeeLastName}, '')) ilike ${like}`,
      sql`${orders.payer}->>'email' ilike ${like}`,
      sql`(coalesce(${orders.payer}->>'first_name', '') || ' ' || coalesce(${orders.payer}->>'last_name', '')) ilike ${like}`,
    )!)
  }
  return conditions
}

const sortColumns = { id: paymentTickets.id, created_at: paymentTickets.createdAt, event_date: paymentTickets.eventStartsAt, state: paymentTickets.state } as const

export async function listDetails(db: Executor, sellerId: number, f: ListFilters, page: { offset: number; limit: number; sortKey: keyof typeof sortColumns; sortDir: 'asc' | 'desc' }) {
  const where = and(...filterConditions(sellerId, f))
  const column = sortColumns[page.sortKey]
  const rows = await detailQuery(db).where(where)
    .orderBy(page.sortDir === 'asc' ? asc(column) : desc(column), page.sortDir === 'asc' ? asc(paymentTickets.id) : desc(paymentTickets.id))
    .limit(page.limit).offset(page.offset)
  const [total] = await db.select({ n: count() }).from(paymentTickets).innerJoin(orders, eq(orders.id, paymentTickets.orderId)).where(where)
  const [max] = await db.select({ n: count() }).from(paymentTickets).where(eq(paymentTickets.sellerId, sellerId))
  return { rows: rows as TicketDetail[], total: total?.n ?? 0, totalMax: max?.n ?? 0 }
}

export async function stateCounts(db: Executor, sellerId: number, f: ListFilters): Promise<Record<string, number>> {
  const rows = await db.select({ state: paymentTickets.state, n: count() }).from(paymentTickets).innerJoin(orders, eq(orders.id, paymentTickets.orderId))
    .where(and(...filterConditions(sellerId, { ...f, state: undefined }))).groupBy(paymentTickets.state)
  return Object.fromEntries(rows.map((r) => [r.state, r.n]))
}

/** Per ticket type of the seller's events: the tickets in each state (ticket types without sales too). */
export async function overview(db: Executor, sellerId: number) {
  const n = (state: TicketState) => sql<number>`count(${paymentTickets.id}) filter (where ${paymentTickets.state} = ${state})`.mapWith(Number)
  return db.select({
    productId: products.id, productName: products.name, ticketId: eventTickets.id, ticketName: eventTickets.name, location: eventTickets.location,
    startDate: eventTickets.startDate, ticketDates: eventTickets.ticketDates, limit: eventTickets.limit,
    unused: n('unused'), used: n('used'), refunded: n('refunded'), expired: n('expired'), invalidated: n('invalidated'),
  }).from(eventTickets)
    .innerJoin(products, eq(products.id, eventTickets.productId))
    .leftJoin(paymentTickets, eq(paymentTickets.ticketId, eventTickets.id))
    .where(and(eq(products.sellerId, sellerId), eq(products.form, 'eventTickets')))
    .groupBy(products.id, eventTickets.id)
    .orderBy(desc(products.id), asc(eventTickets.position), asc(eventTickets.id))
}
