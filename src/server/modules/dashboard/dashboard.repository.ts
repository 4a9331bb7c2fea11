import { sql } from 'drizzle-orm'
import { executeRows, type Executor } from '../../db/client'

// The seller dashboard's read-only aggregates over payments, orders and order_rates, always scoped to one
// seller. A payment's time is when it completed (its creation when that is missing); days are UTC. Sums
// come back as text from some drivers (bigint), so every number passes through Number().

/** Plans still running: their future and unpaid rates are expected money. */
const runningPlanStates = sql`('paid', 'paying')`
const paymentAt = sql`coalesce(p.completed_at, p.created_at)`

export type MoneyRow = { currency: string; kind: string; amount: number; count: number }

/** Successful charges, refunds, chargebacks and chargeback reversals of the window, per currency and kind. */
export async function moneyTotals(db: Executor, sellerId: number, from: Date, till: Date): Promise<MoneyRow[]> {
  const rows = await executeRows<{ currency: string; kind: string; amount: string | number; count: string | number }>(db, sql`
    select p.currency, p.kind, coalesce(sum(p.amount), 0)::bigint as amount, count(*)::int as count
    from payments p
    where p.seller_id = ${sellerId} and p.state = 'successful' and p.kind in ('charge', 'refund', 'chargeback', 'chargeback_reversal')
      and ${paymentAt} >= ${from.toISOString()}::timestamptz and ${paymentAt} <= ${till.toISOString()}::timestamptz
    group by p.currency, p.kind`)
  return rows.map((r) => ({ currency: r.currency, kind: r.kind, amount: Number(r.amount), count: Number(r.count) }))
}

/** Successful charges and refunds per UTC day, currency and kind (the chart folds days into its buckets). */
export async function dailyMoney(db: Executor, sellerId: number, from: Date, till: Date): Promise<{ day: string; currency: string; kind: string; amount: number }[]> {
  const rows = await executeRows<{ day: string; currency: string; kind: string; amount: string | number }>(db, sql`
    select to_char(${paymentAt} at time zone 'UTC', 'YYYY-MM-DD') as day, p.currency, p.kind, coalesce(sum(p.amount), 0)::bigint as amount
    from payments p
    where p.seller_id = ${sellerId} and p.state = 'successful' and p.kind in ('charge', 'refund')
      and ${paymentAt} >= ${from.toISOString()}::timestamptz and ${paymentAt} <= ${till.toISOString()}::timestamptz
    group by 1, p.currency, p.kind`)
  return rows.map((r) => ({ day: r.day, currency: r.currency, kind: r.kind, amount: Number(r.amount) }))
}

/** Orders made in the window, and orders whose first payment arrived in it. */
export async function orderCounts(db: Executor, sellerId: number, from: Date, till: Date): Promise<{ created: number; paid: number }> {
  const fromText = from.toISOString()
  const tillText = till.toISOString()
  const [row] = await executeRows<{ created: string | number; paid: string | number }>(db, sql`
    select
      count(*) filter (where o.created_at >= ${fromText}::timestamptz and o.created_at <= ${tillText}::timestamptz)::int as created,
      count(*) filter (where o.paid_at >= ${fromText}::timestamptz and o.paid_at <= ${tillText}::timestamptz)::int as paid
    from orders o
    where o.seller_id = ${sellerId} and (o.created_at >= ${fromText}::timestamptz or o.paid_at >= ${fromText}::timestamptz)`)
  return { created: Number(row?.created ?? 0), paid: Number(row?.paid ?? 0) }
}

/** Payers whose first paid order with this seller was paid in the window. */
export async function newPayers(db: Executor, sellerId: number, from: Date, till: Date): Promise<number> {
  const [row] = await executeRows<{ n: string | number }>(db, sql`
    select count(*)::int as n from (
      select o.payer_user_id, min(o.paid_at) as first_paid_at
      from orders o
      where o.seller_id = ${sellerId} and o.paid_at is not null and o.payer_user_id is not null
      group by o.payer_user_id
    ) firsts
    where firsts.first_paid_at >= ${from.toISOString()}::timestamptz and firsts.first_paid_at <= ${till.toISOString()}::timestamptz`)
  return Number(row?.n ?? 0)
}

export type RateTotal = { currency: string; count: number; amount: number }

/** Future and unpaid rates of running plans falling due in [now, until): count and what they will bring. */
export async function upcomingRates(db: Executor, sellerId: number, now: Date, until: Date): Promise<RateTotal[]> {
  const rows = await executeRows<{ currency: string; count: string | number; amount: string | number }>(db, sql`
    select o.currency, count(*)::int as count, coalesce(sum(r.amount - r.paid_amount), 0)::bigint as amount
    from order_rates r join orders o on o.id = r.order_id
    where o.seller_id = ${sellerId} and o.payment_state in ${runningPlanStates} and r.state in ('future', 'unpaid')
      and r.due_date >= ${now.toISOString()}::timestamptz and r.due_date < ${until.toISOString()}::timestamptz
    group by o.currency order by amount desc, o.currency`)
  return rows.map((r) => ({ currency: r.currency, count: Number(r.count), amount: Number(r.amount) }))
}

/** Rates of running plans past their due date and not (fully) paid: what is still owed. */
export async function overdueRates(db: Executor, sellerId: number, now: Date): Promise<RateTotal[]> {
  const rows = await executeRows<{ currency: string; count: string | number; amount: string | number }>(db, sql`
    select o.currency, count(*)::int as count, coalesce(sum(r.amount - r.paid_amount), 0)::bigint as amount
    from order_rates r join orders o on o.id = r.order_id
    where o.seller_id = ${sellerId} and o.payment_state in ${runningPlanStates} and r.state in ('unpaid', 'partly_paid', 'debt')
      and r.due_date < ${now.toISOString()}::timestamptz
    group by o.currency order by amount desc, o.currency`)
  return rows.map((r) => ({ currency: r.currency, count: Number(r.count), amount: Number(r.amount) }))
}

/** Revenue (successful charges) per product and currency in the window, most first. */
export async function productRevenue(db: Executor, sellerId: number, from: Date, till: Date, limit: number) {
  const rows = await executeRows<{ product_id: number; name: string; currency: string; revenue: string | number; count: string | number }>(db, sql`
    select o.product_id, pr.name, p.currency, coalesce(sum(p.amount), 0)::bigint as revenue, count(*)::int as count
    from payments p join orders o on o.id = p.order_id join products pr on pr.id = o.product_id
    where p.seller_id = ${sellerId} and p.state = 'successful' and p.kind = 'charge'
      and ${paymentAt} >= ${from.toISOString()}::timestamptz and ${paymentAt} <= ${till.toISOString()}::timestamptz
    group by o.product_id, pr.name, p.currency
    order by revenue desc, o.product_id
    limit ${limit}`)
  return rows.map((r) => ({ productId: Number(r.product_id), name: r.name, currency: r.currency, revenue: Number(r.revenue), count: Number(r.count) }))
}

export type ChecklistFacts = {
  confirmed: boolean; profileFinished: boolean; username: string; products: number
  unpublishedId: number | null; publishedId: number | null; publishedSlug: string | null; anyOrder: boolean; anyPaidOrder: boolean
}

/** What the "start selling" checklist is computed from, in one statement (docs/decisions/0041-first-ten-minutes.md). */
export async function checklistFacts(db: Executor, sellerId: number): Promise<ChecklistFacts | undefined> {
  const [row] = await executeRows<{
    confirmed: boolean; profile_finished: boolean; username: string; products: string | number
    unpublished_id: number | null; published_id: number | null; published_slug: string | null; any_order: boolean; any_paid_order: boolean
  }>(db, sql`
    select u.confirmed_at is not null as confirmed, s.profile_finished, s.username,
      (select count(*) from products p where p.seller_id = s.id and p.archived_at is null)::int as products,
      (select p.id from products p where p.seller_id = s.id and p.archived_at is null and p.publish_state <> 'published' order by p.created_at, p.id limit 1) as unpublished_id,
      (select p.id from products p where p.seller_id = s.id and p.archived_at is null and p.publish_state = 'published' order by p.created_at, p.id limit 1) as published_id,
      (select p.slug from products p where p.seller_id = s.id and p.archived_at is null and p.publish_state = 'published' order by p.created_at, p.id limit 1) as published_slug,
      exists (select 1 from orders o where o.seller_id = s.id) as any_order,
      exists (select 1 from orders o where o.seller_id = s.id and o.paid_at is not null) as any_paid_order
    from sellers s join users u on u.id = s.user_id
    where s.id = ${sellerId}`)
  if (!row) return undefined
  return {
    confirmed: Boolean(row.confirmed), profileFinished: Boolean(row.profile_finished), username: row.username, products: Number(row.products),
    unpublishedId: row.unpublished_id == null ? null : Number(row.unpublished_id), publishedId: row.published_id == null ? null : Number(row.published_id),
    publishedSlug: row.published_slug, anyOrder: Boolean(row.any_order), anyPaidOrder: Boolean(row.any_paid_order),
  }
}
