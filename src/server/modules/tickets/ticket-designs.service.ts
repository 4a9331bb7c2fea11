import QRCode from 'qrcode'
import sharp from 'sharp'
import { AppError } from '../../../shared/errors'
import { formatMoney, isCurrencyId } from '../../../shared/money'
import type { ProductOutput } from '../../../shared/schemas/catalog'
import {
  defaultTicketDesign, orderedPrintFields, sampleTicketCode, ticketDesignInput, type TicketDesign, type TicketDesignOutput, type TicketPrintField,
  footerIn,
} from '../../../shared/schemas/ticket-designs'
import type { z } from 'zod'
import type { Action } from '../../auth/permissions'
import { actingSellerId } from '../../auth/permissions'
import { systemContext, type Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import type { Executor } from '../../db/client'
import * as catalog from '../catalog/catalog.service'
import * as media from '../media/media.service'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import { pdfDateTime } from '../../pdf/pdf-writer'
import { renderTicketPdf, type TicketValues } from './ticket-pdf'
import * as repo from './ticket-designs.repository'

// The design of an eventTickets product's tickets and its PDF preview (wizard step "design"). Only
// eventTickets products have one (others: 422 wrong_product_form); another seller's product: 404.

export const sampleAttendeeName = 'Alex Example'
export const sampleOrderNumber = 'PREVIEW-0001'

async function eventProduct(ctx: Ctx, db: Executor, productId: number, action: Action, lock = false) {
  const sellerId = actingSellerId(ctx.actor, action)
  const product = await catalog.ownedProduct(db, sellerId, productId, { lock })
  if (product.form !== 'eventTickets') throw new AppError('wrong_product_form', 'Only event products have a ticket design', [{ path: 'form', message: 'invalid_value' }])
  return product
}

function designOf(row: repo.TicketDesignRow | undefined): TicketDesign {
  if (!row) return defaultTicketDesign
  return {
    layout: row.layout as TicketDesign['layout'],
    custom_size: row.layout === 'custom' && row.widthMm && row.heightMm ? { width_mm: row.widthMm, height_mm: row.heightMm } : null,
    colors: { accent: row.accentColor, text: row.textColor },
    logo_key: row.logoKey,
    show_qr_code: row.showQrCode,
    fields: orderedPrintFields(row.fields as TicketPrintField[]),
    footer_text: row.footerText,
    translations: Object.fromEntries(Object.entries(row.translations ?? {}).flatMap(([code, texts]) => (texts.footer_text ? [[code, { footer_text: texts.footer_text }]] : []))),
  }
}

function output(productId: number, row: repo.TicketDesignRow | undefined): TicketDesignOutput {
  return { product_id: productId, ...designOf(row), saved: row !== undefined, updated_at: row?.updatedAt.toISOString() ?? null }
}

export async function getDesign(ctx: Ctx, productId: number): Promise<TicketDesignOutput> {
  const product = await eventProduct(ctx, ctx.db, productId, 'products.read')
  return output(product.id, await repo.findDesign(ctx.db, product.id))
}

export async function saveDesign(ctx: Ctx, productId: number, input: z.output<typeof ticketDesignInput>): Promise<TicketDesignOutput> {
  return ctx.db.transaction(async (tx) => {
    const product = await eventProduct(ctx, tx, productId, 'products.write', true)
    if (input.logo_key) {
      const kinds = await media.uploadKinds(tx, product.sellerId, [input.logo_key])
      if (kinds.get(input.logo_key) !== 'image') {
        throw new AppError('validation_failed', 'unknown_upload', [{ path: 'logo_key', message: 'unknown_upload' }])
      }
    }
    // The size belongs to the custom layout only, so the design says one thing.
    const custom = input.layout === 'custom' ? input.custom_size ?? null : null
    // Left out, the stored translations stay; empty texts are not kept (docs/decisions/0095-product-translations.md).
    const translations = input.translations === undefined
      ? (await repo.findDesign(tx, product.id))?.translations ?? {}
      : Object.fromEntries(Object.entries(input.translations ?? {}).flatMap(([code, texts]) => (texts?.footer_text ? [[code, { footer_text: texts.footer_text }]] : [])))
    const row = await repo.saveDesign(tx, product.id, {
      layout: input.layout,
      widthMm: custom?.width_mm ?? null,
      heightMm: custom?.height_mm ?? null,
      accentColor: input.colors.accent,
      textColor: input.colors.text,
      logoKey: input.logo_key ?? null,
      showQrCode: input.show_qr_code,
      fields: orderedPrintFields(input.fields),
      footerText: input.footer_text,
      translations,
    }, ctx.now)
    return output(product.id, row)
  })
}

/** A ticket's date and time in the locale (Intl), in UTC: "September 12, 2030 at 8:00 PM UTC", "12. September 2030 um 20:00 UTC". */
export function formatDateTime(iso: string, locale: LocaleCode): string {
  return pdfDateTime(new Date(iso), locale)
}

/** What the preview prints: the first ticket type of the product, or sample values where it has none. */
export function previewValues(product: Pick<ProductOutput, 'name' | 'tickets'>, locale: LocaleCode, now: Date): TicketValues {
  const ticket = [...product.tickets].sort((a, b) => a.position - b.position)[0]
  const start = ticket?.start_date ?? ticket?.ticket_dates[0]?.start_date ?? new Date(now.getTime() + 30 * 86_400_000).toISOString()
  const plan = ticket?.pricing_plans[0]
  const price = plan && isCurrencyId(plan.currency_id) ? formatMoney({ amount: plan.display_price, currency: plan.currency_id }, { display: 'code' }) : formatMoney({ amount: 4900, currency: 'eur' }, { display: 'code' })
  return {
    event_name: product.name,
    ticket_type: ticket?.name ?? 'Standard',
    date: formatDateTime(start, locale),
    location: ticket?.location ?? 'Sample venue',
    attendee_name: sampleAttendeeName,
    price,
    order_number: sampleOrderNumber,
    code: sampleTicketCode,
  }
}

/** The QR code of a ticket code as PNG bytes. */
export function qrCodePng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 })
}

/** The PDF of the saved design (or the defaults) for a sample ticket of the first ticket type. */
export async function previewPdf(ctx: Ctx, productId: number): Promise<Buffer> {
  const product = await eventProduct(ctx, ctx.db, productId, 'products.read')
  const design = designOf(await repo.findDesign(ctx.db, product.id))
  const full = await catalog.getProduct(ctx, product.id)
  let logo: Buffer | null = null
  if (design.logo_key) {
    const bytes = await media.readUpload(ctx, product.sellerId, design.logo_key)
    // pdfkit embeds PNG and JPEG only: the logo is fitted into a small square as a PNG.
    if (bytes) logo = await sharp(bytes).rotate().resize({ width: 400, height: 400, fit: 'inside', withoutEnlargement: true }).png().toBuffer()
  }
  const values = previewValues(full, ctx.locale, ctx.now)
  const qrCode = design.show_qr_code ? await qrCodePng(values.code) : null
  // The preview speaks the seller's language (the request's); a real ticket its order's.
  return renderTicketPdf(design, values, { locale: ctx.locale, logo, qrCode })
}

/** A real ticket (payment-tickets.service) in its product's saved design, or the defaults. */
export async function ticketPdf(db: Executor, deps: AppDeps, product: { id: number; sellerId: number }, values: TicketValues, locale: LocaleCode): Promise<Buffer> {
  const design = designOf(await repo.findDesign(db, product.id))
  let logo: Buffer | null = null
  if (design.logo_key) {
    const bytes = await media.readUpload(systemContext(deps, { db: db as Ctx['db'] }), product.sellerId, design.logo_key)
    if (bytes) logo = await sharp(bytes).rotate().resize({ width: 400, height: 400, fit: 'inside', withoutEnlargement: true }).png().toBuffer()
  }
  const qrCode = design.show_qr_code ? await qrCodePng(values.code) : null
  return renderTicketPdf({ ...design, footer_text: footerIn(design, locale) }, values, { locale, logo, qrCode })
}

/** Copies a ticket design to another product, inside the duplicating transaction (the logo stays the seller's upload). */
export async function copyDesign(tx: Executor, fromProductId: number, toProductId: number, now: Date): Promise<void> {
  const row = await repo.findDesign(tx, fromProductId)
  if (!row) return
  const { productId: _productId, updatedAt: _updatedAt, ...values } = row
  await repo.saveDesign(tx, toProductId, values, now)
}
