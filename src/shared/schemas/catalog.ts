import { z } from 'zod'
import { byLocale, textTranslationsInput, textTranslationsOutput } from './translations'
import { int4Max, zIdParam, notBlank, zText } from '../validation/storable'
import { byValue, laterThan } from '../validation/document-rules'
import { productForms, productStatusKeys, productTypes, publishStates, reviewStates } from '../catalog'
import { zCurrencyId } from '../money'
import { maxPlanAmount, planForms, pricingPlanInput } from '../pricing'
import { licenseKeyFormatIssue, licenseKeyMaxLength } from '../validation/license-key-format'
import { zHexColor, zIsoDateTime, zPlainText, zProductSlug } from '../validation/schemas'
import { hasScriptTag } from '../validation/text'
import { sanitizeHtml } from '../html/html-sanitizer'
import { plainTextOf } from '../html/rich-text'
import { listOutput, listQuery } from './lists'
import { discountOutput } from './discounts'
import { featureOverridesInput, featureStateOutput } from './features'
import { coverOutput } from './media'
import { avatarOutput, bannerOutput } from './seller-profile'
import { bumpHeadlineMaxLength, bumpTextMaxLength } from './checkout-settings'

// Request and answer schemas of the catalogue: products of the eight forms,
// pricing plans, event tickets, add-ons, categories, shop categories, license keys, the managers' review
// and the public shop. Amounts are integers of minor units with a lowercase currency_id. Every issue
// message is a message key (src/shared/validation/messages.ts).

const keyOr = (other: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'required' : other)
const id = () => z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).max(int4Max, { error: 'out_of_range' })
const count = (max = 1_000_000_000) => z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' }).min(0, { error: 'out_of_range' }).max(max, { error: 'out_of_range' })
const amount = () => count(maxPlanAmount)
const bool = () => z.boolean({ error: keyOr('invalid_value') })
/** A required name: trimmed, 1..max characters, no script tag (docs/reference/readings.md 20). */
const zName = (max: number) => zText({ error: keyOr('invalid_value') }).trim()
  .min(1, { error: 'required', abort: true }).regex(notBlank, { error: 'required', abort: true })
  .max(max, { error: 'too_long', abort: true })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })

export const productNameMaxLength = 200
export const productDescriptionMaxLength = 50_000
/** The rich description's HTML, before sanitising (docs/decisions/0047-product-description-html.md). */
export const productDescriptionHtmlMaxLength = 100_000
export const maxPlansPerOwner = 20
export const maxTicketsPerProduct = 50

// ------------------------------------------------------------------ tickets and plans

export const ticketDateInput = z.strictObject({ start_date: zIsoDateTime, end_date: zIsoDateTime.nullish().meta(laterThan('start_date')) })

export const ticketNameMaxLength = 200
export const ticketLocationMaxLength = 500
/** The texts of a pricing plan and of a ticket type given per language (docs/decisions/0095-product-translations.md). */
export const planTranslationFields = ['name'] as const
export const ticketTranslationFields = ['name', 'location'] as const

const ticketFields = {
  name: zName(ticketNameMaxLength),
  location: zPlainText(ticketLocationMaxLength).nullish(),
  /**
   * The name and location in other languages, with the base fields' rules, each falling back to the base text on its
   * own. Left out keeps the stored set, sent replaces it, null or {} clears it.
   */
  translations: textTranslationsInput({ name: zPlainText(ticketNameMaxLength), location: zPlainText(ticketLocationMaxLength) }).nullish(),
  start_date: zIsoDateTime.nullish(),
  end_date: zIsoDateTime.nullish().meta(laterThan('start_date')),
  ticket_dates: z.array(ticketDateInput).max(100, { error: 'out_of_range' }).optional(),
  limit: count().nullish(),
  active: bool().optional(),
  position: count().optional(),
}

const endAfterStart = (value: { start_date?: string | null; end_date?: string | null }, ctx: z.RefinementCtx) => {
  if (value.start_date && value.end_date && Date.parse(value.end_date) < Date.parse(value.start_date)) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'invalid_date' })
  }
}

/** A ticket type as created with its product (with its pricing plans). */
export const ticketInput = z.strictObject({
  ...ticketFields,
  pricing_plans: z.array(pricingPlanInput).max(maxPlansPerOwner, { error: 'out_of_range' }).optional(),
}).superRefine(endAfterStart)
export type TicketInput = z.infer<typeof ticketInput>

export const updateTicketInput = z.strictObject({ ...ticketFields, name: zName(ticketNameMaxLength).optional() }).superRefine(endAfterStart)
export type UpdateTicketInput = z.infer<typeof updateTicketInput>

export const addonKinds = ['bundle', 'bump'] as const
export const addonInput = z.strictObject({ product_id: id(), kind: z.enum(addonKinds, { error: keyOr('invalid_value') }).default('bundle') })
export type AddonInput = z.infer<typeof addonInput>
export const addonsInput = z.strictObject({ addons: z.array(addonInput).max(300, { error: 'out_of_range' }) })

// ------------------------------------------------------------------ products

/**
 * Rich text, sanitised on save. Sent without `description`, the plain description becomes its text;
 * `description` sent without it drops the rich text (docs/decisions/0047-product-description-html.md).
 * Refused only when its text would hold a script tag, which the plain field refuses too.
 */
const zDescriptionHtml = () => zText({ error: 'invalid_value' }).max(productDescriptionHtmlMaxLength, { error: 'too_long', abort: true })
  .refine((value) => !hasScriptTag(plainTextOf(sanitizeHtml(value))), { error: 'script_tag' })

/**
 * One language's texts of a product (docs/decisions/0095-product-translations.md): each optional, with the
 * base field's limits; empty or null is "not translated" (the base text shows). The description follows the
 * base description's rules: rich text is sanitised and gives the plain description its text when that is not sent.
 */
export const productTranslationInput = z.strictObject({
  name: zPlainText(productNameMaxLength).nullish(),
  description: zPlainText(productDescriptionMaxLength).nullish(),
  description_html: zDescriptionHtml().nullish(),
  /** The order bump's headline and text on this product's checkout. */
  bump_headline: zPlainText(bumpHeadlineMaxLength).nullish(),
  bump_text: zPlainText(bumpTextMaxLength).nullish(),
})
export type ProductTranslationInput = z.infer<typeof productTranslationInput>

/**
 * A product's translations, by locale. Sent, it replaces every stored translation (a language left out is
 * removed); `null` or `{}` removes them all; left out, the stored ones stay.
 */
export const productTranslationsInput = z.strictObject(byLocale(productTranslationInput))
export type ProductTranslationsInput = z.infer<typeof productTranslationsInput>

const productFields = {
  name: zName(productNameMaxLength),
  description: zPlainText(productDescriptionMaxLength).nullish(),
  description_html: zDescriptionHtml().nullish(),
  /** The product's texts in other languages (docs/decisions/0095-product-translations.md); optional. */
  translations: productTranslationsInput.nullish(),
  free: bool().optional(),
  limit: count().nullish(),
  access_password: zText({ error: 'invalid_value' }).trim().max(100, { error: 'too_long' }).nullish(),
  display_price: amount().nullish(),
  display_old_price: amount().nullish(),
  display_currency_id: zCurrencyId.nullish(),
  slug: zProductSlug.optional(),
  internal_name: zPlainText(200).nullish(),
  cost_center: zPlainText(100).nullish(),
  product_groups: z.array(zName(60)).max(50, { error: 'out_of_range' }).optional(),
  category_ids: z.array(id()).max(100, { error: 'out_of_range' }).optional(),
  hidden_in_shop: bool().optional(),
  can_be_sold_via_shop: bool().optional(),
  position: count().optional(),
  addons: z.array(addonInput).max(300, { error: 'out_of_range' }).optional(),
}

export const createProductInput = z.strictObject({
  form: z.enum(productForms, { error: keyOr('invalid_value') }),
  ...productFields,
  pricing_plans: z.array(pricingPlanInput).max(maxPlansPerOwner, { error: 'out_of_range' }).optional(),
  tickets: z.array(ticketInput).max(maxTicketsPerProduct, { error: 'out_of_range' }).optional(),
}).superRefine((value, ctx) => {
  // An eventTickets product keeps its plans on its ticket types; only it has tickets.
  if (value.form === 'eventTickets' && value.pricing_plans?.length) ctx.addIssue({ code: 'custom', path: ['pricing_plans'], message: 'invalid_value' })
  if (value.form !== 'eventTickets' && value.tickets?.length) ctx.addIssue({ code: 'custom', path: ['tickets'], message: 'invalid_value' })
  if (value.addons?.length && value.form !== 'membership' && value.form !== 'bundle') ctx.addIssue({ code: 'custom', path: ['addons'], message: 'invalid_value' })
}).meta(byValue('form', productForms, Object.fromEntries(productForms.map((form) => [form, {
  ...(form === 'eventTickets' ? { pricing_plans: { type: 'array', maxItems: 0 } } : { tickets: { type: 'array', maxItems: 0 } }),
  ...(form === 'membership' || form === 'bundle' ? {} : { addons: { type: 'array', maxItems: 0 } }),
}])), false))
export type CreateProductInput = z.infer<typeof createProductInput>

/** Every field but the form (fixed at creation); plans and tickets have their own routes. */
export const updateProductInput = z.strictObject({ ...productFields, name: zName(productNameMaxLength).optional() })
export type UpdateProductInput = z.infer<typeof updateProductInput>

export const productParams = z.strictObject({ id: zIdParam() })
export const planParams = z.strictObject({ id: zIdParam(), plan_id: zIdParam() })
export const ticketParams = z.strictObject({ id: zIdParam(), ticket_id: zIdParam() })

export const pricingPlanOutput = z.object({
  id: z.number(),
  /** The frozen terms a new order buys (pricing_plan_versions). */
  version_id: z.number(),
  ticket_id: z.number().nullable(),
  form: z.enum(planForms),
  kind: z.number(),
  currency_id: z.string(),
  price: z.number().nullable(),
  first_amount: z.number().nullable(),
  next_amount: z.number().nullable(),
  payments_count: z.number().nullable(),
  interval: z.string().nullable(),
  custom_intervals: z.array(z.object({ interval: z.string(), amount: z.number() })).nullable(),
  use_net_price: z.boolean(),
  name: z.string().nullable(),
  /** Free days before the first charge (subscriptions only; docs/decisions/0033-trial-periods.md); null: no trial. */
  trial_days: z.number().nullable(),
  position: z.number(),
  /**
   * The first charge (checkoutMinimumPrice; due at purchase, or at the trial's end) and what is owed in
   * all (null for an open subscription).
   */
  checkout_amount: z.number(),
  total: z.number().nullable(),
  /** The checkout amount with the product's discount (priceWithDiscount; docs/decisions/0014-discounts-per-product.md). */
  display_price: z.number(),
  /** The checkout amount before the discount, when the discount lowers it; else null. */
  display_old_price: z.number().nullable(),
  /** The name in other languages, by locale (`{}` for none; docs/decisions/0095-product-translations.md). Not in public answers. */
  translations: textTranslationsOutput(planTranslationFields),
})
export type PricingPlanOutput = z.infer<typeof pricingPlanOutput>

export const planVersionOutput = z.object({ id: z.number(), plan_id: z.number(), version: z.number(), snapshot: z.record(z.string(), z.unknown()), created_at: z.string() })
export const planVersionsOutput = z.object({ list: z.array(planVersionOutput) })

export const ticketOutput = z.object({
  id: z.number(),
  name: z.string(),
  location: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  ticket_dates: z.array(z.object({ start_date: z.string(), end_date: z.string().nullable() })),
  limit: z.number().nullable(),
  sold_count: z.number(),
  reserved_count: z.number(),
  active: z.boolean(),
  position: z.number(),
  sold_out: z.boolean(),
  pricing_plans: z.array(pricingPlanOutput),
  /** The name and location in other languages, by locale (`{}` for none). Not in public answers. */
  translations: textTranslationsOutput(ticketTranslationFields),
})
export type TicketOutput = z.infer<typeof ticketOutput>

export const addonOutput = z.object({ id: z.number(), product_id: z.number(), name: z.string(), form: z.string(), kind: z.enum(addonKinds), position: z.number() })

/**
 * The display price of a product: the seller's display price, else the first plan's checkout amount, with
 * the discount applied; the old price is the price before a discount that lowers it, else the seller's.
 */
export const shopPriceOutput = z.object({ display_price: z.number().nullable(), display_old_price: z.number().nullable(), currency_id: z.string().nullable() })
export type ShopPriceOutput = z.infer<typeof shopPriceOutput>

/** One language's stored texts; a text not translated is null. */
export const productTranslationOutput = z.object({
  name: z.string().nullable(),
  description: z.string().nullable(),
  description_html: z.string().nullable(),
  bump_headline: z.string().nullable(),
  bump_text: z.string().nullable(),
})
export type ProductTranslationOutput = z.infer<typeof productTranslationOutput>
export const productTranslationsOutput = z.object(byLocale(productTranslationOutput))
export type ProductTranslationsOutput = z.infer<typeof productTranslationsOutput>

export const productOutput = z.object({
  id: z.number(),
  form: z.enum(productForms),
  type: z.enum(productTypes),
  name: z.string(),
  description: z.string().nullable(),
  /** Sanitised rich text; null when the seller wrote only plain text (docs/decisions/0047-product-description-html.md). */
  description_html: z.string().nullable(),
  free: z.boolean(),
  slug: z.string(),
  seller_username: z.string(),
  limit: z.number().nullable(),
  sold_count: z.number(),
  reserved_count: z.number(),
  /** The seller's own product: the password they hand to payers. Never in a public answer. */
  access_password: z.string().nullable(),
  display_price: z.number().nullable(),
  display_old_price: z.number().nullable(),
  display_currency_id: z.string().nullable(),
  internal_name: z.string().nullable(),
  cost_center: z.string().nullable(),
  product_groups: z.array(z.string()),
  category_ids: z.array(z.number()),
  hidden_in_shop: z.boolean(),
  position: z.number(),
  publish_state: z.enum(publishStates),
  review_state: z.enum(reviewStates),
  review_reason: z.string().nullable(),
  published: z.boolean(),
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  statuses: z.array(z.enum(productStatusKeys)),
  can_sell: z.boolean(),
  can_be_sold_via_shop: z.boolean(),
  is_sold_out: z.boolean(),
  is_private: z.boolean(),
  active_tickets_count: z.number(),
  pricing_plans: z.array(pricingPlanOutput),
  tickets: z.array(ticketOutput),
  addons: z.array(addonOutput),
  /** Images with size variants (default s100). */
  covers: z.array(coverOutput),
  /** The product's discount (docs/decisions/0014-discounts-per-product.md), or null. */
  discount: discountOutput.nullable(),
  /** The price the shop shows, with the discount applied (what the public answers carry). */
  shop_price: shopPriceOutput,
  /** The texts in other languages, by locale (docs/decisions/0095-product-translations.md); `{}` for none. */
  translations: productTranslationsOutput.optional(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ProductOutput = z.infer<typeof productOutput>

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

export const productSortKeys = ['id', 'name', 'created_at', 'position', 'sold_count'] as const

/** The list parameters of docs/DESIGN.md plus the spec's product filters (docs/reference/catalogue-and-selling.md §3). */
export const productListQuery = listQuery.extend({
  sort_key: z.enum(productSortKeys).optional(),
  /** A spec type (service, event, ...) or a form (digital, eventTickets, ...). */
  product_type: z.enum([...new Set([...productTypes, ...productForms])] as [string, ...string[]]).optional(),
  is_published: boolParam.optional(),
  is_archived: boolParam.optional(),
  is_private: boolParam.optional(),
  is_free: boolParam.optional(),
  category_id: zIdParam().optional(),
  internal_name: zText().trim().max(200).optional(),
})
export type ProductListQuery = z.infer<typeof productListQuery>
export const productListOutput = listOutput(productOutput)

/** The columns of the product CSV, exactly as docs/reference/catalogue-and-selling.md §3 lists them. */
export const productCsvColumns = [
  'id', 'name', 'created_at', 'updated_at', 'sell', 'published', 'display_price', 'limit', 'sold_count', 'reserved_count',
  'product_groups', 'internal_name', 'cost_center',
] as const

// ------------------------------------------------------------------ categories

export const categoryInput = z.strictObject({ name: zName(100), parent_id: id().nullish(), position: count().optional() })
export const updateCategoryInput = z.strictObject({ name: zName(100).optional(), parent_id: id().nullish(), position: count().optional() })
export const reorderCategoriesInput = z.strictObject({
  items: z.array(z.strictObject({ id: id(), parent_id: id().nullable(), position: count() })).min(1).max(1000),
})
export type CategoryNode = { id: number; parent_id: number | null; position: number; name: string; children: CategoryNode[] }
export const categoryNode: z.ZodType<CategoryNode> = z.lazy(() => z.object({
  id: z.number(), parent_id: z.number().nullable(), position: z.number(), name: z.string(), children: z.array(categoryNode),
}))
export const categoryTreeOutput = z.object({ list: z.array(categoryNode) })
export const categoryOutput = z.object({ id: z.number(), parent_id: z.number().nullable(), position: z.number(), name: z.string() })

/** A shop category's texts a seller may give per language (docs/decisions/0095-product-translations.md): `shop_categories.translations`. */
export const shopCategoryTextFields = ['title', 'description'] as const
/** Sent, it replaces every stored translation; `null` or `{}` removes them all; left out, the stored ones stay. */
export const shopCategoryTranslationsInput = textTranslationsInput({ title: zPlainText(100), description: zPlainText(2000) })
export type ShopCategoryTranslationsInput = z.infer<typeof shopCategoryTranslationsInput>

export const shopCategoryInput = z.strictObject({
  title: zName(100),
  description: zPlainText(2000).nullish(),
  color: zHexColor.nullish(),
  hidden: bool().optional(),
  position: count().optional(),
  product_ids: z.array(id()).max(300, { error: 'out_of_range' }).optional(),
  /** The title and description in other languages, by locale; optional. */
  translations: shopCategoryTranslationsInput.nullish(),
})
export const updateShopCategoryInput = shopCategoryInput.partial()
export const shopCategoryOutput = z.object({
  id: z.number(), title: z.string(), description: z.string().nullable(), color: z.string().nullable(), hidden: z.boolean(),
  position: z.number(), product_ids: z.array(z.number()),
  /** The title and description in other languages, by locale (`{}` for none; a text not translated is null). */
  translations: textTranslationsOutput(shopCategoryTextFields),
})
export const shopCategoryListOutput = z.object({ list: z.array(shopCategoryOutput) })
/** GET /shop/{username}/categories: the visible categories holding listed products, in the language the request names. */
export const publicShopCategoriesOutput = z.object({
  list: z.array(z.object({ id: z.number(), title: z.string(), description: z.string().nullable(), color: z.string().nullable(), product_ids: z.array(z.number()) })),
})

// ------------------------------------------------------------------ license keys

export const licenseKeysMaxPerRequest = 10_000
const zLicenseKey = zText({ error: 'invalid_value' }).trim().min(1, { error: 'required' }).max(licenseKeyMaxLength, { error: 'too_long' })
export const zLicenseKeyFormat = zText({ error: keyOr('invalid_value') }).trim().superRefine((value, ctx) => {
  const issue = licenseKeyFormatIssue(value)
  if (issue) ctx.addIssue({ code: 'custom', message: issue })
}).meta({
  // The common shapes as a pattern (a placeholder big enough for any count first); the description has the whole rule.
  pattern: '^[A-Za-z0-9_.#:/-]{0,8}\\{(?:alphabetic|alphanumeric):(?:[6-9]|[1-5][0-9]|60)\\}(?:[A-Za-z0-9_.#:/-]{1,8}\\{(?:alphabetic|alphanumeric|numeric):(?:[3-9]|[1-5][0-9]|60)\\})?[A-Za-z0-9_.#:/-]{0,8}$',
  maxLength: 200,
  description: 'Literal text (letters, digits, - _ . / # :) and placeholders {alphabetic:n}, {alphanumeric:n}, {numeric:n} (n 1 to 64, one of at least 3) or {protection_token}; at most 200 characters of key',
})

/** Keys by hand, or `count` keys generated from a format. */
export const addLicenseKeysInput = z.union([
  z.strictObject({ keys: z.array(zLicenseKey).min(1, { error: 'required' }).max(licenseKeysMaxPerRequest, { error: 'out_of_range' }) }),
  z.strictObject({ format: zLicenseKeyFormat, count: z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' }).min(1, { error: 'out_of_range' }).max(licenseKeysMaxPerRequest, { error: 'out_of_range' }) }),
])
export type AddLicenseKeysInput = z.infer<typeof addLicenseKeysInput>
export const addLicenseKeysOutput = z.object({ added: z.number(), duplicates: z.number() })
export const licenseKeyStates = ['available', 'used'] as const
export const licenseKeyListQuery = listQuery.extend({ state: z.enum(licenseKeyStates).optional() })
export const licenseKeyOutput = z.object({
  id: z.number(), key: z.string(), state: z.enum(licenseKeyStates), used_at: z.string().nullable(), order_id: z.number().nullable(), created_at: z.string(),
  /** Activations of a sold key (the activation API's use counter); revoked: its order was refunded or charged back. */
  uses: z.number(), revoked: z.boolean(),
})
export const licenseKeyListOutput = listOutput(licenseKeyOutput).extend({ available_count: z.number(), used_count: z.number() })
export const licenseKeyParams = z.strictObject({ id: zIdParam(), key_id: zIdParam() })

// ------------------------------------------------------------------ managers

export const rejectInput = z.strictObject({ reason: zName(2000) })
/** A manager takes a product down with a reason the seller sees. */
export const takeDownInput = z.strictObject({ reason: zName(2000) })
export const reviewItemOutput = z.object({
  id: z.number(), name: z.string(), form: z.enum(productForms), seller_id: z.number(), seller_username: z.string(),
  publish_state: z.enum(publishStates), review_state: z.enum(reviewStates), updated_at: z.string(),
})
export const reviewListOutput = listOutput(reviewItemOutput)
export const reviewDecisionOutput = z.object({ id: z.number(), publish_state: z.enum(publishStates), review_state: z.enum(reviewStates), review_reason: z.string().nullable() })
export const sellerParams = z.strictObject({ id: zIdParam() })
/** PATCH /admin/sellers/{id}; `features` merges into the seller's flags (null: back to the plan's value or the default). */
export const updateSellerFlagsInput = z.strictObject({ power_seller: bool().optional(), blocked: bool().optional(), features: featureOverridesInput.optional() })
export const sellerFlagsOutput = z.object({
  id: z.number(), username: z.string(), power_seller: z.boolean(), blocked: z.boolean(), payment_account_done: z.boolean(), profile_finished: z.boolean(),
  /** Every feature flag with its value in effect and its source. */
  features: z.array(featureStateOutput),
})

// ------------------------------------------------------------------ public shop

export const shopParams = z.strictObject({ username: zText().trim().min(1).max(100) })
export const shopProductParams = z.strictObject({ username: zText().trim().min(1).max(100), slug: zText().trim().min(1).max(200) })
export const shopProductQuery = z.strictObject({ password: zText().max(100).optional() })
export const shopListItemOutput = z.object({
  id: z.number(), slug: z.string(), name: z.string(), form: z.enum(productForms), display_price: z.number().nullable(),
  display_old_price: z.number().nullable(), currency_id: z.string().nullable(), covers: z.array(coverOutput),
  /** Event tickets: the earliest date and its place among the active ticket types (null for other forms). */
  event: z.object({ start_date: z.string().nullable(), location: z.string().nullable() }).nullable().optional(),
})
/** The seller a shop belongs to, as its header shows them (docs/decisions/0044-storefront-presence.md). */
/** The shop header's seller; avatar, banner and bio only when the seller set them (docs/decisions/0046-seller-presence.md). */
export const shopSellerOutput = z.object({
  username: z.string(), name: z.string(),
  avatar: avatarOutput.nullable().optional(), banner: bannerOutput.nullable().optional(), bio: z.string().nullable().optional(),
})
export const shopListOutput = listOutput(shopListItemOutput).extend({ seller: shopSellerOutput.optional() })

/** Public answers carry a plan's and a ticket type's texts in the page's language, not their translations. */
const publicPlanOutput = pricingPlanOutput.omit({ position: true, translations: true })
export const shopProductOutput = z.object({
  id: z.number(),
  slug: z.string(),
  seller_username: z.string(),
  form: z.enum(productForms),
  name: z.string(),
  description: z.string().nullable(),
  /** Sanitised rich text, or null: show `description` (docs/decisions/0047-product-description-html.md). */
  description_html: z.string().nullable().optional(),
  free: z.boolean(),
  covers: z.array(coverOutput),
  display_price: z.number().nullable(),
  display_old_price: z.number().nullable(),
  currency_id: z.string().nullable(),
  pricing_plans: z.array(publicPlanOutput),
  tickets: z.array(ticketOutput.omit({ position: true, sold_count: true, reserved_count: true, translations: true }).extend({ pricing_plans: z.array(publicPlanOutput) })),
  /** How many are left (null: no limit) and whether it is sold out (docs/reference/readings.md 4). */
  availability: z.object({ sold_out: z.boolean(), remaining: z.number().nullable() }),
  can_sell: z.boolean(),
})
