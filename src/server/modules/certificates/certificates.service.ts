import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import QRCode from 'qrcode'
import sharp from 'sharp'
import { AppError } from '../../../shared/errors'
import {
  certificateDesignInput, certificateSerialPattern, certificateTranslationFields, certificateTranslationsOf, defaultCertificateDesign, formatCertificateSerial,
  localizedCertificateTexts, normalizeCertificateSerial, type CertificateDesign, type CertificateTranslations, type CertificateDesignOutput, type CertificateTrigger, type CertificateVerificationOutput, type IssuedCertificateOutput,
} from '../../../shared/schemas/certificates'
import { canTransition, certificateTransitions } from '../../../shared/states'
import type { z } from 'zod'
import type { Action } from '../../auth/permissions'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import { pdfDate, pdfLocaleOf } from '../../pdf/pdf-writer'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as catalog from '../catalog/catalog.service'
import * as media from '../media/media.service'
import { pageSize, renderCertificatePdf, type CertificateValues } from './certificate-pdf'
import * as repo from './certificates.repository'
import * as issued from './certificate-issue.repository'

// The design of a certificate product and its PDF preview (docs/decisions/0013-certificate-design-placeholders.md).
// Certificate products have a design; a course product may have one too, for a certificate on completion
// (docs/decisions/0020-issued-certificates-licenses-downloads.md). Other forms: 422 wrong_product_form; another seller's product: 404.

export const samplePayerName = 'Alex Example'
const dayMs = 86_400_000

async function certificateProduct(ctx: Ctx, db: Executor, productId: number, action: Action, lock = false) {
  const sellerId = actingSellerId(ctx.actor, action)
  const product = await catalog.ownedProduct(db, sellerId, productId, { lock })
  if (product.form !== 'certificate' && product.form !== 'course') {
    throw new AppError('wrong_product_form', 'Only certificate and course products have a design', [{ path: 'form', message: 'invalid_value' }])
  }
  return product
}

/** A course's certificate comes with completing it; a certificate product's with buying it. */
const defaultTrigger = (form: string): CertificateTrigger => (form === 'course' ? 'course_completion' : 'purchase')

/** The stored translations as the answer gives them: every text of a language, null when not given. */
function translationsOutput(stored: unknown): NonNullable<CertificateDesign['translations']> {
  const out: NonNullable<CertificateDesign['translations']> = {}
  for (const [code, entry] of Object.entries(certificateTranslationsOf(stored)) as [keyof CertificateTranslations, CertificateTranslations[keyof CertificateTranslations]][]) {
    out[code] = Object.fromEntries(certificateTranslationFields.map((field) => [field, entry?.[field] ?? null])) as { title: string | null; body: string | null; custom_date_text: string | null }
  }
  return out
}

/** A stored design (a product's, or an issued certificate's frozen copy) over the defaults, its translations always present. */
function storedDesign(stored: unknown, base: CertificateDesign): CertificateDesign {
  const design = { ...base, ...(stored as Partial<CertificateDesign> | undefined) }
  return { ...design, translations: translationsOutput(design.translations) }
}

function designOf(row: repo.DesignRow | undefined, form = 'certificate'): CertificateDesign {
  return storedDesign(row?.design, { ...defaultCertificateDesign, issue_on: defaultTrigger(form) })
}

function output(productId: number, form: string, row: repo.DesignRow | undefined): CertificateDesignOutput {
  return { product_id: productId, ...designOf(row, form), saved: row !== undefined, updated_at: row?.updatedAt.toISOString() ?? null }
}

export async function getDesign(ctx: Ctx, productId: number): Promise<CertificateDesignOutput> {
  const product = await certificateProduct(ctx, ctx.db, productId, 'products.read')
  return output(product.id, product.form, await repo.findDesign(ctx.db, product.id))
}

export async function saveDesign(ctx: Ctx, productId: number, input: z.output<typeof certificateDesignInput>): Promise<CertificateDesignOutput> {
  return ctx.db.transaction(async (tx) => {
    const product = await certificateProduct(ctx, tx, productId, 'products.write', true)
    // A certificate product has no course to complete: it is issued when bought.
    if (product.form === 'certificate' && input.issue_on === 'course_completion') {
      throw new AppError('validation_failed', 'course_only', [{ path: 'issue_on', message: 'course_only' }])
    }
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
      issue_on: input.issue_on ?? defaultTrigger(product.form),
    }
    // Translations (docs/decisions/0095-product-translations.md): left out, the stored ones stay; sent, they
    // replace them (null or {} removes them). Stored with the given texts only.
    const translations = input.translations === undefined
      ? certificateTranslationsOf((await repo.findDesign(tx, product.id))?.design.translations)
      : certificateTranslationsOf(input.translations)
    return output(product.id, product.form, await repo.saveDesign(tx, product.id, { ...design, translations }, ctx.now))
  })
}

/**
 * Takes a course's certificate off (DELETE .../certificate_design): no certificate is issued on completion
 * from now on. Certificates already issued keep their frozen design and values and stay valid and checkable
 * (docs/decisions/0020-issued-certificates-licenses-downloads.md). A certificate product's design is what it sells: 422 wrong_product_form.
 * Removing one that is not there answers the same (idempotent).
 */
export async function removeDesign(ctx: Ctx, productId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const product = await certificateProduct(ctx, tx, productId, 'products.write', true)
    if (product.form !== 'course') {
      throw new AppError('wrong_product_form', 'Only a course\'s certificate can be removed', [{ path: 'form', message: 'invalid_value' }])
    }
    await repo.deleteDesign(tx, product.id)
  })
}

/** The language of the certificate check page: German when asked for, else English (the PDF speaks its order's language). */
export function certificateLanguageOf(locale: string): 'en' | 'de' {
  return locale.toLowerCase().startsWith('de') ? 'de' : 'en'
}

function formatDate(date: Date, locale: LocaleCode): string {
  return pdfDate(date, locale)
}

/**
 * The placeholder values for one payer: the printed date follows the date source; validity starts at the
 * static date or at the payment and lasts `validity_days` (none: no end).
 */
export function certificateValues(design: CertificateDesign, facts: { payerName: string; productName: string; sellerName: string; paidAt: Date; number: string; locale: LocaleCode }): CertificateValues {
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

/** The design's background fitted to its page, or null (none, or no longer the seller's upload). */
async function backgroundOf(deps: AppDeps, db: Executor, sellerId: number, design: CertificateDesign): Promise<Buffer | null> {
  if (!design.background_key) return null
  const kinds = await media.uploadKinds(db, sellerId, [design.background_key])
  if (!kinds.has(design.background_key)) return null
  const bytes = await deps.storage.get(design.background_key)
  // pdfkit embeds PNG and JPEG only: the background is fitted to the page as a JPEG.
  const { width, height } = pageSize(design)
  return sharp(bytes).rotate().resize({ width: Math.round(width * 2), height: Math.round(height * 2), fit: 'cover' }).jpeg({ quality: 85 }).toBuffer()
}

/** The design with its seller texts in `locale` (each the translation's, else the base text). */
function designIn(design: CertificateDesign, locale: LocaleCode | null): CertificateDesign {
  return { ...design, ...localizedCertificateTexts(design, locale) }
}

/**
 * The PDF of the saved design (or the defaults) filled for the sample payer "Alex Example": in the seller's
 * language with the base texts, or, asked for a language, in it with its translated texts (as a payer who
 * bought in it gets the certificate).
 */
export async function previewPdf(ctx: Ctx, productId: number, language?: LocaleCode): Promise<Buffer> {
  const product = await certificateProduct(ctx, ctx.db, productId, 'products.read')
  const design = designIn(designOf(await repo.findDesign(ctx.db, product.id), product.form), language ?? null)
  const locale = language ?? ctx.locale
  const seller = await catalog.loadSeller(ctx, ctx.db, product.sellerId)
  const background = await backgroundOf(ctx.deps, ctx.db, product.sellerId, design)
  const values = certificateValues(design, {
    payerName: samplePayerName, productName: product.name, sellerName: seller.username, paidAt: ctx.now, number: 'PREVIEW-0001',
    locale,
  })
  return renderCertificatePdf(design, values, { locale, background })
}

/** Copies a certificate design to another product, inside the duplicating transaction (the background stays the seller's upload). */
export async function copyDesign(tx: Executor, fromProductId: number, toProductId: number, now: Date): Promise<void> {
  const row = await repo.findDesign(tx, fromProductId)
  if (row) await repo.saveDesign(tx, toProductId, row.design, now)
}

// ------------------------------------------------------------------ issued certificates (docs/decisions/0020-issued-certificates-licenses-downloads.md)

/** The dates an issued certificate prints and is valid for, by the design's date source and validity. */
export function issueDates(design: CertificateDesign, paidAt: Date, locale: LocaleCode = 'en'): { shownDate: string; validFrom: Date; validUntil: Date | null } {
  const shownDate = design.date_source === 'custom_text'
    ? design.custom_date_text ?? ''
    : formatDate(design.date_source === 'relative_date' ? new Date(paidAt.getTime() + (design.relative_days ?? 0) * dayMs) : paidAt, locale)
  const validFrom = design.validity_start === 'from_static_date' && design.static_date ? new Date(`${design.static_date}T00:00:00Z`) : paidAt
  const validUntil = design.validity_days ? new Date(validFrom.getTime() + design.validity_days * dayMs) : null
  return { shownDate, validFrom, validUntil }
}

/** A new serial from the operating system's random source (60 bits: not to be enumerated). */
export function newCertificateSerial(): string {
  return formatCertificateSerial(randomBytes(12))
}

/** The key that signs certificate PDF links, derived from the server's token secret for this one purpose. */
function pdfLinkKey(deps: Pick<AppDeps, 'jwtKey'>): Buffer {
  return createHmac('sha256', deps.jwtKey).update('sellfront:certificate-pdf').digest()
}

function pdfToken(deps: Pick<AppDeps, 'jwtKey'>, serial: string): string {
  return createHmac('sha256', pdfLinkKey(deps)).update(serial).digest('base64url').slice(0, 32)
}

export const verifyPathOf = (serial: string) => `/certificates/${encodeURIComponent(serial)}`

function urlsOf(deps: Pick<AppDeps, 'config' | 'jwtKey'>, serial: string) {
  const base = deps.config.appUrl
  return {
    // Signed by serial, not expiring: the link in the delivery mail keeps working, and the serial alone
    // (printed, on the verification page) does not open the PDF.
    pdf_url: `${base}/api/v1/common/certificates/${encodeURIComponent(serial)}/pdf?t=${pdfToken(deps, serial)}`,
    verify_url: `${base}${verifyPathOf(serial)}`,
  }
}

/** What issues a certificate for a product: purchase, course completion, or nothing (no certificate). */
export async function certificateTriggerOf(db: Executor, productId: number): Promise<CertificateTrigger | null> {
  const product = await issued.productFacts(db, productId)
  if (!product || (product.form !== 'certificate' && product.form !== 'course')) return null
  const row = await repo.findDesign(db, productId)
  // A course has a certificate only once the seller saved a design for it.
  if (product.form === 'course' && !row) return null
  return designOf(row, product.form).issue_on
}

export type IssueCertificateInput = {
  productId: number; orderId: number; sellerId: number; payerUserId: number; recipientName: string; trigger: CertificateTrigger
}

/**
 * Issues the payer's certificate for the product with the design as it is now. Idempotent: nothing new when
 * this order already has one (even revoked) or the payer holds a valid one for the product; concurrent
 * calls agree through the partial unique index (one valid certificate per payer and product).
 */
export async function issueCertificate(tx: Executor, deps: AppDeps, input: IssueCertificateInput): Promise<void> {
  if (await issued.findExisting(tx, input.productId, input.payerUserId, input.orderId)) return
  const product = await issued.productFacts(tx, input.productId)
  if (!product) throw new AppError('not_found', 'This product does not exist')
  const design = designOf(await repo.findDesign(tx, input.productId), product.form)
  const paidAt = (await issued.orderPaidAt(tx, input.orderId)) ?? deps.now()
  const dates = issueDates(design, paidAt)
  await issued.insertIssued(tx, {
    serial: newCertificateSerial(), productId: input.productId, orderId: input.orderId, sellerId: input.sellerId, payerUserId: input.payerUserId,
    // The copy keeps the translations, so the certificate reads as issued in every language.
    recipientName: input.recipientName.trim().slice(0, 200) || 'Payer', trigger: input.trigger,
    design: { ...design, translations: certificateTranslationsOf(design.translations) },
    shownDate: dates.shownDate, validFrom: dates.validFrom, validUntil: dates.validUntil, state: 'valid', issuedAt: deps.now(),
  })
}

/**
 * Revokes the order's valid certificates for its refund or chargeback, keeping why (`revoked_reason`); their
 * pages then say "revoked". Certificates already revoked keep their first reason.
 */
export async function revokeCertificatesOfOrder(tx: Executor, orderId: number, reason: 'refund' | 'chargeback'): Promise<void> {
  if (!canTransition(certificateTransitions, 'valid', 'revoked')) return
  await issued.revokeOfOrder(tx, orderId, reason)
}

/**
 * The seller won the dispute: the order's certificates its chargeback revoked are valid again, the same
 * serials (their page says valid, or expired when their validity ended meanwhile). One the payer replaced
 * meanwhile (bought again, a new certificate of the product valid now) stays revoked, logged: a payer holds
 * one valid certificate per product. Revoked for a refund stays revoked. The caller's transaction; a rerun
 * finds nothing. Answers the serials made valid again.
 */
export async function restoreCertificatesOfOrder(tx: Executor, deps: AppDeps, orderId: number): Promise<string[]> {
  if (!canTransition(certificateTransitions, 'revoked', 'valid')) return []
  const { restored, leftRevoked } = await issued.unrevokeOfOrder(tx, orderId, 'chargeback')
  if (leftRevoked.length > 0) deps.logger.warn({ orderId, serials: leftRevoked }, 'won dispute: certificate left revoked, the payer holds a newer valid one of the product')
  return restored
}

/** A certificate as its payer lists it: the product named in the order's language (docs/decisions/0095-product-translations.md). */
function issuedOutput(deps: AppDeps, row: issued.IssuedWithNames): IssuedCertificateOutput {
  return { serial: row.serial, ...urlsOf(deps, row.serial), product_id: row.productId, product_name: row.orderProductName, state: row.state }
}

export async function certificatesOfOrder(db: Executor, deps: AppDeps, orderId: number): Promise<IssuedCertificateOutput[]> {
  return (await issued.listOfOrder(db, orderId)).map((row) => issuedOutput(deps, row))
}

export async function certificatesOfPayer(db: Executor, deps: AppDeps, payerUserId: number): Promise<IssuedCertificateOutput[]> {
  return (await issued.listOfPayer(db, payerUserId)).map((row) => issuedOutput(deps, row))
}

/**
 * The PDF of an issued certificate in its order's language (docs/decisions/0094-storefront-languages.md): its frozen
 * design and values, the serial and the QR code to its page. The design's texts are its frozen copy's translation
 * in that language, text by text, else its base texts (docs/decisions/0095-product-translations.md).
 */
async function issuedPdf(db: Executor, deps: AppDeps, row: issued.IssuedWithNames): Promise<Buffer> {
  const orderLocale = await issued.orderLocale(db, row.orderId)
  const locale = pdfLocaleOf(orderLocale)
  const frozen = storedDesign(row.design, defaultCertificateDesign)
  const design = designIn(frozen, orderLocale ? locale : null)
  const { verify_url } = urlsOf(deps, row.serial)
  // The printed date is frozen at issue (English text); another language gets the same day written in it.
  // A seller's own date text stays as typed, or as translated for the order's language.
  const paidAt = locale === 'en' || design.date_source === 'custom_text' ? null : await issued.orderPaidAt(db, row.orderId)
  const date = design.date_source === 'custom_text' ? design.custom_date_text ?? row.shownDate
    : paidAt ? issueDates(design, paidAt, locale).shownDate : row.shownDate
  const values = {
    // {{product_name}}: the product's name in the order's language when translated, else its base name
    payer_name: row.recipientName, product_name: row.orderProductName, date,
    valid_until: row.validUntil ? formatDate(row.validUntil, locale) : '', seller_name: row.sellerUsername, certificate_number: row.serial,
  }
  const qr = await QRCode.toBuffer(verify_url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 })
  return renderCertificatePdf(design, values, { locale, background: await backgroundOf(deps, db, row.sellerId, design), qr })
}

/** The order's valid certificates as mail attachments. */
export async function certificateAttachments(db: Executor, deps: AppDeps, orderId: number): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
  const rows = (await issued.listOfOrder(db, orderId)).filter((row) => row.state === 'valid')
  const out = []
  for (const row of rows) out.push({ filename: `certificate-${row.serial}.pdf`, contentType: 'application/pdf', content: await issuedPdf(db, deps, row) })
  return out
}

const unknownVerdict = (serial: string): CertificateVerificationOutput => ({
  serial, status: 'unknown', recipient_name: null, product_name: null, seller_username: null, shown_date: null, issued_at: null,
  valid_from: null, valid_until: null, revoked_at: null,
})

/** The public verification (page /certificates/{serial}, no sign-in): genuine, and valid now or why not. */
export async function verifyCertificate(ctx: Ctx, serialInput: string): Promise<CertificateVerificationOutput> {
  const serial = normalizeCertificateSerial(serialInput)
  if (!certificateSerialPattern.test(serial)) return unknownVerdict(serialInput.slice(0, 40))
  const row = await issued.findBySerial(ctx.db, serial)
  if (!row) return unknownVerdict(serial)
  const now = ctx.now.getTime()
  const status = row.state === 'revoked' ? 'revoked'
    : row.validUntil && row.validUntil.getTime() <= now ? 'expired'
      : row.validFrom.getTime() > now ? 'not_yet_valid' : 'valid'
  return {
    serial, status, recipient_name: row.recipientName, product_name: row.productName, seller_username: row.sellerUsername,
    shown_date: row.shownDate, issued_at: row.issuedAt.toISOString(), valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil?.toISOString() ?? null, revoked_at: row.revokedAt?.toISOString() ?? null,
  }
}

/** The PDF behind a certificate's signed link; a wrong token, an unknown or a revoked certificate: 404. */
export async function issuedCertificatePdf(ctx: Ctx, serialInput: string, token: string): Promise<{ serial: string; pdf: Buffer }> {
  const notFound = new AppError('not_found', 'This certificate does not exist')
  const serial = normalizeCertificateSerial(serialInput)
  if (!certificateSerialPattern.test(serial)) throw notFound
  const expected = Buffer.from(pdfToken(ctx.deps, serial))
  const given = Buffer.from(token)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound
  const row = await issued.findBySerial(ctx.db, serial)
  if (!row || row.state !== 'valid') throw notFound
  return { serial, pdf: await issuedPdf(ctx.db, ctx.deps, row) }
}
