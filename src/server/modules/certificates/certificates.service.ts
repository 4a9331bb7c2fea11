import sharp from 'sharp'
import { AppError } from '../../../shared/errors'
import {
  certificateDesignInput, defaultCertificateDesign, type CertificateDesign, type CertificateDesignOutput,
} from '../../../shared/schemas/certificates'
import type { z } from 'zod'
import type { Action } from '../../auth/permissions'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as catalog from '../catalog/catalog.service'
import * as media from '../media/media.service'
import { pageSize, renderCertificatePdf, type CertificateValues } from './certificate-pdf'
import * as repo from './certificates.repository'

// The design of a certificate product and its PDF preview (issue 3 "certificate: keys details and design").
// Only certificate products have a design (others: 422 wrong_product_form); another seller's product: 404.

export const samplePayerName = 'Alex Example'
const dayMs = 86_400_000

async function certificateProduct(ctx: Ctx, db: Executor, productId: number, action: Action, lock = false) {
  const sellerId = actingSellerId(ctx.actor, action)
  const product = await catalog.ownedProduct(db, sellerId, productId, { lock })
  if (product.form !== 'certificate') throw new AppError('wrong_product_form', 'Only certificate products have a design', [{ path: 'form', message: 'invalid_value' }])
  return product
}

function designOf(row: repo.DesignRow | undefined): CertificateDesign {
  return row ? { ...defaultCertificateDesign, ...(row.design as Partial<CertificateDesign>) } : defaultCertificateDesign
}

function output(productId: number, row: repo.DesignRow | undefined): CertificateDesignOutput {
  return { product_id: productId, ...designOf(row), saved: row !== undefined, updated_at: row?.updatedAt.toISOString() ?? null }
}

export async function getDesign(ctx: Ctx, productId: number): Promise<CertificateDesignOutput> {
  const product = await certificateProduct(ctx, ctx.db, productId, 'products.read')
  return output(product.id, await repo.findDesign(ctx.db, product.id))
}

export async function saveDesign(ctx: Ctx, productId: number, input: z.output<typeof certificateDesignInput>): Promise<CertificateDesignOutput> {
  return ctx.db.transaction(async (tx) => {
    const product = await certificateProduct(ctx, tx, productId, 'products.write', true)
    if (input.background_key) {
      const kinds = await media.uploadKinds(tx, product.sellerId, [input.background_key])
      if (kinds.get(input.background_key) !== 'image') {
        throw new AppError('validation_failed', 'unknown_upload', [{ path: 'background_key', message: 'unknown_upload' }])
      }
    }
    // Fields that do not belong to the chosen options are stored empty, so the design says one thing.
    const design: CertificateDesign = {
      layout: input.layout,
      custom_size: input.layout === 'custom' ? input.custom_size ?? null : null,
      title: input.title,
      body: input.body,
      colors: input.colors,
      date_source: input.date_source,
      relative_days: input.date_source === 'relative_date' ? input.relative_days ?? null : null,
      custom_date_text: input.date_source === 'custom_text' ? input.custom_date_text ?? null : null,
      validity_start: input.validity_start,
      static_date: input.validity_start === 'from_static_date' ? input.static_date ?? null : null,
      validity_days: input.validity_days ?? null,
      background_key: input.background_key ?? null,
    }
    return output(product.id, await repo.saveDesign(tx, product.id, { ...design }, ctx.now))
  })
}

function formatDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date)
}

/**
 * The placeholder values for one payer: the printed date follows the date source; validity starts at the
 * static date or at the payment and lasts `validity_days` (none: no end).
 */
export function certificateValues(design: CertificateDesign, facts: { payerName: string; productName: string; sellerName: string; paidAt: Date; number: string; locale: string }): CertificateValues {
  const date = design.date_source === 'custom_text'
    ? design.custom_date_text ?? ''
    : formatDate(design.date_source === 'relative_date' ? new Date(facts.paidAt.getTime() + (design.relative_days ?? 0) * dayMs) : facts.paidAt, facts.locale)
  const start = design.validity_start === 'from_static_date' && design.static_date ? new Date(`${design.static_date}T00:00:00Z`) : facts.paidAt
  const validUntil = design.validity_days ? formatDate(new Date(start.getTime() + design.validity_days * dayMs), facts.locale) : ''
  return {
    payer_name: facts.payerName, product_name: facts.productName, date, valid_until: validUntil, seller_name: facts.sellerName,
    certificate_number: facts.number,
  }
}

/** The PDF of the saved design (or the defaults) filled for the sample payer "Alex Example". */
export async function previewPdf(ctx: Ctx, productId: number): Promise<Buffer> {
  const product = await certificateProduct(ctx, ctx.db, productId, 'products.read')
  const design = designOf(await repo.findDesign(ctx.db, product.id))
  const seller = await catalog.loadSeller(ctx.db, product.sellerId)
  let background: Buffer | null = null
  if (design.background_key) {
    const bytes = await media.readUpload(ctx, product.sellerId, design.background_key)
    if (bytes) {
      // pdfkit embeds PNG and JPEG only: the background is fitted to the page as a JPEG.
      const { width, height } = pageSize(design)
      background = await sharp(bytes).rotate().resize({ width: Math.round(width * 2), height: Math.round(height * 2), fit: 'cover' }).jpeg({ quality: 85 }).toBuffer()
    }
  }
  const values = certificateValues(design, {
    payerName: samplePayerName, productName: product.name, sellerName: seller.username, paidAt: ctx.now, number: 'PREVIEW-0001',
    locale: ctx.locale,
  })
  return renderCertificatePdf(design, values, { background })
}

/** Copies a certificate design to another product, inside the duplicating transaction (the background stays the seller's upload). */
export async function copyDesign(tx: Executor, fromProductId: number, toProductId: number, now: Date): Promise<void> {
  const row = await repo.findDesign(tx, fromProductId)
  if (row) await repo.saveDesign(tx, toProductId, row.design, now)
}
