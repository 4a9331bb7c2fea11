import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import {
  cancellationTerms, claims, dunnings, invoices, ledgerEntries, orderItems, orderRates, orders, payments, productCategories, products, sellers, users,
} from '../../db/schema'

// The read side of the seller's orders area (docs/decisions/0030-orders-list-detail-and-csv-exports.md): the list with the spec's filters, its
// counts, the CSV rows and the relations of the order detail. The orders module's write side
// (orders.repository.ts) stays the only writer of these tables; nothing here writes.

export type OrderRow = typeof orders.$inferSelect

/** The filters after parsing: lists are "any of", times are resolved to instants. */
export type OrderListFilters = {
  paymentStates?: string[]
  excludeNotCompleted?: boolean
  paymentForms?: string[]
  periodTypes?: string[]
  orderTypes?: string[]
  upsellTypes?: string[]
  productIds?: number[]
  pricingPlanIds?: number[]
  productGroupIds?: number[]
  couponIds?: number[]
  ticketIds?: number[]
  payerIds?: number[]
  internalName?: string
  campaign?: string
  publisherIds?: number[]
  affiliateProgramIds?: number[]
  salesTeamMemberIds?: number[]
  dealStates?: string[]
  funnelIds?: number[]
  funnelNodeIds?: number[]
  createdFrom?: Date
  createdTill?: Date
  createdBefore?: Date
  successFrom?: Date
  successTill?: Date
  successBefore?: Date
  amountFrom?: number
  amountTo?: number
  orderAmountFrom?: number
  orderAmountTo?: number
  buyerCountryCode?: string
  cancellable?: boolean
  powerSeller?: boolean
  query?: string
}

/** Whose orders: one seller's (the cabinet) or every seller's (a manager). */
export type OrderScope = { sellerId: number | null }

const planForm = sql<string | null>`(${orders.planSnapshot}->>'form')`
const periodType = sql<string | null>`right(${orders.planSnapshot}->>'interval', 1)`
const payerEmail = sql<string>`coalesce(${orders.payer}->>'email', '')`
const payerName = sql<string>`trim(coalesce(${orders.payer}->>'first_name', '') || ' ' || coalesce(${orders.payer}->>'last_name', ''))`
const payerCountry = sql<string | null>`upper(${orders.payer}->>'country_code')`

/** A running plan the seller can still cancel: not one-time, charging or paused, with a rate to come. */
const cancellableCondition = sql`(coalesce(${planForm}, 'one_time') <> 'one_time'
  and ${orders.paymentState} in ('paying', 'paid', 'payment_paused')
  and exists (select 1 from ${orderRates} where ${orderRates.orderId} = ${orders.id} and ${orderRates.state} = 'future'))`

function likePattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
}

function conditionsOf(scope: OrderScope, f: OrderListFilters, omit: { paymentState?: boolean; orderType?: boolean } = {}): SQL[] {
  const c: SQL[] = []
  if (scope.sellerId !== null) c.push(eq(orders.sellerId, scope.sellerId))
  if (f.funnelIds) c.push(inArray(orders.funnelId, f.funnelIds))
  if (f.funnelNodeIds) c.push(inArray(orders.funnelNodeId, f.funnelNodeIds))
  if (f.paymentStates && !omit.paymentState) c.push(inArray(orders.paymentState, f.paymentStates))
  if (f.excludeNotCompleted) c.push(sql`${orders.paymentState} <> 'payment_not_completed'`)
  if (f.paymentForms) c.push(inArray(sql`coalesce(${planForm}, 'one_time')`, f.paymentForms))
  if (f.periodTypes) c.push(inArray(periodType, f.periodTypes))
  if (f.orderTypes && !omit.orderType) c.push(inArray(orders.orderType, f.orderTypes))
  if (f.upsellTypes) {
    const kinds = f.upsellTypes.filter((u) => u !== 'none')
    const parts: SQL[] = []
    if (kinds.length > 0) parts.push(inArray(orders.upsellType, kinds))
    if (f.upsellTypes.includes('none')) parts.push(sql`${orders.upsellType} is null`)
    c.push(or(...parts)!)
  }
  if (f.productIds) c.push(inArray(orders.productId, f.productIds))
  if (f.pricingPlanIds) c.push(inArray(orders.pricingPlanId, f.pricingPlanIds))
  if (f.productGroupIds) {
    c.push(sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${orders.productId} and ${inArray(productCategories.categoryId, f.productGroupIds)})`)
  }
  if (f.couponIds) c.push(inArray(orders.couponId, f.couponIds))
  if (f.ticketIds) c.push(inArray(orders.ticketId, f.ticketIds))
  if (f.payerIds) c.push(inArray(orders.payerUserId, f.payerIds))
  if (f.publisherIds) c.push(inArray(orders.publisherId, f.publisherIds))
  if (f.affiliateProgramIds) c.push(inArray(orders.affiliateProgramId, f.affiliateProgramIds))
  if (f.salesTeamMemberIds) c.push(inArray(orders.salesTeamMemberId, f.salesTeamMemberIds))
  // The deal's state is the deals module's column, read here (docs/decisions/0054-sales-team-and-deals.md).
  if (f.dealStates) c.push(sql`${orders.dealId} in (select d.id from deals d where d.seller_id = ${orders.sellerId} and d.state in (${sql.join(f.dealStates.map((state) => sql`${state}`), sql`, `)}))`)
  if (f.internalName) c.push(ilike(products.internalName, likePattern(f.internalName)))
  if (f.campaign) c.push(eq(orders.campaignId, f.campaign))
  if (f.createdFrom) c.push(gte(orders.createdAt, f.createdFrom))
  if (f.createdTill) c.push(lte(orders.createdAt, f.createdTill))
  if (f.createdBefore) c.push(lt(orders.createdAt, f.createdBefore))
  if (f.successFrom) c.push(gte(orders.paidAt, f.successFrom))
  if (f.successTill) c.push(lte(orders.paidAt, f.successTill))
  if (f.successBefore) c.push(lt(orders.paidAt, f.successBefore))
  if (f.amountFrom !== undefined) c.push(gte(orders.paidAmount, f.amountFrom))
  if (f.amountTo !== undefined) c.push(lte(orders.paidAmount, f.amountTo))
  if (f.orderAmountFrom !== undefined) c.push(gte(orders.totalAmount, f.orderAmountFrom))
  if (f.orderAmountTo !== undefined) c.push(lte(orders.totalAmount, f.orderAmountTo))
  if (f.buyerCountryCode) c.push(sql`${payerCountry} = ${f.buyerCountryCode}`)
  if (f.cancellable !== undefined) c.push(f.cancellable ? cancellableCondition : sql`not ${cancellableCondition}`)
  if (f.powerSeller !== undefined) c.push(eq(sellers.powerSeller, f.powerSeller))
  if (f.query) {
    const like = likePattern(f.query)
    const parts: SQL[] = [
      ilike(orders.token, like), sql`${payerEmail} ilike ${like}`, sql`${payerName} ilike ${like}`, ilike(products.name, like), ilike(orders.couponCode, like),
    ]
    if (/^\d{1,9}$/.test(f.query)) parts.push(eq(orders.id, Number(f.query)))
    c.push(or(...parts)!)
  }
  return c
}

const sortColumns = {
  id: orders.id, created_at: orders.createdAt, total: orders.totalAmount, paid: orders.paidAmount, success_at: orders.paidAt,
  payment_state: orders.paymentState, product: products.name,
} as const
export type OrderSortKey = keyof typeof sortColumns

const listColumns = {
  order: orders, productName: products.name, internalName: products.internalName, productSlug: products.slug, productForm: products.form,
  costCenter: products.costCenter, productGroups: products.productGroups, sellerPower: sellers.powerSeller, sellerUsername: sellers.username,
}

function baseQuery(db: Executor) {
  return db.select(listColumns).from(orders).innerJoin(products, eq(products.id, orders.productId)).innerJoin(sellers, eq(sellers.id, orders.sellerId))
}
export type OrderListRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number]

export async function listOrders(
  db: Executor, scope: OrderScope, f: OrderListFilters, page: { offset: number; limit: number; sortKey: OrderSortKey; sortDir: 'asc' | 'desc' },
) {
  const where = and(...conditionsOf(scope, f))
  const column = sortColumns[page.sortKey]
  const direction = page.sortDir === 'asc' ? asc : desc
  // Nulls (unpaid orders under success_at) go last either way; the id breaks ties so pages never overlap.
  const order = page.sortKey === 'success_at' ? sql`${column} ${sql.raw(page.sortDir)} nulls last` : direction(column)
  const rows = await baseQuery(db).where(where).orderBy(order, direction(orders.id)).limit(page.limit).offset(page.offset)
  const [total] = await db.select({ n: count() }).from(orders).innerJoin(products, eq(products.id, orders.productId)).innerJoin(sellers, eq(sellers.id, orders.sellerId)).where(where)
  const [max] = await db.select({ n: count() }).from(orders).where(scope.sellerId === null ? undefined : eq(orders.sellerId, scope.sellerId))
  return { rows, total: total?.n ?? 0, totalMax: max?.n ?? 0 }
}

/** Per payment_state and per order type, for the same filters except that key's own filter. */
export async function listCounts(db: Executor, scope: OrderScope, f: OrderListFilters) {
  const byState = await db.select({ key: orders.paymentState, n: count() }).from(orders)
    .innerJoin(products, eq(products.id, orders.productId)).innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(and(...conditionsOf(scope, f, { paymentState: true }))).groupBy(orders.paymentState)
  const byType = await db.select({ key: orders.orderType, n: count() }).from(orders)
    .innerJoin(products, eq(products.id, orders.productId)).innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(and(...conditionsOf(scope, f, { orderType: true }))).groupBy(orders.orderType)
  return {
    paymentStates: Object.fromEntries(byState.map((r) => [r.key, r.n])) as Record<string, number>,
    orderTypes: Object.fromEntries(byType.map((r) => [r.key, r.n])) as Record<string, number>,
  }
}

/** The list's rows with what the CSV adds: the seller's business, counts and dates of the plan, the account holding the order. */
export async function csvRows(db: Executor, scope: OrderScope, f: OrderListFilters, page: { offset: number; limit: number; sortKey: OrderSortKey; sortDir: 'asc' | 'desc' }) {
  const where = and(...conditionsOf(scope, f))
  const direction = page.sortDir === 'asc' ? asc : desc
  return db.select({
    ...listColumns,
    sellerCompany: sellers.company,
    ownerEmail: users.email, ownerFirstName: users.firstName, ownerLastName: users.lastName,
    paidCount: sql<number>`(select count(*) from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.kind} = 'charge' and ${payments.state} = 'successful')`.mapWith(Number),
    lastDueDate: sql<string | null>`(select max(${orderRates.dueDate}) from ${orderRates} where ${orderRates.orderId} = ${orders.id})`,
    nextDueDate: sql<string | null>`(select min(${orderRates.dueDate}) from ${orderRates} where ${orderRates.orderId} = ${orders.id} and ${orderRates.state} in ('future', 'unpaid', 'pending', 'partly_paid', 'debt'))`,
    // The sales team columns (docs/decisions/0054-sales-team-and-deals.md): the member's address and name.
    salesTeamEmail: sql<string | null>`(select tm.email from team_members tm where tm.id = ${orders.salesTeamMemberId})`,
    salesTeamFirstName: sql<string | null>`(select u.first_name from team_members tm join users u on u.id = tm.user_id where tm.id = ${orders.salesTeamMemberId})`,
    salesTeamLastName: sql<string | null>`(select u.last_name from team_members tm join users u on u.id = tm.user_id where tm.id = ${orders.salesTeamMemberId})`,
  }).from(orders).innerJoin(products, eq(products.id, orders.productId)).innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .leftJoin(users, eq(users.id, orders.payerUserId))
    .where(where).orderBy(direction(sortColumns[page.sortKey]), direction(orders.id)).limit(page.limit).offset(page.offset)
}

// ------------------------------------------------------------------ the detail and its relations

export async function findSellerOrder(db: Executor, scope: OrderScope, id: number): Promise<OrderListRow | undefined> {
  const [row] = await baseQuery(db).where(and(eq(orders.id, id), ...conditionsOf(scope, {}))).limit(1)
  return row
}

export async function itemsOf(db: Executor, orderId: number) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))
}

export async function invoicesOf(db: Executor, orderId: number) {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.sequence), asc(invoices.id))
}

export async function claimsOf(db: Executor, orderId: number) {
  return db.select().from(claims).where(eq(claims.orderId, orderId)).orderBy(asc(claims.id))
}

export async function dunningsOf(db: Executor, orderId: number) {
  return db.select().from(dunnings).where(eq(dunnings.orderId, orderId)).orderBy(asc(dunnings.id))
}

export async function cancellationTermOf(db: Executor, sellerId: number, productForm: string) {
  const [row] = await db.select().from(cancellationTerms).where(and(eq(cancellationTerms.sellerId, sellerId), eq(cancellationTerms.productType, productForm))).limit(1)
  return row
}

// ------------------------------------------------------------------ a reseller's sales (docs/decisions/0051-resellers.md)

export type ResellerSaleRow = {
  id: number; sellerId: number; sellerUsername: string; sellerCompany: string | null; productName: string; paymentState: string
  currency: string; totalAmount: number; paidAmount: number; refundedAmount: number; resellerFeeBps: number; fee: number; createdAt: Date
}

/** The orders a reseller sold, newest first, with the fee its balance took from each (ledger rows, reversals included). */
export async function resellerSales(db: Executor, resellerId: number, page: { offset: number; limit: number }): Promise<{ rows: ResellerSaleRow[]; total: number }> {
  const account = `reseller_balance:${resellerId}`
  const fee = sql<string>`coalesce((select -sum(${ledgerEntries.amount}) from ${ledgerEntries} where ${ledgerEntries.orderId} = ${orders.id} and ${ledgerEntries.account} = ${account}), 0)`
  const where = eq(orders.resellerId, resellerId)
  const [rows, [counted]] = await Promise.all([
    db.select({
      id: orders.id, sellerId: orders.sellerId, sellerUsername: sellers.username, sellerCompany: sellers.company, productName: products.name,
      paymentState: orders.paymentState, currency: orders.currency, totalAmount: orders.totalAmount, paidAmount: orders.paidAmount,
      refundedAmount: orders.refundedAmount, resellerFeeBps: sql<number>`coalesce(${orders.resellerFeeBps}, 0)`, fee, createdAt: orders.createdAt,
    }).from(orders).innerJoin(sellers, eq(sellers.id, orders.sellerId)).innerJoin(products, eq(products.id, orders.productId))
      .where(where).orderBy(desc(orders.id)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(orders).where(where),
  ])
  return { rows: rows.map((r) => ({ ...r, fee: Number(r.fee), resellerFeeBps: Number(r.resellerFeeBps) })), total: counted?.total ?? 0 }
}
