import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import type { embeddableItemInput, embeddableItemOutput, updateEmbeddableItemInput } from '../../../shared/schemas/affiliates'
import type { ListAnswer, ListQuery } from '../../../shared/schemas/lists'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as repo from './affiliates.repository'
import { requirePublisher } from './publishers.service'

// A publisher's product cards and buy buttons for other sites (docs/decisions/0048-affiliates.md): the item
// names one of the publisher's nodes and a product of that node's program; its snippet is an iframe of
// /embed/items/{id} (served by the storefront, which records the click with source `embed`) with a plain
// link to the product through the publisher's link as the fallback.

type Input = z.infer<typeof embeddableItemInput>
type Output = z.infer<typeof embeddableItemOutput>

const notFound = () => new AppError('not_found', 'This embeddable item does not exist')
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

async function output(ctx: Ctx, db: Executor, row: repo.EmbeddableItemRow): Promise<Output> {
  const appUrl = ctx.deps.config.appUrl
  const view = (await repo.nodeViews(db, [row.nodeId]))[0]
  const programId = view?.node.programId ?? 0
  const product = ((await repo.programProducts(db, [programId])).get(programId) ?? []).find((p) => p.id === row.productId)
  const name = product?.name ?? (await repo.productNames(db, [row.productId])).get(row.productId) ?? ''
  const previewUrl = `${appUrl}/embed/items/${row.id}`
  const link = view && product ? `${appUrl}/s/${encodeURIComponent(view.sellerUsername)}/${encodeURIComponent(product.slug)}?aff=${view.node.token}` : previewUrl
  const height = row.kind === 'buy_button' ? 64 : 420
  const snippet = `<iframe src="${escapeHtml(previewUrl)}" title="${escapeHtml(name)}" width="320" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>`
    + `<noscript><a href="${escapeHtml(link)}" rel="sponsored">${escapeHtml(name)}</a></noscript>`
  return {
    id: row.id, name: row.name, kind: row.kind as Output['kind'], affiliate_node_id: row.nodeId, product: { id: row.productId, name },
    settings: row.settings, snippet, preview_url: previewUrl, created_at: row.createdAt.toISOString(),
  }
}

/** The node must be the publisher's and accepted; the product must be in the node's program. */
async function checkTarget(tx: Executor, publisherId: number, nodeId: number, productId: number) {
  const node = await repo.findNode(tx, nodeId)
  if (!node || node.publisherId !== publisherId) throw new AppError('not_found', 'This affiliate participation does not exist')
  if (node.state !== 'accepted') throw new AppError('conflict', 'The participation is not accepted')
  const products = (await repo.programProducts(tx, [node.programId])).get(node.programId) ?? []
  if (!products.some((p) => p.id === productId)) throw new AppError('bad_request', 'This product is not in the program', [{ path: 'product_id', message: 'invalid_value' }])
}

export async function listItems(ctx: Ctx, query: ListQuery): Promise<ListAnswer<Output>> {
  return ctx.db.transaction(async (tx) => {
    const publisher = await requirePublisher(ctx, tx)
    const { rows, total } = await repo.listEmbeddableItems(tx, publisher.id, { offset: (query.page - 1) * query.per, limit: query.per })
    const list = []
    for (const row of rows) list.push(await output(ctx, tx, row))
    return { list, total_count: total, total_count_max: total }
  })
}

export async function createItem(ctx: Ctx, input: Input): Promise<Output> {
  return ctx.db.transaction(async (tx) => {
    const publisher = await requirePublisher(ctx, tx)
    await checkTarget(tx, publisher.id, input.affiliate_node_id, input.product_id)
    const row = await repo.insertEmbeddableItem(tx, {
      publisherId: publisher.id, nodeId: input.affiliate_node_id, productId: input.product_id, name: input.name, kind: input.kind,
      settings: input.settings, createdAt: ctx.now, updatedAt: ctx.now,
    })
    return output(ctx, tx, row)
  })
}

export async function getItem(ctx: Ctx, id: number): Promise<Output> {
  return ctx.db.transaction(async (tx) => {
    const publisher = await requirePublisher(ctx, tx)
    const row = await repo.findEmbeddableItem(tx, publisher.id, id)
    if (!row) throw notFound()
    return output(ctx, tx, row)
  })
}

export async function updateItem(ctx: Ctx, id: number, input: z.infer<typeof updateEmbeddableItemInput>): Promise<Output> {
  return ctx.db.transaction(async (tx) => {
    const publisher = await requirePublisher(ctx, tx)
    const row = await repo.findEmbeddableItem(tx, publisher.id, id)
    if (!row) throw notFound()
    const nodeId = input.affiliate_node_id ?? row.nodeId
    const productId = input.product_id ?? row.productId
    if (nodeId !== row.nodeId || productId !== row.productId) await checkTarget(tx, publisher.id, nodeId, productId)
    const updated = await repo.updateEmbeddableItem(tx, id, {
      nodeId, productId, name: input.name ?? row.name, kind: input.kind ?? row.kind, settings: input.settings ?? row.settings, updatedAt: ctx.now,
    })
    return output(ctx, tx, updated)
  })
}

export async function deleteItem(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const publisher = await requirePublisher(ctx, tx)
    if (!(await repo.findEmbeddableItem(tx, publisher.id, id))) throw notFound()
    await repo.deleteEmbeddableItem(tx, id)
  })
}
