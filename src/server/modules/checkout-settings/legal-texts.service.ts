import { isProductForm, productFormOfType, productForms, type ProductForm } from '../../../shared/catalog'
import { AppError } from '../../../shared/errors'
import { cancellationTemplate, legalLanguage, legalTemplate, type LegalSeller, type LegalText, type LegalTextKind } from '../../../shared/legal/legal-templates'
import { localizedTexts, storableTextTranslations, textTranslationsAnswer } from '../../../shared/i18n/text-translations'
import { legalTextFields, localizedCancellationTerms, type LegalTextOutput, type LegalTextsOutput, type SaveLegalTextInput } from '../../../shared/schemas/checkout-settings'
import type { LocaleCode } from '../../../shared/i18n/locales'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as repo from './checkout-settings.repository'

// The seller's legal texts (docs/decisions/0042-minimal-checkout-and-legal-texts.md): terms of sale, privacy
// policy and cancellation terms per product form. A text the seller has not written is the default template
// for the seller's country and the product form, filled with the profile on every read, so no checkout
// links an empty page. The seller confirms having reviewed them; the dashboard warns until then.

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)

/** The profile's name and address as the templates name them. */
export async function legalSellerOf(db: Executor, sellerId: number): Promise<LegalSeller> {
  const row = await repo.legalSellerRow(db, sellerId)
  if (!row) throw new AppError('not_found', 'This shop does not exist')
  const p = (row.profile ?? {}) as Record<string, unknown>
  return {
    username: row.username, firstName: text(p.first_name), lastName: text(p.last_name), company: text(p.company) ?? text(row.company),
    street: text(p.street), streetNumber: text(p.street_number), zip: text(p.zip), city: text(p.city),
    countryCode: text(p.country_code) ?? text(row.countryCode), email: row.email,
  }
}

export const legalDocumentPath = (username: string, kind: LegalTextKind | 'cancellation_terms') => `/s/${encodeURIComponent(username)}/document/${kind}`

function cancellationUrl(username: string, form: ProductForm, id: number | null) {
  return `${legalDocumentPath(username, 'cancellation_terms')}?${id !== null ? `ct_id=${id}&` : ''}product_type=${form}`
}

/** Every legal text of the acting seller, saved or template, and when the seller reviewed them. */
export async function listLegalTexts(ctx: Ctx): Promise<LegalTextsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const seller = await legalSellerOf(ctx.db, sellerId)
  const saved = new Map((await repo.listLegalTexts(ctx.db, sellerId)).map((r) => [r.kind, r]))
  const terms = new Map((await repo.listTerms(ctx.db, sellerId)).map((r) => [r.productType, r]))
  const document = (kind: LegalTextKind): LegalTextOutput => {
    const row = saved.get(kind)
    const shown: LegalText = row ?? legalTemplate(kind, seller)
    return {
      title: shown.title, body: shown.body, is_default: !row, url: legalDocumentPath(seller.username, kind), updated_at: row?.updatedAt.toISOString() ?? null,
      translations: row ? textTranslationsAnswer(row.translations, legalTextFields) : {},
    }
  }
  const reviewed = await repo.findLegalReview(ctx.db, sellerId)
  return {
    terms: document('terms'),
    privacy: document('privacy'),
    cancellation_terms: productForms.map((form) => {
      const row = terms.get(form)
      const shown: LegalText = row ?? cancellationTemplate(form, seller)
      return {
        id: row?.id ?? null, product_type: form, title: shown.title, body: shown.body, is_default: !row,
        url: cancellationUrl(seller.username, form, row?.id ?? null), updated_at: row?.updatedAt.toISOString() ?? null,
        translations: row ? textTranslationsAnswer(row.translations, legalTextFields) : {},
      }
    }),
    reviewed_at: reviewed?.toISOString() ?? null,
  }
}

/** The seller's own terms of sale or privacy policy replace the template. */
export async function saveLegalText(ctx: Ctx, kind: LegalTextKind, input: SaveLegalTextInput): Promise<LegalTextsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  // left out, the texts per language stay; sent, the set replaces them (docs/decisions/0095-product-translations.md)
  const translations = input.translations !== undefined ? { translations: storableTextTranslations(input.translations, legalTextFields) } : {}
  await ctx.db.transaction((tx) => repo.saveLegalText(tx, { sellerId, kind, title: input.title, body: input.body, ...translations, createdAt: ctx.now, updatedAt: ctx.now }))
  return listLegalTexts(ctx)
}

/** Back to the template (the seller's text is removed). */
export async function resetLegalText(ctx: Ctx, kind: LegalTextKind): Promise<LegalTextsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  await ctx.db.transaction((tx) => repo.deleteLegalText(tx, sellerId, kind))
  return listLegalTexts(ctx)
}

/** The seller confirms having read and adapted the texts: the dashboard stops warning. */
export async function confirmLegalTextsReviewed(ctx: Ctx): Promise<{ reviewed_at: string }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  await ctx.db.transaction((tx) => repo.saveLegalReview(tx, sellerId, ctx.now))
  return { reviewed_at: ctx.now.toISOString() }
}

/** When the seller reviewed the legal texts (null: not yet). */
export async function legalTextsReviewedAt(db: Executor, sellerId: number): Promise<Date | null> {
  return repo.findLegalReview(db, sellerId)
}

/** The links the checkout's terms checkbox shows. */
export async function legalLinksFor(db: Executor, seller: { id: number; username: string }, form: string): Promise<{ terms_url: string; privacy_url: string; cancellation_terms_url: string | null }> {
  const productForm = isProductForm(form) ? form : productFormOfType(form)
  const terms = productForm ? await repo.findTermsByType(db, seller.id, productForm) : undefined
  return {
    terms_url: legalDocumentPath(seller.username, 'terms'),
    privacy_url: legalDocumentPath(seller.username, 'privacy'),
    cancellation_terms_url: productForm ? cancellationUrl(seller.username, productForm, terms?.id ?? null) : null,
  }
}

/**
 * A legal document as the shop shows it (/s/{seller}/document/{kind}): the seller's text, else the template.
 * Cancellation terms: `ct_id` names saved terms (another seller's id: 404), else `product_type` picks the
 * form's terms or template; neither: the digital-content terms.
 */
export async function publicLegalDocument(ctx: Ctx, username: string, kind: LegalTextKind | 'cancellation_terms', query: { ct_id?: number | undefined; product_type?: string | undefined } = {}) {
  const shop = await repo.findShopSeller(ctx.db, username)
  if (!shop) throw new AppError('not_found', 'This shop does not exist')
  const seller = await legalSellerOf(ctx.db, shop.id)
  if (kind !== 'cancellation_terms') {
    const row = await repo.findLegalText(ctx.db, shop.id, kind)
    // the seller's text in the page's language, text by text; the template stays as it is
    return { username: shop.username, ...(row ? localizedTexts({ title: row.title, body: row.body }, row.translations, legalTextFields, ctx.locale) : legalTemplate(kind, seller)) }
  }
  if (query.ct_id !== undefined) {
    const row = await repo.findTerms(ctx.db, shop.id, query.ct_id)
    if (!row) throw new AppError('not_found', 'These cancellation terms do not exist')
    return { username: shop.username, ...localizedCancellationTerms(row, row.translations, ctx.locale) }
  }
  const form = (query.product_type && (isProductForm(query.product_type) ? query.product_type : productFormOfType(query.product_type))) || 'download'
  const row = await repo.findTermsByType(ctx.db, shop.id, form)
  // saved terms in the page's language, text by text, else the base text (docs/decisions/0095-product-translations.md)
  return { username: shop.username, ...(row ? localizedCancellationTerms(row, row.translations, ctx.locale) : cancellationTemplate(form, seller)) }
}

/**
 * GET /shop/{username}/legal_texts/{kind}: the terms of sale or privacy policy as the shop shows them, the seller's
 * texts in the language the request names (each falling back to the base; none named: the base texts), else the
 * template as it is.
 */
export async function publicLegalText(ctx: Ctx, username: string, kind: LegalTextKind, locale: LocaleCode | null) {
  const shop = await repo.findShopSeller(ctx.db, username)
  if (!shop) throw new AppError('not_found', 'This shop does not exist')
  const row = await repo.findLegalText(ctx.db, shop.id, kind)
  const shown = row ? localizedTexts({ title: row.title, body: row.body }, row.translations, legalTextFields, locale) : legalTemplate(kind, await legalSellerOf(ctx.db, shop.id))
  return { kind, title: shown.title, body: shown.body, is_default: !row, updated_at: row?.updatedAt.toISOString() ?? null, seller: { id: shop.id, username: shop.username } }
}

export type LegalDocument = {
  kind: LegalTextKind | 'cancellation_terms'; title: string; body: string; isDefault: boolean; updatedAt: Date | null; language: 'de' | 'en'
}

/**
 * A legal document by the seller's id, for the seller's mobile app (docs/decisions/0086-live-shopping-and-mobile-app.md):
 * terms, privacy, cancellation terms (as the shop's page without a product: the digital-content form's), or saved
 * cancellation terms by their id (another seller's id: undefined). The seller's text, else the template; its language
 * is the templates' language for the seller's country.
 */
export async function legalDocumentOf(db: Executor, sellerId: number, which: LegalTextKind | 'cancellation_terms' | number): Promise<LegalDocument | undefined> {
  const seller = await legalSellerOf(db, sellerId)
  const language = legalLanguage(seller.countryCode)
  const shown = (kind: LegalDocument['kind'], row: { title: string; body: string; updatedAt: Date } | undefined, template: LegalText): LegalDocument =>
    ({ kind, title: (row ?? template).title, body: (row ?? template).body, isDefault: !row, updatedAt: row?.updatedAt ?? null, language })
  if (typeof which === 'number') {
    const row = await repo.findTerms(db, sellerId, which)
    return row ? shown('cancellation_terms', row, row) : undefined
  }
  if (which === 'cancellation_terms') return shown(which, await repo.findTermsByType(db, sellerId, 'download'), cancellationTemplate('download', seller))
  return shown(which, await repo.findLegalText(db, sellerId, which), legalTemplate(which, seller))
}
