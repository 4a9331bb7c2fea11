import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { executeRows, type Executor } from '../../db/client'
import { orders, products, users } from '../../db/schema'

// The SQL of the seller's payers: one row per payer user among the seller's orders, aggregated from the
// orders (the payer details of the latest order describe the payer). Read only.

export type PayerListFilters = {
  payerId?: number | undefined
  payerType?: 'individual' | 'business' | undefined
  productId?: number | undefined
  countryCode?: string | undefined
  firstOrderFrom?: Date | undefined
  firstOrderTill?: Date | undefined
  query?: string | undefined
}

export type PayerRow = {
  id: number; email: string; payer: Record<string, unknown>; payer_type: 'individual' | 'business'; country_code: string | null
  orders_count: number; first_order_at: Date; last_order_at: Date
}

const sortColumns = { id: 'id', email: 'email', orders_count: 'orders_count', first_order_at: 'first_order_at', last_order_at: 'last_order_at' } as const
export type PayerSortKey = keyof typeof sortColumns

/** The seller's payers with their latest payer details, type and country, as a subquery named `p`. */
function payersOf(sellerId: number): SQL {
  return sql`(
    select a.*, u.email,
      case when coalesce(nullif(a.payer->>'company', ''), nullif(a.payer->>'vat_id', '')) is not null then 'business' else 'individual' end as payer_type,
      upper(nullif(a.payer->>'country_code', '')) as country_code
    from (
      select o.payer_user_id as id, count(*)::int as orders_count, min(o.created_at) as first_order_at, max(o.created_at) as last_order_at,
        (array_agg(o.payer order by o.created_at desc, o.id desc))[1] as payer
      from ${orders} o
      where o.seller_id = ${sellerId} and o.payer_user_id is not null
      group by o.payer_user_id
    ) a
    join ${users} u on u.id = a.id
  ) p`
}

function conditions(sellerId: number, f: PayerListFilters): SQL {
  const where: SQL[] = [sql`true`]
  if (f.payerId) where.push(sql`p.id = ${f.payerId}`)
  if (f.payerType) where.push(sql`p.payer_type = ${f.payerType}`)
  if (f.countryCode) where.push(sql`p.country_code = ${f.countryCode}`)
  if (f.productId) where.push(sql`exists (select 1 from ${orders} po where po.seller_id = ${sellerId} and po.payer_user_id = p.id and po.product_id = ${f.productId})`)
  if (f.firstOrderFrom) where.push(sql`p.first_order_at >= ${f.firstOrderFrom.toISOString()}::timestamptz`)
  if (f.firstOrderTill) where.push(sql`p.first_order_at <= ${f.firstOrderTill.toISOString()}::timestamptz`)
  if (f.query) {
    const like = `%${f.query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
    where.push(sql`(p.email ilike ${like} or p.payer->>'email' ilike ${like}
      or (coalesce(p.payer->>'first_name', '') || ' ' || coalesce(p.payer->>'last_name', '')) ilike ${like}
      or coalesce(p.payer->>'company', '') ilike ${like})`)
  }
  return sql.join(where, sql` and `)
}

type RawPayer = Omit<PayerRow, 'first_order_at' | 'last_order_at'> & { first_order_at: Date | string; last_order_at: Date | string }

function payerRow(raw: RawPayer): PayerRow {
  return {
    ...raw, id: Number(raw.id), orders_count: Number(raw.orders_count),
    payer: typeof raw.payer === 'string' ? JSON.parse(raw.payer) as Record<string, unknown> : raw.payer,
    first_order_at: new Date(raw.first_order_at), last_order_at: new Date(raw.last_order_at),
  }
}

export async function listPayers(
  db: Executor, sellerId: number, f: PayerListFilters, page: { offset: number; limit: number; sortKey: PayerSortKey; sortDir: 'asc' | 'desc' },
): Promise<{ rows: PayerRow[]; total: number; totalMax: number }> {
  const direction = sql.raw(page.sortDir === 'asc' ? 'asc' : 'desc')
  const column = sql.raw(sortColumns[page.sortKey])
  const rows = await executeRows<RawPayer>(db, sql`select * from ${payersOf(sellerId)} where ${conditions(sellerId, f)}
    order by p.${column} ${direction}, p.id ${direction} limit ${page.limit} offset ${page.offset}`)
  const [total] = await executeRows<{ n: number }>(db, sql`select count(*)::int as n from ${payersOf(sellerId)} where ${conditions(sellerId, f)}`)
  const [max] = await executeRows<{ n: number }>(db, sql`select count(distinct payer_user_id)::int as n from ${orders} where seller_id = ${sellerId}`)
  return { rows: rows.map(payerRow), total: Number(total?.n ?? 0), totalMax: Number(max?.n ?? 0) }
}

/** Per payer and currency: the sums of paid_amount and refunded_amount of their orders with the seller. */
export async function totalsOf(db: Executor, sellerId: number, payerIds: number[]): Promise<{ payerId: number; currency: string; paid: number; refunded: number }[]> {
  if (payerIds.length === 0) return []
  const rows = await db.select({
    payerId: orders.payerUserId, currency: orders.currency,
    paid: sql<number>`coalesce(sum(${orders.paidAmount}), 0)`.mapWith(Number), refunded: sql<number>`coalesce(sum(${orders.refundedAmount}), 0)`.mapWith(Number),
  }).from(orders)
    .where(and(eq(orders.sellerId, sellerId), inArray(orders.payerUserId, payerIds)))
    .groupBy(orders.payerUserId, orders.currency).orderBy(asc(orders.currency))
  return rows.map((r) => ({ ...r, payerId: r.payerId! }))
}

/** The payer's orders with the seller, newest first. */
export async function ordersOfPayer(db: Executor, sellerId: number, payerId: number) {
  return db.select({
    id: orders.id, token: orders.token, productId: orders.productId, productName: products.name, paymentState: orders.paymentState,
    paymentForm: orders.paymentMethod, periodType: sql<string | null>`${orders.planSnapshot}->>'form'`, totalAmount: orders.totalAmount,
    paidAmount: orders.paidAmount, refundedAmount: orders.refundedAmount, currency: orders.currency, createdAt: orders.createdAt,
  }).from(orders).innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.sellerId, sellerId), eq(orders.payerUserId, payerId))).orderBy(desc(orders.createdAt), desc(orders.id))
}
