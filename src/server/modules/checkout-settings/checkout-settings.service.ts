import { isProductForm, productFormOfType, type ProductForm } from '../../../shared/catalog'
import { AppError, type FieldError } from '../../../shared/errors'
import type { CheckoutMethod } from '../../../shared/payments'
import {
  bumpPresentation, checkoutTheme, mergeTheme, normalizeQuestion, trustSeals, type BumpPresentation, type BuyButtonText,
  type BuyerInformationIncludeType, type CancellationTermsOutput, type CheckoutLayout, type CheckoutQuestion, type CheckoutSettingsOutput,
  type CheckoutTheme, type CreateCancellationTermsInput, type CreateCheckoutSettingsInput, type ProductCheckoutInput,
  type ProductCheckoutOutput, type TrustSeals, type UpdateCancellationTermsInput, type UpdateCheckoutSettingsInput, type UpsellOffer,
  checkoutLayouts, buyButtonTexts, buyerInformationIncludeTypes, upsellKinds, defaultBuyerInformation, defaultPhoneField, phoneFieldModes,
  type PhoneFieldMode, type CancellationTermsTranslations, type CancellationTermsTranslationsInput,
  cancellationTermsTranslationsOf, localizedCancellationTerms, checkoutThemeTextFields, questionTranslationsOf, fitOptionTexts, type CheckoutThemeTextField,
} from '../../../shared/schemas/checkout-settings'
import { storableTextTranslations, textTranslationsAnswer, textTranslationsOf, type TextTranslations } from '../../../shared/i18n/text-translations'
import type { LocaleCode } from '../../../shared/i18n/locales'
import type { ListAnswer, ListQuery } from '../../../shared/schemas/lists'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as catalog from '../catalog/catalog.service'
import * as funnels from '../funnels/funnels.service'
import * as repo from './checkout-settings.repository'
import { isUniqueViolation } from '../../db/unique-violation'

// Checkout settings, what a product's checkout uses, and cancellation terms (docs/reference/catalogue-and-selling.md §3; README.md
// in this folder). Cabinet use cases act for the seller of the request and run in one transaction; another
// seller's object answers 404 like a missing one. `checkoutConfigFor` and `cancellationTermsFor` are the
// reads the checkout calls.

const settingsNotFound = () => new AppError('not_found', 'These checkout settings do not exist')
const termsNotFound = () => new AppError('not_found', 'These cancellation terms do not exist')
const productNotFound = () => new AppError('not_found', 'This product does not exist')

const defaultName = (locale: string) => (locale.startsWith('de') ? 'Standard' : 'Default')

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback)

// ------------------------------------------------------------------ checkout settings (cabinet)

/** The settings as the checkout uses them: every theme default applied. */
export type CheckoutSettingsView = {
  /** null: the seller has no stored settings yet and the platform's defaults apply. */
  id: number | null
  name: string
  layout: CheckoutLayout
  theme: CheckoutTheme
  trust_seals: TrustSeals
  buyer_information: BuyerInformationIncludeType
  phone_field: PhoneFieldMode
  buy_button_text: BuyButtonText
  /** The theme's free texts per language (`checkout_settings.translations`), read defensively. */
  translations: TextTranslations<CheckoutThemeTextField>
}

function settingsView(row: repo.CheckoutSettingsRow): CheckoutSettingsView {
  return {
    id: row.id,
    name: row.name,
    layout: oneOf(checkoutLayouts, row.layout, 'default'),
    theme: checkoutTheme(row.theme),
    trust_seals: trustSeals(row.trustSeals),
    buyer_information: oneOf(buyerInformationIncludeTypes, row.buyerInformation, defaultBuyerInformation),
    phone_field: oneOf(phoneFieldModes, row.phoneField, defaultPhoneField),
    buy_button_text: oneOf(buyButtonTexts, row.buyButtonText, 'dynamic_cta'),
    translations: textTranslationsOf(row.translations, checkoutThemeTextFields),
  }
}

function defaultSettingsView(): CheckoutSettingsView {
  return {
    id: null, name: 'Default', layout: 'default', theme: checkoutTheme({}), trust_seals: trustSeals({}),
    buyer_information: defaultBuyerInformation, phone_field: defaultPhoneField, buy_button_text: 'dynamic_cta', translations: {},
  }
}

function settingsOutput(row: repo.CheckoutSettingsRow, productsCount: number): CheckoutSettingsOutput {
  const view = settingsView(row)
  return {
    ...view, id: row.id, is_default: row.isDefault, products_count: productsCount, translations: textTranslationsAnswer(row.translations, checkoutThemeTextFields),
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

async function withCount(db: Executor, row: repo.CheckoutSettingsRow): Promise<CheckoutSettingsOutput> {
  return settingsOutput(row, (await repo.productsCounts(db, [row.id])).get(row.id) ?? 0)
}

/** The seller's checkout settings, the default first; a seller without any gets a default one here. */
export async function listCheckoutSettings(ctx: Ctx, query: ListQuery): Promise<ListAnswer<CheckoutSettingsOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  return ctx.db.transaction(async (tx) => {
    await repo.ensureDefaultSettings(tx, sellerId, defaultName(ctx.locale), ctx.now)
    const { rows, total } = await repo.listSettings(tx, sellerId, { offset: (query.page - 1) * query.per, limit: query.per })
    const counts = await repo.productsCounts(tx, rows.map((r) => r.id))
    return { list: rows.map((row) => settingsOutput(row, counts.get(row.id) ?? 0)), total_count: total, total_count_max: total }
  })
}

/** New settings; the seller's first ones become the default. */
export async function createCheckoutSettings(ctx: Ctx, input: CreateCheckoutSettingsInput): Promise<CheckoutSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    const values = {
      sellerId, name: input.name,
      layout: input.layout ?? 'default', theme: mergeTheme({}, input.theme), trustSeals: trustSeals(input.trust_seals),
      buyerInformation: input.buyer_information ?? defaultBuyerInformation, phoneField: input.phone_field ?? defaultPhoneField, buyButtonText: input.buy_button_text ?? 'dynamic_cta',
      translations: storableTextTranslations(input.translations, checkoutThemeTextFields),
      createdAt: ctx.now, updatedAt: ctx.now,
    }
    const asDefault = (await repo.findDefaultSettings(tx, sellerId)) ? undefined : await repo.insertDefaultSettings(tx, values)
    const row = asDefault ?? await repo.insertSettings(tx, { ...values, isDefault: false })
    return settingsOutput(row, 0)
  })
}

export async function getCheckoutSettings(ctx: Ctx, id: number): Promise<CheckoutSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const row = await repo.findSettings(ctx.db, sellerId, id)
  if (!row) throw settingsNotFound()
  return withCount(ctx.db, row)
}

/** Changes the fields given; theme keys merge into the stored theme (null: back to the default). */
export async function updateCheckoutSettings(ctx: Ctx, id: number, input: UpdateCheckoutSettingsInput): Promise<CheckoutSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findSettings(tx, sellerId, id, { lock: true })
    if (!row) throw settingsNotFound()
    const updated = await repo.updateSettings(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.layout !== undefined ? { layout: input.layout } : {}),
      ...(input.theme !== undefined ? { theme: mergeTheme(row.theme, input.theme) } : {}),
      ...(input.trust_seals !== undefined ? { trustSeals: { ...trustSeals(row.trustSeals), ...input.trust_seals } } : {}),
      ...(input.buyer_information !== undefined ? { buyerInformation: input.buyer_information } : {}),
      ...(input.phone_field !== undefined ? { phoneField: input.phone_field } : {}),
      ...(input.buy_button_text !== undefined ? { buyButtonText: input.buy_button_text } : {}),
      ...(input.translations !== undefined ? { translations: storableTextTranslations(input.translations, checkoutThemeTextFields) } : {}),
      updatedAt: ctx.now,
    })
    return withCount(tx, updated)
  })
}

/** The default cannot be deleted (make another the default first); products that chose these fall back to the default. */
export async function deleteCheckoutSettings(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findSettings(tx, sellerId, id, { lock: true })
    if (!row) throw settingsNotFound()
    if (row.isDefault) throw new AppError('conflict', 'The default checkout settings cannot be deleted; make other settings the default first')
    await repo.deleteSettings(tx, id)
  })
}

export async function setDefaultCheckoutSettings(ctx: Ctx, id: number): Promise<CheckoutSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findSettings(tx, sellerId, id, { lock: true })
    if (!row) throw settingsNotFound()
    if (!row.isDefault) await repo.makeDefault(tx, sellerId, id, ctx.now)
    return withCount(tx, (await repo.findSettings(tx, sellerId, id))!)
  })
}

// ------------------------------------------------------------------ a product's checkout (cabinet)

type ProductCheckoutValues = {
  checkoutSettingsId: number | null
  paymentMethods: CheckoutMethod[] | null
  bump: BumpPresentation
  questions: CheckoutQuestion[]
  termsRequired: boolean
  successPageUrl: string | null
}

function upsellsOf(stored: readonly Record<string, unknown>[]): UpsellOffer[] {
  return stored.flatMap((u) => {
    if (!Number.isInteger(u.product_id) || !Number.isInteger(u.pricing_plan_id)) return []
    return [{
      kind: oneOf(upsellKinds, String(u.kind), 'upsell'), product_id: u.product_id as number, pricing_plan_id: u.pricing_plan_id as number,
      headline: typeof u.headline === 'string' && u.headline !== '' ? u.headline : null,
    }]
  })
}

function valuesOf(row: repo.ProductCheckoutRow | undefined): ProductCheckoutValues {
  return {
    checkoutSettingsId: row?.checkoutSettingsId ?? null,
    paymentMethods: (row?.paymentMethods as CheckoutMethod[] | null | undefined) ?? null,
    bump: bumpPresentation(row?.bump),
    questions: (row?.questions ?? []).flatMap((q) => normalizeQuestion(q) ?? []),
    termsRequired: row?.termsRequired ?? true,
    successPageUrl: row?.successPageUrl ?? null,
  }
}

/** A question as `product_checkouts.questions` keeps it: its translations without the answer's empty texts. */
function storableQuestion(q: CheckoutQuestion): Record<string, unknown> {
  return { ...q, translations: questionTranslationsOf(q.translations, q.options.length) }
}

/** The product's one-click upsells are its funnel, read as a chain (docs/decisions/0066-funnels.md). */
function productCheckoutOutput(productId: number, row: repo.ProductCheckoutRow | undefined, upsells: UpsellOffer[]): ProductCheckoutOutput {
  const v = valuesOf(row)
  return {
    product_id: productId, checkout_settings_id: v.checkoutSettingsId, payment_methods: v.paymentMethods, bump: v.bump, upsells,
    questions: v.questions, terms_required: v.termsRequired, success_page_url: v.successPageUrl, updated_at: row?.updatedAt.toISOString() ?? null,
  }
}

export async function getProductCheckout(ctx: Ctx, productId: number): Promise<ProductCheckoutOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const product = await catalog.ownedProduct(ctx.db, sellerId, productId)
  return productCheckoutOutput(product.id, await repo.findProductCheckout(ctx.db, product.id), await funnels.productUpsells(ctx.db, product.id))
}

/**
 * One-click upsells must be other published products of the seller, each with an active plan of its own;
 * another seller's product answers 404 like a missing one.
 */
async function checkUpsells(tx: Executor, sellerId: number, productId: number, upsells: readonly { product_id: number; pricing_plan_id: number }[]) {
  const owned = new Map((await repo.sellerProducts(tx, sellerId, upsells.map((u) => u.product_id))).map((p) => [p.id, p]))
  if (upsells.some((u) => !owned.has(u.product_id))) throw productNotFound()
  const plans = new Map((await repo.activePlans(tx, upsells.map((u) => u.pricing_plan_id))).map((p) => [p.id, p.productId]))
  const problems: FieldError[] = []
  upsells.forEach((u, index) => {
    const product = owned.get(u.product_id)!
    if (u.product_id === productId || product.publishState !== 'published' || product.archivedAt !== null) {
      problems.push({ path: `upsells.${index}.product_id`, message: 'invalid_value' })
    } else if (plans.get(u.pricing_plan_id) !== u.product_id) {
      problems.push({ path: `upsells.${index}.pricing_plan_id`, message: 'invalid_value' })
    }
  })
  if (problems.length > 0) throw new AppError('validation_failed', 'An upsell must be another published product of yours with one of its plans', problems)
}

/** Saves the parts given (each wizard step saves its own); a field left out keeps its stored value. */
export async function saveProductCheckout(ctx: Ctx, productId: number, input: ProductCheckoutInput): Promise<ProductCheckoutOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const product = await catalog.ownedProduct(tx, sellerId, productId, { lock: true })
    if (input.checkout_settings_id != null && !(await repo.findSettings(tx, sellerId, input.checkout_settings_id))) throw settingsNotFound()
    if (input.upsells) await checkUpsells(tx, sellerId, product.id, input.upsells)
    const current = valuesOf(await repo.findProductCheckout(tx, product.id))
    // A question sent without `translations` keeps the stored ones of the question with its id (a client that
    // knows no languages loses none); options that no longer match in number drop their texts.
    const storedTranslations = new Map(current.questions.map((q) => [q.id, q.translations]))
    const questions = input.questions?.flatMap((q) => normalizeQuestion(q.translations === undefined
      ? { ...q, translations: storedTranslations.get(q.id) }
      : { ...q, translations: fitOptionTexts(q.translations, q.options.length) }) ?? [])
    const row = await repo.saveProductCheckout(tx, {
      productId: product.id,
      checkoutSettingsId: input.checkout_settings_id !== undefined ? input.checkout_settings_id : current.checkoutSettingsId,
      paymentMethods: input.payment_methods !== undefined ? input.payment_methods : current.paymentMethods,
      bump: input.bump !== undefined ? bumpPresentation(input.bump) : current.bump,
      questions: (questions ?? current.questions).map(storableQuestion),
      termsRequired: input.terms_required ?? current.termsRequired,
      successPageUrl: input.success_page_url !== undefined ? input.success_page_url : current.successPageUrl,
      updatedAt: ctx.now,
    })
    // The upsells are the product's funnel, written as a chain (docs/decisions/0066-funnels.md).
    if (input.upsells) await funnels.saveProductUpsells(tx, sellerId, product, upsellsOf(input.upsells))
    return productCheckoutOutput(product.id, row, await funnels.productUpsells(tx, product.id))
  })
}

// ------------------------------------------------------------------ for the checkout

export type CheckoutConfig = {
  settings: CheckoutSettingsView
  product: {
    /** null: every method the seller has active (payment-settings `activeMethods` decides which). */
    payment_methods: CheckoutMethod[] | null
    bump: BumpPresentation
    /** Only offers that can be bought now: the product published, the plan active and its own. */
    upsells: UpsellOffer[]
    questions: CheckoutQuestion[]
    terms_required: boolean
    success_page_url: string | null
  }
}

/**
 * What the checkout of the seller's product looks like: the settings the product chose (else the seller's
 * default, else the platform's defaults, id null), with every theme default applied, and the product's own
 * choices (defaults when it has saved none). Another seller's product answers 404. Reads only.
 */
export async function checkoutConfigFor(db: Executor, sellerId: number, productId: number): Promise<CheckoutConfig> {
  // One read for the product's checkout and its settings (every checkout asks): not the seller's -> 404.
  const rows = await repo.findCheckoutConfigRows(db, sellerId, productId)
  if (!rows) throw new AppError('not_found', 'This product does not exist')
  const v = valuesOf(rows.productCheckout)
  const settingsRow = rows.settings
  let upsells = await funnels.productUpsells(db, productId)
  if (upsells.length > 0) {
    const products = new Map((await repo.sellerProducts(db, sellerId, upsells.map((u) => u.product_id))).map((p) => [p.id, p]))
    const plans = new Map((await repo.activePlans(db, upsells.map((u) => u.pricing_plan_id))).map((p) => [p.id, p.productId]))
    upsells = upsells.filter((u) => {
      const offered = products.get(u.product_id)
      return offered && offered.publishState === 'published' && offered.archivedAt === null && plans.get(u.pricing_plan_id) === u.product_id
    })
  }
  return {
    settings: settingsRow ? settingsView(settingsRow) : defaultSettingsView(),
    product: {
      payment_methods: v.paymentMethods, bump: v.bump, upsells, questions: v.questions, terms_required: v.termsRequired,
      success_page_url: v.successPageUrl,
    },
  }
}

/** A product form, or the spec's type for it ("service" is digital, "event" eventTickets). */
function formOf(productType: string): ProductForm | undefined {
  return isProductForm(productType) ? productType : productFormOfType(productType)
}

function termsOutput(row: repo.CancellationTermsRow): CancellationTermsOutput {
  return {
    id: row.id, product_type: row.productType as ProductForm, title: row.title, body: row.body,
    translations: Object.fromEntries(Object.entries(cancellationTermsTranslationsOf(row.translations)).map(([code, texts]) => [
      code, { title: texts.title ?? null, body: texts.body ?? null },
    ])),
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

/**
 * What the terms store of their translations (docs/decisions/0095-product-translations.md): each text under the
 * base fields' rules (the schema's), empty ones and languages with no text left out. Null or {} clears them.
 */
function termsTranslationsValue(input: CancellationTermsTranslationsInput | null): CancellationTermsTranslations {
  const out: CancellationTermsTranslations = {}
  for (const [code, entry] of Object.entries(input ?? {}) as [LocaleCode, CancellationTermsTranslationsInput[LocaleCode]][]) {
    if (!entry) continue
    const texts = { ...(entry.title ? { title: entry.title } : {}), ...(entry.body ? { body: entry.body } : {}) }
    if (Object.keys(texts).length > 0) out[code] = texts
  }
  return out
}

/** The seller's cancellation terms for a product form (or the spec's type for it); null when none are written. */
export async function cancellationTermsFor(db: Executor, sellerId: number, productType: string): Promise<CancellationTermsOutput | null> {
  const form = formOf(productType)
  if (!form) return null
  const row = await repo.findTermsByType(db, sellerId, form)
  return row ? termsOutput(row) : null
}

// ------------------------------------------------------------------ cancellation terms (cabinet and shop)

const typeTaken = () => new AppError('validation_failed', 'You already have cancellation terms for this product type', [{ path: 'product_type', message: 'invalid_value' }])

async function guardType<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error, 'cancellation_terms_seller_type_unique')) throw typeTaken()
    throw error
  }
}

export async function listCancellationTerms(ctx: Ctx): Promise<ListAnswer<CancellationTermsOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const rows = await repo.listTerms(ctx.db, sellerId)
  return { list: rows.map(termsOutput), total_count: rows.length, total_count_max: rows.length }
}

/** One set of terms per product form. */
export async function createCancellationTerms(ctx: Ctx, input: CreateCancellationTermsInput): Promise<CancellationTermsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    if (await repo.findTermsByType(tx, sellerId, input.product_type)) throw typeTaken()
    const row = await guardType(() => repo.insertTerms(tx, {
      sellerId, productType: input.product_type, title: input.title, body: input.body, createdAt: ctx.now, updatedAt: ctx.now,
      translations: termsTranslationsValue(input.translations ?? null),
    }))
    return termsOutput(row)
  })
}

export async function getCancellationTerms(ctx: Ctx, id: number): Promise<CancellationTermsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const row = await repo.findTerms(ctx.db, sellerId, id)
  if (!row) throw termsNotFound()
  return termsOutput(row)
}

export async function updateCancellationTerms(ctx: Ctx, id: number, input: UpdateCancellationTermsInput): Promise<CancellationTermsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findTerms(tx, sellerId, id, { lock: true })
    if (!row) throw termsNotFound()
    if (input.product_type !== undefined && input.product_type !== row.productType && await repo.findTermsByType(tx, sellerId, input.product_type)) throw typeTaken()
    const updated = await guardType(() => repo.updateTerms(tx, id, {
      ...(input.product_type !== undefined ? { productType: input.product_type } : {}),
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.translations !== undefined ? { translations: termsTranslationsValue(input.translations) } : {}),
      updatedAt: ctx.now,
    }))
    return termsOutput(updated)
  })
}

export async function deleteCancellationTerms(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findTerms(tx, sellerId, id, { lock: true })
    if (!row) throw termsNotFound()
    await repo.deleteTerms(tx, id)
  })
}

/**
 * The public legal document (/s/{seller}/document/cancellation_terms?ct_id=..&product_type=..): the shop
 * names its seller by username or numeric id; ct_id picks the terms by id, else product_type by form (or
 * the spec's type). 404 when nothing matches, including another seller's ct_id.
 */
export async function getPublicCancellationTerms(ctx: Ctx, username: string, query: { ct_id?: number | undefined; product_type?: string | undefined }, locale: LocaleCode | null = null) {
  const seller = await repo.findShopSeller(ctx.db, username)
  if (!seller) throw new AppError('not_found', 'This shop does not exist')
  let row: repo.CancellationTermsRow | undefined
  if (query.ct_id !== undefined) row = await repo.findTerms(ctx.db, seller.id, query.ct_id)
  else if (query.product_type) {
    const form = formOf(query.product_type)
    row = form ? await repo.findTermsByType(ctx.db, seller.id, form) : undefined
  }
  if (!row) throw termsNotFound()
  const { created_at: _created, translations: _translations, ...terms } = termsOutput(row)
  // the language the request names, else the base texts (docs/decisions/0095-product-translations.md)
  return { ...terms, ...localizedCancellationTerms(terms, row.translations, locale), seller: { id: seller.id, username: seller.username } }
}
