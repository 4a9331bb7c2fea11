import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import {
  affiliateClicks, affiliateCommissions, affiliateNodes, affiliateProgramProducts, affiliatePrograms, creditMemos, embeddableItems, products, publishers,
  sellerEffectiveFeatures, sellers, users,
} from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'

// The affiliates module's SQL (docs/decisions/0048-affiliates.md): programs, their products, publishers,
// nodes and clicks. Reads join users (a publisher's name and email), sellers (username, blocked) and
// products (name, slug) for the answers; it writes only its own tables.

export type ProgramRow = typeof affiliatePrograms.$inferSelect
export type NodeRow = typeof affiliateNodes.$inferSelect
export type PublisherRow = typeof publishers.$inferSelect



// ------------------------------------------------------------------------------------------------ sellers

export async function sellerFacts(db: Executor, sellerId: number) {
  const [row] = await db.select({ id: sellers.id, username: sellers.username, userId: sellers.userId, blocked: sellers.blocked, firstName: users.firstName, lastName: users.lastName, email: users.email, locale: users.locale })
    .from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(eq(sellers.id, sellerId)).limit(1)
  return row
}

// ------------------------------------------------------------------------------------------------ programs

export async function insertProgram(db: Executor, values: typeof affiliatePrograms.$inferInsert): Promise<ProgramRow> {
  const [row] = await db.insert(affiliatePrograms).values(values).returning()
  return row!
}

export async function updateProgram(db: Executor, id: number, values: Partial<typeof affiliatePrograms.$inferInsert>): Promise<ProgramRow> {
  const [row] = await db.update(affiliatePrograms).set(values).where(eq(affiliatePrograms.id, id)).returning()
  return row!
}

/** A program by id; with sellerId, only that seller's. */
export async function findProgram(db: Executor, id: number, options: { sellerId?: number; lock?: boolean } = {}): Promise<ProgramRow | undefined> {
  const query = db.select().from(affiliatePrograms)
    .where(and(eq(affiliatePrograms.id, id), options.sellerId === undefined ? undefined : eq(affiliatePrograms.sellerId, options.sellerId))).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

const programSort = { id: affiliatePrograms.id, name: affiliatePrograms.name, created_at: affiliatePrograms.createdAt, cookies_expire: affiliatePrograms.cookiesExpire } as const

export async function listPrograms(db: Executor, sellerId: number, params: {
  archived: boolean; query?: string; sortKey?: string; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}) {
  const where = and(
    eq(affiliatePrograms.sellerId, sellerId),
    params.archived ? sql`${affiliatePrograms.archivedAt} is not null` : isNull(affiliatePrograms.archivedAt),
    params.query ? ilike(affiliatePrograms.name, containsPattern(params.query)) : undefined,
  )
  const column = programSort[(params.sortKey ?? 'id') as keyof typeof programSort] ?? affiliatePrograms.id
  const rows = await db.select().from(affiliatePrograms).where(where)
    .orderBy((params.sortDir ?? 'desc') === 'desc' ? desc(column) : asc(column), desc(affiliatePrograms.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(affiliatePrograms).where(where)
  const [all] = await db.select({ n: count() }).from(affiliatePrograms).where(eq(affiliatePrograms.sellerId, sellerId))
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

export type ProgramProduct = { id: number; name: string; slug: string; displayPrice: number | null; currency: string | null }

/** Each program's products, by product id. */
export async function programProducts(db: Executor, programIds: readonly number[]): Promise<Map<number, ProgramProduct[]>> {
  const map = new Map<number, ProgramProduct[]>()
  if (programIds.length === 0) return map
  const rows = await db.select({
    programId: affiliateProgramProducts.programId, id: products.id, name: products.name, slug: products.slug,
    displayPrice: products.displayPrice, currency: products.displayCurrencyId,
  }).from(affiliateProgramProducts).innerJoin(products, eq(products.id, affiliateProgramProducts.productId))
    .where(inArray(affiliateProgramProducts.programId, [...programIds])).orderBy(asc(products.id))
  for (const { programId, ...product } of rows) map.set(programId, [...(map.get(programId) ?? []), product])
  return map
}

/**
 * Makes these products the program's (and only these): a product in another program of the seller leaves
 * it (a product is in at most one program).
 */
export async function replaceProgramProducts(db: Executor, programId: number, productIds: readonly number[]) {
  const unique = [...new Set(productIds)]
  await db.delete(affiliateProgramProducts).where(eq(affiliateProgramProducts.programId, programId))
  if (unique.length === 0) return
  await db.delete(affiliateProgramProducts).where(inArray(affiliateProgramProducts.productId, unique))
  await db.insert(affiliateProgramProducts).values(unique.map((productId) => ({ programId, productId })))
}

/** Puts one product in a program (or in none), leaving any other program. */
export async function setProductProgram(db: Executor, productId: number, programId: number | null) {
  await db.delete(affiliateProgramProducts).where(eq(affiliateProgramProducts.productId, productId))
  if (programId !== null) await db.insert(affiliateProgramProducts).values({ programId, productId })
}

export async function programOfProduct(db: Executor, productId: number): Promise<number | null> {
  const [row] = await db.select({ programId: affiliateProgramProducts.programId }).from(affiliateProgramProducts).where(eq(affiliateProgramProducts.productId, productId)).limit(1)
  return row?.programId ?? null
}

/** Per program: its nodes (any state) and its open requests. */
export async function nodeCounts(db: Executor, programIds: readonly number[]): Promise<Map<number, { nodes: number; requested: number }>> {
  const map = new Map<number, { nodes: number; requested: number }>()
  if (programIds.length === 0) return map
  const rows = await db.select({
    programId: affiliateNodes.programId, nodes: count(), requested: sql<number>`count(*) filter (where ${affiliateNodes.state} = 'requested')`.mapWith(Number),
  }).from(affiliateNodes).where(inArray(affiliateNodes.programId, [...programIds])).groupBy(affiliateNodes.programId)
  for (const row of rows) map.set(row.programId, { nodes: row.nodes, requested: row.requested })
  return map
}

// ------------------------------------------------------------------------------------------------ publishers

export async function findPublisherByUser(db: Executor, userId: number): Promise<PublisherRow | undefined> {
  const [row] = await db.select().from(publishers).where(eq(publishers.userId, userId)).limit(1)
  return row
}

export async function findPublisher(db: Executor, id: number): Promise<PublisherRow | undefined> {
  const [row] = await db.select().from(publishers).where(eq(publishers.id, id)).limit(1)
  return row
}

/** The user's publisher row, made when missing (two first requests racing: the unique index keeps one). */
export async function upsertPublisher(db: Executor, userId: number, kind: string): Promise<PublisherRow> {
  await db.insert(publishers).values({ userId, kind }).onConflictDoNothing()
  return (await findPublisherByUser(db, userId))!
}

export async function updatePublisher(db: Executor, id: number, values: Partial<typeof publishers.$inferInsert>): Promise<PublisherRow> {
  const [row] = await db.update(publishers).set(values).where(eq(publishers.id, id)).returning()
  return row!
}

export async function userOf(db: Executor, userId: number) {
  const [row] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1)
  return row
}

// ------------------------------------------------------------------------------------------------ nodes

export async function insertNode(db: Executor, values: typeof affiliateNodes.$inferInsert): Promise<NodeRow> {
  const [row] = await db.insert(affiliateNodes).values(values).returning()
  return row!
}

export async function updateNode(db: Executor, id: number, values: Partial<typeof affiliateNodes.$inferInsert>): Promise<NodeRow> {
  const [row] = await db.update(affiliateNodes).set(values).where(eq(affiliateNodes.id, id)).returning()
  return row!
}

export async function findNode(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<NodeRow | undefined> {
  const query = db.select().from(affiliateNodes).where(eq(affiliateNodes.id, id)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function findNodeByToken(db: Executor, token: string): Promise<NodeRow | undefined> {
  const [row] = await db.select().from(affiliateNodes).where(eq(affiliateNodes.token, token)).limit(1)
  return row
}

export async function findNodeOf(db: Executor, programId: number, publisherId: number, options: { lock?: boolean } = {}): Promise<NodeRow | undefined> {
  const query = db.select().from(affiliateNodes).where(and(eq(affiliateNodes.programId, programId), eq(affiliateNodes.publisherId, publisherId))).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** A node with what its answer shows: program, seller's username, first product's slug, publisher's name and email. */
const nodeView = {
  node: affiliateNodes,
  programName: affiliatePrograms.name,
  programDisableLanding: affiliatePrograms.disableLandingPage,
  programRedirectionUrl: affiliatePrograms.redirectionUrl,
  sellerUsername: sellers.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  locale: users.locale,
  firstProductSlug: sql<string | null>`(select ${products.slug} from ${affiliateProgramProducts} join ${products} on ${products.id} = ${affiliateProgramProducts.productId} where ${affiliateProgramProducts.programId} = ${affiliateNodes.programId} order by ${products.id} limit 1)`,
}
export type NodeView = { node: NodeRow; programName: string; programDisableLanding: boolean; programRedirectionUrl: string | null; sellerUsername: string; firstName: string; lastName: string; email: string; locale: string; firstProductSlug: string | null }

function nodeSelect(db: Executor) {
  return db.select(nodeView).from(affiliateNodes)
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, affiliateNodes.programId))
    .innerJoin(sellers, eq(sellers.id, affiliateNodes.sellerId))
    .innerJoin(publishers, eq(publishers.id, affiliateNodes.publisherId))
    .innerJoin(users, eq(users.id, publishers.userId))
}

export async function nodeViews(db: Executor, ids: readonly number[]): Promise<NodeView[]> {
  if (ids.length === 0) return []
  return nodeSelect(db).where(inArray(affiliateNodes.id, [...ids])).orderBy(desc(affiliateNodes.id))
}

const nodeSort = { id: affiliateNodes.id, created_at: affiliateNodes.createdAt, state: affiliateNodes.state, affiliate_program_id: affiliateNodes.programId } as const

/** Nodes of a seller's programs or of one publisher, with the list's filters. */
export async function listNodes(db: Executor, scope: { sellerId?: number; publisherId?: number }, params: {
  state?: string; programId?: number; publisherId?: number; query?: string; sortKey?: string; sortDir?: 'asc' | 'desc'; offset: number; limit: number
}) {
  const scopeWhere = scope.sellerId !== undefined ? eq(affiliateNodes.sellerId, scope.sellerId) : eq(affiliateNodes.publisherId, scope.publisherId!)
  const where = and(
    scopeWhere,
    params.state ? eq(affiliateNodes.state, params.state) : undefined,
    params.programId ? eq(affiliateNodes.programId, params.programId) : undefined,
    params.publisherId ? eq(affiliateNodes.publisherId, params.publisherId) : undefined,
    params.query ? sql`(${users.email} ilike ${containsPattern(params.query)} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${containsPattern(params.query)} or ${affiliatePrograms.name} ilike ${containsPattern(params.query)})` : undefined,
  )
  const column = nodeSort[(params.sortKey ?? 'id') as keyof typeof nodeSort] ?? affiliateNodes.id
  const rows = await nodeSelect(db).where(where)
    .orderBy((params.sortDir ?? 'desc') === 'desc' ? desc(column) : asc(column), desc(affiliateNodes.id)).offset(params.offset).limit(params.limit)
  const countOf = (w: SQL | undefined) => db.select({ n: count() }).from(affiliateNodes)
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, affiliateNodes.programId))
    .innerJoin(publishers, eq(publishers.id, affiliateNodes.publisherId))
    .innerJoin(users, eq(users.id, publishers.userId)).where(w)
  const [filtered] = await countOf(where)
  const [all] = await countOf(scopeWhere)
  const states = await db.select({ state: affiliateNodes.state, n: count() }).from(affiliateNodes).where(scopeWhere).groupBy(affiliateNodes.state)
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0, counts: Object.fromEntries(states.map((s) => [s.state, s.n])) }
}

/** The publisher of each node up the recruitment chain from this node (this node's first). */
export async function chainPublishers(db: Executor, nodeId: number, maxDepth = 50): Promise<number[]> {
  const chain: number[] = []
  let id: number | null = nodeId
  const seen = new Set<number>()
  while (id !== null && !seen.has(id) && chain.length < maxDepth) {
    seen.add(id)
    const [row] = await db.select({ publisherId: affiliateNodes.publisherId, up: affiliateNodes.recruitedByNodeId }).from(affiliateNodes).where(eq(affiliateNodes.id, id)).limit(1)
    if (!row) break
    chain.push(row.publisherId)
    id = row.up
  }
  return chain
}

/** The programs a publisher takes part in (any state but rejected or canceled), with their node. */
export async function programIdsOfPublisher(db: Executor, publisherId: number): Promise<number[]> {
  const rows = await db.select({ programId: affiliateNodes.programId }).from(affiliateNodes)
    .where(and(eq(affiliateNodes.publisherId, publisherId), inArray(affiliateNodes.state, ['requested', 'accepted']))).orderBy(desc(affiliateNodes.id))
  return rows.map((r) => r.programId)
}

export async function programsByIds(db: Executor, ids: readonly number[]): Promise<ProgramRow[]> {
  if (ids.length === 0) return []
  return db.select().from(affiliatePrograms).where(inArray(affiliatePrograms.id, [...ids]))
}

// ------------------------------------------------------------------------------------------------ clicks

export async function insertClick(db: Executor, values: typeof affiliateClicks.$inferInsert) {
  await db.insert(affiliateClicks).values(values)
}

// ------------------------------------------------------------------------------------------------ marketplace

// A seller whose affiliate_marketplace flag is off is not listed (docs/decisions/0077-feature-flags.md).
const listedWhere = and(eq(affiliatePrograms.listedInMarketplace, true), isNull(affiliatePrograms.archivedAt), eq(sellers.blocked, false),
  sql`coalesce((${sellerEffectiveFeatures} ->> 'affiliate_marketplace')::boolean, true)`)

/** Listed programs of sellers not blocked (tab programs), with their seller. */
export async function marketplacePrograms(db: Executor, params: { query?: string; offset: number; limit: number }) {
  const where = and(listedWhere, params.query ? ilike(affiliatePrograms.name, containsPattern(params.query)) : undefined)
  const base = () => db.select({ program: affiliatePrograms, username: sellers.username, firstName: users.firstName, lastName: users.lastName })
    .from(affiliatePrograms).innerJoin(sellers, eq(sellers.id, affiliatePrograms.sellerId)).innerJoin(users, eq(users.id, sellers.userId))
  const rows = await base().where(where).orderBy(desc(affiliatePrograms.id)).offset(params.offset).limit(params.limit)
  const total = async (w: SQL | undefined) => (await db.select({ n: count() }).from(affiliatePrograms).innerJoin(sellers, eq(sellers.id, affiliatePrograms.sellerId)).where(w))[0]?.n ?? 0
  return { rows, total: await total(where), totalMax: await total(listedWhere) }
}

/** Products of listed programs (tab products). */
export async function marketplaceProducts(db: Executor, params: { query?: string; offset: number; limit: number }) {
  const where = and(listedWhere, isNull(products.archivedAt), params.query ? ilike(products.name, containsPattern(params.query)) : undefined)
  const from = () => db.select({
    product: { id: products.id, name: products.name, displayPrice: products.displayPrice, currency: products.displayCurrencyId },
    program: affiliatePrograms, username: sellers.username, firstName: users.firstName, lastName: users.lastName,
  }).from(affiliateProgramProducts)
    .innerJoin(products, eq(products.id, affiliateProgramProducts.productId))
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, affiliateProgramProducts.programId))
    .innerJoin(sellers, eq(sellers.id, affiliatePrograms.sellerId)).innerJoin(users, eq(users.id, sellers.userId))
  const rows = await from().where(where).orderBy(desc(products.id)).offset(params.offset).limit(params.limit)
  const total = async (w: SQL | undefined) => (await db.select({ n: count() }).from(affiliateProgramProducts)
    .innerJoin(products, eq(products.id, affiliateProgramProducts.productId))
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, affiliateProgramProducts.programId))
    .innerJoin(sellers, eq(sellers.id, affiliatePrograms.sellerId)).where(w))[0]?.n ?? 0
  return { rows, total: await total(where), totalMax: await total(and(listedWhere, isNull(products.archivedAt))) }
}

/** Sellers with at least one listed program (tab sellers), with their counts and best program. */
export async function marketplaceSellers(db: Executor, params: { query?: string; offset: number; limit: number }) {
  const where = and(listedWhere, params.query ? ilike(sellers.username, containsPattern(params.query)) : undefined)
  const rows = await db.select({
    sellerId: sellers.id, username: sellers.username, firstName: users.firstName, lastName: users.lastName,
    programsCount: count(), firstProgramId: sql<number>`min(${affiliatePrograms.id})`.mapWith(Number),
  }).from(affiliatePrograms).innerJoin(sellers, eq(sellers.id, affiliatePrograms.sellerId)).innerJoin(users, eq(users.id, sellers.userId))
    .where(where).groupBy(sellers.id, sellers.username, users.firstName, users.lastName).orderBy(desc(sellers.id)).offset(params.offset).limit(params.limit)
  const total = async (w: SQL | undefined) => (await db.select({ n: sql<number>`count(distinct ${sellers.id})`.mapWith(Number) })
    .from(affiliatePrograms).innerJoin(sellers, eq(sellers.id, affiliatePrograms.sellerId)).where(w))[0]?.n ?? 0
  return { rows, total: await total(where), totalMax: await total(listedWhere) }
}

/** How many products each program holds. */
export async function productCounts(db: Executor, programIds: readonly number[]): Promise<Map<number, number>> {
  if (programIds.length === 0) return new Map()
  const rows = await db.select({ programId: affiliateProgramProducts.programId, n: count() }).from(affiliateProgramProducts)
    .where(inArray(affiliateProgramProducts.programId, [...programIds])).groupBy(affiliateProgramProducts.programId)
  return new Map(rows.map((r) => [r.programId, r.n]))
}


// ------------------------------------------------------------------------------------------------ commissions (reads)

/** The orders that pay this publisher a commission, newest first (optionally of one program). */
export async function commissionOrderIds(db: Executor, publisherId: number, params: { programId?: number; offset: number; limit: number }) {
  const where = and(eq(affiliateCommissions.publisherId, publisherId), params.programId ? eq(affiliateCommissions.programId, params.programId) : undefined)
  const rows = await db.select({ orderId: affiliateCommissions.orderId }).from(affiliateCommissions).where(where)
    .groupBy(affiliateCommissions.orderId).orderBy(desc(affiliateCommissions.orderId)).offset(params.offset).limit(params.limit)
  const countOf = async (w: SQL | undefined) => (await db.select({ n: sql<number>`count(distinct ${affiliateCommissions.orderId})`.mapWith(Number) }).from(affiliateCommissions).where(w))[0]?.n ?? 0
  return { ids: rows.map((r) => r.orderId), total: await countOf(where), totalMax: await countOf(eq(affiliateCommissions.publisherId, publisherId)) }
}

export type CommissionRow = typeof affiliateCommissions.$inferSelect

export async function commissionsOf(db: Executor, publisherId: number, orderIds: readonly number[]): Promise<CommissionRow[]> {
  if (orderIds.length === 0) return []
  return db.select().from(affiliateCommissions).where(and(eq(affiliateCommissions.publisherId, publisherId), inArray(affiliateCommissions.orderId, [...orderIds])))
}

/** Per currency: the publisher's commissions less reversals still on hold at `now`. */
export async function pendingCommissions(db: Executor, publisherId: number, now: Date): Promise<Map<string, number>> {
  const rows = await db.select({ currency: affiliateCommissions.currency, total: sql<string>`coalesce(sum(greatest(${affiliateCommissions.amount} - ${affiliateCommissions.reversedAmount}, 0)), 0)` })
    .from(affiliateCommissions).where(and(eq(affiliateCommissions.publisherId, publisherId), sql`${affiliateCommissions.availableAt} > ${now.toISOString()}`))
    .groupBy(affiliateCommissions.currency)
  return new Map(rows.map((r) => [r.currency, Number(r.total)]))
}

// ------------------------------------------------------------------------------------------------ statistics

export type StatsScope = { sellerId: number } | { publisherId: number }

/** Clicks in [from, till), counted per day, program, product, publisher and node. */
export async function clickCounts(db: Executor, scope: StatsScope, range: { from: Date; till: Date; programId?: number; nodeIds?: number[] }) {
  const where = and(
    sql`${affiliateClicks.createdAt} >= ${range.from.toISOString()} and ${affiliateClicks.createdAt} < ${range.till.toISOString()}`,
    'sellerId' in scope ? eq(affiliatePrograms.sellerId, scope.sellerId) : (range.nodeIds ? undefined : eq(affiliateClicks.publisherId, scope.publisherId)),
    range.nodeIds ? (range.nodeIds.length ? inArray(affiliateClicks.nodeId, range.nodeIds) : sql`false`) : undefined,
    range.programId ? eq(affiliateClicks.programId, range.programId) : undefined,
  )
  const day = sql<string>`to_char(${affiliateClicks.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  return db.select({
    day, programId: affiliateClicks.programId, productId: affiliateClicks.productId, publisherId: affiliateClicks.publisherId,
    nodeId: affiliateClicks.nodeId, sellerId: affiliatePrograms.sellerId, n: count(),
  }).from(affiliateClicks).leftJoin(affiliatePrograms, eq(affiliatePrograms.id, affiliateClicks.programId))
    .where(where).groupBy(day, affiliateClicks.programId, affiliateClicks.productId, affiliateClicks.publisherId, affiliateClicks.nodeId, affiliatePrograms.sellerId)
}

/** Commission rows booked in [from, till) of a seller's programs or of one publisher (or of some nodes). */
export async function commissionsIn(db: Executor, scope: StatsScope, range: { from: Date; till: Date; programId?: number; nodeIds?: number[] }) {
  return db.select().from(affiliateCommissions).where(and(
    sql`${affiliateCommissions.createdAt} >= ${range.from.toISOString()} and ${affiliateCommissions.createdAt} < ${range.till.toISOString()}`,
    'sellerId' in scope ? eq(affiliateCommissions.sellerId, scope.sellerId) : (range.nodeIds ? undefined : eq(affiliateCommissions.publisherId, scope.publisherId)),
    range.nodeIds ? (range.nodeIds.length ? inArray(affiliateCommissions.nodeId, range.nodeIds) : sql`false`) : undefined,
    range.programId ? eq(affiliateCommissions.programId, range.programId) : undefined,
  )).orderBy(asc(affiliateCommissions.id)).limit(100_000)
}

/** Nodes recruited by any node of this publisher, with their publisher. */
export async function recruitedNodes(db: Executor, publisherId: number) {
  const mine = db.select({ id: affiliateNodes.id }).from(affiliateNodes).where(eq(affiliateNodes.publisherId, publisherId))
  return db.select({ id: affiliateNodes.id, publisherId: affiliateNodes.publisherId }).from(affiliateNodes).where(inArray(affiliateNodes.recruitedByNodeId, mine))
}

/** Display names of publishers (their user's name). */
export async function publisherNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: publishers.id, firstName: users.firstName, lastName: users.lastName }).from(publishers)
    .innerJoin(users, eq(users.id, publishers.userId)).where(inArray(publishers.id, [...ids]))
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]))
}

export async function productNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, [...ids]))
  return new Map(rows.map((r) => [r.id, r.name]))
}

export async function sellerUsernames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: sellers.id, username: sellers.username }).from(sellers).where(inArray(sellers.id, [...ids]))
  return new Map(rows.map((r) => [r.id, r.username]))
}

// ------------------------------------------------------------------------------------------------ embeddable items

export type EmbeddableItemRow = typeof embeddableItems.$inferSelect

export async function insertEmbeddableItem(db: Executor, values: typeof embeddableItems.$inferInsert): Promise<EmbeddableItemRow> {
  const [row] = await db.insert(embeddableItems).values(values).returning()
  return row!
}

export async function updateEmbeddableItem(db: Executor, id: number, values: Partial<typeof embeddableItems.$inferInsert>): Promise<EmbeddableItemRow> {
  const [row] = await db.update(embeddableItems).set(values).where(eq(embeddableItems.id, id)).returning()
  return row!
}

export async function deleteEmbeddableItem(db: Executor, id: number) {
  await db.delete(embeddableItems).where(eq(embeddableItems.id, id))
}

/** A publisher's item (another publisher's is not found). */
export async function findEmbeddableItem(db: Executor, publisherId: number, id: number): Promise<EmbeddableItemRow | undefined> {
  const [row] = await db.select().from(embeddableItems).where(and(eq(embeddableItems.id, id), eq(embeddableItems.publisherId, publisherId))).limit(1)
  return row
}

export async function listEmbeddableItems(db: Executor, publisherId: number, page: { offset: number; limit: number }) {
  const rows = await db.select().from(embeddableItems).where(eq(embeddableItems.publisherId, publisherId))
    .orderBy(desc(embeddableItems.id)).offset(page.offset).limit(page.limit)
  const [total] = await db.select({ n: count() }).from(embeddableItems).where(eq(embeddableItems.publisherId, publisherId))
  return { rows, total: total?.n ?? 0 }
}

// ------------------------------------------------------------------------------------------------ credit memos

export type CreditMemoRow = typeof creditMemos.$inferSelect

/** Per seller, publisher, month and currency: the commissions less reversals booked before `before`, with no memo yet. */
export async function unbilledMonths(db: Executor, scope: { sellerId?: number; publisherId?: number }, before: Date) {
  const month = sql<string>`to_char(date_trunc('month', ${affiliateCommissions.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`
  return db.select({
    sellerId: affiliateCommissions.sellerId, publisherId: affiliateCommissions.publisherId, periodStart: month, currency: affiliateCommissions.currency,
    amount: sql<string>`sum(${affiliateCommissions.amount} - ${affiliateCommissions.reversedAmount})`, n: count(),
  }).from(affiliateCommissions).where(and(
    sql`${affiliateCommissions.createdAt} < ${before.toISOString()}`,
    scope.sellerId !== undefined ? eq(affiliateCommissions.sellerId, scope.sellerId) : undefined,
    scope.publisherId !== undefined ? eq(affiliateCommissions.publisherId, scope.publisherId) : undefined,
    sql`not exists (select 1 from ${creditMemos} where ${creditMemos.sellerId} = ${affiliateCommissions.sellerId} and ${creditMemos.publisherId} = ${affiliateCommissions.publisherId}
      and ${creditMemos.currency} = ${affiliateCommissions.currency} and ${creditMemos.periodStart} = date_trunc('month', ${affiliateCommissions.createdAt} at time zone 'UTC')::date)`,
  )).groupBy(affiliateCommissions.sellerId, affiliateCommissions.publisherId, month, affiliateCommissions.currency).orderBy(month, affiliateCommissions.sellerId)
}

/** Serialises numbering per seller inside the caller's transaction. */
export async function lockSellerMemos(db: Executor, sellerId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(48, ${sellerId})`)
}

export async function memoCountOfYear(db: Executor, sellerId: number, year: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(creditMemos).where(and(eq(creditMemos.sellerId, sellerId), sql`${creditMemos.number} like ${`CM-${year}-%`}`))
  return row?.n ?? 0
}

/** The memo, or undefined when the month's memo exists already (made by a concurrent run). */
export async function insertCreditMemo(db: Executor, values: typeof creditMemos.$inferInsert): Promise<CreditMemoRow | undefined> {
  const [row] = await db.insert(creditMemos).values(values).onConflictDoNothing().returning()
  return row
}

/** The publishers with commissions booked before `before` in a month that has no memo yet. */
export async function publishersWithUnbilled(db: Executor, before: Date): Promise<number[]> {
  const rows = await db.selectDistinct({ publisherId: affiliateCommissions.publisherId }).from(affiliateCommissions).where(and(
    sql`${affiliateCommissions.createdAt} < ${before.toISOString()}`,
    sql`not exists (select 1 from ${creditMemos} where ${creditMemos.sellerId} = ${affiliateCommissions.sellerId} and ${creditMemos.publisherId} = ${affiliateCommissions.publisherId}
      and ${creditMemos.currency} = ${affiliateCommissions.currency} and ${creditMemos.periodStart} = date_trunc('month', ${affiliateCommissions.createdAt} at time zone 'UTC')::date)`,
  )).orderBy(affiliateCommissions.publisherId)
  return rows.map((r) => r.publisherId)
}

export async function listCreditMemos(db: Executor, scope: { sellerId?: number; publisherId?: number }, page: { offset: number; limit: number }) {
  const where = scope.sellerId !== undefined ? eq(creditMemos.sellerId, scope.sellerId) : eq(creditMemos.publisherId, scope.publisherId!)
  const rows = await db.select().from(creditMemos).where(where).orderBy(desc(creditMemos.periodStart), desc(creditMemos.id)).offset(page.offset).limit(page.limit)
  const [total] = await db.select({ n: count() }).from(creditMemos).where(where)
  return { rows, total: total?.n ?? 0 }
}

export async function findCreditMemo(db: Executor, id: number, scope: { sellerId?: number; publisherId?: number }): Promise<CreditMemoRow | undefined> {
  const [row] = await db.select().from(creditMemos).where(and(
    eq(creditMemos.id, id),
    scope.sellerId !== undefined ? eq(creditMemos.sellerId, scope.sellerId) : eq(creditMemos.publisherId, scope.publisherId!),
  )).limit(1)
  return row
}

/** The commissions a memo sums (its seller, publisher, month and currency). */
export async function memoCommissions(db: Executor, memo: CreditMemoRow): Promise<CommissionRow[]> {
  return db.select().from(affiliateCommissions).where(and(
    eq(affiliateCommissions.sellerId, memo.sellerId), eq(affiliateCommissions.publisherId, memo.publisherId), eq(affiliateCommissions.currency, memo.currency),
    sql`date_trunc('month', ${affiliateCommissions.createdAt} at time zone 'UTC')::date = ${memo.periodStart}::date`,
  )).orderBy(asc(affiliateCommissions.createdAt), asc(affiliateCommissions.id))
}
