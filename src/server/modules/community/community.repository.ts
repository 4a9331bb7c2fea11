import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { CommunityCommentState, CommunityPostState } from '../../../shared/states/community-post'
import type { Executor } from '../../db/client'
import { accessGrants, communities, communityComments, communityPosts, products, sellerEffectiveFeatures, sellers, users } from '../../db/schema'

// The community's SQL (docs/decisions/0083-community.md). Writes: communities, community_posts,
// community_comments. Reads: products (catalog; the seller's membership products), sellers and users
// (accounts; names), access_grants (delivery; which communities a payer may have: the grant itself is
// checked through delivery's accessOf).

export type CommunityRow = typeof communities.$inferSelect
export type PostRow = typeof communityPosts.$inferSelect
export type CommentRow = typeof communityComments.$inferSelect

/** A membership product with its community (null: none saved yet). */
export type MembershipCommunity = { productId: number; productName: string; sellerId: number; community: CommunityRow | null }

export async function membershipProducts(db: Executor, sellerId: number): Promise<MembershipCommunity[]> {
  return db.select({ productId: products.id, productName: products.name, sellerId: products.sellerId, community: communities }).from(products)
    .leftJoin(communities, eq(communities.productId, products.id))
    .where(and(eq(products.sellerId, sellerId), eq(products.form, 'membership'), isNull(products.archivedAt)))
    .orderBy(asc(products.position), asc(products.id))
}

/** A membership product (any other form, or another seller's when `sellerId` is given: undefined) with its community. */
export async function membershipProduct(db: Executor, productId: number, sellerId?: number): Promise<(MembershipCommunity & { sellerName: string; features: Record<string, boolean> }) | undefined> {
  const [row] = await db.select({
    productId: products.id, productName: products.name, sellerId: products.sellerId, community: communities, sellerName: sellers.username, features: sellerEffectiveFeatures,
  })
    .from(products).innerJoin(sellers, eq(sellers.id, products.sellerId))
    .leftJoin(communities, eq(communities.productId, products.id))
    .where(and(eq(products.id, productId), eq(products.form, 'membership'), ...(sellerId === undefined ? [] : [eq(products.sellerId, sellerId)])))
    .limit(1)
  return row
}

/** Inserts or updates the product's community settings (one row per product). */
export async function saveCommunity(db: Executor, values: { sellerId: number; productId: number; enabled: boolean; reviewPosts: boolean; now: Date }): Promise<CommunityRow> {
  const [row] = await db.insert(communities).values({
    sellerId: values.sellerId, productId: values.productId, enabled: values.enabled, reviewPosts: values.reviewPosts, createdAt: values.now, updatedAt: values.now,
  }).onConflictDoUpdate({ target: communities.productId, set: { enabled: values.enabled, reviewPosts: values.reviewPosts, updatedAt: values.now } }).returning()
  return row!
}

/** Posts per state, per community. */
export async function postCounts(db: Executor, communityIds: readonly number[]): Promise<Map<number, Record<string, number>>> {
  const out = new Map<number, Record<string, number>>()
  if (communityIds.length === 0) return out
  const rows = await db.select({ communityId: communityPosts.communityId, state: communityPosts.state, n: count() }).from(communityPosts)
    .where(inArray(communityPosts.communityId, [...communityIds])).groupBy(communityPosts.communityId, communityPosts.state)
  for (const r of rows) out.set(r.communityId, { ...(out.get(r.communityId) ?? {}), [r.state]: Number(r.n) })
  return out
}

export async function commentCounts(db: Executor, communityIds: readonly number[]): Promise<Map<number, number>> {
  if (communityIds.length === 0) return new Map()
  const rows = await db.select({ communityId: communityPosts.communityId, n: count() }).from(communityComments)
    .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
    .where(inArray(communityPosts.communityId, [...communityIds])).groupBy(communityPosts.communityId)
  return new Map(rows.map((r) => [r.communityId, Number(r.n)]))
}

/** Enabled communities of membership products the payer holds a grant of (any state: the caller checks the access). */
export async function communitiesOfPayer(db: Executor, payerUserId: number) {
  return db.selectDistinct({
    productId: products.id, productName: products.name, sellerId: sellers.id, sellerName: sellers.username, reviewPosts: communities.reviewPosts, features: sellerEffectiveFeatures,
  })
    .from(communities).innerJoin(products, eq(products.id, communities.productId)).innerJoin(sellers, eq(sellers.id, communities.sellerId))
    .innerJoin(accessGrants, and(eq(accessGrants.productId, communities.productId), eq(accessGrants.payerUserId, payerUserId)))
    .where(and(eq(communities.enabled, true), eq(products.form, 'membership')))
    .orderBy(asc(sellers.id), asc(products.id))
}

/** How the community shows a person: first name and the last name's initial, never the email. */
export async function memberName(db: Executor, userId: number): Promise<string> {
  const [row] = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, userId)).limit(1)
  const first = row?.first?.trim() ?? ''
  const last = row?.last?.trim() ?? ''
  return [first, last ? `${last[0]!.toUpperCase()}.` : ''].filter(Boolean).join(' ') || 'Member'
}

// ------------------------------------------------------------------ posts

export async function insertPost(db: Executor, values: typeof communityPosts.$inferInsert): Promise<PostRow> {
  const [row] = await db.insert(communityPosts).values(values).returning()
  return row!
}

export async function findPost(db: Executor, id: number, options: { sellerId?: number; lock?: boolean } = {}): Promise<PostRow | undefined> {
  const query = db.select().from(communityPosts)
    .where(and(eq(communityPosts.id, id), ...(options.sellerId === undefined ? [] : [eq(communityPosts.sellerId, options.sellerId)]))).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function updatePost(db: Executor, id: number, values: Partial<typeof communityPosts.$inferInsert>): Promise<PostRow> {
  const [row] = await db.update(communityPosts).set(values).where(eq(communityPosts.id, id)).returning()
  return row!
}

export async function deletePost(db: Executor, id: number): Promise<void> {
  await db.delete(communityPosts).where(eq(communityPosts.id, id))
}

/** A member's page of a community: published posts and the member's own pending or rejected ones, pinned first, newest first. */
export async function memberPosts(db: Executor, communityId: number, userId: number, page: { offset: number; limit: number }) {
  const where = and(eq(communityPosts.communityId, communityId),
    sql`(${communityPosts.state} = 'published' or (${communityPosts.authorUserId} = ${userId} and ${communityPosts.state} in ('pending', 'rejected')))`)
  const rows = await db.select().from(communityPosts).where(where)
    .orderBy(desc(communityPosts.pinned), desc(communityPosts.createdAt), desc(communityPosts.id)).offset(page.offset).limit(page.limit)
  const [total] = await db.select({ n: count() }).from(communityPosts).where(where)
  return { rows, total: Number(total?.n ?? 0) }
}

export type CabinetPostRow = PostRow & { productName: string; authorEmail: string }

/** The seller's posts, by product and state; pending ones oldest first (a queue), the others pinned and newest first. */
export async function sellerPosts(db: Executor, sellerId: number, filter: { productId?: number; state?: CommunityPostState; offset: number; limit: number }) {
  const conditions: SQL[] = [eq(communityPosts.sellerId, sellerId)]
  if (filter.productId !== undefined) conditions.push(eq(communityPosts.productId, filter.productId))
  const base = and(...conditions)
  const where = filter.state ? and(base, eq(communityPosts.state, filter.state)) : base
  const order = filter.state === 'pending'
    ? [asc(communityPosts.createdAt), asc(communityPosts.id)]
    : [desc(communityPosts.pinned), desc(communityPosts.createdAt), desc(communityPosts.id)]
  const rows = await db.select({ post: communityPosts, productName: products.name, authorEmail: users.email }).from(communityPosts)
    .innerJoin(products, eq(products.id, communityPosts.productId)).innerJoin(users, eq(users.id, communityPosts.authorUserId))
    .where(where).orderBy(...order).offset(filter.offset).limit(filter.limit)
  const [total] = await db.select({ n: count() }).from(communityPosts).where(where)
  const stateRows = await db.select({ state: communityPosts.state, n: count() }).from(communityPosts).where(base).groupBy(communityPosts.state)
  const counts = Object.fromEntries(stateRows.map((r) => [r.state, Number(r.n)]))
  return {
    rows: rows.map((r): CabinetPostRow => ({ ...r.post, productName: r.productName, authorEmail: r.authorEmail })),
    total: Number(total?.n ?? 0), max: Object.values(counts).reduce((a, b) => a + b, 0), counts,
  }
}

/** One of the seller's posts as the cabinet lists it. */
export async function cabinetPost(db: Executor, sellerId: number, id: number): Promise<CabinetPostRow | undefined> {
  const [row] = await db.select({ post: communityPosts, productName: products.name, authorEmail: users.email }).from(communityPosts)
    .innerJoin(products, eq(products.id, communityPosts.productId)).innerJoin(users, eq(users.id, communityPosts.authorUserId))
    .where(and(eq(communityPosts.id, id), eq(communityPosts.sellerId, sellerId))).limit(1)
  return row ? { ...row.post, productName: row.productName, authorEmail: row.authorEmail } : undefined
}

export async function pendingCount(db: Executor, sellerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(communityPosts).where(and(eq(communityPosts.sellerId, sellerId), eq(communityPosts.state, 'pending')))
  return Number(row?.n ?? 0)
}

// ------------------------------------------------------------------ comments

export async function insertComment(db: Executor, values: typeof communityComments.$inferInsert): Promise<CommentRow> {
  const [row] = await db.insert(communityComments).values(values).returning()
  return row!
}

/** The comments of these posts, oldest first; `states` narrows them (members: published only). */
export async function commentsOf(db: Executor, postIds: readonly number[], states?: readonly CommunityCommentState[]): Promise<CommentRow[]> {
  if (postIds.length === 0) return []
  return db.select().from(communityComments)
    .where(and(inArray(communityComments.postId, [...postIds]), ...(states ? [inArray(communityComments.state, [...states])] : [])))
    .orderBy(asc(communityComments.createdAt), asc(communityComments.id))
}

export async function findComment(db: Executor, sellerId: number, id: number, options: { lock?: boolean } = {}): Promise<CommentRow | undefined> {
  const query = db.select().from(communityComments).where(and(eq(communityComments.id, id), eq(communityComments.sellerId, sellerId))).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function updateComment(db: Executor, id: number, values: Partial<typeof communityComments.$inferInsert>): Promise<CommentRow> {
  const [row] = await db.update(communityComments).set(values).where(eq(communityComments.id, id)).returning()
  return row!
}

export async function deleteComment(db: Executor, id: number): Promise<void> {
  await db.delete(communityComments).where(eq(communityComments.id, id))
}
