import { AppError } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type {
  CreateTrackingCodeInput, ProductTrackingInput, ProductTrackingOutput, TrackingCodeListQuery, TrackingCodeOutput, UpdateTrackingCodeInput,
} from '../../../shared/schemas/tracking'
import {
  defaultConsentCategory, isTrackingIdOf, trackingCodeFeature, trackingEvents, trackingIdExamples,
  type TrackingCodeType, type TrackingConsentCategory, type TrackingEvent,
} from '../../../shared/tracking-codes'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, featureEnabled, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import { assertProductsOwned, ownedProduct } from '../catalog/catalog.service'
import { sanitizeCustomCode } from './custom-code.sanitizer'
import * as repo from './tracking.repository'

// Sellers' tracking codes and each product's choice of them (docs/decisions/0074-tracking-with-consent.md).
// The storefront serves a code only after the payer's consent to its category (storefront-tracking.service.ts).

/** At most this many codes per seller. */
const maxCodesPerSeller = 50

const notFound = () => new AppError('not_found', 'No such tracking code')

export function trackingCodeOutput(row: repo.TrackingCodeRow): TrackingCodeOutput {
  return {
    id: row.id, type: row.type as TrackingCodeType, name: row.name, tracking_id: row.trackingId,
    consent_category: row.consentCategory as TrackingConsentCategory, code: row.code, hosts: row.hosts,
    events: row.events as TrackingEvent[], created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

const invalidTrackingId = (type: TrackingCodeType) => {
  const example = type === 'custom_tracking_codes' ? null : trackingIdExamples[type]
  const message = `Not a ${type} tracking id${example ? ` (like ${example})` : ''}`
  return new AppError('invalid_tracking_id', message, [{ path: 'tracking_id', message }])
}

/** The stored fields of a code of `type` from what the seller sent: the id checked, custom code sanitised. */
function codeFields(type: TrackingCodeType, input: { tracking_id?: string | null; code?: string | null }) {
  if (type === 'custom_tracking_codes') {
    if (input.tracking_id) throw new AppError('validation_failed', 'A custom code has no tracking id', [{ path: 'tracking_id', message: 'A custom code has no tracking id' }])
    const sanitized = sanitizeCustomCode(input.code ?? '')
    if (!sanitized.html) {
      const message = 'A custom code keeps only external https scripts (<script src="https://…">) and https image pixels; none was found'
      throw new AppError('validation_failed', message, [{ path: 'code', message }])
    }
    return { trackingId: null, code: sanitized.html, hosts: sanitized.hosts }
  }
  if (input.code) throw new AppError('validation_failed', 'Only custom codes carry code', [{ path: 'code', message: 'Only custom codes carry code' }])
  if (!input.tracking_id || !isTrackingIdOf(type, input.tracking_id)) throw invalidTrackingId(type)
  return { trackingId: input.tracking_id, code: null, hosts: [] as string[] }
}

function sellerFor(ctx: Ctx, action: 'settings.read' | 'settings.write'): number {
  return actingSellerId(ctx.actor, action)
}

export async function listTrackingCodes(ctx: Ctx, query: TrackingCodeListQuery): Promise<ListAnswer<TrackingCodeOutput>> {
  const sellerId = sellerFor(ctx, 'settings.read')
  let productCodeIds: number[] | undefined
  if (query.product_id !== undefined) {
    await ownedProduct(ctx.db, sellerId, query.product_id)
    const selection = await repo.findSelection(ctx.db, query.product_id)
    productCodeIds = selection.mode === 'all' ? undefined : selection.codeIds
  }
  const { rows, total, totalMax } = await repo.listTrackingCodes(ctx.db, sellerId, {
    type: query.type, consentCategory: query.consent_category, event: query.event, productCodeIds, withCode: query.with_code, query: query.query,
    sortKey: query.sort_key, sortDir: query.sort_dir, offset: (query.page - 1) * query.per, limit: query.per,
  })
  return { list: rows.map(trackingCodeOutput), total_count: total, total_count_max: totalMax }
}

export async function getTrackingCode(ctx: Ctx, id: number): Promise<{ tracking_code: TrackingCodeOutput }> {
  const sellerId = sellerFor(ctx, 'settings.read')
  const row = await repo.findTrackingCode(ctx.db, sellerId, id)
  if (!row) throw notFound()
  return { tracking_code: trackingCodeOutput(row) }
}

export async function createTrackingCode(ctx: Ctx, input: CreateTrackingCodeInput): Promise<{ tracking_code: TrackingCodeOutput }> {
  const sellerId = sellerFor(ctx, 'settings.write')
  assertFeature(ctx, trackingCodeFeature[input.type])
  const fields = codeFields(input.type, input)
  const row = await ctx.db.transaction(async (tx) => {
    if (await repo.countTrackingCodes(tx, sellerId) >= maxCodesPerSeller) throw new AppError('conflict', `A seller has at most ${maxCodesPerSeller} tracking codes`)
    return repo.insertTrackingCode(tx, {
      sellerId, type: input.type, name: input.name, ...fields,
      consentCategory: input.consent_category ?? defaultConsentCategory[input.type],
      events: [...new Set(input.events ?? trackingEvents)],
    })
  })
  return { tracking_code: trackingCodeOutput(row) }
}

export async function updateTrackingCode(ctx: Ctx, id: number, input: UpdateTrackingCodeInput): Promise<{ tracking_code: TrackingCodeOutput }> {
  const sellerId = sellerFor(ctx, 'settings.write')
  const row = await repo.findTrackingCode(ctx.db, sellerId, id)
  if (!row) throw notFound()
  const type = row.type as TrackingCodeType
  assertFeature(ctx, trackingCodeFeature[type])
  const idOrCodeChanged = input.tracking_id !== undefined || input.code !== undefined
  const fields = idOrCodeChanged
    ? codeFields(type, { tracking_id: input.tracking_id === undefined ? row.trackingId : input.tracking_id, code: input.code === undefined ? row.code : input.code })
    : {}
  const updated = await repo.updateTrackingCode(ctx.db, id, {
    ...fields,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.consent_category !== undefined ? { consentCategory: input.consent_category } : {}),
    ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
  })
  return { tracking_code: trackingCodeOutput(updated) }
}

export async function deleteTrackingCode(ctx: Ctx, id: number): Promise<void> {
  const sellerId = sellerFor(ctx, 'settings.write')
  const row = await repo.findTrackingCode(ctx.db, sellerId, id)
  if (!row) throw notFound()
  await repo.deleteTrackingCode(ctx.db, id)
}

// ---------------------------------------------------------------- a product's selection

export async function getProductTracking(ctx: Ctx, productId: number): Promise<ProductTrackingOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  await ownedProduct(ctx.db, sellerId, productId)
  const selection = await repo.findSelection(ctx.db, productId)
  return { product_tracking: { product_id: productId, mode: selection.mode, tracking_code_ids: selection.codeIds } }
}

export async function setProductTracking(ctx: Ctx, productId: number, input: ProductTrackingInput): Promise<ProductTrackingOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  const codeIds = input.mode === 'selected' ? [...new Set(input.tracking_code_ids)] : []
  await ctx.db.transaction(async (tx) => {
    await ownedProduct(tx, sellerId, productId, { lock: true })
    const owned = await repo.ownedCodeIds(tx, sellerId, codeIds)
    if (codeIds.some((id) => !owned.has(id))) throw notFound()
    await repo.saveSelection(tx, sellerId, productId, input.mode, codeIds)
  })
  return getProductTracking(ctx, productId)
}

/** The demo seller's tracking code, selected on the given products (src/server/db/seed.ts). */
export async function seedDemoTracking(db: Executor, sellerId: number, productIds: readonly number[]): Promise<void> {
  await assertProductsOwned(db, sellerId, productIds)
  if (await repo.countTrackingCodes(db, sellerId) > 0) return
  const code = await repo.insertTrackingCode(db, {
    sellerId, type: 'google_analytics_4', name: 'Demo analytics (GA4)', trackingId: 'G-DEMO123456',
    consentCategory: 'statistics', events: [...trackingEvents], hosts: [],
  })
  for (const productId of productIds) await repo.saveSelection(db, sellerId, productId, 'selected', [code.id])
}

// ---------------------------------------------------------------- the storefront's side

export type PageTrackingCode = {
  id: number; type: TrackingCodeType; trackingId: string | null; consentCategory: TrackingConsentCategory
  code: string | null; hosts: string[]; events: TrackingEvent[]
}

/**
 * The seller's codes a storefront page may serve: every code whose type's feature is on, narrowed by the
 * product's selection on a product's pages (product, payment, funnel offer, success; `productId`), all of
 * them on shop pages (`productId` null). The event filter and the consent are the caller's, per answer.
 */
export async function pageTrackingCodes(db: Executor, sellerId: number, productId: number | null): Promise<PageTrackingCode[]> {
  const [rows, features, selection] = await Promise.all([
    repo.allTrackingCodes(db, sellerId), repo.sellerFeatures(db, sellerId), productId === null ? null : repo.findSelection(db, productId),
  ])
  if (selection?.mode === 'none') return []
  const chosen = selection?.mode === 'selected' ? new Set(selection.codeIds) : null
  return rows
    .filter((row) => (chosen ? chosen.has(row.id) : true) && featureEnabled({ sellerFeatures: features }, trackingCodeFeature[row.type as TrackingCodeType]))
    .map((row) => ({
      id: row.id, type: row.type as TrackingCodeType, trackingId: row.trackingId, consentCategory: row.consentCategory as TrackingConsentCategory,
      code: row.code, hosts: row.hosts, events: row.events as TrackingEvent[],
    }))
}
