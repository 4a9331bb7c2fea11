import { AppError, tooManyRequests } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import {
  communityText, type CabinetCommunityPostOutput, type CabinetCommunityPostsQuery, type CommunityCommentOutput, type CommunityPostAction,
  type CommunityPostOutput, type CommunitySettingsOutput, type PayerCommunityOutput, type PayerCommunityPostsQuery, type UpdateCommunityInput,
} from '../../../shared/schemas/community'
import {
  communityCommentTransitions, communityPostStates, communityPostTransitions, type CommunityCommentState, type CommunityPostState,
} from '../../../shared/states/community-post'
import { assertTransition } from '../../../shared/states/transitions'
import { featureFlags } from '../../../shared/accounts'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, requireActor, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as delivery from '../delivery/delivery.service'
import * as notifications from '../notifications/notifications.service'
import * as repo from './community.repository'

// A members' space per membership product (docs/decisions/0083-community.md), behind the seller's community
// flag. The seller switches it on per membership product and chooses whether new posts wait for review;
// members (a current access grant of the product: paid, not refunded, cancelled to its end or expired, delivery's
// accessOf) read, post and comment. A post waiting for review notifies the seller (a job enqueued with the post).
// Bodies are stored as plain text (communityText). Writes are limited per member (communityWriteLimit).

/** Posts and comments one member may write in a window: plenty for a conversation, few for a flood. */
export const communityWriteLimit = { writes: 20, windowSeconds: 10 * 60 }
/** Comments shown with each post of a page. */
const commentsPerPost = 200

const notFound = () => new AppError('not_found', 'This community does not exist')
const postNotFound = () => new AppError('not_found', 'No such post')

function featureOn(features: Record<string, boolean>): boolean {
  return features.community ?? featureFlags.community
}

function counts(raw: Record<string, number> | undefined): Record<CommunityPostState, number> {
  return Object.fromEntries(communityPostStates.map((s) => [s, raw?.[s] ?? 0])) as Record<CommunityPostState, number>
}

function commentOutput(row: repo.CommentRow, userId: number | null): CommunityCommentOutput {
  return {
    id: row.id, post_id: row.postId, author_name: row.authorName, body: row.body, state: row.state as CommunityCommentState,
    mine: row.authorUserId === userId, created_at: row.createdAt.toISOString(),
  }
}

function postOutput(row: repo.PostRow, comments: repo.CommentRow[], userId: number | null): CommunityPostOutput {
  return {
    id: row.id, product_id: row.productId, author_name: row.authorName, body: row.body, state: row.state as CommunityPostState, pinned: row.pinned,
    mine: row.authorUserId === userId, created_at: row.createdAt.toISOString(),
    comments: comments.filter((c) => c.postId === row.id).slice(0, commentsPerPost).map((c) => commentOutput(c, userId)),
  }
}

/** A body as stored: plain text; markup only is no body (422 on `body`). */
function storedBody(input: string): string {
  const body = communityText(input)
  if (!/\S/.test(body)) throw new AppError('validation_failed', 'Write some text', [{ path: 'body', message: 'too_small' }])
  return body
}

// ------------------------------------------------------------------ members

type Member = { userId: number; community: repo.CommunityRow; product: NonNullable<Awaited<ReturnType<typeof repo.membershipProduct>>> }

/**
 * The community of a membership product for the signed-in payer: 404 when there is none (no such membership,
 * not switched on), 403 feature_disabled when the seller's flag is off, 403 forbidden without current access.
 */
async function openCommunity(ctx: Ctx, db: Executor, productId: number): Promise<Member> {
  const userId = requireActor(ctx).userId
  const product = await repo.membershipProduct(db, productId)
  if (!product?.community?.enabled) throw notFound()
  assertFeature({ sellerFeatures: product.features }, 'community')
  if (!(await delivery.accessOf(db, userId, product.productId, ctx.now))) throw new AppError('forbidden', 'Only members with a current membership take part in this community')
  return { userId, community: product.community, product }
}

function communityOutput(member: Member): PayerCommunityOutput {
  return {
    product_id: member.product.productId, product_name: member.product.productName, seller_id: member.product.sellerId,
    seller_name: member.product.sellerName, review_posts: member.community.reviewPosts,
  }
}

/** Counts one write of the member; past the limit 429 with Retry-After (off with RATE_LIMIT=off). */
async function countWrite(ctx: Ctx, userId: number): Promise<void> {
  if (ctx.deps.config.RATE_LIMIT === 'off') return
  const key = `community:writes:${userId}`
  if ((await ctx.deps.counters.increment(key, communityWriteLimit.windowSeconds)) > communityWriteLimit.writes) {
    throw tooManyRequests('You are writing a lot; retry in a few minutes', (await ctx.deps.counters.ttlSeconds(key)) || communityWriteLimit.windowSeconds)
  }
}

/** GET /payer/communities: the communities the payer may enter now. */
export async function payerCommunities(ctx: Ctx): Promise<{ list: PayerCommunityOutput[] }> {
  const userId = requireActor(ctx).userId
  const list: PayerCommunityOutput[] = []
  for (const row of await repo.communitiesOfPayer(ctx.db, userId)) {
    // The seller's flag off: the space is not offered.
    if (!featureOn(row.features)) continue
    if (!(await delivery.accessOf(ctx.db, userId, row.productId, ctx.now))) continue
    list.push({ product_id: row.productId, product_name: row.productName, seller_id: row.sellerId, seller_name: row.sellerName, review_posts: row.reviewPosts })
  }
  return { list }
}

/** GET /payer/communities/{product_id}/posts: published posts (and the member's own waiting or rejected ones) with their published comments. */
export async function memberPosts(ctx: Ctx, productId: number, query: PayerCommunityPostsQuery): Promise<ListAnswer<CommunityPostOutput> & { community: PayerCommunityOutput }> {
  const member = await openCommunity(ctx, ctx.db, productId)
  const { rows, total } = await repo.memberPosts(ctx.db, member.community.id, member.userId, { offset: (query.page - 1) * query.per, limit: query.per })
  const published = rows.filter((r) => r.state === 'published').map((r) => r.id)
  const comments = await repo.commentsOf(ctx.db, published, ['published'])
  return { community: communityOutput(member), list: rows.map((r) => postOutput(r, comments, member.userId)), total_count: total, total_count_max: total }
}

/** POST /payer/communities/{product_id}/posts: a member's post, published at once or waiting for the seller's review (who is notified). */
export async function createPost(ctx: Ctx, productId: number, body: string): Promise<{ post: CommunityPostOutput }> {
  const text = storedBody(body)
  const userId = requireActor(ctx).userId
  await countWrite(ctx, userId)
  return ctx.db.transaction(async (tx) => {
    const member = await openCommunity(ctx, tx, productId)
    const state: CommunityPostState = member.community.reviewPosts ? 'pending' : 'published'
    const row = await repo.insertPost(tx, {
      communityId: member.community.id, sellerId: member.product.sellerId, productId: member.product.productId, authorUserId: member.userId,
      authorName: await repo.memberName(tx, member.userId), body: text, state, createdAt: ctx.now, updatedAt: ctx.now,
    })
    if (state === 'pending') {
      await notifications.notifyCommunityPostForReview(ctx.deps, tx, {
        sellerId: member.product.sellerId, postId: row.id, productId: member.product.productId, productName: member.product.productName, payerName: row.authorName,
      })
    }
    return { post: postOutput(row, [], member.userId) }
  })
}

/** POST /payer/communities/{product_id}/posts/{post_id}/comments: a member's comment on a published post, shown at once. */
export async function createComment(ctx: Ctx, productId: number, postId: number, body: string): Promise<{ comment: CommunityCommentOutput }> {
  const text = storedBody(body)
  const userId = requireActor(ctx).userId
  await countWrite(ctx, userId)
  return ctx.db.transaction(async (tx) => {
    const member = await openCommunity(ctx, tx, productId)
    const post = await repo.findPost(tx, postId, { lock: true })
    if (!post || post.communityId !== member.community.id || post.state !== 'published') throw postNotFound()
    const row = await repo.insertComment(tx, {
      postId: post.id, sellerId: post.sellerId, authorUserId: member.userId, authorName: await repo.memberName(tx, member.userId), body: text,
      state: 'published', createdAt: ctx.now, updatedAt: ctx.now,
    })
    return { comment: commentOutput(row, member.userId) }
  })
}

// ------------------------------------------------------------------ the seller (community flag; products.read / products.write)

function settingsOutput(row: repo.MembershipCommunity, postCounts: Map<number, Record<string, number>>, commentCounts: Map<number, number>): CommunitySettingsOutput {
  return {
    product_id: row.productId, product_name: row.productName, enabled: row.community?.enabled ?? false, review_posts: row.community?.reviewPosts ?? true,
    counts: counts(row.community ? postCounts.get(row.community.id) : undefined), comment_count: row.community ? commentCounts.get(row.community.id) ?? 0 : 0,
  }
}

/** GET /cabinet/community: every membership product of the seller with its community's settings and counts. */
export async function listCommunities(ctx: Ctx): Promise<{ list: CommunitySettingsOutput[]; pending_count: number }> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  assertFeature(ctx, 'community')
  const rows = await repo.membershipProducts(ctx.db, sellerId)
  const ids = rows.flatMap((r) => (r.community ? [r.community.id] : []))
  const [postCounts, commentCounts] = [await repo.postCounts(ctx.db, ids), await repo.commentCounts(ctx.db, ids)]
  return { list: rows.map((r) => settingsOutput(r, postCounts, commentCounts)), pending_count: await repo.pendingCount(ctx.db, sellerId) }
}

/** PUT /cabinet/community/{product_id}: switches a membership product's community on or off and sets its review of new posts. */
export async function updateCommunity(ctx: Ctx, productId: number, input: UpdateCommunityInput): Promise<{ community: CommunitySettingsOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertFeature(ctx, 'community')
  return ctx.db.transaction(async (tx) => {
    const product = await repo.membershipProduct(tx, productId, sellerId)
    if (!product) throw new AppError('not_found', 'No such membership product')
    const community = await repo.saveCommunity(tx, { sellerId, productId, enabled: input.enabled, reviewPosts: input.review_posts, now: ctx.now })
    const [postCounts, commentCounts] = [await repo.postCounts(tx, [community.id]), await repo.commentCounts(tx, [community.id])]
    return { community: settingsOutput({ ...product, community }, postCounts, commentCounts) }
  })
}

function cabinetPostOutput(row: repo.CabinetPostRow, comments: repo.CommentRow[]): CabinetCommunityPostOutput {
  return {
    ...postOutput(row, comments, null), product_name: row.productName, author_email: row.authorEmail, reviewed_at: row.reviewedAt?.toISOString() ?? null,
  }
}

/** GET /cabinet/community/posts: the seller's posts with every comment; state=pending is the review queue (oldest first). */
export async function listPosts(ctx: Ctx, query: CabinetCommunityPostsQuery): Promise<ListAnswer<CabinetCommunityPostOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  assertFeature(ctx, 'community')
  const { rows, total, max, counts: stateCounts } = await repo.sellerPosts(ctx.db, sellerId, {
    productId: query.product_id, state: query.state, offset: (query.page - 1) * query.per, limit: query.per,
  })
  const comments = await repo.commentsOf(ctx.db, rows.map((r) => r.id))
  return { list: rows.map((r) => cabinetPostOutput(r, comments)), total_count: total, total_count_max: max, ...(query.counts ? { counts: counts(stateCounts) } : {}) }
}

const postMoves: Partial<Record<CommunityPostAction, CommunityPostState>> = { approve: 'published', reject: 'rejected', hide: 'hidden', show: 'published' }

/**
 * POST /cabinet/community/posts/{id}/moderate: approve or reject a waiting post, hide a published one or show it
 * again, pin or unpin a published one. A move the post's state does not allow answers 409.
 */
export async function moderatePost(ctx: Ctx, id: number, action: CommunityPostAction): Promise<{ post: CabinetCommunityPostOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertFeature(ctx, 'community')
  const userId = ctx.actor!.userId
  return ctx.db.transaction(async (tx) => {
    const post = await repo.findPost(tx, id, { sellerId, lock: true })
    if (!post) throw postNotFound()
    const from = post.state as CommunityPostState
    if (action === 'approve' && from === 'hidden') throw new AppError('conflict', 'A hidden post is shown again, not approved')
    if (action === 'show' && from !== 'hidden') throw new AppError('conflict', `post cannot be shown from ${from}`)
    const to = postMoves[action]
    let values: Partial<repo.PostRow>
    if (to) {
      assertTransition(communityPostTransitions, from, to, 'post')
      values = { state: to, updatedAt: ctx.now, ...(action === 'approve' || action === 'reject' ? { reviewedBy: userId, reviewedAt: ctx.now } : {}), ...(to !== 'published' ? { pinned: false } : {}) }
    } else {
      if (from !== 'published' && action === 'pin') throw new AppError('conflict', 'Only a published post is pinned')
      values = { pinned: action === 'pin', updatedAt: ctx.now }
    }
    await repo.updatePost(tx, id, values)
    return { post: cabinetPostOutput((await repo.cabinetPost(tx, sellerId, id))!, await repo.commentsOf(tx, [id])) }
  })
}

/** DELETE /cabinet/community/posts/{id}: the post and its comments are gone. */
export async function deletePost(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertFeature(ctx, 'community')
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findPost(tx, id, { sellerId, lock: true }))) throw postNotFound()
    await repo.deletePost(tx, id)
  })
}

/** POST /cabinet/community/comments/{id}/moderate: hide a comment or show it again. */
export async function moderateComment(ctx: Ctx, id: number, action: 'hide' | 'show'): Promise<{ comment: CommunityCommentOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertFeature(ctx, 'community')
  return ctx.db.transaction(async (tx) => {
    const comment = await repo.findComment(tx, sellerId, id, { lock: true })
    if (!comment) throw new AppError('not_found', 'No such comment')
    const to: CommunityCommentState = action === 'hide' ? 'hidden' : 'published'
    assertTransition(communityCommentTransitions, comment.state as CommunityCommentState, to, 'comment')
    return { comment: commentOutput(await repo.updateComment(tx, id, { state: to, updatedAt: ctx.now }), null) }
  })
}

/** DELETE /cabinet/community/comments/{id} */
export async function deleteComment(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertFeature(ctx, 'community')
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findComment(tx, sellerId, id, { lock: true }))) throw new AppError('not_found', 'No such comment')
    await repo.deleteComment(tx, id)
  })
}

// ------------------------------------------------------------------ demo

/**
 * The demo's membership (painters' circle) gets its community, switched on with review of new posts
 * (docs/decisions/0083-community.md "Demo"; made once: a seller's later change stays).
 */
export async function ensureDemoCommunity(deps: { db: Executor; now: () => Date }, sellerId: number, productId: number): Promise<void> {
  const product = await repo.membershipProduct(deps.db, productId, sellerId)
  if (!product || product.community) return
  await repo.saveCommunity(deps.db, { sellerId, productId, enabled: true, reviewPosts: true, now: deps.now() })
}
