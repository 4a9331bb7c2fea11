import { AppError } from '../../../shared/errors'
import { videoEmbedUrl } from '../../../shared/pages/page-links'
import type { ListAnswer } from '../../../shared/schemas/lists'
import {
  liveEventCampaignId, type CreateLiveEventInput, type LiveEventListQuery, type LiveEventOrdersOutput, type LiveEventOutput, type LiveEventStateInput,
  type PublicLiveEventOutput, type UpdateLiveEventInput,
} from '../../../shared/schemas/live-shopping'
import { liveEventTransitions, nextStates, assertTransition, type LiveEventState } from '../../../shared/states'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, featureEnabled, type Ctx } from '../../context'
import * as shop from '../catalog/shop.service'
import * as repo from './live-shopping.repository'

// Live shopping (docs/decisions/0086-live-shopping-and-mobile-app.md), behind the live_shopping flag: a seller's
// scheduled live event with a stream link and chosen products. The products are checked when saved (the seller's,
// published, not archived, no access password) and again when the page is shown, so one taken off sale drops out.
// The page's buy buttons lead to the product's checkout with `?campaign_id=live-{id}`, which the order keeps:
// that is how the event's cabinet page counts the orders it brought.

const notFound = () => new AppError('not_found', 'No such live event')
const publicPath = (username: string, id: number) => `/live/${encodeURIComponent(username)}/${id}`

function output(ctx: Ctx, username: string, row: repo.LiveEventRow): LiveEventOutput {
  const state = row.state as LiveEventState
  return {
    id: row.id, title: row.title, description: row.description, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString(),
    stream_url: row.streamUrl, embed_url: row.streamUrl ? videoEmbedUrl(row.streamUrl) : null, product_ids: row.productIds,
    state, next_states: [...nextStates(liveEventTransitions, state)],
    went_live_at: row.wentLiveAt?.toISOString() ?? null, ended_at: row.endedAt?.toISOString() ?? null, cancelled_at: row.cancelledAt?.toISOString() ?? null,
    url: `${ctx.deps.config.appUrl}${publicPath(username, row.id)}`, campaign_id: liveEventCampaignId(row.id),
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

async function usernameOf(ctx: Ctx, sellerId: number): Promise<string> {
  return (await shop.openShopSeller(ctx, sellerId))?.username ?? String(sellerId)
}

/** Every product must be one the seller may show now; the first that is not marks its field. */
async function checkProducts(ctx: Ctx, sellerId: number, ids: number[]) {
  const cards = await shop.shareableProductCards(ctx, await shop.openShopSeller(ctx, sellerId), ids)
  const bad = ids.findIndex((id) => !cards.has(id))
  if (bad >= 0) throw new AppError('validation_failed', 'live_product_not_available', [{ path: `product_ids.${bad}`, message: 'live_product_not_available' }])
}

export async function listEvents(ctx: Ctx, query: LiveEventListQuery): Promise<ListAnswer<LiveEventOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  assertFeature(ctx, 'live_shopping')
  const { rows, total, max } = await repo.listForSeller(ctx.db, sellerId, {
    state: query.state, query: query.query, sortDir: query.sort_dir, offset: (query.page - 1) * query.per, limit: query.per,
  })
  const username = await usernameOf(ctx, sellerId)
  return { list: rows.map((r) => output(ctx, username, r)), total_count: total, total_count_max: max }
}

/** One event with the orders its buy buttons brought (count, paid, revenue per currency). */
export async function getEvent(ctx: Ctx, id: number): Promise<{ live_event: LiveEventOutput; orders: LiveEventOrdersOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  assertFeature(ctx, 'live_shopping')
  const row = await repo.findForSeller(ctx.db, sellerId, id)
  if (!row) throw notFound()
  const campaignId = liveEventCampaignId(row.id)
  const found = await repo.ordersOfCampaign(ctx.db, sellerId, campaignId)
  return {
    live_event: output(ctx, await usernameOf(ctx, sellerId), row),
    orders: { campaign_id: campaignId, count: found.count, paid_count: found.paidCount, revenue: found.revenue },
  }
}

export async function createEvent(ctx: Ctx, input: CreateLiveEventInput): Promise<{ live_event: LiveEventOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertFeature(ctx, 'live_shopping')
  await checkProducts(ctx, sellerId, input.product_ids)
  const now = ctx.deps.now()
  const row = await ctx.db.transaction((tx) => repo.insertEvent(tx, {
    sellerId, title: input.title, description: input.description ?? null, startsAt: new Date(input.starts_at), endsAt: new Date(input.ends_at),
    streamUrl: input.stream_url ?? null, productIds: input.product_ids, state: 'scheduled', createdAt: now, updatedAt: now,
  }))
  return { live_event: output(ctx, await usernameOf(ctx, sellerId), row) }
}

/** Changes a scheduled or live event (an ended or cancelled one is history: 409). */
export async function updateEvent(ctx: Ctx, id: number, input: UpdateLiveEventInput): Promise<{ live_event: LiveEventOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertFeature(ctx, 'live_shopping')
  if (input.product_ids) await checkProducts(ctx, sellerId, input.product_ids)
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.findForSeller(tx, sellerId, id, true)
    if (!current) throw notFound()
    if (current.state === 'ended' || current.state === 'cancelled') throw new AppError('conflict', `This live event is ${current.state}: it cannot be changed any more`)
    const startsAt = input.starts_at !== undefined ? new Date(input.starts_at) : current.startsAt
    const endsAt = input.ends_at !== undefined ? new Date(input.ends_at) : current.endsAt
    if (endsAt <= startsAt) throw new AppError('validation_failed', 'end_before_start', [{ path: 'ends_at', message: 'end_before_start' }])
    return repo.updateEvent(tx, id, {
      title: input.title, description: input.description, startsAt, endsAt, streamUrl: input.stream_url, productIds: input.product_ids, updatedAt: ctx.deps.now(),
    })
  })
  return { live_event: output(ctx, await usernameOf(ctx, sellerId), row) }
}

/** Deletes an event that is not live (end it first); its orders keep their campaign id. */
export async function deleteEvent(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertFeature(ctx, 'live_shopping')
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findForSeller(tx, sellerId, id, true)
    if (!current) throw notFound()
    if (current.state === 'live') throw new AppError('conflict', 'This live event is live: end it before deleting it')
    await repo.deleteEvent(tx, id)
  })
}

/** The one writer of the state column: go live, end, cancel, as the transitions table allows (409 otherwise). */
export async function changeState(ctx: Ctx, id: number, input: LiveEventStateInput): Promise<{ live_event: LiveEventOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertFeature(ctx, 'live_shopping')
  const now = ctx.deps.now()
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.findForSeller(tx, sellerId, id, true)
    if (!current) throw notFound()
    assertTransition(liveEventTransitions, current.state as LiveEventState, input.state, 'The live event')
    return repo.updateEvent(tx, id, {
      state: input.state, updatedAt: now,
      ...(input.state === 'live' ? { wentLiveAt: now } : input.state === 'ended' ? { endedAt: now } : { cancelledAt: now }),
    })
  })
  return { live_event: output(ctx, await usernameOf(ctx, sellerId), row) }
}

/**
 * The public page's data (/live/{username}/{id}): 404 when the shop is closed, the event is another seller's or
 * none, or the seller's live_shopping flag is off. The stream only while live; the products still on sale, each
 * with a buy link to its checkout carrying the event's campaign id.
 */
export async function publicEvent(ctx: Ctx, username: string, id: number): Promise<PublicLiveEventOutput> {
  const seller = await shop.openShopSeller(ctx, username)
  if (!seller) throw notFound()
  if (!featureEnabled({ sellerFeatures: await repo.sellerFeatures(ctx.db, seller.id) }, 'live_shopping')) throw notFound()
  const row = await repo.findForSeller(ctx.db, seller.id, id)
  if (!row) throw notFound()
  const cards = await shop.shareableProductCards(ctx, seller, row.productIds)
  const campaign = encodeURIComponent(liveEventCampaignId(row.id))
  const state = row.state as LiveEventState
  return {
    id: row.id, title: row.title, description: row.description, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString(),
    state, now: ctx.deps.now().toISOString(), seller: { username: seller.username, name: seller.name },
    stream: state === 'live' && row.streamUrl ? { url: row.streamUrl, embed_url: videoEmbedUrl(row.streamUrl) } : null,
    products: state === 'cancelled' ? [] : row.productIds.flatMap((productId) => {
      const product = cards.get(productId)
      return product ? [{ product, buy_url: `/s/${encodeURIComponent(seller.username)}/${encodeURIComponent(product.slug)}/payment?campaign_id=${campaign}` }] : []
    }),
  }
}
