import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { claims, dunningSettings, dunnings, orderRates, orders, products, sellers } from '../../db/schema'

// SQL of dunning_settings, dunnings and claims (rates are read and moved through the orders module; the
// lists join orders, products and rates for what they show).

export type DunningSettingsRow = typeof dunningSettings.$inferSelect
export type DunningRow = typeof dunnings.$inferSelect
export type ClaimRow = typeof claims.$inferSelect

// ------------------------------------------------------------------ settings

export async function findSettings(db: Executor, sellerId: number): Promise<DunningSettingsRow | undefined> {
  const [row] = await db.select().from(dunningSettings).where(eq(dunningSettings.sellerId, sellerId)).limit(1)
  return row
}

export async function saveSettings(db: Executor, values: typeof dunningSettings.$inferInsert): Promise<DunningSettingsRow> {
  const { enabled, retryDays, pauseAccess, createClaims, updatedAt } = values
  const [row] = await db.insert(dunningSettings).values(values)
    .onConflictDoUpdate({ target: dunningSettings.sellerId, set: { enabled, retryDays, pauseAccess, createClaims, updatedAt } }).returning()
  return row!
}

// ------------------------------------------------------------------ dunnings

/** Inserts the rate's dunning; undefined when the rate has one already (the unique rate index). */
export async function insertDunning(db: Executor, values: typeof dunnings.$inferInsert): Promise<DunningRow | undefined> {
  const [row] = await db.insert(dunnings).values(values).onConflictDoNothing({ target: dunnings.rateId }).returning()
  return row
}

export async function findDunning(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<DunningRow | undefined> {
  const query = db.select().from(dunnings).where(eq(dunnings.id, id)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function findDunningOfRate(db: Executor, rateId: number, options: { lock?: boolean } = {}): Promise<DunningRow | undefined> {
  const query = db.select().from(dunnings).where(eq(dunnings.rateId, rateId)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function updateDunning(db: Executor, id: number, values: Partial<typeof dunnings.$inferInsert>): Promise<DunningRow> {
  const [row] = await db.update(dunnings).set(values).where(eq(dunnings.id, id)).returning()
  return row!
}

/** Running dunnings of an order, locked (planEnded ends them). */
export async function runningDunningsOfOrder(db: Executor, orderId: number): Promise<DunningRow[]> {
  return db.select().from(dunnings).where(and(eq(dunnings.orderId, orderId), eq(dunnings.state, 'in_progress'))).orderBy(asc(dunnings.id)).for('update')
}

/** The dunnings whose next step is due, oldest first (ids only: each step runs in its own transactions). */
export async function dueDunnings(db: Executor, now: Date, limit: number): Promise<{ id: number; step: number; rateId: number }[]> {
  return db.select({ id: dunnings.id, step: dunnings.step, rateId: dunnings.rateId }).from(dunnings)
    .where(and(eq(dunnings.state, 'in_progress'), lte(dunnings.nextStepAt, now)))
    .orderBy(asc(dunnings.nextStepAt), asc(dunnings.id)).limit(limit)
}

// ------------------------------------------------------------------ claims

/** Inserts the rate's claim; undefined when it has one already. */
export async function insertClaim(db: Executor, values: typeof claims.$inferInsert): Promise<ClaimRow | undefined> {
  const [row] = await db.insert(claims).values(values).onConflictDoNothing({ target: claims.rateId }).returning()
  return row
}

export async function findClaim(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<ClaimRow | undefined> {
  const query = db.select().from(claims).where(eq(claims.id, id)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function findClaimOfRate(db: Executor, rateId: number, options: { lock?: boolean } = {}): Promise<ClaimRow | undefined> {
  const query = db.select().from(claims).where(eq(claims.rateId, rateId)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function updateClaim(db: Executor, id: number, values: Partial<typeof claims.$inferInsert>): Promise<ClaimRow> {
  const [row] = await db.update(claims).set(values).where(eq(claims.id, id)).returning()
  return row!
}

/**
 * Whether anything else of the order still keeps its access paused: a running dunning of another rate, or
 * another claim neither paid nor resolved in the payer's favour (collected, manually_resolved, all written off).
 */
export async function otherOutstanding(db: Executor, orderId: number, exceptRateId: number | null): Promise<boolean> {
  const [running] = await db.select({ n: count() }).from(dunnings)
    .where(and(eq(dunnings.orderId, orderId), eq(dunnings.state, 'in_progress'), exceptRateId === null ? undefined : ne(dunnings.rateId, exceptRateId)))
  const [open] = await db.select({ n: count() }).from(claims)
    .where(and(
      eq(claims.orderId, orderId),
      exceptRateId === null ? undefined : or(isNull(claims.rateId), ne(claims.rateId, exceptRateId)),
      or(isNull(claims.outcomeStatus), inArray(claims.outcomeStatus, ['not_collected', 'partially_collected'])),
      sql`${claims.amount} - ${claims.collectedAmount} - ${claims.writtenOffAmount} > 0`,
    ))
  return (running?.n ?? 0) + (open?.n ?? 0) > 0
}

// ------------------------------------------------------------------ facts for mails

/** What a dunning mail names: the order (and its language, the payer's when they ordered), its product, seller and payer. */
export async function mailFacts(db: Executor, orderId: number) {
  const [row] = await db.select({
    orderId: orders.id, token: orders.token, sellerId: orders.sellerId, payer: orders.payer, payerUserId: orders.payerUserId, currency: orders.currency,
    locale: orders.locale, productId: orders.productId, username: sellers.username,
  }).from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.id, orderId)).limit(1)
  return row
}

// ------------------------------------------------------------------ lists

const escapeLike = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`

function payerSearch(query: string | undefined): SQL | undefined {
  if (!query) return undefined
  const like = escapeLike(query)
  return or(
    sql`${orders.payer}->>'email' ilike ${like}`,
    sql`(coalesce(${orders.payer}->>'first_name', '') || ' ' || coalesce(${orders.payer}->>'last_name', '')) ilike ${like}`,
    ilike(products.name, like),
    eq(orders.token, query),
  )
}

export type DunningFilters = {
  state?: string | undefined; orderId?: number | undefined; productId?: number | undefined; query?: string | undefined
  amount?: number | undefined; amountFrom?: number | undefined; amountTo?: number | undefined
  createdFrom?: Date | undefined; createdTill?: Date | undefined
}

function dunningConditions(sellerId: number, f: DunningFilters): SQL[] {
  const c: SQL[] = [eq(dunnings.sellerId, sellerId)]
  if (f.state) c.push(eq(dunnings.state, f.state))
  if (f.orderId) c.push(eq(dunnings.orderId, f.orderId))
  if (f.productId) c.push(eq(orders.productId, f.productId))
  if (f.amount !== undefined) c.push(eq(dunnings.amount, f.amount))
  if (f.amountFrom !== undefined) c.push(gte(dunnings.amount, f.amountFrom))
  if (f.amountTo !== undefined) c.push(lte(dunnings.amount, f.amountTo))
  if (f.createdFrom) c.push(gte(dunnings.startedAt, f.createdFrom))
  if (f.createdTill) c.push(lte(dunnings.startedAt, f.createdTill))
  const search = payerSearch(f.query)
  if (search) c.push(search)
  return c
}

const dunningSort = { id: dunnings.id, created_at: dunnings.startedAt, next_step_at: dunnings.nextStepAt, amount: dunnings.amount, state: dunnings.state } as const

export type DunningListRow = DunningRow & { orderToken: string; payer: Record<string, unknown>; productId: number; productName: string; rateNumber: number }

export async function listDunnings(db: Executor, sellerId: number, f: DunningFilters, page: { offset: number; limit: number; sortKey: keyof typeof dunningSort; sortDir: 'asc' | 'desc' }) {
  const where = and(...dunningConditions(sellerId, f))
  const column = dunningSort[page.sortKey]
  const dir = page.sortDir === 'asc' ? asc : desc
  const rows = await db.select({ dunning: dunnings, orderToken: orders.token, payer: orders.payer, productId: orders.productId, productName: products.name, rateNumber: orderRates.number })
    .from(dunnings)
    .innerJoin(orders, eq(orders.id, dunnings.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(orderRates, eq(orderRates.id, dunnings.rateId))
    .where(where).orderBy(dir(column), dir(dunnings.id)).limit(page.limit).offset(page.offset)
  const [total] = await db.select({ n: count() }).from(dunnings).innerJoin(orders, eq(orders.id, dunnings.orderId))
    .innerJoin(products, eq(products.id, orders.productId)).where(where)
  const [max] = await db.select({ n: count() }).from(dunnings).where(eq(dunnings.sellerId, sellerId))
  const list: DunningListRow[] = rows.map((r) => ({ ...r.dunning, orderToken: r.orderToken, payer: r.payer, productId: r.productId, productName: r.productName, rateNumber: r.rateNumber }))
  return { rows: list, total: total?.n ?? 0, totalMax: max?.n ?? 0 }
}

/** Per dunning state, how many runs match the other filters. */
export async function dunningCounts(db: Executor, sellerId: number, f: DunningFilters): Promise<Record<string, number>> {
  const rows = await db.select({ state: dunnings.state, n: count() }).from(dunnings)
    .innerJoin(orders, eq(orders.id, dunnings.orderId)).innerJoin(products, eq(products.id, orders.productId))
    .where(and(...dunningConditions(sellerId, { ...f, state: undefined }))).groupBy(dunnings.state)
  return Object.fromEntries(rows.map((r) => [r.state, r.n]))
}

export type ClaimFilters = {
  sellerId?: number | undefined
  /** Inkasso stages a filter on `inkassoStatus` widens to (a seller's pre_court includes court stages they cannot see). */
  inkassoIn?: readonly string[] | undefined
  outcome?: string | undefined; isWrittenOff?: boolean | undefined
  writtenOffFrom?: Date | undefined; writtenOffTill?: Date | undefined; resolvedFrom?: Date | undefined; resolvedTill?: Date | undefined
  daysOverdueFrom?: number | undefined; daysOverdueTo?: number | undefined
  amount?: number | undefined; amountFrom?: number | undefined; amountTo?: number | undefined
  orderId?: number | undefined; payerId?: number | undefined; query?: string | undefined
  createdFrom?: Date | undefined; createdTill?: Date | undefined
  /** Strategy stages a filter widens to (a seller's amicable includes the legal stages only managers see). */
  strategyStageIn?: readonly string[] | undefined
  strategyStatus?: string | undefined; strategyType?: string | undefined; dunningStatus?: string | undefined
}

/** Whole days from the rate's due date to the claim's resolution (or now while open), never below 0. */
function daysOverdue(now: Date) {
  return sql<number>`greatest(0, floor(extract(epoch from (coalesce(${claims.dateResolved}, ${now.toISOString()}::timestamptz) - coalesce(${orderRates.dueDate}, ${claims.createdAt}))) / 86400))::int`
}

function claimConditions(f: ClaimFilters, now: Date): SQL[] {
  const c: SQL[] = []
  if (f.sellerId !== undefined) c.push(eq(claims.sellerId, f.sellerId))
  if (f.inkassoIn) c.push(inArray(claims.inkassoStatus, [...f.inkassoIn]))
  if (f.outcome === 'open') c.push(isNull(claims.outcomeStatus))
  else if (f.outcome) c.push(eq(claims.outcomeStatus, f.outcome))
  if (f.isWrittenOff !== undefined) c.push(eq(claims.isWrittenOff, f.isWrittenOff))
  if (f.writtenOffFrom) c.push(gte(claims.writtenOffAt, f.writtenOffFrom))
  if (f.writtenOffTill) c.push(lte(claims.writtenOffAt, f.writtenOffTill))
  if (f.resolvedFrom) c.push(gte(claims.dateResolved, f.resolvedFrom))
  if (f.resolvedTill) c.push(lte(claims.dateResolved, f.resolvedTill))
  if (f.daysOverdueFrom !== undefined) c.push(sql`${daysOverdue(now)} >= ${f.daysOverdueFrom}`)
  if (f.daysOverdueTo !== undefined) c.push(sql`${daysOverdue(now)} <= ${f.daysOverdueTo}`)
  if (f.amount !== undefined) c.push(eq(claims.amount, f.amount))
  if (f.amountFrom !== undefined) c.push(gte(claims.amount, f.amountFrom))
  if (f.amountTo !== undefined) c.push(lte(claims.amount, f.amountTo))
  if (f.orderId) c.push(eq(claims.orderId, f.orderId))
  if (f.payerId) c.push(eq(orders.payerUserId, f.payerId))
  if (f.createdFrom) c.push(gte(claims.createdAt, f.createdFrom))
  if (f.createdTill) c.push(lte(claims.createdAt, f.createdTill))
  if (f.strategyStageIn) c.push(inArray(claims.strategyStage, [...f.strategyStageIn]))
  if (f.strategyStatus) c.push(eq(claims.strategyStatus, f.strategyStatus))
  if (f.strategyType) c.push(eq(claims.strategyType, f.strategyType))
  // The state of the claim's dunning run; a claim without one (opened with dunning off) has none.
  if (f.dunningStatus) c.push(sql`exists (select 1 from ${dunnings} where ${dunnings.id} = ${claims.dunningId} and ${dunnings.state} = ${f.dunningStatus})`)
  const search = payerSearch(f.query)
  if (search) c.push(search)
  return c
}

const claimBase = (db: Executor, now: Date) => db.select({
  claim: claims, orderToken: orders.token, payer: orders.payer, payerUserId: orders.payerUserId, productId: orders.productId, productName: products.name,
  rateNumber: orderRates.number, dueDate: orderRates.dueDate, daysOverdue: daysOverdue(now),
}).from(claims)
  .innerJoin(orders, eq(orders.id, claims.orderId))
  .innerJoin(products, eq(products.id, orders.productId))
  .leftJoin(orderRates, eq(orderRates.id, claims.rateId))

export type ClaimListRow = ClaimRow & {
  orderToken: string; payer: Record<string, unknown>; payerUserId: number | null; productId: number; productName: string
  rateNumber: number | null; dueDate: Date | null; daysOverdue: number
}

type ClaimSortKey = 'id' | 'created_at' | 'amount' | 'date_resolved' | 'days_overdue'

export async function listClaims(db: Executor, f: ClaimFilters, now: Date, page: { offset: number; limit: number; sortKey: ClaimSortKey; sortDir: 'asc' | 'desc' }) {
  const where = and(...claimConditions(f, now))
  const columns = { id: claims.id, created_at: claims.createdAt, amount: claims.amount, date_resolved: claims.dateResolved, days_overdue: daysOverdue(now) }
  const dir = page.sortDir === 'asc' ? asc : desc
  const rows = await claimBase(db, now).where(where).orderBy(dir(columns[page.sortKey]), dir(claims.id)).limit(page.limit).offset(page.offset)
  const [total] = await db.select({ n: count() }).from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId)).innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(orderRates, eq(orderRates.id, claims.rateId)).where(where)
  const [max] = await db.select({ n: count() }).from(claims).where(f.sellerId === undefined ? undefined : eq(claims.sellerId, f.sellerId))
  return { rows: rows.map(toClaimListRow), total: total?.n ?? 0, totalMax: max?.n ?? 0 }
}

function toClaimListRow(r: Awaited<ReturnType<ReturnType<typeof claimBase>['where']>>[number]): ClaimListRow {
  return {
    ...r.claim, orderToken: r.orderToken, payer: r.payer, payerUserId: r.payerUserId, productId: r.productId, productName: r.productName,
    rateNumber: r.rateNumber, dueDate: r.dueDate, daysOverdue: Number(r.daysOverdue),
  }
}

export async function claimListRow(db: Executor, id: number, now: Date): Promise<ClaimListRow | undefined> {
  const [row] = await claimBase(db, now).where(eq(claims.id, id)).limit(1)
  return row ? toClaimListRow(row) : undefined
}

/** Counts per inkasso stage and per outcome (`open`: none yet) of the claims matching the other filters. */
export async function claimCounts(db: Executor, f: ClaimFilters, now: Date): Promise<{ inkasso: Record<string, number>; outcome: Record<string, number> }> {
  const byInkasso = await db.select({ key: claims.inkassoStatus, n: count() }).from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId)).innerJoin(products, eq(products.id, orders.productId)).leftJoin(orderRates, eq(orderRates.id, claims.rateId))
    .where(and(...claimConditions({ ...f, inkassoIn: undefined }, now))).groupBy(claims.inkassoStatus)
  const byOutcome = await db.select({ key: sql<string>`coalesce(${claims.outcomeStatus}, 'open')`, n: count() }).from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId)).innerJoin(products, eq(products.id, orders.productId)).leftJoin(orderRates, eq(orderRates.id, claims.rateId))
    .where(and(...claimConditions({ ...f, outcome: undefined }, now))).groupBy(sql`coalesce(${claims.outcomeStatus}, 'open')`)
  return { inkasso: Object.fromEntries(byInkasso.map((r) => [r.key, r.n])), outcome: Object.fromEntries(byOutcome.map((r) => [r.key, r.n])) }
}
