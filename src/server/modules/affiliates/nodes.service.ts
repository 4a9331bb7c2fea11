import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { bpsToPercent } from '../../../shared/money'
import type {
  acceptAffiliateProgramInput, affiliateNodeListQuery, AffiliateNodeOutput, publicAffiliateProgramOutput,
} from '../../../shared/schemas/affiliates'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { affiliateNodeTransitions, type AffiliateNodeState } from '../../../shared/states/affiliate-node'
import { assertTransition } from '../../../shared/states/transitions'
import { actingSellerId } from '../../auth/permissions'
import { randomToken } from '../../auth/random-tokens'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as catalog from '../catalog/catalog.service'
import * as email from '../email/email.service'
import * as repo from './affiliates.repository'
import { landingUrl, type LinkConfig } from './programs.service'
import { publisherKindOf, requirePublisher, settleBirthday } from './publishers.service'

// Publishers' participations in programs (nodes) and their clicks (docs/decisions/0048-affiliates.md). A
// publisher joins (requested, or accepted at once with auto_accept); the program's seller accepts, rejects or
// ends it; the publisher ends their own. Joining again after a rejection or an end re-opens the same node.
// A node's recruiter (`recruited_by`) is another accepted node of the same program whose chain does not
// reach the applicant, so a chain never holds a publisher twice.

const nodeNotFound = () => new AppError('not_found', 'This affiliate participation does not exist')
const programNotFound = () => new AppError('not_found', 'This affiliate program does not exist')

/** A url-safe code of 16 characters: the `?aff=` value. */
export const nodeToken = () => randomToken(12)

export function nodeOutput(ctx: LinkConfig, view: repo.NodeView): AffiliateNodeOutput {
  const { node } = view
  const appUrl = ctx.deps.config.appUrl
  const username = encodeURIComponent(view.sellerUsername)
  const landing = landingUrl(ctx, { id: node.programId, disableLandingPage: view.programDisableLanding, redirectionUrl: view.programRedirectionUrl }, view.sellerUsername)
  const link = view.firstProductSlug
    ? `${appUrl}/s/${username}/${encodeURIComponent(view.firstProductSlug)}?aff=${node.token}`
    : `${landing}${landing.includes('?') ? '&' : '?'}aff=${node.token}`
  return {
    id: node.id, affiliate_program_id: node.programId, affiliate_program_name: view.programName, created_at: node.createdAt.toISOString(),
    state: node.state as AffiliateNodeState, from_landing_page: node.fromLandingPage, bonus: node.bonusPaidAt !== null,
    publisher_id: node.publisherId, name: `${view.firstName} ${view.lastName}`.trim(), email: view.email, token: node.token, link,
    recruitment_link: `${appUrl}/s/${username}/affiliate_programs/${node.programId}?recruited_by=${node.token}`,
    recruited_by_node_id: node.recruitedByNodeId, canceled_by: (node.canceledBy as 'seller' | 'publisher' | null) ?? null,
  }
}

async function outputOf(ctx: LinkConfig, db: Executor, id: number): Promise<AffiliateNodeOutput> {
  return nodeOutput(ctx, (await repo.nodeViews(db, [id]))[0]!)
}

type NodeListQuery = z.infer<typeof affiliateNodeListQuery>

async function list(ctx: Ctx, scope: { sellerId?: number; publisherId?: number }, query: NodeListQuery): Promise<ListAnswer<AffiliateNodeOutput>> {
  const { rows, total, totalMax, counts } = await repo.listNodes(ctx.db, scope, {
    state: query.state, programId: query.affiliate_program_id, publisherId: query.publisher_id, query: query.query,
    sortKey: query.sort_key, sortDir: query.sort_dir, offset: (query.page - 1) * query.per, limit: query.per,
  })
  return { list: rows.map((r) => nodeOutput(ctx, r)), total_count: total, total_count_max: totalMax, ...(query.counts ? { counts } : {}) }
}

/** The nodes of the acting seller's programs. */
export async function listSellerNodes(ctx: Ctx, query: NodeListQuery): Promise<ListAnswer<AffiliateNodeOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'affiliates.read')
  return list(ctx, { sellerId }, query)
}

/** The signed-in publisher's own nodes. */
export async function listPublisherNodes(ctx: Ctx, query: NodeListQuery): Promise<ListAnswer<AffiliateNodeOutput>> {
  const publisher = await ctx.db.transaction((tx) => requirePublisher(ctx, tx))
  return list(ctx, { publisherId: publisher.id }, { ...query, publisher_id: undefined })
}

/** How the state mail names the new state (accepted shows as active). */
const stateWords: Record<'en' | 'de', Record<string, string>> = {
  en: { accepted: 'active', rejected: 'rejected', canceled: 'ended', requested: 'requested' },
  de: { accepted: 'aktiv', rejected: 'abgelehnt', canceled: 'beendet', requested: 'angefragt' },
}

async function mailNodeState(deps: AppDeps, tx: Executor, node: repo.NodeRow, state: string) {
  const view = (await repo.nodeViews(tx, [node.id]))[0]!
  const publisher = await repo.findPublisher(tx, node.publisherId)
  if (publisher?.emailNotifications.node_state === false) return
  await email.queueEmail(deps, tx, {
    to: view.email, kind: 'affiliate_node_state', locale: view.locale, userId: publisher?.userId ?? null, firstName: view.firstName, productName: view.programName, notificationText: stateWords[view.locale === 'de' ? 'de' : 'en'][state] ?? state,
    link: `${deps.config.appUrl}/publish/affiliate_nodes`,
  })
}

/** affiliate_node.changed for the program's seller's webhooks (ports/platform-events.ts). */
async function emitNodeChanged(ctx: Ctx, tx: Executor, node: repo.NodeRow, to: string) {
  await ctx.deps.platformEvents.emit(ctx.deps, tx, {
    type: 'affiliate_node.changed', sellerId: node.sellerId, orderId: null, productIds: [], occurredAt: ctx.now,
    data: { affiliate_node_id: node.id, affiliate_program_id: node.programId, publisher_id: node.publisherId, from: node.state, to },
  })
}

/** The program's seller accepts, rejects or ends a participation (the state table decides what may follow what). */
export async function updateNodeBySeller(ctx: Ctx, id: number, state: 'accepted' | 'rejected' | 'canceled'): Promise<{ affiliate_node: AffiliateNodeOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'affiliates.write')
  return ctx.db.transaction(async (tx) => {
    const node = await repo.findNode(tx, id, { lock: true })
    if (!node || node.sellerId !== sellerId) throw nodeNotFound()
    if (node.state !== state) {
      assertTransition(affiliateNodeTransitions, node.state as AffiliateNodeState, state, 'affiliate participation')
      await repo.updateNode(tx, id, { state, canceledBy: state === 'canceled' ? 'seller' : null, stateChangedAt: ctx.now, updatedAt: ctx.now })
      await emitNodeChanged(ctx, tx, node, state)
      await mailNodeState(ctx.deps, tx, node, state)
    }
    return { affiliate_node: await outputOf(ctx, tx, id) }
  })
}

/** A publisher ends their own participation (or withdraws a request). */
export async function cancelNodeByPublisher(ctx: Ctx, id: number, state: 'accepted' | 'rejected' | 'canceled'): Promise<{ affiliate_node: AffiliateNodeOutput }> {
  return ctx.db.transaction(async (tx) => {
    const publisher = await requirePublisher(ctx, tx)
    const node = await repo.findNode(tx, id, { lock: true })
    if (!node || node.publisherId !== publisher.id) throw nodeNotFound()
    if (state !== 'canceled') throw new AppError('forbidden', 'Only the program\'s seller accepts or rejects a participation')
    if (node.state !== 'canceled') {
      assertTransition(affiliateNodeTransitions, node.state as AffiliateNodeState, 'canceled', 'affiliate participation')
      await repo.updateNode(tx, id, { state: 'canceled', canceledBy: 'publisher', stateChangedAt: ctx.now, updatedAt: ctx.now })
      await emitNodeChanged(ctx, tx, node, 'canceled')
    }
    return { affiliate_node: await outputOf(ctx, tx, id) }
  })
}

/** The recruiter's node for `recruited_by`: an accepted node of the same program whose chain does not reach the applicant. */
async function recruiterNode(tx: Executor, programId: number, token: string, applicantPublisherId: number): Promise<repo.NodeRow> {
  const bad = (message: string) => new AppError('bad_request', message, [{ path: 'recruited_by', message: 'invalid_value' }])
  const recruiter = await repo.findNodeByToken(tx, token)
  if (!recruiter || recruiter.programId !== programId || recruiter.state !== 'accepted') throw bad('This recruitment link is not valid for this program')
  if (recruiter.publisherId === applicantPublisherId) throw bad('You cannot recruit yourself')
  const chain = await repo.chainPublishers(tx, recruiter.id)
  if (chain.includes(applicantPublisherId)) throw bad('This recruitment link would make a loop')
  return recruiter
}

/**
 * A publisher joins a program: requested, or accepted at once when the program accepts automatically. A
 * node rejected or ended before is re-opened as requested (its recruiter is kept: it is set once).
 */
export async function acceptProgram(ctx: Ctx, programId: number, input: z.infer<typeof acceptAffiliateProgramInput>): Promise<{ affiliate_node: AffiliateNodeOutput }> {
  return ctx.db.transaction(async (tx) => {
    let publisher = await requirePublisher(ctx, tx)
    const program = await repo.findProgram(tx, programId, { lock: true })
    if (!program || program.archivedAt) throw programNotFound()
    const seller = await repo.sellerFacts(tx, program.sellerId)
    if (!seller || seller.blocked) throw programNotFound()
    if (seller.userId === publisher.userId) throw new AppError('bad_request', 'You cannot join your own affiliate program')
    publisher = await settleBirthday(ctx, tx, publisher, input.birthday)
    const next: AffiliateNodeState = program.autoAccept ? 'accepted' : 'requested'
    const existing = await repo.findNodeOf(tx, programId, publisher.id, { lock: true })
    let nodeId: number
    if (existing) {
      if (existing.state === 'requested' || existing.state === 'accepted') throw new AppError('conflict', 'You already take part in this program')
      assertTransition(affiliateNodeTransitions, existing.state as AffiliateNodeState, 'requested', 'affiliate participation')
      await repo.updateNode(tx, existing.id, { state: next, canceledBy: null, stateChangedAt: ctx.now, updatedAt: ctx.now, fromLandingPage: input.from_landing_page ?? existing.fromLandingPage })
      nodeId = existing.id
    } else {
      const recruiter = input.recruited_by ? await recruiterNode(tx, programId, input.recruited_by, publisher.id) : undefined
      const node = await repo.insertNode(tx, {
        programId, sellerId: program.sellerId, publisherId: publisher.id, state: next, token: nodeToken(),
        recruitedByNodeId: recruiter?.id ?? null, fromLandingPage: input.from_landing_page ?? false,
        stateChangedAt: ctx.now, createdAt: ctx.now, updatedAt: ctx.now,
      })
      nodeId = node.id
    }
    if (next === 'requested') {
      const user = (await repo.userOf(tx, publisher.userId))!
      await email.queueEmail(ctx.deps, tx, {
        to: seller.email, kind: 'affiliate_node_requested', locale: seller.locale, userId: seller.userId, firstName: seller.firstName,
        productName: program.name, sellerName: `${user.firstName} ${user.lastName}`.trim(), link: `${ctx.deps.config.appUrl}/cabinet/affiliate_nodes?state=requested`,
      })
    }
    return { affiliate_node: await outputOf(ctx, tx, nodeId) }
  })
}

/** What a publisher reads before joining; with their node when they are signed in as a publisher. */
export async function publicProgram(ctx: Ctx, id: number): Promise<{ affiliate_program: z.infer<typeof publicAffiliateProgramOutput> }> {
  const program = await repo.findProgram(ctx.db, id)
  if (!program || program.archivedAt) throw programNotFound()
  const seller = await repo.sellerFacts(ctx.db, program.sellerId)
  if (!seller || seller.blocked) throw programNotFound()
  const products = (await repo.programProducts(ctx.db, [id])).get(id) ?? []
  const covers = await catalog.firstCoverUrls(ctx.db, products.map((p) => p.id))
  let myNode: AffiliateNodeOutput | null = null
  const kind = publisherKindOf(ctx.actor)
  if (ctx.actor && kind) {
    const publisher = await repo.findPublisherByUser(ctx.db, ctx.actor.userId)
    const node = publisher ? await repo.findNodeOf(ctx.db, id, publisher.id) : undefined
    if (node) myNode = nodeOutput(ctx, (await repo.nodeViews(ctx.db, [node.id]))[0]!)
  }
  const appUrl = ctx.deps.config.appUrl
  return {
    affiliate_program: {
      id: program.id, name: program.name, description: program.description,
      seller: { id: seller.id, username: seller.username, name: `${seller.firstName} ${seller.lastName}`.trim() },
      commissions: program.commissionBps.map(bpsToPercent), cookies_expire: program.cookiesExpire,
      lifetime: program.lifetime as 'none' | 'lifetime' | 'days', lifetime_days: program.lifetimeDays, bonus: program.bonusAmount,
      bonus_currency: program.bonusCurrency, auto_accept: program.autoAccept, disable_landing_page: program.disableLandingPage,
      redirection_url: program.redirectionUrl,
      landing_body: program.landingBody.map((b) => ({ kind: String(b.kind), props: (b.props ?? {}) as Record<string, unknown> })),
      landing_theme: program.landingTheme,
      products: products.map((p) => ({
        id: p.id, name: p.name, slug: p.slug, url: `${appUrl}/s/${encodeURIComponent(seller.username)}/${encodeURIComponent(p.slug)}`,
        cover_url: covers.get(p.id) ?? null, display_price: p.displayPrice, currency: p.currency,
      })),
      my_node: myNode,
    },
  }
}

// ------------------------------------------------------------------------------------------------ clicks

/**
 * Records a click on a publisher's link: nothing for an unknown token or a node that is not accepted, or a
 * program that is archived. The storefront calls it when it serves a page with `?aff=`.
 */
export async function recordClick(deps: Pick<AppDeps, 'db'>, input: { token: string; productId?: number | null; source: 'link' | 'landing' | 'embed' }): Promise<boolean> {
  const node = await repo.findNodeByToken(deps.db, input.token)
  if (!node || node.state !== 'accepted') return false
  const program = await repo.findProgram(deps.db, node.programId)
  if (!program || program.archivedAt) return false
  await repo.insertClick(deps.db, { nodeId: node.id, programId: node.programId, publisherId: node.publisherId, productId: input.productId ?? null, source: input.source })
  return true
}

/** A click on a platform affiliate's link to this platform: recorded when that publisher is a platform affiliate. */
export async function recordPlatformClick(ctx: Ctx, publisherId: number): Promise<void> {
  const publisher = await repo.findPublisher(ctx.db, publisherId)
  if (!publisher || publisher.kind !== 'platform_affiliate') return
  await repo.insertClick(ctx.db, { nodeId: null, programId: null, publisherId, productId: null, source: 'platform' })
}

