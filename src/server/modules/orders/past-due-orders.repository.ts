import { and, asc, count, desc, eq, ilike, inArray, or, sql, sum, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { orderRates, orders, products } from '../../db/schema'

// The SQL of the past-due orders screen (docs/decisions/0057-orders-area-remains.md): the seller's owed rates
// past their due date grouped by order. Read only.

const dayMs = 86_400_000

export type PastDueFilters = {
  productId?: number | undefined; payerId?: number | undefined; paymentForms?: string[] | undefined; currency?: string | undefined
  daysOverdueFrom?: number | undefined; daysOverdueTo?: number | undefined; amountFrom?: number | undefined; amountTo?: number | undefined
  createdFrom?: Date | undefined; createdTill?: Date | undefined; query?: string | undefined
}

export type PastDueSortKey = 'oldest_due_at' | 'overdue_amount' | 'overdue_rates_count' | 'order_id'

function grouped(db: Executor, sellerId: number, f: PastDueFilters, owed: readonly string[], now: Date) {
  const rowConditions: SQL[] = [
    eq(orders.sellerId, sellerId), inArray(orderRates.state, [...owed]), sql`${orderRates.dueDate} < ${now.toISOString()}::timestamptz`,
  ]
  if (f.productId) rowConditions.push(eq(orders.productId, f.productId))
  if (f.payerId) rowConditions.push(eq(orders.payerUserId, f.payerId))
  if (f.paymentForms?.length) rowConditions.push(inArray(orders.paymentMethod, f.paymentForms))
  if (f.currency) rowConditions.push(eq(orders.currency, f.currency))
  if (f.createdFrom) rowConditions.push(sql`${orders.createdAt} >= ${f.createdFrom.toISOString()}::timestamptz`)
  if (f.createdTill) rowConditions.push(sql`${orders.createdAt} <= ${f.createdTill.toISOString()}::timestamptz`)
  if (f.query) {
    const like = `%${f.query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
    const alternatives: SQL[] = [
      eq(orders.token, f.query), ilike(products.name, like), sql`${orders.payer}->>'email' ilike ${like}`,
      sql`(coalesce(${orders.payer}->>'first_name', '') || ' ' || coalesce(${orders.payer}->>'last_name', '')) ilike ${like}`,
    ]
    if (/^\d{1,9}$/.test(f.query)) alternatives.push(eq(orders.id, Number(f.query)))
    rowConditions.push(or(...alternatives)!)
  }
  const owedAmount = sql<number>`sum(${orderRates.amount} - ${orderRates.paidAmount})`
  const oldest = sql`min(${orderRates.dueDate})`
  const having: SQL[] = []
  if (f.amountFrom !== undefined) having.push(sql`${owedAmount} >= ${f.amountFrom}`)
  if (f.amountTo !== undefined) having.push(sql`${owedAmount} <= ${f.amountTo}`)
  if (f.daysOverdueFrom !== undefined) having.push(sql`${oldest} <= ${new Date(now.getTime() - f.daysOverdueFrom * dayMs).toISOString()}::timestamptz`)
  if (f.daysOverdueTo !== undefined) having.push(sql`${oldest} > ${new Date(now.getTime() - (f.daysOverdueTo + 1) * dayMs).toISOString()}::timestamptz`)
  return db.select({
    orderId: orders.id, orderToken: orders.token, paymentState: orders.paymentState, paymentForm: orders.paymentMethod, productId: orders.productId,
    productName: products.name, payerId: orders.payerUserId, payer: orders.payer, currency: orders.currency,
    ratesCount: count(orderRates.id).as('rates_count'),
    amount: sql<string>`${owedAmount}`.as('overdue_amount'),
    oldestDueAt: sql<Date>`${oldest}`.as('oldest_due_at'),
  }).from(orderRates)
    .innerJoin(orders, eq(orders.id, orderRates.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(...rowConditions))
    .groupBy(orders.id, products.name)
    .having(having.length ? and(...having) : undefined)
    .as('past_due')
}

export type PastDueRow = {
  orderId: number; orderToken: string; paymentState: string; paymentForm: string; productId: number; productName: string; payerId: number | null
  payer: Record<string, unknown>; currency: string; ratesCount: number; amount: number; oldestDueAt: Date
}

export async function listPastDue(
  db: Executor, sellerId: number, f: PastDueFilters, owed: readonly string[], now: Date,
  page: { offset: number; limit: number; sortKey: PastDueSortKey; sortDir: 'asc' | 'desc' },
) {
  const sub = grouped(db, sellerId, f, owed, now)
  const columns = { oldest_due_at: sub.oldestDueAt, overdue_amount: sub.amount, overdue_rates_count: sub.ratesCount, order_id: sub.orderId }
  const dir = page.sortDir === 'asc' ? asc : desc
  const rows = await db.select().from(sub).orderBy(dir(columns[page.sortKey]), dir(sub.orderId)).limit(page.limit).offset(page.offset)
  const totals = await db.select({
    currency: sub.currency, orders: count(), rates: sum(sub.ratesCount), amount: sum(sub.amount),
  }).from(sub).groupBy(sub.currency).orderBy(asc(sub.currency))
  const all = grouped(db, sellerId, {}, owed, now)
  const [max] = await db.select({ n: count() }).from(all)
  const list: PastDueRow[] = rows.map((r) => ({
    ...r, ratesCount: Number(r.ratesCount), amount: Number(r.amount), oldestDueAt: r.oldestDueAt instanceof Date ? r.oldestDueAt : new Date(r.oldestDueAt),
  }))
  return {
    rows: list,
    total: totals.reduce((n, t) => n + t.orders, 0),
    totalMax: max?.n ?? 0,
    totals: totals.map((t) => ({ currency: t.currency, orders: t.orders, rates: Number(t.rates ?? 0), amount: Number(t.amount ?? 0) })),
  }
}
