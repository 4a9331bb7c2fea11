import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { AnalyticsBucket } from '../../../shared/analytics/charts'
import { executeRows, type Executor } from '../../db/client'
import { analyticsSets } from '../../db/schema'

// Analytics sets: the saved sets (table analytics_sets, written only here) and the charts' read-only
// aggregates over payments, orders, products, affiliate_commissions, publishers and users, in raw SQL like
// the dashboard's (src/server/modules/dashboard/dashboard.repository.ts; docs/decisions/0087-analytics-sets.md).
// Every statement is scoped to one seller on every table that has a seller (payments, orders,
// affiliate_commissions). A window is [from, till); a payment's time is when it completed (its creation when
// that is missing). Sums come back as text from some drivers (bigint), so every number passes through Number().

export type AnalyticsSetRow = typeof analyticsSets.$inferSelect
export type NewAnalyticsSet = typeof analyticsSets.$inferInsert

export async function listOfSeller(db: Executor, sellerId: number): Promise<AnalyticsSetRow[]> {
  return db.select().from(analyticsSets).where(eq(analyticsSets.sellerId, sellerId)).orderBy(asc(analyticsSets.name), asc(analyticsSets.id))
}

export async function findOfSeller(db: Executor, sellerId: number, id: number): Promise<AnalyticsSetRow | undefined> {
  const [row] = await db.select().from(analyticsSets).where(and(eq(analyticsSets.id, id), eq(analyticsSets.sellerId, sellerId))).limit(1)
  return row
}

export async function insert(db: Executor, values: NewAnalyticsSet): Promise<AnalyticsSetRow> {
  const [row] = await db.insert(analyticsSets).values(values).returning()
  return row!
}

/** Updates the seller's set; undefined when it is not theirs (or gone). */
export async function update(db: Executor, sellerId: number, id: number, values: Partial<NewAnalyticsSet>): Promise<AnalyticsSetRow | undefined> {
  const [row] = await db.update(analyticsSets).set(values).where(and(eq(analyticsSets.id, id), eq(analyticsSets.sellerId, sellerId))).returning()
  return row
}

export async function remove(db: Executor, sellerId: number, id: number): Promise<boolean> {
  const rows = await db.delete(analyticsSets).where(and(eq(analyticsSets.id, id), eq(analyticsSets.sellerId, sellerId))).returning({ id: analyticsSets.id })
  return rows.length > 0
}

// ---- the charts' aggregates

export type ChartScope = { sellerId: number; from: Date; till: Date; currency: string | null }

const paymentAt = sql`coalesce(p.completed_at, p.created_at)`
const inWindow = (at: SQL, s: ChartScope) => sql`${at} >= ${s.from.toISOString()}::timestamptz and ${at} < ${s.till.toISOString()}::timestamptz`
const inCurrency = (column: SQL, s: ChartScope) => (s.currency === null ? sql`true` : sql`${column} = ${s.currency}`)

export type RevenueRow = { bucket: string; productId: number; productName: string; currency: string; revenue: number; count: number }

/** Successful charges per bucket (UTC day, ISO week or month), main product of the order and currency. */
export async function revenueByProduct(db: Executor, s: ChartScope, bucket: AnalyticsBucket): Promise<RevenueRow[]> {
  const rows = await executeRows<{ bucket: string; product_id: number; name: string; currency: string; revenue: string | number; count: string | number }>(db, sql`
    select to_char(date_trunc(${bucket}::text, ${paymentAt} at time zone 'UTC'), 'YYYY-MM-DD') as bucket,
      o.product_id, pr.name, p.currency, coalesce(sum(p.amount), 0)::bigint as revenue, count(*)::int as count
    from payments p join orders o on o.id = p.order_id join products pr on pr.id = o.product_id
    where p.seller_id = ${s.sellerId} and o.seller_id = ${s.sellerId} and p.state = 'successful' and p.kind = 'charge'
      and ${inWindow(paymentAt, s)} and ${inCurrency(sql`p.currency`, s)}
    group by 1, o.product_id, pr.name, p.currency
    order by 1, revenue desc, o.product_id, p.currency`)
  return rows.map((r) => ({ bucket: r.bucket, productId: Number(r.product_id), productName: r.name, currency: r.currency, revenue: Number(r.revenue), count: Number(r.count) }))
}

export type RefundRateRow = { productId: number; productName: string; currency: string; paidAmount: number; paidCount: number; refundedAmount: number; refundedCount: number }

/**
 * The successful charges of the window per main product and currency, and what successful refunds gave back
 * of those very charges so far (at any time): the amount, and how many of the charges were refunded (in part or whole).
 */
export async function refundRates(db: Executor, s: ChartScope): Promise<RefundRateRow[]> {
  const rows = await executeRows<{
    product_id: number; name: string; currency: string; paid_amount: string | number; paid_count: string | number; refunded_amount: string | number; refunded_count: string | number
  }>(db, sql`
    select o.product_id, pr.name, p.currency, coalesce(sum(p.amount), 0)::bigint as paid_amount, count(*)::int as paid_count,
      coalesce(sum(r.refunded), 0)::bigint as refunded_amount, count(r.refunded)::int as refunded_count
    from payments p join orders o on o.id = p.order_id join products pr on pr.id = o.product_id
    left join (
      select x.parent_payment_id, sum(x.amount) as refunded from payments x
      where x.seller_id = ${s.sellerId} and x.kind = 'refund' and x.state = 'successful' and x.parent_payment_id is not null
      group by x.parent_payment_id
    ) r on r.parent_payment_id = p.id
    where p.seller_id = ${s.sellerId} and o.seller_id = ${s.sellerId} and p.state = 'successful' and p.kind = 'charge'
      and ${inWindow(paymentAt, s)} and ${inCurrency(sql`p.currency`, s)}
    group by o.product_id, pr.name, p.currency
    order by paid_amount desc, o.product_id, p.currency`)
  return rows.map((r) => ({
    productId: Number(r.product_id), productName: r.name, currency: r.currency, paidAmount: Number(r.paid_amount), paidCount: Number(r.paid_count),
    refundedAmount: Number(r.refunded_amount), refundedCount: Number(r.refunded_count),
  }))
}

export type SubscriptionRow = { currency: string; firstPaidAt: Date; endedAt: Date | null }

/**
 * Open-ended subscriptions (plan form `subscription`) whose first payment (orders.paid_at) falls in the window,
 * with when each stopped: canceled, refunded, charged back or never completed at its cancel time (else the time
 * of its last refund or chargeback, else its last change); paused at its pause time; canceled_at in any other
 * state; running: null.
 */
export async function subscriptions(db: Executor, s: ChartScope): Promise<SubscriptionRow[]> {
  const rows = await executeRows<{ currency: string; paid_at: string | Date; ended_at: string | Date | null }>(db, sql`
    select o.currency, o.paid_at,
      case
        when o.payment_state in ('payment_canceled', 'payment_refunded', 'payment_chargebacked', 'payment_not_completed') then coalesce(o.canceled_at, (
          select max(coalesce(x.completed_at, x.created_at)) from payments x
          where x.order_id = o.id and x.seller_id = ${s.sellerId} and x.kind in ('refund', 'chargeback') and x.state = 'successful'
        ), o.updated_at)
        when o.payment_state = 'payment_paused' then coalesce(o.paused_at, o.updated_at)
        else o.canceled_at
      end as ended_at
    from orders o
    where o.seller_id = ${s.sellerId} and o.paid_at is not null and o.plan_snapshot->>'form' = 'subscription'
      and ${inWindow(sql`o.paid_at`, s)} and ${inCurrency(sql`o.currency`, s)}
    order by o.paid_at, o.id`)
  return rows.map((r) => ({ currency: r.currency, firstPaidAt: new Date(r.paid_at), endedAt: r.ended_at === null ? null : new Date(r.ended_at) }))
}

export type AffiliateRow = { publisherId: number; publisherName: string; currency: string; orders: number; revenue: number; commissions: number }

/**
 * Per publisher and currency: the orders attributed to them (level 1) first paid in the window, the successful
 * charges of attributed orders in the window, and the commissions (every level, bonuses too) booked to them on
 * this seller's sales in the window, less what refunds and chargebacks took back.
 */
export async function affiliatePerformance(db: Executor, s: ChartScope): Promise<AffiliateRow[]> {
  const rows = await executeRows<{
    publisher_id: number; first_name: string | null; last_name: string | null; currency: string; orders: string | number; revenue: string | number; commissions: string | number
  }>(db, sql`
    select f.publisher_id, u.first_name, u.last_name, f.currency,
      sum(f.orders)::int as orders, sum(f.revenue)::bigint as revenue, sum(f.commissions)::bigint as commissions
    from (
      select o.publisher_id, o.currency, count(*) as orders, 0 as revenue, 0 as commissions
      from orders o
      where o.seller_id = ${s.sellerId} and o.publisher_id is not null and ${inWindow(sql`o.paid_at`, s)} and ${inCurrency(sql`o.currency`, s)}
      group by o.publisher_id, o.currency
      union all
      select o.publisher_id, p.currency, 0, sum(p.amount), 0
      from payments p join orders o on o.id = p.order_id
      where p.seller_id = ${s.sellerId} and o.seller_id = ${s.sellerId} and o.publisher_id is not null and p.state = 'successful' and p.kind = 'charge'
        and ${inWindow(paymentAt, s)} and ${inCurrency(sql`p.currency`, s)}
      group by o.publisher_id, p.currency
      union all
      select c.publisher_id, c.currency, 0, 0, sum(c.amount - c.reversed_amount)
      from affiliate_commissions c
      where c.seller_id = ${s.sellerId} and ${inWindow(sql`c.created_at`, s)} and ${inCurrency(sql`c.currency`, s)}
      group by c.publisher_id, c.currency
    ) f
    left join publishers pb on pb.id = f.publisher_id
    left join users u on u.id = pb.user_id
    group by f.publisher_id, u.first_name, u.last_name, f.currency
    order by revenue desc, commissions desc, f.publisher_id, f.currency`)
  return rows.map((r) => ({
    publisherId: Number(r.publisher_id), publisherName: [r.first_name, r.last_name].filter(Boolean).join(' '), currency: r.currency,
    orders: Number(r.orders), revenue: Number(r.revenue), commissions: Number(r.commissions),
  }))
}
