import { dashboardWindow, foldSeries, upcomingRateDays } from '../../../shared/dashboard/periods'
import { AppError } from '../../../shared/errors'
import type { ChecklistOutput, DashboardOutput, DashboardQuery } from '../../../shared/schemas/dashboard'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as repo from './dashboard.repository'

// The seller dashboard (/cabinet, docs/reference/accounts-and-orders.md §9 "Dashboard period"): money in and out per currency, orders,
// new payers, upcoming and overdue rates, the chart's series and the top products, for one period ending
// now (the business clock). Read-only: every figure is an aggregate of payments, orders and order_rates.
// docs/decisions/0032-seller-dashboard-and-notifications.md

const topProductsPerCurrency = 5
const dayMs = 86_400_000

export async function dashboard(ctx: Ctx, query: DashboardQuery): Promise<DashboardOutput> {
  const sellerId = actingSellerId(ctx.actor, 'dashboard.read')
  const now = ctx.deps.now()
  const window = dashboardWindow(query.period, now)
  const { from, till } = window
  const [money, daily, orders, newPayers, upcoming, overdue, products] = await Promise.all([
    repo.moneyTotals(ctx.db, sellerId, from, till),
    repo.dailyMoney(ctx.db, sellerId, from, till),
    repo.orderCounts(ctx.db, sellerId, from, till),
    repo.newPayers(ctx.db, sellerId, from, till),
    repo.upcomingRates(ctx.db, sellerId, now, new Date(now.getTime() + upcomingRateDays * dayMs)),
    repo.overdueRates(ctx.db, sellerId, now),
    repo.productRevenue(ctx.db, sellerId, from, till, 100),
  ])

  const figures = new Map<string, { currency: string; revenue: number; refunds: number; chargebacks: number; net: number; charges_count: number }>()
  const figureOf = (currency: string) => {
    let f = figures.get(currency)
    if (!f) figures.set(currency, f = { currency, revenue: 0, refunds: 0, chargebacks: 0, net: 0, charges_count: 0 })
    return f
  }
  for (const row of money) {
    const f = figureOf(row.currency)
    if (row.kind === 'charge') { f.revenue += row.amount; f.charges_count += row.count }
    if (row.kind === 'refund') f.refunds += row.amount
    // A chargeback the seller won back (chargeback_reversal) returns its money.
    if (row.kind === 'chargeback') f.chargebacks += row.amount
    if (row.kind === 'chargeback_reversal') f.chargebacks -= row.amount
  }
  for (const f of figures.values()) f.net = f.revenue - f.refunds - f.chargebacks
  const list = [...figures.values()].sort((a, b) => b.revenue - a.revenue || a.currency.localeCompare(b.currency))
  const currencies = [...new Set([...list.map((f) => f.currency), ...upcoming.map((r) => r.currency), ...overdue.map((r) => r.currency)])]

  const revenue = foldSeries(window, daily.filter((d) => d.kind === 'charge'), currencies)
  const refunds = foldSeries(window, daily.filter((d) => d.kind === 'refund'), currencies)
  const taken = new Map<string, number>()
  const top = products.filter((p) => {
    const n = taken.get(p.currency) ?? 0
    taken.set(p.currency, n + 1)
    return n < topProductsPerCurrency
  })

  return {
    period: query.period, from: from.toISOString(), till: till.toISOString(), bucket: window.bucket, currencies, figures: list,
    orders, new_payers: newPayers, upcoming_days: upcomingRateDays, upcoming_rates: upcoming, overdue_rates: overdue,
    series: revenue.map((point, i) => ({ start: point.start, revenue: point.amounts, refunds: refunds[i]!.amounts })),
    top_products: top.map((p) => ({ product_id: p.productId, name: p.name, currency: p.currency, revenue: p.revenue, charges_count: p.count })),
  }
}

/**
 * The "start selling" checklist (docs/decisions/0041-first-ten-minutes.md): confirm the address, finish the
 * profile, a first product, published, the shop seen, a first (test) purchase. "Shop seen" is proven here by
 * any order in the shop; the web app also counts the seller's own visit from the checklist.
 */
export async function checklist(ctx: Ctx): Promise<ChecklistOutput> {
  const sellerId = actingSellerId(ctx.actor, 'dashboard.read')
  const facts = await repo.checklistFacts(ctx.db, sellerId)
  if (!facts) throw new AppError('not_found', 'No such seller')
  const published = facts.publishedId != null
  const items: ChecklistOutput['items'] = [
    { key: 'confirm_email', done: facts.confirmed },
    { key: 'profile', done: facts.profileFinished },
    { key: 'first_product', done: facts.products > 0 },
    { key: 'publish', done: published, ...(facts.unpublishedId != null && !published ? { product_id: facts.unpublishedId } : {}) },
    { key: 'view_shop', done: facts.anyOrder },
    { key: 'test_purchase', done: facts.anyPaidOrder, ...(facts.publishedId != null ? { product_id: facts.publishedId, product_slug: facts.publishedSlug! } : {}) },
  ]
  return { items, all_done: items.every((i) => i.done), shop_path: `/s/${encodeURIComponent(facts.username)}` }
}
