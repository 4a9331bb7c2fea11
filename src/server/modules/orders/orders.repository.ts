import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm'
import { executeRows, rowsOfJson, type Executor } from '../../db/client'
import { param, reusableQuery } from '../../db/fast-path'
import { sellerDisplayName } from '../../../shared/accounts'
import { ledgerEntries, orderItems, orderRates, orders, payments, pricingPlanVersions, products, sellers, users } from '../../db/schema'
import { nameInLocale } from '../../db/translated-name'

export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

// ------------------------------------------------------------------ orders

const insertOrderQuery = reusableQuery((db, row: typeof orders.$inferInsert) => db.insert(orders).values(row).returning())

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await insertOrderQuery(db, {}, values)
  return row!
}

const updateOrderQuery = reusableQuery((db, set: Partial<typeof orders.$inferInsert>) => db.update(orders).set(set).where(eq(orders.id, param('id'))).returning())

export async function updateOrder(db: Executor, id: number, values: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
  const [row] = await updateOrderQuery(db, { id }, values)
  return row!
}

export async function findOrderByToken(db: Executor, token: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.token, token)).limit(1)
  return row
}

/** An order; with `lock`, the first lock of the lock order (README "Lock order": order, payments, rates, stock). */
const orderByIdQuery = reusableQuery((db) => db.select().from(orders).where(eq(orders.id, param('id'))).limit(1))
const lockedOrderByIdQuery = reusableQuery((db) => db.select().from(orders).where(eq(orders.id, param('id'))).limit(1).for('update'))

export async function findOrder(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<OrderRow | undefined> {
  const [row] = await (options.lock ? lockedOrderByIdQuery : orderByIdQuery)(db, { id })
  return row
}

const insertOrderItemsQuery = reusableQuery((db, rows: (typeof orderItems.$inferInsert)[]) => db.insert(orderItems).values(rows).returning())

export async function insertOrderItems(db: Executor, values: (typeof orderItems.$inferInsert)[]): Promise<OrderItemRow[]> {
  if (values.length === 0) return []
  return insertOrderItemsQuery(db, {}, values)
}

/** The order with the products of all its lines, in one statement (a platform event's read, on the checkout's path). */
const orderWithProductIdsQuery = reusableQuery((db) => db.select({
  order: orders,
  // Qualified by hand: Drizzle writes a one-table query's columns unqualified, which the subquery would take for its own.
  itemProductIds: sql<number[]>`coalesce((select array_agg(distinct oi.product_id) from order_items oi where oi.order_id = "orders"."id"), '{}')`,
}).from(orders).where(eq(orders.id, param('orderId'))).limit(1))

export async function findOrderWithProductIds(db: Executor, orderId: number): Promise<{ order: OrderRow; productIds: number[] } | undefined> {
  const [row] = await orderWithProductIdsQuery(db, { orderId })
  if (!row) return undefined
  return { order: row.order, productIds: [...new Set([row.order.productId, ...(row.itemProductIds ?? []).map(Number)])] }
}

const orderItemsQuery = reusableQuery((db) => db.select().from(orderItems).where(eq(orderItems.orderId, param('orderId'))).orderBy(asc(orderItems.id)))

export async function orderItemsOf(db: Executor, orderId: number): Promise<OrderItemRow[]> {
  return orderItemsQuery(db, { orderId })
}

/**
 * The order's lines as a later charge splits over them (src/shared/tax `splitRate`), the main line first:
 * gross and VAT rate as frozen at purchase, and whether the line's plan as bought charges again.
 */
export async function rateShareLinesOf(db: Executor, orderId: number): Promise<{ kind: string; grossAmount: number; vatRateBps: number; planForm: string | null }[]> {
  const rows = await db.select({ kind: orderItems.kind, grossAmount: orderItems.grossAmount, vatRateBps: orderItems.vatRateBps, planForm: sql<string | null>`${pricingPlanVersions.snapshot}->>'form'` })
    .from(orderItems).leftJoin(pricingPlanVersions, eq(pricingPlanVersions.id, orderItems.pricingPlanVersionId))
    .where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))
  return [...rows.filter((r) => r.kind === 'main'), ...rows.filter((r) => r.kind !== 'main')]
}

export async function updateOrderItemKeys(db: Executor, orderId: number, keyIds: number[]) {
  await db.update(orderItems).set({ licenseKeyIds: keyIds }).where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, 'main')))
}

export async function insertRates(db: Executor, values: (typeof orderRates.$inferInsert)[]) {
  if (values.length > 0) await db.insert(orderRates).values(values)
}

export type RateRow = typeof orderRates.$inferSelect

export async function findRate(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<RateRow | undefined> {
  const query = db.select().from(orderRates).where(eq(orderRates.id, id)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function findRateByNumber(db: Executor, orderId: number, number: number, options: { lock?: boolean } = {}): Promise<RateRow | undefined> {
  const query = db.select().from(orderRates).where(and(eq(orderRates.orderId, orderId), eq(orderRates.number, number))).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function updateRate(db: Executor, id: number, values: Partial<typeof orderRates.$inferInsert>): Promise<RateRow> {
  const [row] = await db.update(orderRates).set(values).where(eq(orderRates.id, id)).returning()
  return row!
}

/** Rates of an order in these states whose due date has come (a paused plan's missed charges). */
export async function ratesDueIn(db: Executor, orderId: number, states: string[], until: Date): Promise<RateRow[]> {
  return db.select().from(orderRates)
    .where(and(eq(orderRates.orderId, orderId), inArray(orderRates.state, states), lte(orderRates.dueDate, until)))
    .orderBy(asc(orderRates.number))
}

/** Orders whose reservation ran out and still hold stock (the reservation sweep; the per-order job does the same). */
export async function ordersWithExpiredReservations(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.reservationState, 'held'), lte(orders.reservedUntil, now))).orderBy(asc(orders.id)).limit(limit)
  return rows.map((r) => r.id)
}

/** The rates of an order's plan, by number. */
export async function ratesOf(db: Executor, orderId: number) {
  return db.select().from(orderRates).where(eq(orderRates.orderId, orderId)).orderBy(asc(orderRates.number))
}

/** A canceled plan skips the rates not yet due (order-rate.ts: future -> skipped). */
export async function skipFutureRates(db: Executor, orderId: number): Promise<number> {
  const rows = await db.update(orderRates).set({ state: 'skipped' }).where(and(eq(orderRates.orderId, orderId), eq(orderRates.state, 'future'))).returning({ id: orderRates.id })
  return rows.length
}

export async function childOrders(db: Executor, parentId: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.parentOrderId, parentId)).orderBy(asc(orders.id))
}

export type SellerOrderRow = OrderRow & { productName: string }

export async function listSellerOrders(db: Executor, sellerId: number, params: { offset: number; limit: number; query?: string; paymentState?: string; sortDir: 'asc' | 'desc' }) {
  const conditions = [eq(orders.sellerId, sellerId)]
  if (params.paymentState) conditions.push(eq(orders.paymentState, params.paymentState))
  if (params.query) {
    const like = `%${params.query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
    conditions.push(or(ilike(products.name, like), ilike(orders.token, like), sql`${orders.payer}->>'email' ilike ${like}`)!)
  }
  const where = and(...conditions)
  const rows = await db.select({ order: orders, productName: products.name }).from(orders).innerJoin(products, eq(products.id, orders.productId))
    .where(where).orderBy(params.sortDir === 'asc' ? asc(orders.id) : desc(orders.id)).limit(params.limit).offset(params.offset)
  const [total] = await db.select({ n: count() }).from(orders).innerJoin(products, eq(products.id, orders.productId)).where(where)
  const [max] = await db.select({ n: count() }).from(orders).where(eq(orders.sellerId, sellerId))
  return { rows: rows.map((r) => ({ ...r.order, productName: r.productName })), total: total?.n ?? 0, totalMax: max?.n ?? 0 }
}

export async function sellerUsername(db: Executor, sellerId: number): Promise<string> {
  const [row] = await db.select({ username: sellers.username }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  return row?.username ?? ''
}

/** A seller's username and display name (company, else the person's name, else the username). */
export async function sellerNames(db: Executor, sellerId: number): Promise<{ username: string; name: string }> {
  const [row] = await db.select({ username: sellers.username, company: sellers.company, firstName: users.firstName, lastName: users.lastName })
    .from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(eq(sellers.id, sellerId)).limit(1)
  return row ? { username: row.username, name: sellerDisplayName(row) } : { username: '', name: '' }
}

/** A payment with its order's token, product name and seller's username in one read (the sandbox page). */
export async function paymentWithLabels(db: Executor, paymentToken: string) {
  const [row] = await db.select({ payment: payments, orderToken: orders.token, productName: products.name, username: sellers.username })
    .from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).innerJoin(products, eq(products.id, orders.productId)).innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(payments.token, paymentToken)).limit(1)
  return row
}

/** The product's brief and its seller's username in one read (mails, pages and provider descriptions). */
/**
 * The product's name in a language: its translation's name, else the base name (docs/decisions/0095-product-translations.md);
 * the base name without a language.
 */
const productNameIn = (locale: string | null | undefined) => (locale
  ? nameInLocale(products.translations, products.name, sql`${locale}::text`)
  : products.name)

/** The order's product and seller; with `locale`, the product's name in that language. */
export async function productAndSeller(db: Executor, productId: number, locale?: string | null) {
  const [row] = await db.select({ id: products.id, name: productNameIn(locale), slug: products.slug, form: products.form, username: sellers.username })
    .from(products).innerJoin(sellers, eq(sellers.id, products.sellerId)).where(eq(products.id, productId)).limit(1)
  const { username, ...product } = row!
  return { product, username }
}

/** A product's id, name, slug and form; with `locale` (a payer mail's: the order's language), its name in that language. */
export async function productBrief(db: Executor, productId: number, locale?: string | null) {
  const [row] = await db.select({ id: products.id, name: productNameIn(locale), slug: products.slug, form: products.form }).from(products).where(eq(products.id, productId)).limit(1)
  return row!
}

// ------------------------------------------------------------------ payments

const insertPaymentQuery = reusableQuery((db, row: typeof payments.$inferInsert) => db.insert(payments).values(row).returning())

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await insertPaymentQuery(db, {}, values)
  return row!
}

const updatePaymentQuery = reusableQuery((db, set: Partial<typeof payments.$inferInsert>) => db.update(payments).set(set).where(eq(payments.id, param('id'))).returning())

export async function updatePayment(db: Executor, id: number, values: Partial<typeof payments.$inferInsert>): Promise<PaymentRow> {
  const [row] = await updatePaymentQuery(db, { id }, values)
  return row!
}

/**
 * Takes a charge left without an answer for one reconcile run of the billing engine (a conditional touch
 * of updated_at): false when another run took it first.
 */
export async function leaseStaleCharge(db: Executor, paymentId: number, cutoff: Date, now: Date): Promise<boolean> {
  const rows = await db.update(payments).set({ updatedAt: now })
    .where(and(eq(payments.id, paymentId), sql`${payments.updatedAt} < ${cutoff}`, inArray(payments.state, ['waiting', 'pending'])))
    .returning({ id: payments.id })
  return rows.length > 0
}

const paymentByTokenQuery = reusableQuery((db) => db.select().from(payments).where(eq(payments.token, param('token'))).limit(1))
const lockedPaymentByTokenQuery = reusableQuery((db) => db.select().from(payments).where(eq(payments.token, param('token'))).limit(1).for('update'))

/** A payment; with `lock`, taken only after its order's row (README "Lock order"). */
export async function findPaymentByToken(db: Executor, token: string, options: { lock?: boolean } = {}): Promise<PaymentRow | undefined> {
  const [row] = await (options.lock ? lockedPaymentByTokenQuery : paymentByTokenQuery)(db, { token })
  return row
}

/**
 * The order of a payment (found by the payment's token) locked, with what a payment's success needs
 * besides: its lines, its product and the seller's username (read, not locked). The first lock of a
 * payment's outcome, taken before the payment's own (README "Lock order"). One statement; undefined when
 * no payment has this token.
 */
export async function lockOrderWithLinesOfPayment(db: Executor, paymentToken: string) {
  const [row] = await lockOrderWithLinesOfPaymentQuery(db, { paymentToken })
  return row ? { ...row, items: rowsOfJson(orderItems, row.items) } : undefined
}

const lockOrderWithLinesOfPaymentQuery = reusableQuery((db) => db.select({
  order: orders, username: sellers.username,
  product: {
    id: products.id, name: products.name, slug: products.slug, form: products.form,
    /** The name in the order's language, for the payer's mail (docs/decisions/0095-product-translations.md). */
    localName: nameInLocale(products.translations, products.name, orders.locale),
  },
  items: sql<unknown>`(select coalesce(json_agg(i order by i.id), '[]') from ${orderItems} i where i.order_id = ${orders.id})`,
}).from(orders).innerJoin(products, eq(products.id, orders.productId)).innerJoin(sellers, eq(sellers.id, products.sellerId))
  .where(eq(orders.id, sql`(select ${payments.orderId} from ${payments} where ${payments.token} = ${param('paymentToken')})`)).limit(1).for('update', { of: orders }))

/** What a payment's success reads with its locks: the order's lines, its product and the seller's username. */
export type OrderLines = { items: OrderItemRow[]; product: { id: number; name: string; localName: string; slug: string; form: string }; username: string }

export async function findPaymentByRef(db: Executor, provider: string, providerRef: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef))).limit(1)
  return row
}

export async function paymentsOf(db: Executor, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id))
}

// ------------------------------------------------------------------ provider events

// ------------------------------------------------------------------ ledger

const insertLedgerEntriesQuery = reusableQuery((db, rows: (typeof ledgerEntries.$inferInsert)[]) => db.insert(ledgerEntries).values(rows))

export async function insertLedgerEntries(db: Executor, values: (typeof ledgerEntries.$inferInsert)[]) {
  if (values.length > 0) await insertLedgerEntriesQuery(db, {}, values)
}

export async function ledgerOfOrder(db: Executor, orderId: number) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(asc(ledgerEntries.id))
}

/** Sum per currency of every row: 0 for each when the ledger balances. */
/** Per currency, the sum of one account's ledger rows (a publisher's or seller's balance; credits are negative). */
export async function balanceOfAccount(db: Executor, account: string): Promise<{ currency: string; total: number }[]> {
  const rows = await db.select({ currency: ledgerEntries.currency, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries)
    .where(eq(ledgerEntries.account, account)).groupBy(ledgerEntries.currency).orderBy(ledgerEntries.currency)
  return rows.map((r) => ({ currency: r.currency, total: Number(r.total) }))
}

/**
 * One seller's balance account rows booked in [from, till], with their orders' tokens, by id (the accounting
 * module's DATEV export), and what the row's transaction booked beside it: the VAT, the fees (platform and
 * provider) and the commissions (publishers, reseller, sales team), each as signed sums of their rows, and
 * how many rows of the transaction are the seller's (a split is exact only when this row is the one).
 */
export async function sellerLedgerRows(db: Executor, account: string, from: Date, till: Date) {
  const rows = await executeRows<{
    id: number; kind: string; amount: string; currency: string; order_id: number | null; created_at: Date | string; order_token: string | null
    vat: string; fees: string; commissions: string; seller_rows: string
  }>(db, sql`
    select e.id, e.kind, e.amount, e.currency, e.order_id, e.created_at, o.token as order_token,
      coalesce(sum(s.amount) filter (where s.account = 'vat_payable'), 0) as vat,
      coalesce(sum(s.amount) filter (where s.account in ('platform_revenue', 'provider_fees')), 0) as fees,
      coalesce(sum(s.amount) filter (where split_part(s.account, ':', 1) in ('publisher_balance', 'reseller_balance', 'team_member_balance')), 0) as commissions,
      1 + count(s.id) filter (where s.account = e.account) as seller_rows
    from ledger_entries e
    left join orders o on o.id = e.order_id
    left join ledger_entries s on s.transaction_id = e.transaction_id and s.id <> e.id
    where e.account = ${account} and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at <= ${till.toISOString()}::timestamptz
    group by e.id, o.token
    order by e.id`)
  return rows.map((r) => ({
    id: r.id, kind: r.kind, amount: Number(r.amount), currency: r.currency, orderId: r.order_id, createdAt: new Date(r.created_at), orderToken: r.order_token,
    vat: Number(r.vat), fees: Number(r.fees), commissions: Number(r.commissions), sellerRows: Number(r.seller_rows),
  }))
}

/**
 * One party's balance account per currency: the sum of its rows, the credits of `heldKinds` booked after
 * `heldSince` (positive: still inside the refund window), and what payouts moved (payout debits less
 * canceled payouts).
 */
export async function accountFigures(db: Executor, account: string, held: { kinds: readonly string[]; since: Date | null }) {
  const kinds = held.kinds.length > 0 ? sql.join(held.kinds.map((k) => sql`${k}`), sql`, `) : sql`null`
  // A sale the seller's own provider collected is not held: the platform never had its money (direct_collection).
  const heldSum = held.since === null ? sql`0` : sql`case when ${ledgerEntries.kind} in (${kinds}) and ${ledgerEntries.amount} < 0 and ${ledgerEntries.createdAt} > ${held.since.toISOString()}
    and not exists (select 1 from ledger_entries direct where direct.payment_id = ${ledgerEntries.paymentId} and direct.kind = 'direct_collection') then -${ledgerEntries.amount} else 0 end`
  const rows = await db.select({
    currency: ledgerEntries.currency,
    total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
    held: sql<string>`coalesce(sum(${heldSum}), 0)`,
    paidOut: sql<string>`coalesce(sum(case when ${ledgerEntries.kind} in ('payout', 'payout_canceled') then ${ledgerEntries.amount} else 0 end), 0)`,
  }).from(ledgerEntries).where(eq(ledgerEntries.account, account)).groupBy(ledgerEntries.currency).orderBy(ledgerEntries.currency)
  return rows.map((r) => ({ currency: r.currency, total: Number(r.total), held: Number(r.held), paidOut: Number(r.paidOut) }))
}

/**
 * A publisher's commissions (net of reversals) from sales that sellers' own provider accounts collected,
 * per seller and currency: the platform holds none of that money, the seller owes it.
 */
export async function directCommissionsOf(db: Executor, account: string) {
  const rows = await db.select({ sellerId: orders.sellerId, currency: ledgerEntries.currency, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries).innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(ledgerEntries.account, account), sql`exists (select 1 from ledger_entries direct where direct.order_id = ${ledgerEntries.orderId} and direct.kind = 'direct_collection')`))
    .groupBy(orders.sellerId, ledgerEntries.currency)
  // Credits are negative: what the sellers owe the publisher is the turned sign.
  return rows.map((r) => ({ sellerId: r.sellerId, currency: r.currency, amount: 0 - Number(r.total) })).filter((r) => r.amount > 0)
}

/** The publishers (or resellers) a seller's direct-collected sales pay commissions (or fees) to (their ids). */
export async function partiesPaidBy(db: Executor, sellerId: number, kind: 'publisher' | 'reseller'): Promise<number[]> {
  const prefix = `${kind}_balance:`
  const rows = await db.selectDistinct({ account: ledgerEntries.account }).from(ledgerEntries).innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(orders.sellerId, sellerId), sql`${ledgerEntries.account} like ${`${prefix}%`}`,
      sql`exists (select 1 from ledger_entries direct where direct.order_id = ${ledgerEntries.orderId} and direct.kind = 'direct_collection')`))
  return rows.map((r) => Number(r.account.slice(prefix.length))).filter((id) => Number.isSafeInteger(id))
}

/** Whether a seller has a plan still charging payers (installments or a subscription in paying or paused). */
export async function hasOpenPlans(db: Executor, sellerId: number): Promise<boolean> {
  const rows = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.sellerId, sellerId), inArray(orders.paymentState, ['paying', 'payment_paused']))).limit(1)
  return rows.length > 0
}

/** One account's ledger rows, newest first, with their count. */
export async function entriesOfAccount(db: Executor, account: string, page: { offset: number; limit: number }) {
  const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.account, account))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id)).offset(page.offset).limit(page.limit)
  const [total] = await db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.account, account))
  return { rows, total: total?.n ?? 0 }
}

/** What an affiliate's order list shows of orders: never the payer. */
export async function affiliateOrderBriefs(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return []
  return db.select({
    id: orders.id, createdAt: orders.createdAt, paymentState: orders.paymentState, currency: orders.currency, totalAmount: orders.totalAmount,
    productId: orders.productId, productName: products.name, sellerId: orders.sellerId, sellerUsername: sellers.username,
  }).from(orders).innerJoin(products, eq(products.id, orders.productId)).innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(inArray(orders.id, [...ids]))
}

export async function ledgerTotals(db: Executor): Promise<{ currency: string; total: number }[]> {
  const rows = await db.select({ currency: ledgerEntries.currency, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries).groupBy(ledgerEntries.currency)
  return rows.map((r) => ({ currency: r.currency, total: Number(r.total) }))
}

/** A funnel's accepted offers per node (docs/decisions/0066-funnels.md): how many orders, and what the paid ones brought per currency. */
export async function funnelNodeFigures(db: Executor, funnelId: number) {
  return db.select({
    nodeId: orders.funnelNodeId, currency: orders.currency, accepts: count(),
    revenue: sql<number>`coalesce(sum(case when ${orders.paymentState} in ('paid', 'paying') then ${orders.paidAmount} else 0 end), 0)`.mapWith(Number),
  }).from(orders)
    .where(and(eq(orders.funnelId, funnelId), sql`${orders.funnelNodeId} is not null`))
    .groupBy(orders.funnelNodeId, orders.currency)
}

/** Records the funnel an order led into, once (the first time its payer meets the funnel). */
export async function setOrderFunnel(db: Executor, orderId: number, funnelId: number): Promise<void> {
  await db.update(orders).set({ funnelId }).where(and(eq(orders.id, orderId), sql`${orders.funnelId} is null`))
}
