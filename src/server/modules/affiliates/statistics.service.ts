import type { z } from 'zod'
import type { affiliateStatisticsQuery, AffiliateStatisticsOutput } from '../../../shared/schemas/affiliates'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as orders from '../orders/orders.service'
import * as repo from './affiliates.repository'
import { requirePublisher } from './publishers.service'

// Affiliate statistics for a seller (their programs) or a publisher (their own links), per day, week or
// month (docs/decisions/0048-affiliates.md). Clicks come from affiliate_clicks; a sale is an order with a
// commission booked in the period (a successful charge of an attributed order); earnings are the
// commissions less what refunds and chargebacks took back, per currency: for a seller what their programs
// pay out, for a publisher what they earn. Rows group by program, product, seller, publisher, or (for a
// publisher) the publishers they recruited ("affiliate": their clicks and sales, and what the caller earned
// on those sales).

type Query = z.infer<typeof affiliateStatisticsQuery>
type Earnings = { currency: string; amount: number }[]
type Scope = repo.StatsScope

const dayMs = 86_400_000
/** The longest range answered at once (three years). */
const maxDays = 3 * 366
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** The first day of the period a day (YYYY-MM-DD) falls in: itself, its Monday, or its month's first day. */
export function periodStart(day: string, period: Query['period']): string {
  if (period === 'day') return day
  if (period === 'month') return `${day.slice(0, 7)}-01`
  const d = new Date(`${day}T00:00:00Z`)
  return isoDay(new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * dayMs))
}

function addEarnings(into: Map<string, number>, currency: string, amount: number) {
  into.set(currency, (into.get(currency) ?? 0) + amount)
}
const earningsOf = (m: Map<string, number>): Earnings => [...m].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }))
const conversion = (sales: number, clicks: number) => (clicks > 0 ? Math.round((sales / clicks) * 10_000) / 100 : 0)

type Bucket = { clicks: number; sales: Set<number>; earnings: Map<string, number> }
const bucket = (): Bucket => ({ clicks: 0, sales: new Set(), earnings: new Map() })

export async function sellerStatistics(ctx: Ctx, query: Query): Promise<AffiliateStatisticsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'affiliates.read')
  return statistics(ctx, { sellerId }, query)
}

export async function publisherStatistics(ctx: Ctx, query: Query): Promise<AffiliateStatisticsOutput> {
  const publisher = await ctx.db.transaction((tx) => requirePublisher(ctx, tx))
  return statistics(ctx, { publisherId: publisher.id }, query)
}

async function statistics(ctx: Ctx, scope: Scope, query: Query): Promise<AffiliateStatisticsOutput> {
  // A reversed range is read the right way round; a range longer than three years keeps its last three
  // (the answer's `from` and `till` say which days it covers).
  let tillDay = query.till ?? isoDay(ctx.now)
  let fromDay = query.from ?? isoDay(new Date(new Date(`${tillDay}T00:00:00Z`).getTime() - 29 * dayMs))
  if (fromDay > tillDay) [fromDay, tillDay] = [tillDay, fromDay]
  const till = new Date(new Date(`${tillDay}T00:00:00Z`).getTime() + dayMs)
  let from = new Date(`${fromDay}T00:00:00Z`)
  if (till.getTime() - from.getTime() > maxDays * dayMs) {
    from = new Date(till.getTime() - maxDays * dayMs)
    fromDay = isoDay(from)
  }
  const range = { from, till, programId: query.affiliate_program_id }

  const clicks = await repo.clickCounts(ctx.db, scope, range)
  const commissions = await repo.commissionsIn(ctx.db, scope, range)

  // Totals and series.
  const series = new Map<string, Bucket>()
  for (let d = from.getTime(); d < till.getTime(); d += dayMs) {
    const start = periodStart(isoDay(new Date(d)), query.period)
    if (!series.has(start)) series.set(start, bucket())
  }
  const total = bucket()
  for (const c of clicks) {
    total.clicks += c.n
    series.get(periodStart(c.day, query.period))!.clicks += c.n
  }
  for (const c of commissions) {
    const b = series.get(periodStart(isoDay(c.createdAt), query.period))!
    for (const into of [total, b]) {
      into.sales.add(c.orderId)
      addEarnings(into.earnings, c.currency, c.amount - c.reversedAmount)
    }
  }

  // Rows by group.
  const rows = new Map<number, Bucket>()
  const row = (id: number | null | undefined) => {
    if (id == null) return undefined
    if (!rows.has(id)) rows.set(id, bucket())
    return rows.get(id)!
  }
  let names = new Map<number, string>()
  if (query.group === 'affiliate' && 'publisherId' in scope) {
    const recruited = await repo.recruitedNodes(ctx.db, scope.publisherId)
    const publisherOfNode = new Map(recruited.map((n) => [n.id, n.publisherId]))
    const nodeIds = recruited.map((n) => n.id)
    for (const c of await repo.clickCounts(ctx.db, scope, { ...range, nodeIds })) {
      const b = row(c.nodeId !== null ? publisherOfNode.get(c.nodeId) : undefined)
      if (b) b.clicks += c.n
    }
    const saleOf = new Map<number, number>()
    for (const c of await repo.commissionsIn(ctx.db, scope, { ...range, nodeIds })) {
      if (c.level === 1 && c.kind === 'commission') saleOf.set(c.orderId, c.publisherId)
    }
    for (const c of commissions) {
      const b = row(saleOf.get(c.orderId))
      if (!b) continue
      b.sales.add(c.orderId)
      addEarnings(b.earnings, c.currency, c.amount - c.reversedAmount)
    }
    names = await repo.publisherNames(ctx.db, [...rows.keys()])
  } else if (query.group && query.group !== 'affiliate') {
    // (A seller recruits no publisher: the affiliate grouping has no rows for them.)
    const key = { programs: 'programId', sellers: 'sellerId', publishers: 'publisherId', products: 'productId' } as const
    const field = key[query.group as keyof typeof key]
    for (const c of clicks) {
      const b = row(c[field])
      if (b) b.clicks += c.n
    }
    const productOfOrder = query.group === 'products'
      ? new Map((await orders.affiliateOrderBriefs(ctx.db, [...new Set(commissions.map((c) => c.orderId))])).map((o) => [o.id, o.productId]))
      : new Map<number, number>()
    for (const c of commissions) {
      const id = field === 'productId' ? productOfOrder.get(c.orderId) : c[field]
      const b = row(id)
      if (!b) continue
      b.sales.add(c.orderId)
      addEarnings(b.earnings, c.currency, c.amount - c.reversedAmount)
    }
    const ids = [...rows.keys()]
    if (query.group === 'programs') names = new Map((await repo.programsByIds(ctx.db, ids)).map((p) => [p.id, p.name]))
    else if (query.group === 'sellers') names = await repo.sellerUsernames(ctx.db, ids)
    else if (query.group === 'publishers') names = await repo.publisherNames(ctx.db, ids)
    else names = await repo.productNames(ctx.db, ids)
  }

  return {
    from: fromDay, till: tillDay,
    totals: { clicks: total.clicks, sales: total.sales.size, conversion: conversion(total.sales.size, total.clicks), earnings: earningsOf(total.earnings) },
    series: [...series].map(([start, b]) => ({ period_start: start, clicks: b.clicks, sales: b.sales.size, earnings: earningsOf(b.earnings) })),
    rows: [...rows].sort(([a], [b]) => a - b).map(([id, b]) => ({
      id, name: names.get(id) ?? '', clicks: b.clicks, sales: b.sales.size, conversion: conversion(b.sales.size, b.clicks), earnings: earningsOf(b.earnings),
    })),
  }
}
