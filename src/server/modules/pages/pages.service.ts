import { isDeepStrictEqual } from 'node:util'
import { AppError } from '../../../shared/errors'
import type { PageDocument, PageType } from '../../../shared/pages/page-blocks'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { pageDocumentSchema, pageTranslationProblems, storablePageTranslations } from '../../../shared/schemas/page-blocks'
import { memberPageForm, type CreatePageInput, type PageDetailOutput, type PageListQuery, type PageOutput, type SaveDraftInput } from '../../../shared/schemas/pages'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as catalog from '../catalog/catalog.service'
import * as repo from './pages.repository'

// A seller's built pages: a draft edited and saved whole, publishing makes a numbered version the storefront
// shows, a rollback publishes an earlier version again (as a new version, so the history only grows), and
// one page per type (and product) is the active one.

const notFound = () => new AppError('not_found', 'No such page')

/** The empty document of a type: its defaults, no blocks. */
function emptyDocument(type: PageType): PageDocument {
  return pageDocumentSchema(type).parse({})
}

function output(row: repo.PageRow, published: PageDocument | null): PageOutput {
  return {
    id: row.id, page_type: row.pageType as PageType, name: row.name, product_id: row.productId, active: row.active,
    revision: row.draftRevision, published_version: row.publishedVersion,
    unpublished_changes: published === null || !isDeepStrictEqual(published, row.draft),
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

async function publishedDocument(db: Executor, row: repo.PageRow): Promise<PageDocument | null> {
  if (row.publishedVersion === null) return null
  return (await repo.findVersion(db, row.id, row.publishedVersion))?.document ?? null
}

async function detail(db: Executor, row: repo.PageRow): Promise<PageDetailOutput> {
  const versions = await repo.versionsOf(db, row.id)
  const published = versions.find((v) => v.number === row.publishedVersion)?.document ?? null
  return {
    ...output(row, published),
    draft: row.draft as unknown as Record<string, unknown>,
    versions: versions.map((v) => ({ number: v.number, published_at: v.createdAt.toISOString(), published_by_user_id: v.publishedByUserId, restored_from: v.restoredFrom })),
  }
}

export async function listPages(ctx: Ctx, query: PageListQuery): Promise<ListAnswer<PageOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const { rows, total, totalMax } = await repo.listPages(ctx.db, sellerId, {
    pageType: query.page_type, productId: query.product_id, query: query.query, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'desc',
    offset: (query.page - 1) * query.per, limit: query.per,
  })
  return { list: rows.map((row) => output(row.page, row.published)), total_count: total, total_count_max: totalMax }
}

export async function getPage(ctx: Ctx, id: number): Promise<PageDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const row = await repo.findPage(ctx.db, sellerId, id)
  if (!row) throw notFound()
  return detail(ctx.db, row)
}

/**
 * POST /cabinet/pages: a product page or thank-you page names one of the seller's products; a course or
 * membership page may name one of the seller's courses or memberships (docs/decisions/0069-member-pages.md).
 */
export async function createPage(ctx: Ctx, input: CreatePageInput): Promise<PageDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'pages.write')
  if (input.product_id != null) {
    const product = await catalog.getProduct(ctx, input.product_id)
    const form = memberPageForm[input.page_type]
    if (form && product.form !== form) throw new AppError('validation_failed', `A ${input.page_type} page belongs to a ${form} product`, [{ path: 'product_id', message: 'invalid_value' }])
  }
  const row = await repo.insertPage(ctx.db, { sellerId, pageType: input.page_type, name: input.name, productId: input.product_id ?? null, draft: emptyDocument(input.page_type) })
  return detail(ctx.db, row)
}

/** PUT /cabinet/pages/{id}/draft: the whole document replaces the draft; the type must be the page's. */
export async function saveDraft(ctx: Ctx, id: number, input: SaveDraftInput): Promise<PageDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'pages.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findPage(tx, sellerId, id, true)
    if (!row) throw notFound()
    if (row.pageType !== input.page_type) throw new AppError('conflict', 'The page is of another type', [{ path: 'page_type', message: 'invalid_value' }])
    if (input.revision !== undefined && input.revision !== row.draftRevision) {
      throw new AppError('conflict', 'The page was saved in the meantime: reload it', [{ path: 'revision', message: 'invalid_value' }])
    }
    // Custom CSS is the custom_css feature's (docs/decisions/0068-custom-css.md).
    if (input.document.settings.custom_css) assertFeature(ctx, 'custom_css')
    // The texts per language name blocks and texts of this document, each with its base field's rules
    // (docs/decisions/0095-product-translations.md, "Built pages' own texts"): what does not fit is a 422.
    const problems = pageTranslationProblems(input.document)
    if (problems.length > 0) {
      throw new AppError('validation_failed', 'Some texts per language name no text of the page or break its rules', problems.map((p) => ({ path: `document.${p.path}`, message: p.message })))
    }
    const draft = storablePageTranslations(input.document)
    const saved = await repo.updatePage(tx, row.id, { draft, draftRevision: row.draftRevision + 1, ...(input.name ? { name: input.name } : {}) })
    return detail(tx, saved)
  })
}

async function publishDocument(ctx: Ctx, tx: Executor, row: repo.PageRow, document: PageDocument, restoredFrom: number | null) {
  const versions = await repo.versionsOf(tx, row.id)
  const number = (versions[0]?.number ?? 0) + 1
  await repo.insertVersion(tx, { pageId: row.id, number, document, publishedByUserId: ctx.actor?.userId ?? null, restoredFrom })
  return repo.updatePage(tx, row.id, { publishedVersion: number, ...(restoredFrom !== null ? { draft: document, draftRevision: row.draftRevision + 1 } : {}) })
}

/** POST /cabinet/pages/{id}/publish: the draft (checked again) becomes the next version, shown at once. */
export async function publishPage(ctx: Ctx, id: number): Promise<PageDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'pages.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findPage(tx, sellerId, id, true)
    if (!row) throw notFound()
    const checked = pageDocumentSchema(row.pageType as PageType).safeParse(row.draft)
    if (!checked.success) throw new AppError('conflict', 'The draft no longer fits its page type: open and save it again')
    return detail(tx, await publishDocument(ctx, tx, row, checked.data, null))
  })
}

/** POST /cabinet/pages/{id}/versions/{number}/restore: that version is published again and becomes the draft. */
export async function restoreVersion(ctx: Ctx, id: number, number: number): Promise<PageDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'pages.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findPage(tx, sellerId, id, true)
    if (!row) throw notFound()
    const version = await repo.findVersion(tx, row.id, number)
    if (!version) throw new AppError('not_found', 'No such version')
    return detail(tx, await publishDocument(ctx, tx, row, version.document, version.number))
  })
}

/** POST /cabinet/pages/{id}/activate: the storefront shows this page for its type (and product); published first. */
export async function activatePage(ctx: Ctx, id: number): Promise<PageDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'pages.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findPage(tx, sellerId, id, true)
    if (!row) throw notFound()
    if (row.publishedVersion === null) throw new AppError('conflict', 'Publish the page before using it')
    await repo.deactivateOthers(tx, row)
    return detail(tx, await repo.updatePage(tx, row.id, { active: true }))
  })
}

/** POST /cabinet/pages/{id}/deactivate: no page is used for its type (and product); the storefront's default layout shows. */
export async function deactivatePage(ctx: Ctx, id: number): Promise<PageDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'pages.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findPage(tx, sellerId, id, true)
    if (!row) throw notFound()
    return detail(tx, row.active ? await repo.updatePage(tx, row.id, { active: false }) : row)
  })
}

/** DELETE /cabinet/pages/{id}: archived (its versions kept); the storefront falls back to the default layout. */
export async function archivePage(ctx: Ctx, id: number): Promise<PageOutput> {
  const sellerId = actingSellerId(ctx.actor, 'pages.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findPage(tx, sellerId, id, true)
    if (!row) throw notFound()
    const archived = await repo.updatePage(tx, row.id, { archivedAt: ctx.now, active: false })
    return output(archived, await publishedDocument(tx, archived))
  })
}

/**
 * The member page of a course or membership (docs/decisions/0069-member-pages.md): the product's own active
 * page, else the seller's active page of the type without a product; null when neither is published.
 */
export async function activeMemberPage(db: Executor, sellerId: number, pageType: PageType, productId: number) {
  return (await repo.activePublished(db, sellerId, pageType, productId)) ?? (await repo.activePublished(db, sellerId, pageType, null)) ?? null
}

/** The storefront's question: the published document of the seller's active page, or null (default layout). */
export async function activeDocument(db: Executor, sellerId: number, pageType: PageType, productId: number | null = null): Promise<PageDocument | null> {
  return (await repo.activePublished(db, sellerId, pageType, productId))?.document ?? null
}

/**
 * A page chosen by id rather than by being active (a funnel node names its page, docs/decisions/0066-funnels.md):
 * its published document, or null when it is not the seller's, not of the type, archived or never published.
 */
export async function publishedDocumentById(db: Executor, sellerId: number, id: number, pageType: PageType): Promise<PageDocument | null> {
  return (await repo.publishedById(db, sellerId, id, pageType))?.document ?? null
}

/** Which of `ids` are the seller's pages of a type (not archived), for a form that names pages. */
export async function ownedPageIds(db: Executor, sellerId: number, ids: readonly number[], pageType: PageType): Promise<number[]> {
  return repo.ownedPageIds(db, sellerId, ids, pageType)
}
