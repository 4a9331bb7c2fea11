import { AppError } from '../../../shared/errors'
import { listQuery } from '../../../shared/schemas/lists'
import type { Ctx } from '../../context'
import * as shop from '../catalog/shop.service'
import { recordClick } from './nodes.service'
import * as repo from './storefront.repository'

// What the public pages need of affiliates (docs/decisions/0048-affiliates.md, src/storefront/README.md):
// a click on a publisher's `?aff=` link and its attribution cookie, the program's landing page for
// publishers, and a publisher's embeddable item. Reads only; the click is the module's `recordClick`.

export type ClickSource = 'link' | 'landing' | 'embed'

/** The attribution cookie: `{token}.{click time in epoch seconds}`, first-party, for the program's cookie days. */
export const attributionCookie = 'sf_aff'
/** Node tokens as they appear in links; anything else is no token (nothing is read for it). */
const tokenPattern = /^[A-Za-z0-9_-]{1,64}$/
const day = 86_400

export function isTokenLike(value: string | undefined | null): value is string {
  return typeof value === 'string' && tokenPattern.test(value)
}

/** The node a token names when it can attribute: accepted, of a live program, and (when given) of the shop's seller. */
async function liveNode(ctx: Ctx, token: string, sellerId?: number) {
  if (!isTokenLike(token)) return null
  const node = await repo.findNodeByToken(ctx.db, token)
  if (!node || node.state !== 'accepted' || node.archivedAt || (sellerId !== undefined && node.sellerId !== sellerId)) return null
  return node
}

/**
 * A visit through a publisher's link: records one click and answers the cookie to set (value and max-age in
 * seconds), or null for a token that cannot attribute (unknown, not accepted, archived program, another
 * seller's shop): then nothing is recorded and no cookie set.
 */
export async function recordVisit(ctx: Ctx, input: { token: string; shop: string; productId?: number; source: ClickSource }) {
  if (!isTokenLike(input.token)) return null
  const seller = await repo.findSeller(ctx.db, input.shop)
  if (!seller) return null
  const node = await liveNode(ctx, input.token, seller.id)
  if (!node) return null
  if (!await recordClick(ctx.deps, { token: node.token, productId: input.productId ?? null, source: input.source })) return null
  const clickedAt = Math.floor(ctx.now.getTime() / 1000)
  return { value: `${node.token}.${clickedAt}`, maxAgeSeconds: node.cookiesExpire * day }
}

/** Parses the cookie's value; null for anything else. */
export function parseAttributionCookie(value: string | undefined): { token: string; clickedAt: number } | null {
  const match = value ? /^([A-Za-z0-9_-]{1,64})\.(\d{1,12})$/.exec(value) : null
  return match ? { token: match[1]!, clickedAt: Number(match[2]) } : null
}

/**
 * The token an order is attributed to from the cookie: while the click time plus the program's cookie days
 * (as the program says now) is in the future and the node can still attribute; else null.
 */
export async function attributedToken(ctx: Ctx, cookieValue: string | undefined): Promise<string | null> {
  const parsed = parseAttributionCookie(cookieValue)
  if (!parsed) return null
  const node = await liveNode(ctx, parsed.token)
  if (!node) return null
  return (parsed.clickedAt + node.cookiesExpire * day) * 1000 > ctx.now.getTime() ? node.token : null
}

// ------------------------------------------------------------------ the landing page

export type LandingProduct = { id: number; name: string; url: string; cover_url: string | null; display_price: number | null; currency: string | null }

/**
 * The program's public landing page: its blocks and theme, the figures of the affiliate block and the
 * products. A program that turned its landing page off redirects; an archived program or another seller's
 * id does not exist (404).
 */
export async function landingPage(ctx: Ctx, username: string, programId: number) {
  const seller = await repo.findSeller(ctx.db, username)
  if (!seller || !Number.isInteger(programId) || programId < 1 || programId > 2_147_483_647) throw new AppError('not_found', 'This program does not exist')
  const program = await repo.findLiveProgram(ctx.db, seller.id, programId)
  if (!program) throw new AppError('not_found', 'This program does not exist')
  if (program.disableLandingPage && program.redirectionUrl) return { redirect: program.redirectionUrl } as const
  // An open shop only (a blocked or deactivated seller's shop does not exist); the name as the shop shows it.
  const list = await shop.listShopProducts(ctx, seller.username, listQuery.parse({ per: 1 }), ctx.locale)
  const products: LandingProduct[] = []
  for (const row of await repo.programProductSlugs(ctx.db, program.id)) {
    try {
      // the product's name in the page's language (docs/decisions/0095-product-translations.md)
      const p = await shop.getShopProduct(ctx, seller.username, row.slug, undefined, ctx.locale)
      products.push({
        id: p.id, name: p.name, url: `/s/${encodeURIComponent(seller.username)}/${encodeURIComponent(p.slug)}`,
        cover_url: p.covers[0]?.variants.s640 ?? null, display_price: p.display_price, currency: p.currency_id,
      })
    } catch (error) {
      // unpublished or password-protected products are not shown to the public
      if (!(error instanceof AppError)) throw error
    }
  }
  return {
    redirect: null,
    program: {
      id: program.id, name: program.name, description: program.description,
      seller: { username: seller.username, name: list.seller?.name ?? seller.username },
      commissions: program.commissionBps.map((bps) => bps / 100),
      cookies_expire: program.cookiesExpire, lifetime: program.lifetime, lifetime_days: program.lifetimeDays,
      bonus: program.bonusAmount, bonus_currency: program.bonusCurrency,
      landing_body: program.landingBody.filter((b): b is { kind: string; props: Record<string, unknown> } => typeof b.kind === 'string')
        .map((b) => ({ kind: b.kind, props: typeof b.props === 'object' && b.props !== null ? b.props : {} })),
      landing_theme: program.landingTheme,
      products,
    },
  } as const
}

// ------------------------------------------------------------------ embeddable items

/**
 * A publisher's embeddable item: the product card or buy button, its link through the publisher's token,
 * and the hosts that may frame it (null: any). `available` is false while the node is not accepted.
 */
export async function embeddableItem(ctx: Ctx, id: number) {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new AppError('not_found', 'This item does not exist')
  const item = await repo.findEmbeddableItem(ctx.db, id)
  if (!item) throw new AppError('not_found', 'This item does not exist')
  const frameHosts = item.allowEmbedForms && item.embedFormsAllowed.length > 0 ? item.embedFormsAllowed : null
  const base = { id: item.id, kind: item.kind === 'buy_button' ? 'buy_button' as const : 'product_card' as const, settings: item.settings, frameHosts }
  if (item.nodeState !== 'accepted' || item.programArchivedAt) return { ...base, available: false as const, product: null }
  let product
  try {
    product = await shop.getShopProduct(ctx, item.username, item.slug, undefined, ctx.locale)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return { ...base, available: false as const, product: null }
  }
  return {
    ...base, available: true as const,
    product: {
      name: product.name, cover_url: product.covers[0]?.variants.s640 ?? null, display_price: product.display_price, currency: product.currency_id,
      url: `/s/${encodeURIComponent(item.username)}/${encodeURIComponent(product.slug)}?aff=${encodeURIComponent(item.token)}`,
    },
  }
}
