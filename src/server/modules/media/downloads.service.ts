import type { Readable } from 'node:stream'
import { AppError } from '../../../shared/errors'
import type { DownloadQuery, DownloadSettingsInput, DownloadSettingsOutput } from '../../../shared/schemas/downloads'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, featureEnabled, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as catalog from '../catalog/catalog.service'
import * as repo from './media.repository'
import * as downloads from './downloads.repository'
import { checkDownload, downloadPath, downloadSigningKey, signDownload, type DownloadGrant } from './downloads.signing'
import { stampPdf } from './downloads.stamp'

// Downloads of a download product's files (docs/decisions/0020-issued-certificates-licenses-downloads.md): signed links that expire, served from storage while
// the order stands (paid, or paying for a running plan), counted per file and order up to the product's
// limit, PDFs stamped with the payer's name and email when the seller asks for it.

/** How long a link works: long enough for the delivery mail to be read; the payer area hands out fresh ones. */
export const downloadLinkTtlSeconds = 72 * 3600
/** The order states in which its files may be downloaded (a refund, chargeback or cancel ends it). */
const downloadableStates = new Set(['paid', 'paying'])

const keyCache = new WeakMap<Uint8Array, Buffer>()
function signingKey(deps: Pick<AppDeps, 'jwtKey'>): Buffer {
  let key = keyCache.get(deps.jwtKey)
  if (!key) {
    key = downloadSigningKey(deps.jwtKey)
    keyCache.set(deps.jwtKey, key)
  }
  return key
}

/** Signed, expiring links to each file of the product for the order's payer, in the seller's order. */
export async function downloadLinksOf(deps: AppDeps, db: Executor, input: { productId: number; orderId: number; payerUserId: number | null }): Promise<{ name: string; url: string }[]> {
  const expires = Math.floor(deps.now().getTime() / 1000) + downloadLinkTtlSeconds
  const files = await repo.listFiles(db, input.productId)
  return files.map((file) => {
    const grant: DownloadGrant = { fileId: file.id, productId: input.productId, orderId: input.orderId, payerUserId: input.payerUserId, expires }
    return { name: file.name, url: `${deps.config.appUrl}${downloadPath(grant, signDownload(signingKey(deps), grant))}` }
  })
}

/** A download to stream (`body`), or (`redirect`) a short-lived presigned URL of the bucket to send the browser to. */
export type ServedDownload =
  | { name: string; contentType: string; body: Buffer | Readable; size: number; stamped: boolean; redirect?: undefined }
  | { name: string; contentType: string; redirect: string; stamped: false }

/**
 * The largest PDF stamped when served: stamping loads the whole document into memory (pdf-lib), so a bigger
 * one is refused like a PDF that cannot be stamped (docs/decisions/0025-certificates-licenses-downloads-follow-ups.md).
 */
export const stampMaxBytes = 64 * 1024 * 1024

const isPdf = (file: repo.DownloadFileRow) => file.contentType === 'application/pdf' || /\.pdf$/i.test(file.name)

/**
 * Serves one download of a signed link: a forged link is 403 forbidden, an expired one 403 link_expired; a
 * file, order or payer that does not fit (deleted since, refunded) is 404; past the limit 403
 * download_limit_reached. Nothing of the file is sent in any of these cases.
 */
export async function serveDownload(ctx: Ctx, fileId: number, query: DownloadQuery): Promise<ServedDownload> {
  const grant: DownloadGrant = { fileId, productId: query.product, orderId: query.order, payerUserId: query.payer === 0 ? null : query.payer, expires: query.expires }
  const verdict = checkDownload(signingKey(ctx.deps), grant, query.sig, Math.floor(ctx.now.getTime() / 1000))
  if (verdict === 'forged') throw new AppError('forbidden', 'This download link is not valid')
  if (verdict === 'expired') throw new AppError('link_expired', 'This download link has expired; open your purchase again for a new one')
  const notFound = new AppError('not_found', 'This file does not exist')
  const { file, order, stamp } = await ctx.db.transaction(async (tx) => {
    const file = await repo.findFile(tx, grant.productId, fileId)
    const order = await downloads.findOrder(tx, grant.orderId)
    if (!file || !order || order.payerUserId !== grant.payerUserId || !downloadableStates.has(order.paymentState)) throw notFound
    const settings = await downloads.findSettings(tx, grant.productId)
    // The seller's pdf_stamp flag gates stamping: with it off the saved setting rests and files go out as
    // uploaded (docs/decisions/0025-certificates-licenses-downloads-follow-ups.md).
    const stamp = settings.stampPdf && featureEnabled({ sellerFeatures: await downloads.sellerFeaturesOfProduct(tx, grant.productId) }, 'pdf_stamp')
    const count = await downloads.countDownload(tx, file.id, order.id, settings.downloadLimit, ctx.now)
    if (count === null) throw new AppError('download_limit_reached', 'This file was downloaded as often as the seller allows')
    return { file, order, stamp }
  })
  if (stamp && isPdf(file)) {
    const payer = order.payer as { email?: string; first_name?: string; last_name?: string }
    const name = [payer.first_name, payer.last_name].filter(Boolean).join(' ')
    try {
      if ((await ctx.deps.storage.size(file.storageKey)) > stampMaxBytes) throw new Error(`larger than ${stampMaxBytes} bytes`)
      const body = await stampPdf(await ctx.deps.storage.get(file.storageKey), { name, email: payer.email ?? '' })
      return { name: file.name, contentType: 'application/pdf', body, size: body.length, stamped: true }
    } catch (error) {
      // An unstamped copy would defeat the seller's setting: refuse, and say so in the log.
      ctx.deps.logger.warn({ err: error, fileId: file.id }, 'PDF could not be stamped')
      throw new AppError('conflict', 'This file cannot be prepared for download right now')
    }
  }
  // Checked and counted above, so the bytes may come from the bucket itself: a presigned URL that lives
  // S3_PRESIGNED_SECONDS names the file and its type (docs/decisions/0101-presigned-downloads.md). A stamped
  // PDF never gets here: its bytes are the payer's own.
  const { storage } = ctx.deps
  if (storage.presignedUrl) {
    const redirect = await storage.presignedUrl(file.storageKey, { expiresInSeconds: ctx.deps.config.S3_PRESIGNED_SECONDS, fileName: file.name, contentType: file.contentType })
    return { name: file.name, contentType: file.contentType, redirect, stamped: false }
  }
  // Streamed from storage, whole: no ranges here, since every request counts as one download.
  const size = await ctx.deps.storage.size(file.storageKey)
  return { name: file.name, contentType: file.contentType, body: await ctx.deps.storage.getStream(file.storageKey), size, stamped: false }
}

// ------------------------------------------------------------------ the seller's settings

async function downloadProduct(ctx: Ctx, db: Executor, productId: number, action: 'products.read' | 'products.write') {
  const product = await catalog.ownedProduct(db, actingSellerId(ctx.actor, action), productId, { lock: action === 'products.write' })
  if (product.form !== 'download') throw new AppError('wrong_product_form', 'Only download products have download settings', [{ path: 'form', message: 'invalid_value' }])
  return product
}

export async function getDownloadSettings(ctx: Ctx, productId: number): Promise<DownloadSettingsOutput> {
  const product = await downloadProduct(ctx, ctx.db, productId, 'products.read')
  const settings = await downloads.findSettings(ctx.db, product.id)
  return { product_id: product.id, stamp_pdf: settings.stampPdf, download_limit: settings.downloadLimit, pdf_stamp_available: featureEnabled(ctx, 'pdf_stamp') }
}

export async function saveDownloadSettings(ctx: Ctx, productId: number, input: DownloadSettingsInput): Promise<DownloadSettingsOutput> {
  return ctx.db.transaction(async (tx) => {
    const product = await downloadProduct(ctx, tx, productId, 'products.write')
    const available = featureEnabled(ctx, 'pdf_stamp')
    // Without the flag the switch is hidden: turning stamping on is refused, other saves keep what was set.
    if (input.stamp_pdf && !available) assertFeature(ctx, 'pdf_stamp')
    const stampPdf = available ? input.stamp_pdf : (await downloads.findSettings(tx, product.id)).stampPdf
    await downloads.saveSettings(tx, product.id, { stampPdf, downloadLimit: input.download_limit }, ctx.now)
    return { product_id: product.id, stamp_pdf: stampPdf, download_limit: input.download_limit, pdf_stamp_available: available }
  })
}
