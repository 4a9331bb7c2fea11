import { randomBytes } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import {
  themeKinds, themeVisibilities, type CopyThemeInput, type CreateThemeInput, type PublicThemeOutput, type ShareThemeInput, type ThemeKind,
  type ThemeListQuery, type ThemeOutput, type ThemeVisibility, type UpdateThemeInput,
} from '../../../shared/schemas/themes'
import { actingSellerId } from '../../auth/permissions'
import { requireActor, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as repo from './themes.repository'

// Themes (docs/decisions/0061-fonts-and-themes.md): a seller's themes of eight kinds with the page builder's
// settings; one applied theme per kind; public themes form the template hub, from which any seller copies a
// private theme of their own; a theme shared by its unguessable link is copied and applied by the receiver's
// seller profile. Another seller's private theme answers 404 like a missing one, to every route.

const notFound = () => new AppError('not_found', 'No such theme')
const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback)

/** 32 url-safe characters from 24 random bytes (192 bits). */
const shareToken = () => randomBytes(24).toString('base64url')
const shareUrl = (ctx: Ctx, row: repo.ThemeRow) => (row.shareToken ? `${ctx.deps.config.appUrl}/themes/shared/${row.shareToken}?type=${encodeURIComponent(row.kind)}` : null)

function output(ctx: Ctx, row: repo.ThemeRow, applied: Map<string, number>): ThemeOutput {
  return {
    id: row.id, kind: oneOf(themeKinds, row.kind, 'ShopTheme' as ThemeKind), name: row.name,
    visibility: oneOf(themeVisibilities, row.visibility, 'private' as ThemeVisibility), settings: row.settings,
    applied: applied.get(row.kind) === row.id, share_url: shareUrl(ctx, row), share_token: row.shareToken, copied_from_id: row.copiedFromId,
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

function publicOutput(row: repo.ThemeWithSeller, askingSellerId: number | null): PublicThemeOutput {
  return {
    id: row.id, kind: oneOf(themeKinds, row.kind, 'ShopTheme' as ThemeKind), name: row.name, settings: row.settings,
    seller: { id: row.sellerId, name: row.sellerName }, own: row.sellerId === askingSellerId,
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

async function answer(ctx: Ctx, db: Executor, sellerId: number, row: repo.ThemeRow) {
  return { theme: output(ctx, row, await repo.appliedOf(db, sellerId)) }
}

export async function listThemes(ctx: Ctx, query: ThemeListQuery): Promise<ListAnswer<ThemeOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const { rows, total, max } = await repo.listForSeller(ctx.db, sellerId, { kind: query.kind, query: query.query, offset: (query.page - 1) * query.per, limit: query.per })
  const applied = await repo.appliedOf(ctx.db, sellerId)
  return { list: rows.map((r) => output(ctx, r, applied)), total_count: total, total_count_max: max }
}

export async function getTheme(ctx: Ctx, id: number) {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const row = await repo.findForSeller(ctx.db, sellerId, id)
  if (!row) throw notFound()
  return answer(ctx, ctx.db, sellerId, row)
}

export async function createTheme(ctx: Ctx, input: CreateThemeInput) {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertTheme(tx, { sellerId, kind: input.kind, name: input.name, visibility: input.visibility, settings: input.settings })
    return answer(ctx, tx, sellerId, row)
  })
}

export async function updateTheme(ctx: Ctx, id: number, input: UpdateThemeInput) {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    if (!await repo.findForSeller(tx, sellerId, id, true)) throw notFound()
    const row = await repo.updateTheme(tx, id, { name: input.name, visibility: input.visibility, settings: input.settings })
    return answer(ctx, tx, sellerId, row)
  })
}

/** Deletes the theme; when it was applied, its kind has no applied theme any more (the platform's look). */
export async function deleteTheme(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  await ctx.db.transaction(async (tx) => {
    if (!await repo.findForSeller(tx, sellerId, id, true)) throw notFound()
    await repo.deleteTheme(tx, id)
  })
}

async function copyInto(tx: Executor, sellerId: number, source: repo.ThemeRow, name: string | undefined) {
  return repo.insertTheme(tx, {
    sellerId, kind: source.kind, name: name ?? source.name, visibility: 'private', settings: source.settings, copiedFromId: source.id,
  })
}

/** A private copy in the seller's account of their own theme or of a public one from the hub. */
export async function copyTheme(ctx: Ctx, id: number, input: CopyThemeInput) {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    const source = await repo.findCopyable(tx, sellerId, id)
    if (!source) throw notFound()
    return answer(ctx, tx, sellerId, await copyInto(tx, sellerId, source, input.name))
  })
}

/** Makes the theme the seller's applied one of its kind (the one before it stays, no longer applied). */
export async function applyTheme(ctx: Ctx, id: number) {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findForSeller(tx, sellerId, id, true)
    if (!row) throw notFound()
    await repo.apply(tx, sellerId, row.kind, row.id)
    return answer(ctx, tx, sellerId, row)
  })
}

/** Turns the shared link on with a new token (an earlier link stops working) or off. */
export async function shareTheme(ctx: Ctx, id: number, input: ShareThemeInput) {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    if (!await repo.findForSeller(tx, sellerId, id, true)) throw notFound()
    const row = await repo.updateTheme(tx, id, { shareToken: input.enabled ? shareToken() : null })
    return answer(ctx, tx, sellerId, row)
  })
}

/** The template hub: public themes of every seller. */
export async function hub(ctx: Ctx, query: ThemeListQuery): Promise<ListAnswer<PublicThemeOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const { rows, total, max } = await repo.listPublic(ctx.db, { kind: query.kind, query: query.query, offset: (query.page - 1) * query.per, limit: query.per })
  return { list: rows.map((r) => publicOutput(r, sellerId)), total_count: total, total_count_max: max }
}

const sharedNotFound = () => new AppError('not_found', 'This shared theme link does not exist or was turned off')

/** A shared theme as its link shows it to any signed-in user (who then applies it with a seller profile). */
export async function sharedTheme(ctx: Ctx, token: string) {
  const actor = requireActor(ctx)
  const row = await repo.findByToken(ctx.db, token)
  if (!row) throw sharedNotFound()
  return { theme: publicOutput(row, actor.profileType === 'seller' ? actor.sellerId : null) }
}

/** The receiver's seller copies the shared theme (a private copy) and applies it, in one transaction. */
export async function applySharedTheme(ctx: Ctx, token: string) {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    const source = await repo.findByToken(tx, token)
    if (!source) throw sharedNotFound()
    const copy = await copyInto(tx, sellerId, source, undefined)
    await repo.apply(tx, sellerId, copy.kind, copy.id)
    return answer(ctx, tx, sellerId, copy)
  })
}

/** Other modules (the page builder, the shop): the seller's applied theme of a kind, or null. */
export async function appliedThemeOf(db: Executor, sellerId: number, kind: ThemeKind): Promise<{ id: number; settings: Record<string, unknown> } | null> {
  const row = await repo.appliedTheme(db, sellerId, kind)
  return row ? { id: row.id, settings: row.settings } : null
}
