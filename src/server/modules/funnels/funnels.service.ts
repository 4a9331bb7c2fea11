import { AppError, type FieldError } from '../../../shared/errors'
import { graphProblems, offerNodeKinds, type FunnelNodeKind } from '../../../shared/funnels/funnel-graph'
import { storableTextTranslations, textTranslationsAnswer } from '../../../shared/i18n/text-translations'
import type { PageDocument } from '../../../shared/pages/page-blocks'
import type { UpsellOffer } from '../../../shared/schemas/checkout-settings'
import type {
  CreateFunnelInput, FunnelDetailOutput, FunnelListQuery, FunnelNodeInput, FunnelNodeOutput, FunnelOutput, FunnelStatsOutput, UpdateFunnelInput,
} from '../../../shared/schemas/funnels'
import { funnelNodeTextFields } from '../../../shared/schemas/funnels'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { assertTransition } from '../../../shared/states/transitions'
import { funnelTransitions, type FunnelState } from '../../../shared/states/funnel'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as catalog from '../catalog/catalog.service'
import * as orders from '../orders/orders.service'
import * as builtPages from '../pages/built-data.service'
import * as pages from '../pages/pages.service'
import * as repo from './funnels.repository'

// A seller's funnels (docs/decisions/0066-funnels.md): the graph of offers and thank-you pages that follows a
// checkout, which products lead into it, and its figures. The checkout walks it (checkout/funnel-steps.service.ts);
// a product's one-click upsells of the checkout settings are its funnel read and written as a chain.

export type FunnelNodeRow = repo.FunnelNodeRow
export type FunnelRow = repo.FunnelRow
export type BuiltFunnel = builtPages.BuiltFunnel
export type BuiltFunnelPlan = builtPages.BuiltFunnelPlan

const notFound = () => new AppError('not_found', 'No such funnel')

function nodeOutput(n: repo.FunnelNodeRow): FunnelNodeOutput {
  return {
    id: n.id, position: n.position, kind: n.kind as FunnelNodeKind, product_id: n.productId, pricing_plan_id: n.pricingPlanId, page_id: n.pageId,
    headline: n.headline, translations: textTranslationsAnswer(n.translations, funnelNodeTextFields), accept_node_id: n.acceptNodeId, decline_node_id: n.declineNodeId,
  }
}

function output(row: repo.FunnelRow, productIds: number[], nodesCount: number): FunnelOutput {
  return {
    id: row.id, name: row.name, state: row.state as FunnelState, entry_node_id: row.entryNodeId, product_ids: productIds, nodes_count: nodesCount,
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

async function detail(db: Executor, row: repo.FunnelRow): Promise<FunnelDetailOutput> {
  const nodes = await repo.nodesOf(db, row.id)
  return { ...output(row, (await repo.productIdsOf(db, [row.id])).get(row.id) ?? [], nodes.length), nodes: nodes.map(nodeOutput) }
}

export async function listFunnels(ctx: Ctx, query: FunnelListQuery): Promise<ListAnswer<FunnelOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const { rows, total, totalMax } = await repo.listFunnels(ctx.db, sellerId, {
    state: query.state, query: query.query, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'desc', offset: (query.page - 1) * query.per, limit: query.per,
  })
  const ids = rows.map((r) => r.id)
  const [products, counts] = await Promise.all([repo.productIdsOf(ctx.db, ids), repo.nodeCounts(ctx.db, ids)])
  return { list: rows.map((r) => output(r, products.get(r.id) ?? [], counts.get(r.id) ?? 0)), total_count: total, total_count_max: totalMax }
}

export async function getFunnel(ctx: Ctx, id: number): Promise<FunnelDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const row = await repo.findFunnel(ctx.db, sellerId, id)
  if (!row) throw notFound()
  return detail(ctx.db, row)
}

export async function createFunnel(ctx: Ctx, input: CreateFunnelInput): Promise<FunnelDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertFunnel(tx, { sellerId, name: input.name, createdAt: ctx.now, updatedAt: ctx.now })
    if (input.product_ids) await setProducts(tx, sellerId, row.id, input.product_ids)
    const saved = input.nodes ? await writeNodes(tx, sellerId, row, input.nodes) : row
    return detail(tx, saved)
  })
}

export async function updateFunnel(ctx: Ctx, id: number, input: UpdateFunnelInput): Promise<FunnelDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const row = await activeFunnel(tx, sellerId, id)
    if (input.product_ids) await setProducts(tx, sellerId, row.id, input.product_ids)
    return detail(tx, await repo.updateFunnel(tx, row.id, { name: input.name ?? row.name }))
  })
}

/** PUT /cabinet/funnels/{id}/nodes: the whole graph replaces the one before; nodes named by id keep their orders and figures. */
export async function saveNodes(ctx: Ctx, id: number, nodes: readonly FunnelNodeInput[]): Promise<FunnelDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => detail(tx, await writeNodes(tx, sellerId, await activeFunnel(tx, sellerId, id), nodes)))
}

/** DELETE /cabinet/funnels/{id}: archived; no product leads into it any more, its orders and figures stay. */
export async function archiveFunnel(ctx: Ctx, id: number): Promise<FunnelDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findFunnel(tx, sellerId, id, true)
    if (!row) throw notFound()
    assertTransition(funnelTransitions, row.state as FunnelState, 'archived', 'The funnel')
    await repo.setProducts(tx, row.id, [])
    return detail(tx, await repo.updateFunnel(tx, row.id, { state: 'archived', archivedAt: ctx.now }))
  })
}

async function activeFunnel(tx: Executor, sellerId: number, id: number): Promise<repo.FunnelRow> {
  const row = await repo.findFunnel(tx, sellerId, id, true)
  if (!row) throw notFound()
  if (row.state !== 'active') throw new AppError('conflict', 'An archived funnel cannot change')
  return row
}

async function setProducts(tx: Executor, sellerId: number, funnelId: number, productIds: readonly number[]) {
  await catalog.assertProductsOwned(tx, sellerId, productIds)
  await repo.setProducts(tx, funnelId, productIds)
}

/**
 * Checks a graph (links, no cycle, at most maxFunnelNodes, offers of the seller's published products with
 * one of their active plans, pages of type funnel) and stores it in place of the funnel's nodes.
 */
async function writeNodes(tx: Executor, sellerId: number, funnel: repo.FunnelRow, nodes: readonly FunnelNodeInput[]): Promise<repo.FunnelRow> {
  const problems: FieldError[] = graphProblems(nodes.map((n) => ({ kind: n.kind, accept: n.accept ?? null, decline: n.decline ?? null })))
  const existing = new Set((await repo.nodesOf(tx, funnel.id)).map((n) => n.id))
  const kept = new Set<number>()
  nodes.forEach((n, i) => {
    if (n.id === undefined) return
    if (!existing.has(n.id) || kept.has(n.id)) problems.push({ path: `nodes.${i}.id`, message: 'invalid_value' })
    kept.add(n.id)
  })
  const offers = nodes.map((n, i) => ({ n, i })).filter(({ n }) => offerNodeKinds.includes(n.kind))
  const owned = new Map((await repo.sellerProducts(tx, sellerId, offers.map(({ n }) => n.product_id!))).map((p) => [p.id, p]))
  const plans = new Map((await repo.activePlans(tx, offers.map(({ n }) => n.pricing_plan_id!))).map((p) => [p.id, p.productId]))
  for (const { n, i } of offers) {
    const product = owned.get(n.product_id!)
    if (!product || product.publishState !== 'published' || product.archivedAt !== null) problems.push({ path: `nodes.${i}.product_id`, message: 'invalid_value' })
    else if (plans.get(n.pricing_plan_id!) !== n.product_id) problems.push({ path: `nodes.${i}.pricing_plan_id`, message: 'invalid_value' })
  }
  const pageIds = [...new Set(nodes.flatMap((n) => (n.page_id ? [n.page_id] : [])))]
  const ownedPages = new Set(await pages.ownedPageIds(tx, sellerId, pageIds, 'funnel'))
  nodes.forEach((n, i) => {
    if (n.page_id && !ownedPages.has(n.page_id)) problems.push({ path: `nodes.${i}.page_id`, message: 'invalid_value' })
  })
  if (problems.length > 0) throw new AppError('validation_failed', 'The funnel\'s nodes do not fit together', problems)
  await repo.deleteNodes(tx, funnel.id, [...kept])
  const ids: number[] = []
  for (const [position, n] of nodes.entries()) {
    const values = {
      position, kind: n.kind, productId: n.product_id ?? null, pricingPlanId: n.pricing_plan_id ?? null, pageId: n.page_id ?? null,
      headline: n.headline ?? null, acceptNodeId: null, declineNodeId: null,
      // left out, a kept node's headline per language stays; sent, the set replaces it (docs/decisions/0095-product-translations.md)
      ...(n.translations !== undefined ? { translations: storableTextTranslations(n.translations, funnelNodeTextFields) } : {}),
    }
    if (n.id !== undefined) {
      await repo.updateNode(tx, n.id, values)
      ids.push(n.id)
    } else {
      ids.push((await repo.insertNode(tx, { funnelId: funnel.id, ...values })).id)
    }
  }
  // Links second: a node may lead to one stored after it.
  for (const [position, n] of nodes.entries()) {
    const accept = n.accept ?? null
    const decline = n.decline ?? null
    if (accept !== null || decline !== null) {
      await repo.updateNode(tx, ids[position]!, { acceptNodeId: accept === null ? null : ids[accept]!, declineNodeId: decline === null ? null : ids[decline]! })
    }
  }
  return repo.updateFunnel(tx, funnel.id, { entryNodeId: ids[0] ?? null })
}

// ------------------------------------------------------------------ figures

/** GET /cabinet/funnels/{id}/stats: per node, views, accepts, declines and the paid accepts' revenue per currency. */
export async function funnelStats(ctx: Ctx, id: number): Promise<FunnelStatsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const row = await repo.findFunnel(ctx.db, sellerId, id)
  if (!row) throw notFound()
  const [nodes, events, figures] = await Promise.all([repo.nodesOf(ctx.db, row.id), repo.eventCounts(ctx.db, row.id), orders.funnelNodeFigures(ctx.db, row.id)])
  return {
    funnel_id: row.id,
    nodes: nodes.map((n) => {
      const mine = figures.filter((f) => f.nodeId === n.id)
      return {
        node_id: n.id, kind: n.kind as FunnelNodeKind,
        views: events.find((e) => e.nodeId === n.id && e.kind === 'view')?.n ?? 0,
        accepts: mine.reduce((sum, f) => sum + f.accepts, 0),
        declines: events.find((e) => e.nodeId === n.id && e.kind === 'decline')?.n ?? 0,
        revenue: mine.filter((f) => f.revenue > 0).map((f) => ({ currency: f.currency, amount: f.revenue })),
      }
    }),
  }
}

// ------------------------------------------------------------------ the checkout's one-click upsells (compat)

/**
 * A product's one-click upsells as the checkout settings show them: its funnel's offers from the first
 * node along the decline links (the order in which a payer who declines meets them).
 */
export async function productUpsells(db: Executor, productId: number): Promise<UpsellOffer[]> {
  const funnel = await repo.funnelOfProduct(db, productId)
  if (!funnel || funnel.state !== 'active') return []
  const nodes = new Map((await repo.nodesOf(db, funnel.id)).map((n) => [n.id, n]))
  const chain: UpsellOffer[] = []
  const seen = new Set<number>()
  let node = funnel.entryNodeId === null ? undefined : nodes.get(funnel.entryNodeId)
  while (node && !seen.has(node.id) && offerNodeKinds.includes(node.kind as FunnelNodeKind)) {
    seen.add(node.id)
    chain.push({ kind: node.kind as 'upsell' | 'downsell', product_id: node.productId!, pricing_plan_id: node.pricingPlanId!, headline: node.headline })
    node = node.declineNodeId === null ? undefined : nodes.get(node.declineNodeId)
  }
  return chain
}

/**
 * PUT /cabinet/products/{id}/checkout with `upsells` (checked by the caller). The list is the funnel read
 * along decline links from its entry (`productUpsells`); saving it (docs/decisions/0071-funnel-gaps.md):
 * - the same list again changes nothing (the form sends it with every save);
 * - a product without a funnel gets one named after it; a linear funnel (offers only, no accept link, one
 *   decline chain) becomes the new chain, each accept ending the funnel and each decline leading to the next;
 * - a branched funnel (accept links, a thank-you page, nodes off the chain) keeps its graph: the chain's
 *   nodes take the offers at their places (their links, pages and figures stay), offers added go at the end
 *   of the chain; removing an offer from it is refused (422) in favour of the funnel editor.
 */
export async function saveProductUpsells(tx: Executor, sellerId: number, product: { id: number; name: string }, upsells: readonly UpsellOffer[]): Promise<void> {
  let funnel = await repo.funnelOfProduct(tx, product.id)
  if (funnel && funnel.state !== 'active') funnel = undefined
  if (!funnel) {
    if (upsells.length === 0) return
    funnel = await repo.insertFunnel(tx, { sellerId, name: `${product.name.slice(0, 100)} (upsells)` })
    await repo.linkProduct(tx, funnel.id, product.id)
  }
  const existing = await repo.nodesOf(tx, funnel.id)
  const chain = declineChain(existing, funnel.entryNodeId)
  const same = (u: UpsellOffer, n: repo.FunnelNodeRow) => n.kind === u.kind && n.productId === u.product_id && n.pricingPlanId === u.pricing_plan_id && n.headline === (u.headline ?? null)
  if (chain.length === upsells.length && chain.every((n, i) => same(upsells[i]!, n))) return
  const linear = chain.length === existing.length && existing.every((n) => n.acceptNodeId === null)
  if (linear) {
    await writeNodes(tx, sellerId, funnel, upsells.map((u, i): FunnelNodeInput => {
      // The same offer at the same place keeps its node (its figures).
      const kept = chain[i]?.productId === u.product_id ? chain[i]!.id : null
      return {
        ...(kept !== null ? { id: kept, page_id: chain[i]!.pageId } : {}), kind: u.kind, product_id: u.product_id, pricing_plan_id: u.pricing_plan_id, headline: u.headline,
        accept: null, decline: i + 1 < upsells.length ? i + 1 : null,
      }
    }))
    return
  }
  if (upsells.length < chain.length || chain.length === 0) {
    throw new AppError('validation_failed', `This product's funnel "${funnel.name}" has branches the upsells list cannot show: change its offers here, or remove offers and edit branches in Funnels (/cabinet/funnels)`, [
      { path: 'upsells', message: 'invalid_value' },
    ])
  }
  await writeNodes(tx, sellerId, funnel, branchedGraph(existing, chain, upsells))
}

/** The offer nodes a payer who declines meets from the entry, in order (what `productUpsells` lists). */
function declineChain(nodes: readonly repo.FunnelNodeRow[], entryNodeId: number | null): repo.FunnelNodeRow[] {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const chain: repo.FunnelNodeRow[] = []
  const seen = new Set<number>()
  let node = entryNodeId === null ? undefined : byId.get(entryNodeId)
  while (node && !seen.has(node.id) && offerNodeKinds.includes(node.kind as FunnelNodeKind)) {
    seen.add(node.id)
    chain.push(node)
    node = node.declineNodeId === null ? undefined : byId.get(node.declineNodeId)
  }
  return chain
}

/**
 * A branched funnel's whole graph with the upsells list applied: every node keeps its id, links and page;
 * the chain's nodes take the list's offers at their places; offers beyond the chain are added after its last
 * node, in front of where that node's decline led.
 */
function branchedGraph(nodes: readonly repo.FunnelNodeRow[], chain: readonly repo.FunnelNodeRow[], upsells: readonly UpsellOffer[]): FunnelNodeInput[] {
  const place = new Map(nodes.map((n, i) => [n.id, i]))
  const at = (id: number | null) => (id === null ? null : (place.get(id) ?? null))
  const offerOf = new Map(chain.map((n, i) => [n.id, upsells[i]!]))
  const graph = nodes.map((n): FunnelNodeInput => {
    const u = offerOf.get(n.id)
    if (n.kind === 'thank_you') return { id: n.id, kind: 'thank_you', page_id: n.pageId, headline: n.headline, accept: null, decline: null }
    return {
      id: n.id, kind: u?.kind ?? (n.kind as 'upsell' | 'downsell'), product_id: u?.product_id ?? n.productId!, pricing_plan_id: u?.pricing_plan_id ?? n.pricingPlanId!,
      page_id: n.pageId, headline: u ? u.headline : n.headline, accept: at(n.acceptNodeId), decline: at(n.declineNodeId),
    }
  })
  const added = upsells.slice(chain.length)
  if (added.length === 0) return graph
  const last = graph[place.get(chain[chain.length - 1]!.id)!]!
  const after = last.decline ?? null
  last.decline = graph.length
  added.forEach((u, i) => {
    graph.push({ kind: u.kind, product_id: u.product_id, pricing_plan_id: u.pricing_plan_id, headline: u.headline, accept: null, decline: i + 1 < added.length ? graph.length + 1 : after })
  })
  return graph
}

// ------------------------------------------------------------------ for the checkout's funnel steps

export type OrderFunnel = { funnel: repo.FunnelRow; nodes: repo.FunnelNodeRow[]; declined: Set<number> }

/**
 * The funnel an order leads into: the one it recorded, else (an order from before funnels, or one placed
 * while the funnel was being built) its product's active funnel. Null when there is none or it offers nothing.
 */
export async function funnelOfOrder(db: Executor, order: { id: number; funnelId: number | null; productId: number }): Promise<OrderFunnel | null> {
  const funnel = order.funnelId !== null ? await repo.findFunnelById(db, order.funnelId) : await repo.funnelOfProduct(db, order.productId)
  if (!funnel || funnel.state !== 'active' || funnel.entryNodeId === null) return null
  return { funnel, nodes: await repo.nodesOf(db, funnel.id), declined: await repo.declinedNodeIds(db, order.id) }
}

/** The payer saw the node (its page or the offer on the success page): counted once per order. */
export async function recordView(db: Executor, funnelId: number, nodeId: number, orderId: number): Promise<void> {
  await repo.recordEvent(db, { funnelId, nodeId, orderId, kind: 'view' })
  await orders.setOrderFunnel(db, orderId, funnelId)
}

/** The payer declined the node's offer: the funnel moves on along its decline link. */
export async function recordDecline(db: Executor, funnelId: number, nodeId: number, orderId: number): Promise<void> {
  await repo.recordEvent(db, { funnelId, nodeId, orderId, kind: 'decline' })
  await orders.setOrderFunnel(db, orderId, funnelId)
}

/** The node's built page (type funnel, published), or null for the default layout. */
export async function nodePage(db: Executor, sellerId: number, node: repo.FunnelNodeRow): Promise<PageDocument | null> {
  return node.pageId === null ? null : pages.publishedDocumentById(db, sellerId, node.pageId, 'funnel')
}

/**
 * The node's built page with the data its blocks read (docs/decisions/0071-funnel-gaps.md): the products,
 * uploads and counts it names, like any built page, and the funnel's own part; null without a published page.
 */
export async function nodeBuiltPage(
  ctx: Ctx, username: string, sellerId: number, node: repo.FunnelNodeRow, where: { productId: number | null; path: string; funnel: builtPages.BuiltFunnel },
): Promise<builtPages.BuiltPageAnswer | null> {
  const document = await nodePage(ctx.db, sellerId, node)
  if (!document || node.pageId === null) return null
  return builtPages.builtPage(ctx, username, { type: 'funnel', productId: where.productId, path: where.path, page: { id: node.pageId, document }, funnel: where.funnel })
}

/** The order's `funnel` relation: the funnel and the node whose offer the order is. */
export async function funnelBrief(db: Executor, funnelId: number, nodeId: number | null): Promise<{ id: number; name: string; node: { id: number; kind: string } | null } | null> {
  const funnel = await repo.findFunnelById(db, funnelId)
  if (!funnel) return null
  const node = nodeId === null ? undefined : await repo.findNode(db, nodeId)
  return { id: funnel.id, name: funnel.name, node: node && node.funnelId === funnel.id ? { id: node.id, kind: node.kind } : null }
}
