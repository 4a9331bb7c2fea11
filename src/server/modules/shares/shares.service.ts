import { randomBytes } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import {
  defaultShareButtonText, slugFromTitle, type CreateShareInput, type PublicShareOutput, type ShareListQuery, type ShareOutput, type UpdateShareInput,
} from '../../../shared/schemas/shares'
import { isHexColor } from '../../../shared/validation/color'
import { isReservedSlug } from '../../../shared/validation/slugs'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as shop from '../catalog/shop.service'
import * as themes from '../themes/themes.service'
import * as repo from './shares.repository'
import { isUniqueViolation } from '../../db/unique-violation'

// Multi-item shares (docs/decisions/0067-multi-item-shares.md): a seller's link that presents several products
// on one page, /v/{username}/{slug}. The items are checked when saved (the seller's, published, not archived,
// no access password) and again when the page is shown: a product that stopped being on sale drops out.

const notFound = () => new AppError('not_found', 'No such shared link')
const slugTaken = () => new AppError('validation_failed', 'share_slug_taken', [{ path: 'slug', message: 'share_slug_taken' }])
const uniqueIndex = 'item_shares_seller_slug_unique'


function output(ctx: Ctx, username: string, row: repo.ShareRow): ShareOutput {
  return {
    id: row.id, slug: row.slug, title: row.title, description: row.description, button_text: row.buttonText,
    items: row.items.map((i) => ({ product_id: i.product_id, text: i.text ?? null })),
    url: `${ctx.deps.config.appUrl}/v/${encodeURIComponent(username)}/${encodeURIComponent(row.slug)}`,
    views: row.views, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

async function usernameOf(ctx: Ctx, sellerId: number): Promise<string> {
  return (await shop.openShopSeller(ctx, sellerId))?.username ?? String(sellerId)
}

/** Every item must be a product the seller may share now; the first that is not marks its field. */
async function checkItems(ctx: Ctx, sellerId: number, items: CreateShareInput['items']) {
  const cards = await shop.shareableProductCards(ctx, await shop.openShopSeller(ctx, sellerId), items.map((i) => i.product_id))
  const bad = items.findIndex((i) => !cards.has(i.product_id))
  if (bad >= 0) throw new AppError('validation_failed', 'product_not_shareable', [{ path: `items.${bad}.product_id`, message: 'product_not_shareable' }])
}

/** A free slug: the one asked for (refused when taken) or one made from the title with a short random tail. */
async function slugFor(db: Executor, sellerId: number, asked: string | undefined, title: string, exceptId: number | null): Promise<string> {
  if (asked !== undefined) {
    if (isReservedSlug(asked) || await repo.slugTaken(db, sellerId, asked, exceptId)) throw slugTaken()
    return asked
  }
  for (;;) {
    const made = `${slugFromTitle(title)}-${randomBytes(4).toString('hex').slice(0, 6)}`
    if (!await repo.slugTaken(db, sellerId, made, exceptId)) return made
  }
}

const items = (list: CreateShareInput['items']) => list.map((i) => ({ product_id: i.product_id, text: i.text ?? null }))

export async function listShares(ctx: Ctx, query: ShareListQuery): Promise<ListAnswer<ShareOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const { rows, total, max } = await repo.listForSeller(ctx.db, sellerId, {
    query: query.query, sortKey: query.sort_key, sortDir: query.sort_dir, offset: (query.page - 1) * query.per, limit: query.per,
  })
  const username = await usernameOf(ctx, sellerId)
  return { list: rows.map((r) => output(ctx, username, r)), total_count: total, total_count_max: max }
}

export async function getShare(ctx: Ctx, id: number) {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const row = await repo.findForSeller(ctx.db, sellerId, id)
  if (!row) throw notFound()
  return { share: output(ctx, await usernameOf(ctx, sellerId), row) }
}

export async function createShare(ctx: Ctx, input: CreateShareInput) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertFeature(ctx, 'product_sharing')
  await checkItems(ctx, sellerId, input.items)
  try {
    const row = await ctx.db.transaction(async (tx) => repo.insertShare(tx, {
      sellerId, slug: await slugFor(tx, sellerId, input.slug, input.title, null), title: input.title, description: input.description ?? null,
      buttonText: input.button_text ?? defaultShareButtonText, items: items(input.items),
    }))
    return { share: output(ctx, await usernameOf(ctx, sellerId), row) }
  } catch (error) {
    throw isUniqueViolation(error, uniqueIndex) ? slugTaken() : error
  }
}

export async function updateShare(ctx: Ctx, id: number, input: UpdateShareInput) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  assertFeature(ctx, 'product_sharing')
  if (input.items) await checkItems(ctx, sellerId, input.items)
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const current = await repo.findForSeller(tx, sellerId, id, true)
      if (!current) throw notFound()
      return repo.updateShare(tx, id, {
        title: input.title, description: input.description, buttonText: input.button_text, items: input.items ? items(input.items) : undefined,
        slug: input.slug !== undefined && input.slug.toLowerCase() !== current.slug.toLowerCase() ? await slugFor(tx, sellerId, input.slug, current.title, id) : undefined,
      })
    })
    return { share: output(ctx, await usernameOf(ctx, sellerId), row) }
  } catch (error) {
    throw isUniqueViolation(error, uniqueIndex) ? slugTaken() : error
  }
}

/** Archives the link: its page answers 404 from now on and its slug is free again. */
export async function archiveShare(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  await ctx.db.transaction(async (tx) => {
    if (!await repo.findForSeller(tx, sellerId, id, true)) throw notFound()
    await repo.updateShare(tx, id, { archivedAt: ctx.deps.now() })
  })
}

function colour(settings: Record<string, unknown>, key: string): string | null {
  const value = settings[key]
  return typeof value === 'string' && isHexColor(value) ? value : null
}

/**
 * The public page (/v/{username}/{slug}): the texts and the items still on sale, in the seller's order, in the
 * colours of the applied MultiItemsSharing theme. Counts a view when asked (a GET, not a HEAD).
 */
export async function publicShare(ctx: Ctx, username: string, slug: string, countView: boolean): Promise<PublicShareOutput> {
  const seller = await shop.openShopSeller(ctx, username)
  if (!seller) throw notFound()
  const row = await repo.findBySlug(ctx.db, seller.id, slug)
  if (!row) throw notFound()
  const cards = await shop.shareableProductCards(ctx, seller, row.items.map((i) => i.product_id))
  const theme = (await themes.appliedThemeOf(ctx.db, seller.id, 'MultiItemsSharing'))?.settings ?? {}
  if (countView) await repo.countView(ctx.db, row.id)
  return {
    title: row.title, description: row.description, button_text: row.buttonText, seller: { username: seller.username, name: seller.name },
    items: row.items.flatMap((i) => {
      const product = cards.get(i.product_id)
      return product ? [{ product, text: i.text ?? null }] : []
    }),
    theme: {
      background_color: colour(theme, 'backgroundColor'), button_color: colour(theme, 'buttonColor'),
      button_text_color: colour(theme, 'buttonTextColor'), font_color: colour(theme, 'fontColor'),
    },
  }
}

/** The demo's shared link (src/server/db/seed.ts): made once, under `slug`. */
export async function ensureDemoShare(ctx: Ctx, slug: string, input: Omit<CreateShareInput, 'slug'>): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  if (await repo.findBySlug(ctx.db, sellerId, slug)) return
  await createShare(ctx, { ...input, slug })
}
