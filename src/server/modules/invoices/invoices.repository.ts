import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, sum, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { invoices, invoiceSettings, orderItems, orderRates, orders, payments, pricingPlanVersions, products, sellers, users } from '../../db/schema'

// The SQL of invoices and their numbering. The counter (`invoice_settings.next_number`) is read under the
// row's lock and bumped in the transaction that writes the invoice, so a rolled-back transaction gives its
// number back and two issuers at once take consecutive numbers.

export type InvoiceRow = typeof invoices.$inferSelect
export type NewInvoice = typeof invoices.$inferInsert
export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect

/**
 * The seller's numbering row, made with the defaults when missing, locked until the transaction ends.
 * The one statement that takes the numbering lock (invoices.service.ts `lockNumbering` calls it once per
 * transaction; the settings page's save is the other caller).
 */
export async function lockSettings(tx: Executor, sellerId: number): Promise<InvoiceSettingsRow> {
  await tx.insert(invoiceSettings).values({ sellerId }).onConflictDoNothing({ target: invoiceSettings.sellerId })
  const [row] = await tx.select().from(invoiceSettings).where(eq(invoiceSettings.sellerId, sellerId)).for('update')
  return row!
}

/**
 * Moves the counter on by one and answers the number it stood at, in one statement: the caller holds the
 * row's lock already (`lockSettings`), and a rollback (of the transaction or a savepoint) gives it back.
 */
export async function takeNextNumber(tx: Executor, sellerId: number, now: Date): Promise<{ sequence: number; prefix: string }> {
  const [row] = await tx.update(invoiceSettings).set({ nextNumber: sql`${invoiceSettings.nextNumber} + 1`, updatedAt: now })
    .where(eq(invoiceSettings.sellerId, sellerId)).returning({ next: invoiceSettings.nextNumber, prefix: invoiceSettings.prefix })
  return { sequence: row!.next - 1, prefix: row!.prefix }
}

export async function findSettings(db: Executor, sellerId: number): Promise<InvoiceSettingsRow | undefined> {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.sellerId, sellerId)).limit(1)
  return row
}

export async function updateSettings(db: Executor, sellerId: number, values: Partial<Omit<typeof invoiceSettings.$inferInsert, 'sellerId'>>) {
  const [row] = await db.update(invoiceSettings).set(values).where(eq(invoiceSettings.sellerId, sellerId)).returning()
  return row!
}

export async function hasInvoices(db: Executor, sellerId: number): Promise<boolean> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.sellerId, sellerId)).limit(1)
  return row !== undefined
}

export async function findByPaymentKind(db: Executor, paymentId: number, kind: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, kind))).limit(1)
  return row
}

export async function findInvoice(db: Executor, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1)
  return row
}

export async function insertInvoice(db: Executor, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning()
  return row!
}

/**
 * What the documents referring to an invoice took back so far (a positive amount): its reversals (negative)
 * less its re-issues after won disputes (positive).
 */
export async function reversedGross(db: Executor, invoiceId: number): Promise<number> {
  const [row] = await db.select({ total: sum(invoices.grossAmount) }).from(invoices)
    .where(and(eq(invoices.reversedInvoiceId, invoiceId), inArray(invoices.kind, ['reversal', 'reissue'])))
  return -Number(row?.total ?? 0)
}

export type PaymentRow = typeof payments.$inferSelect

export async function findPayment(db: Executor, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1)
  return row
}

/**
 * The order's successful money movements booked before `payment` (by completion, then id) that have no
 * document yet: their documents are issued first, so the documents follow the bookings whatever order the
 * jobs run in.
 */
export async function earlierWithoutDocument(db: Executor, payment: PaymentRow): Promise<PaymentRow[]> {
  const rows = await db.select().from(payments).where(and(
    eq(payments.orderId, payment.orderId), eq(payments.state, 'successful'), inArray(payments.kind, ['charge', 'refund', 'chargeback', 'chargeback_reversal']),
    sql`(${payments.completedAt}, ${payments.id}) < (${payment.completedAt ?? payment.createdAt}, ${payment.id})`,
    sql`not exists (select 1 from ${invoices} where ${invoices.paymentId} = ${payments.id})`,
  )).orderBy(asc(payments.completedAt), asc(payments.id))
  return rows
}

/** What an invoice of this payment is made of: the order, its product, lines and rates, the seller's profile. */
export async function chargeFacts(db: Executor, payment: PaymentRow) {
  const [head] = await db.select({
    order: orders, productName: products.name, sellerUsername: sellers.username, sellerProfile: sellers.profile, sellerEmail: users.email,
  }).from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(orders.id, payment.orderId)).limit(1)
  if (!head) return undefined
  // Each line with its plan's form as bought (a one-time bump takes no share of a later rate).
  const lines = await db.select({ item: orderItems, planForm: sql<string | null>`${pricingPlanVersions.snapshot}->>'form'` }).from(orderItems)
    .leftJoin(pricingPlanVersions, eq(pricingPlanVersions.id, orderItems.pricingPlanVersionId))
    .where(eq(orderItems.orderId, payment.orderId)).orderBy(asc(orderItems.id))
  const items = lines.map((l) => ({ ...l.item, planForm: l.planForm }))
  // The rate charged and the next one; for a trial's 0 payment, rate 1 (what falls due when the trial ends).
  const numbers = payment.rateNumber === null ? [1] : [payment.rateNumber, payment.rateNumber + 1]
  const rates = await db.select({ number: orderRates.number, dueDate: orderRates.dueDate, amount: orderRates.amount }).from(orderRates)
    .where(and(eq(orderRates.orderId, payment.orderId), inArray(orderRates.number, numbers)))
    .orderBy(asc(orderRates.number))
  return { ...head, items, rates }
}

// ------------------------------------------------------------------ lists

/** A converted order's exchange (orders.exchange, docs/decisions/0097-payer-currencies.md). */
export type OrderExchange = NonNullable<typeof orders.$inferSelect['exchange']>

export type InvoiceFilters = {
  number?: string | undefined; kind?: string | undefined; orderId?: number | undefined; productId?: number | undefined; query?: string | undefined
  issuedFrom?: Date | undefined; issuedTill?: Date | undefined; amount?: number | undefined; amountFrom?: number | undefined; amountTo?: number | undefined
}

const original = sql`(select o.number from invoices o where o.id = ${invoices.reversedInvoiceId})`

const listColumns = {
  invoice: invoices, orderToken: orders.token, orderLocale: orders.locale, orderExchange: orders.exchange, productId: orders.productId, productName: products.name,
  reversedNumber: sql<string | null>`${original}`,
}
export type InvoiceListRow = { invoice: InvoiceRow; orderToken: string; orderLocale: string; orderExchange: OrderExchange | null; productId: number; productName: string; reversedNumber: string | null }

function like(value: string): string {
  return `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
}

function conditions(sellerId: number, f: InvoiceFilters): SQL[] {
  const out: SQL[] = [eq(invoices.sellerId, sellerId)]
  if (f.number) out.push(ilike(invoices.number, like(f.number)))
  if (f.kind) out.push(eq(invoices.kind, f.kind))
  if (f.orderId) out.push(eq(invoices.orderId, f.orderId))
  if (f.productId) out.push(eq(orders.productId, f.productId))
  if (f.issuedFrom) out.push(gte(invoices.issuedAt, f.issuedFrom))
  if (f.issuedTill) out.push(lte(invoices.issuedAt, f.issuedTill))
  // Amounts filter on the magnitude, so a reversal of 10,00 matches "10,00" too.
  const magnitude = sql`abs(${invoices.grossAmount})`
  if (f.amount !== undefined) out.push(sql`${magnitude} = ${f.amount}`)
  if (f.amountFrom !== undefined) out.push(sql`${magnitude} >= ${f.amountFrom}`)
  if (f.amountTo !== undefined) out.push(sql`${magnitude} <= ${f.amountTo}`)
  if (f.query) {
    const l = like(f.query)
    out.push(or(
      ilike(invoices.number, l),
      sql`${invoices.payer}->>'email' ilike ${l}`,
      sql`${invoices.payer}->>'name' ilike ${l}`,
      sql`coalesce(${invoices.payer}->>'company', '') ilike ${l}`,
      ilike(products.name, l),
    )!)
  }
  return out
}

function listQuery(db: Executor) {
  return db.select(listColumns).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).innerJoin(products, eq(products.id, orders.productId))
}

const sortColumns = { id: invoices.id, issued_at: invoices.issuedAt, number: invoices.sequence, gross_amount: invoices.grossAmount } as const

export async function listInvoices(db: Executor, sellerId: number, f: InvoiceFilters, page: { offset: number; limit: number; sortKey: keyof typeof sortColumns; sortDir: 'asc' | 'desc' }) {
  const where = and(...conditions(sellerId, f))
  const column = sortColumns[page.sortKey]
  const dir = page.sortDir === 'asc' ? asc : desc
  const rows = await listQuery(db).where(where).orderBy(dir(column), dir(invoices.id)).limit(page.limit).offset(page.offset)
  const [total] = await db.select({ n: count() }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(products, eq(products.id, orders.productId)).where(where)
  const [max] = await db.select({ n: count() }).from(invoices).where(eq(invoices.sellerId, sellerId))
  return { rows: rows as InvoiceListRow[], total: total?.n ?? 0, totalMax: max?.n ?? 0 }
}

/** Per kind (invoice, reversal, reissue) under the other filters. */
export async function kindCounts(db: Executor, sellerId: number, f: InvoiceFilters): Promise<Record<string, number>> {
  const rows = await db.select({ kind: invoices.kind, n: count() }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(products, eq(products.id, orders.productId)).where(and(...conditions(sellerId, { ...f, kind: undefined }))).groupBy(invoices.kind)
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]))
}

export async function findListRow(db: Executor, where: { id: number; sellerId?: number; payerUserId?: number }): Promise<InvoiceListRow | undefined> {
  const c: SQL[] = [eq(invoices.id, where.id)]
  if (where.sellerId !== undefined) c.push(eq(invoices.sellerId, where.sellerId))
  if (where.payerUserId !== undefined) c.push(eq(invoices.payerUserId, where.payerUserId))
  const [row] = await listQuery(db).where(and(...c)).limit(1)
  return row as InvoiceListRow | undefined
}

export async function listOfPayer(db: Executor, payerUserId: number, sellerId?: number): Promise<InvoiceListRow[]> {
  const c: SQL[] = [eq(invoices.payerUserId, payerUserId)]
  if (sellerId !== undefined) c.push(eq(invoices.sellerId, sellerId))
  return await listQuery(db).where(and(...c)).orderBy(desc(invoices.issuedAt), desc(invoices.id)) as InvoiceListRow[]
}

