import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { OrderRateState } from '../../../shared/states'
import type { Executor } from '../../db/client'
import { orderRates, orders, products } from '../../db/schema'

// The SQL of the seller's order rates list (read only: the billing engine and dunning write rates). Every
// query joins the rate's order and is scoped by the order's seller.

const dayMs = 86_400_000

/** The order's paid rates: the list's charges_count. */
const chargesCount = sql<number>`(select count(*) from ${orderRates} paid_rates where paid_rates.order_id = ${orders.id} and paid_rates.state = 'paid')`.mapWith(Number)
const ratesCount = sql<number>`(select count(*) from ${orderRates} all_rates where all_rates.order_id = ${orders.id})`.mapWith(Number)
const periodType = sql<string | null>`${orders.planSnapshot}->>'form'`

/** Owed and past due at `now`. */
function overdueCondition(owed: readonly string[], now: Date): SQL {
  return and(inArray(orderRates.state, [...owed]), sql`${orderRates.dueDate} < ${now.toISOString()}::timestamptz`)!
}

/** Whole days between the due date and `now` (0 in the first day after it). */
function daysOverdueExpression(now: Date): SQL<number> {
  return sql<number>`floor(extract(epoch from (${now.toISOString()}::timestamptz - ${orderRates.dueDate})) / 86400)`
}

export type RateListFilters = {
  states?: OrderRateState[] | undefined
  orderId?: number | undefined
  productId?: number | undefined
  pricingPlanId?: number | undefined
  payerId?: number | undefined
  paymentForms?: string[] | undefined
  periodTypes?: string[] | undefined
  chargesCountFrom?: number | undefined
  chargesCountTo?: number | undefined
  overdue?: boolean | undefined
  daysOverdueFrom?: number | undefined
  daysOverdueTo?: number | undefined
  dueFrom?: Date | undefined
  dueTill?: Date | undefined
  amountFrom?: number | undefined
  amountTo?: number | undefined
  createdFrom?: Date | undefined
  createdTill?: Date | undefined
  paidFrom?: Date | undefined
  paidTill?: Date | undefined
  query?: string | undefined
}

function filterConditions(sellerId: number, f: RateListFilters, owed: readonly string[], now: Date): SQL[] {
  const conditions: SQL[] = [eq(orders.sellerId, sellerId)]
  if (f.states?.length) conditions.push(inArray(orderRates.state, f.states))
  if (f.orderId) conditions.push(eq(orderRates.orderId, f.orderId))
  if (f.productId) conditions.push(eq(orders.productId, f.productId))
  if (f.pricingPlanId) conditions.push(eq(orders.pricingPlanId, f.pricingPlanId))
  if (f.payerId) conditions.push(eq(orders.payerUserId, f.payerId))
  if (f.paymentForms?.length) conditions.push(inArray(orders.paymentMethod, f.paymentForms))
  if (f.periodTypes?.length) conditions.push(inArray(periodType, f.periodTypes))
  if (f.chargesCountFrom !== undefined) conditions.push(sql`${chargesCount} >= ${f.chargesCountFrom}`)
  if (f.chargesCountTo !== undefined) conditions.push(sql`${chargesCount} <= ${f.chargesCountTo}`)
  const overdue = overdueCondition(owed, now)
  if (f.overdue === true) conditions.push(overdue)
  if (f.overdue === false) conditions.push(sql`not (${overdue})`)
  if (f.daysOverdueFrom !== undefined || f.daysOverdueTo !== undefined) {
    // Days overdue exist only for overdue rates; the bounds compare due dates (index-friendly) with whole days.
    conditions.push(overdue)
    if (f.daysOverdueFrom !== undefined) conditions.push(sql`${orderRates.dueDate} <= ${new Date(now.getTime() - f.daysOverdueFrom * dayMs).toISOString()}::timestamptz`)
    if (f.daysOverdueTo !== undefined) conditions.push(sql`${orderRates.dueDate} > ${new Date(now.getTime() - (f.daysOverdueTo + 1) * dayMs).toISOString()}::timestamptz`)
  }
  if (f.dueFrom) conditions.push(gte(orderRates.dueDate, f.dueFrom))
  if (f.dueTill) conditions.push(lte(orderRates.dueDate, f.dueTill))
  if (f.amountFrom !== undefined) conditions.push(gte(orderRates.amount, f.amountFrom))
  if (f.amountTo !== undefined) conditions.push(lte(orderRates.amount, f.amountTo))
  if (f.createdFrom) conditions.push(gte(orders.createdAt, f.createdFrom))
  if (f.createdTill) conditions.push(lte(orders.createdAt, f.createdTill))
  if (f.paidFrom) conditions.push(and(isNotNull(orderRates.paidAt), gte(orderRates.paidAt, f.paidFrom))!)
  if (f.paidTill) conditions.push(and(isNotNull(orderRates.paidAt), lte(orderRates.paidAt, f.paidTill))!)
  if (f.query) {
    const like = `%${f.query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
    const alternatives: SQL[] = [
      eq(orders.token, f.query),
      ilike(products.name, like),
      sql`${orders.payer}->>'email' ilike ${like}`,
      sql`(coalesce(${orders.payer}->>'first_name', '') || ' ' || coalesce(${orders.payer}->>'last_name', '')) ilike ${like}`,
    ]
    if (/^\d{1,9}$/.test(f.query)) alternatives.push(eq(orderRates.orderId, Number(f.query)), eq(orderRates.id, Number(f.query)))
    conditions.push(or(...alternatives)!)
  }
  return conditions
}

const sortColumns = {
  id: orderRates.id, number: orderRates.number, due_at: orderRates.dueDate, amount: orderRates.amount, state: orderRates.state,
  paid_at: orderRates.paidAt, attempts: orderRates.attempts, created_at: orders.createdAt,
} as const
export type RateSortKey = keyof typeof sortColumns

export type RateListRow = {
  rate: typeof orderRates.$inferSelect
  orderToken: string; orderPaymentState: string; currency: string; productId: number; productName: string; pricingPlanId: number | null
  periodType: string | null; paymentForm: string; provider: string; payerId: number | null; payer: Record<string, unknown>
  orderCreatedAt: Date; chargesCount: number; ratesCount: number; daysOverdue: number | null
}

export async function listRates(
  db: Executor, sellerId: number, f: RateListFilters, owed: readonly string[], now: Date,
  page: { offset: number; limit: number; sortKey: RateSortKey; sortDir: 'asc' | 'desc' },
): Promise<{ rows: RateListRow[]; total: number; totalMax: number }> {
  const where = and(...filterConditions(sellerId, f, owed, now))
  const column = sortColumns[page.sortKey]
  const direction = page.sortDir === 'asc' ? asc : desc
  const rows = await db.select({
    rate: orderRates, orderToken: orders.token, orderPaymentState: orders.paymentState, currency: orders.currency, productId: orders.productId,
    productName: products.name, pricingPlanId: orders.pricingPlanId, periodType, paymentForm: orders.paymentMethod, provider: orders.provider,
    payerId: orders.payerUserId, payer: orders.payer, orderCreatedAt: orders.createdAt, chargesCount, ratesCount,
    daysOverdue: sql<number | null>`case when ${overdueCondition(owed, now)} then ${daysOverdueExpression(now)} end`.mapWith((v) => (v === null ? null : Number(v))),
  }).from(orderRates)
    .innerJoin(orders, eq(orders.id, orderRates.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .where(where)
    .orderBy(direction(column), direction(orderRates.id))
    .limit(page.limit).offset(page.offset)
  const [total] = await db.select({ n: count() }).from(orderRates)
    .innerJoin(orders, eq(orders.id, orderRates.orderId)).innerJoin(products, eq(products.id, orders.productId)).where(where)
  const [max] = await db.select({ n: count() }).from(orderRates).innerJoin(orders, eq(orders.id, orderRates.orderId)).where(eq(orders.sellerId, sellerId))
  return { rows: rows as RateListRow[], total: total?.n ?? 0, totalMax: max?.n ?? 0 }
}

/** How many rates match the filters in each state (the state filter itself left out). */
export async function rateStateCounts(db: Executor, sellerId: number, f: RateListFilters, owed: readonly string[], now: Date): Promise<Record<string, number>> {
  const rows = await db.select({ state: orderRates.state, n: count() }).from(orderRates)
    .innerJoin(orders, eq(orders.id, orderRates.orderId)).innerJoin(products, eq(products.id, orders.productId))
    .where(and(...filterConditions(sellerId, { ...f, states: undefined }, owed, now))).groupBy(orderRates.state)
  return Object.fromEntries(rows.map((r) => [r.state, r.n]))
}
