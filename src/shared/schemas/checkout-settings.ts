import { z } from 'zod'
import { byLocale, textTranslationsInput, textTranslationsOutput } from './translations'
import { int4Max, zIdParam, notBlank, zText } from '../validation/storable'
import { productForms, zProductForm } from '../catalog/product-forms'
import { checkoutMethods, zCheckoutMethod } from '../payments'
import { isHexColor } from '../validation/color'
import { hasScriptTag } from '../validation/text'
import { zHexColor, zPlainText, zUrl } from '../validation/schemas'
import { buyerInformationModes, phoneFieldModes } from '../validation/payer-fields'
import { byValue, documented, uniqueBy } from '../validation/document-rules'
import { isLocaleCode, localeCodes, type LocaleCode } from '../i18n/locales'
import { textTranslationsOf } from '../i18n/text-translations'

// Checkout settings (docs/reference/catalogue-and-selling.md §3 "Checkout settings"; docs/reference/catalogue-and-selling.md §9 "Default buy button colour
// #ffc107, radius 22"), what a product's checkout and market-upsell steps choose (order bump presentation,
// one-click upsells, checkout questions of docs/reference/readings.md 9, terms consent, success page) and the seller's
// cancellation terms per product form. One strict schema per request; answers have every default applied,
// and `checkoutTheme` is the one place that fills the defaults in (server, back office and storefront).

const keyOr = (other: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'required' : other)
const id = () => z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).max(int4Max, { error: 'out_of_range' })

/** A required plain text: trimmed, 1..max characters, no script tag (docs/reference/readings.md 20). */
const requiredText = (max: number) => zText({ error: keyOr('invalid_value') }).trim()
  .min(1, { error: 'required', abort: true }).regex(notBlank, { error: 'required', abort: true })
  .max(max, { error: 'too_long', abort: true })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })

/** An optional plain text: empty reads as null. */
const optionalText = (max: number) => zPlainText(max).transform((value) => (value === '' ? null : value)).nullish()

export const checkoutLayouts = ['default', 'simplified', 'two_steps', 'two_steps_advanced'] as const
export type CheckoutLayout = (typeof checkoutLayouts)[number]
export const buyButtonTexts = ['dynamic_cta', 'buy_now', 'agree_on_terms_and_pay', 'complete_order', 'accept_and_pay_now'] as const
export type BuyButtonText = (typeof buyButtonTexts)[number]
/**
 * docs/reference/readings.md 25: full asks the payer's invoice address; minimal only email, names and country (the
 * default, docs/decisions/0042-minimal-checkout-and-legal-texts.md: a VAT id still makes the address required).
 */
export const buyerInformationIncludeTypes = buyerInformationModes
export type BuyerInformationIncludeType = (typeof buyerInformationIncludeTypes)[number]
/** Whether the checkout asks the payer's phone: hidden (the default), optional or required. */
export { phoneFieldModes }
export type PhoneFieldMode = (typeof phoneFieldModes)[number]
export const defaultBuyerInformation: BuyerInformationIncludeType = 'minimal'
export const defaultPhoneField: PhoneFieldMode = 'hidden'
export const bumpPositions = ['belowProductDetails', 'belowPayerDetails', 'belowPaymentMethods'] as const
export const bumpPlacements = ['below_payment_options', 'below_legal_text', 'below_custom_fields'] as const
export const bumpLayouts = ['one_column', 'two_columns', 'one_step', 'two_steps'] as const
export const bumpBorderAnimations = ['none', 'pulse', 'dashed', 'glow'] as const
export const bumpPriceAnimations = ['none', 'blink', 'bounce', 'shake'] as const
export const expandableDescriptionBehaviors = ['expanded', 'collapsed'] as const

/**
 * Fonts a checkout may use: Montserrat is self-hosted from @fontsource (docs/reference/readings.md 31); the others are
 * system families every supported browser has, so no page loads a font from another host.
 */
export const checkoutFontFamilies = ['Montserrat', 'Arial', 'Helvetica', 'Georgia', 'Verdana', 'Trebuchet MS', 'system-ui'] as const
export type CheckoutFontFamily = (typeof checkoutFontFamilies)[number]

export const maxRadius = 100

/** The theme with every value it can have (docs/reference/catalogue-and-selling.md §9 for the buy button). */
export const checkoutThemeDefaults = {
  upsell_position: 'belowPaymentMethods' as (typeof bumpPositions)[number],
  coupon_button_color: '#343a40',
  coupon_button_font_color: '#ffffff',
  coupon_border_radius: 4,
  buy_button_color: '#ffc107',
  buy_button_font_color: '#212529',
  buy_button_radius: 22,
  /** A free text that replaces the chosen buy button text; null: the chosen text. */
  buy_button_text: null as string | null,
  background_color: '#f5f6fa',
  page_color: '#ffffff',
  font_color: '#212529',
  font_family: 'Montserrat' as CheckoutFontFamily,
  radius: 8,
  /** The buy button's text of a free product; null: the platform's wording. */
  get_for_free_text: null as string | null,
  recommended_badge_color: '#28a745',
  recommended_badge_font_color: '#ffffff',
  countdown_enabled: false,
  countdown_minutes: 15,
  countdown_color: '#dc3545',
  countdown_text: null as string | null,
  expandable_description_on_mobile_enabled: false,
  expandable_description_default_behavior: 'collapsed' as (typeof expandableDescriptionBehaviors)[number],
}
export type CheckoutTheme = typeof checkoutThemeDefaults

export const trustSealsDefaults = { card_brands: true, ssl_secure: true, provider_badge: true }
export type TrustSeals = typeof trustSealsDefaults

const radius = z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(0, { error: 'out_of_range' }).max(maxRadius, { error: 'out_of_range' })
const color = zHexColor

/** Every theme field may be left out (keeps the stored value) or null (back to the default). */
export const checkoutThemeInput = z.strictObject({
  upsell_position: z.enum(bumpPositions, { error: 'invalid_value' }).nullish(),
  coupon_button_color: color.nullish(),
  coupon_button_font_color: color.nullish(),
  coupon_border_radius: radius.nullish(),
  buy_button_color: color.nullish(),
  buy_button_font_color: color.nullish(),
  buy_button_radius: radius.nullish(),
  buy_button_text: optionalText(60),
  background_color: color.nullish(),
  page_color: color.nullish(),
  font_color: color.nullish(),
  font_family: z.enum(checkoutFontFamilies, { error: 'invalid_value' }).nullish(),
  radius: radius.nullish(),
  get_for_free_text: optionalText(60),
  recommended_badge_color: color.nullish(),
  recommended_badge_font_color: color.nullish(),
  countdown_enabled: z.boolean({ error: 'invalid_value' }).nullish(),
  countdown_minutes: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'out_of_range' }).max(1440, { error: 'out_of_range' }).nullish(),
  countdown_color: color.nullish(),
  countdown_text: optionalText(200),
  expandable_description_on_mobile_enabled: z.boolean({ error: 'invalid_value' }).nullish(),
  expandable_description_default_behavior: z.enum(expandableDescriptionBehaviors, { error: 'invalid_value' }).nullish(),
})
export type CheckoutThemeInput = z.infer<typeof checkoutThemeInput>

/**
 * The theme's free texts a seller may give per language (docs/decisions/0095-product-translations.md), stored in
 * `checkout_settings.translations`; the checkout page reads them in its language, each falling back to the theme's.
 */
export const checkoutThemeTextFields = ['buy_button_text', 'get_for_free_text', 'countdown_text'] as const
export type CheckoutThemeTextField = (typeof checkoutThemeTextFields)[number]
/** Sent, it replaces every stored translation; `null` or `{}` removes them all; left out, the stored ones stay. */
export const checkoutThemeTranslationsInput = textTranslationsInput({ buy_button_text: zPlainText(60), get_for_free_text: zPlainText(60), countdown_text: zPlainText(200) })
export type CheckoutThemeTranslationsInput = z.infer<typeof checkoutThemeTranslationsInput>

export const trustSealsInput = z.strictObject({
  card_brands: z.boolean({ error: 'invalid_value' }).optional(),
  ssl_secure: z.boolean({ error: 'invalid_value' }).optional(),
  provider_badge: z.boolean({ error: 'invalid_value' }).optional(),
})

const themeFieldChecks: { [K in keyof CheckoutTheme]: (value: unknown) => boolean } = {
  upsell_position: (v) => (bumpPositions as readonly unknown[]).includes(v),
  coupon_button_color: isColor,
  coupon_button_font_color: isColor,
  coupon_border_radius: isRadius,
  buy_button_color: isColor,
  buy_button_font_color: isColor,
  buy_button_radius: isRadius,
  buy_button_text: isShortText,
  background_color: isColor,
  page_color: isColor,
  font_color: isColor,
  font_family: (v) => (checkoutFontFamilies as readonly unknown[]).includes(v),
  radius: isRadius,
  get_for_free_text: isShortText,
  recommended_badge_color: isColor,
  recommended_badge_font_color: isColor,
  countdown_enabled: (v) => typeof v === 'boolean',
  countdown_minutes: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 1440,
  countdown_color: isColor,
  countdown_text: isShortText,
  expandable_description_on_mobile_enabled: (v) => typeof v === 'boolean',
  expandable_description_default_behavior: (v) => (expandableDescriptionBehaviors as readonly unknown[]).includes(v),
}

function isColor(value: unknown): boolean {
  return typeof value === 'string' && isHexColor(value)
}
function isRadius(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= maxRadius
}
function isShortText(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 && !hasScriptTag(value)
}

/** The stored theme with every default filled in; a stored value that no longer fits is replaced by its default. */
export function checkoutTheme(stored: Record<string, unknown> | null | undefined): CheckoutTheme {
  const theme: Record<string, unknown> = { ...checkoutThemeDefaults }
  for (const key of Object.keys(checkoutThemeDefaults) as (keyof CheckoutTheme)[]) {
    const value = stored?.[key]
    if (value !== undefined && value !== null && themeFieldChecks[key](value)) theme[key] = value
  }
  return theme as CheckoutTheme
}

/** Merges a theme change into the stored theme: a key left out stays, null removes it (its default applies). */
export function mergeTheme(stored: Record<string, unknown>, change: CheckoutThemeInput | undefined): Record<string, unknown> {
  const next: Record<string, unknown> = {}
  for (const key of Object.keys(checkoutThemeDefaults)) if (stored[key] !== undefined && stored[key] !== null) next[key] = stored[key]
  for (const [key, value] of Object.entries(change ?? {})) {
    if (value === undefined) continue
    if (value === null) delete next[key]
    else next[key] = value
  }
  return next
}

export function trustSeals(stored: Record<string, unknown> | null | undefined): TrustSeals {
  const seals = { ...trustSealsDefaults }
  for (const key of Object.keys(trustSealsDefaults) as (keyof TrustSeals)[]) {
    if (typeof stored?.[key] === 'boolean') seals[key] = stored[key] as boolean
  }
  return seals
}

export const checkoutSettingsNameMaxLength = 100

export const createCheckoutSettingsInput = z.strictObject({
  name: requiredText(checkoutSettingsNameMaxLength),
  layout: z.enum(checkoutLayouts, { error: 'invalid_value' }).optional(),
  theme: checkoutThemeInput.optional(),
  trust_seals: trustSealsInput.optional(),
  buyer_information: z.enum(buyerInformationIncludeTypes, { error: 'invalid_value' }).optional(),
  phone_field: z.enum(phoneFieldModes, { error: 'invalid_value' }).optional(),
  buy_button_text: z.enum(buyButtonTexts, { error: 'invalid_value' }).optional(),
  /** The theme's free texts in other languages, by locale; optional. */
  translations: checkoutThemeTranslationsInput.nullish(),
})
export type CreateCheckoutSettingsInput = z.infer<typeof createCheckoutSettingsInput>

/** Any field; theme keys merge into the stored theme (null: back to the default). */
export const updateCheckoutSettingsInput = z.strictObject({
  name: requiredText(checkoutSettingsNameMaxLength).optional(),
  layout: z.enum(checkoutLayouts, { error: 'invalid_value' }).optional(),
  theme: checkoutThemeInput.optional(),
  trust_seals: trustSealsInput.optional(),
  buyer_information: z.enum(buyerInformationIncludeTypes, { error: 'invalid_value' }).optional(),
  phone_field: z.enum(phoneFieldModes, { error: 'invalid_value' }).optional(),
  buy_button_text: z.enum(buyButtonTexts, { error: 'invalid_value' }).optional(),
  translations: checkoutThemeTranslationsInput.nullish(),
})
export type UpdateCheckoutSettingsInput = z.infer<typeof updateCheckoutSettingsInput>

export const idParams = z.strictObject({ id: zIdParam() })

const themeOutput = z.object({
  upsell_position: z.enum(bumpPositions),
  coupon_button_color: z.string(),
  coupon_button_font_color: z.string(),
  coupon_border_radius: z.number(),
  buy_button_color: z.string(),
  buy_button_font_color: z.string(),
  buy_button_radius: z.number(),
  buy_button_text: z.string().nullable(),
  background_color: z.string(),
  page_color: z.string(),
  font_color: z.string(),
  font_family: z.enum(checkoutFontFamilies),
  radius: z.number(),
  get_for_free_text: z.string().nullable(),
  recommended_badge_color: z.string(),
  recommended_badge_font_color: z.string(),
  countdown_enabled: z.boolean(),
  countdown_minutes: z.number(),
  countdown_color: z.string(),
  countdown_text: z.string().nullable(),
  expandable_description_on_mobile_enabled: z.boolean(),
  expandable_description_default_behavior: z.enum(expandableDescriptionBehaviors),
})

export const checkoutSettingsOutput = z.object({
  id: z.number(),
  name: z.string(),
  is_default: z.boolean(),
  layout: z.enum(checkoutLayouts),
  theme: themeOutput,
  trust_seals: z.object({ card_brands: z.boolean(), ssl_secure: z.boolean(), provider_badge: z.boolean() }),
  buyer_information: z.enum(buyerInformationIncludeTypes),
  phone_field: z.enum(phoneFieldModes),
  buy_button_text: z.enum(buyButtonTexts),
  /** The theme's free texts in other languages, by locale (`{}` for none; a text not translated is null). */
  translations: textTranslationsOutput(checkoutThemeTextFields),
  /** Products whose checkout uses these settings by choice (the default's other users are not counted). */
  products_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type CheckoutSettingsOutput = z.infer<typeof checkoutSettingsOutput>
export const checkoutSettingsListOutput = z.object({ list: z.array(checkoutSettingsOutput), total_count: z.number(), total_count_max: z.number() })

// ------------------------------------------------------------------ a product's checkout

export const checkoutQuestionTypes = ['checkbox', 'open_question', 'service', 'select_box'] as const
export const selectStyles = ['drop_down', 'list'] as const
export const optionGroups = ['checkboxes', 'radios'] as const
/** Question and option ids: what an order's answers refer to (the checkout's answerInput takes up to 40). */
export const zQuestionId = zText({ error: keyOr('invalid_value') }).trim()
  .min(1, { error: 'required', abort: true })
  .max(40, { error: 'too_long', abort: true })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'invalid_value' })

export const maxQuestions = 20
export const maxQuestionOptions = 50
export const maxUpsells = 5

export const questionOptionInput = z.strictObject({
  id: zQuestionId,
  label: requiredText(200),
  /** A heading the option is listed under. */
  group: optionalText(100),
})

/**
 * A question's label and options in one other language (docs/decisions/0095-product-translations.md), with the base
 * texts' rules: the options by position (null or empty: the base option's label). A list sent longer than the
 * question's options is cut to them, a shorter one leaves the rest to the base labels (`fitOptionTexts`).
 */
export const questionTranslationInput = z.strictObject({
  label: zPlainText(500).nullish(),
  options: z.array(zPlainText(200).nullish()).max(maxQuestionOptions, { error: 'out_of_range' }).nullish(),
})
/** Sent, it replaces the question's stored translations; `null` or `{}` removes them; left out, the stored ones stay. */
export const questionTranslationsInput = z.strictObject(byLocale(questionTranslationInput))
export type QuestionTranslationsInput = z.infer<typeof questionTranslationsInput>

/** Types that offer options to choose from; checkbox and open_question have none. */
export const questionTypesWithOptions: readonly (typeof checkoutQuestionTypes)[number][] = ['service', 'select_box']

export const checkoutQuestionInput = z.strictObject({
  id: zQuestionId,
  type: z.enum(checkoutQuestionTypes, { error: keyOr('invalid_value') }),
  label: requiredText(500),
  required: z.boolean({ error: 'invalid_value' }).default(false),
  select_style: z.enum(selectStyles, { error: 'invalid_value' }).nullish(),
  option_group: z.enum(optionGroups, { error: 'invalid_value' }).nullish(),
  options: z.array(questionOptionInput).max(maxQuestionOptions, { error: 'out_of_range' }).default([]),
  /** The label and options in other languages, by locale; optional. */
  translations: questionTranslationsInput.nullish(),
}).superRefine((value, ctx) => {
  const withOptions = questionTypesWithOptions.includes(value.type)
  if (withOptions && value.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'required' })
  if (!withOptions && value.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'invalid_value' })
  const seen = new Set<string>()
  value.options.forEach((option, index) => {
    if (seen.has(option.id)) ctx.addIssue({ code: 'custom', path: ['options', index, 'id'], message: 'invalid_value' })
    seen.add(option.id)
  })
}).meta(byValue('type', checkoutQuestionTypes, Object.fromEntries(checkoutQuestionTypes.map((type) => [type, {
  options: questionTypesWithOptions.includes(type)
    ? { type: 'array', items: documented(questionOptionInput), minItems: 1, maxItems: maxQuestionOptions, description: 'Option ids differ' }
    : { type: 'array', maxItems: 0 },
}]))))
export type CheckoutQuestionInput = z.input<typeof checkoutQuestionInput>

export const upsellKinds = ['upsell', 'downsell'] as const
export const upsellInput = z.strictObject({
  kind: z.enum(upsellKinds, { error: 'invalid_value' }).default('upsell'),
  /** One of the seller's published products. */
  product_id: id(),
  /** A plan of that product. */
  pricing_plan_id: id(),
  headline: optionalText(200),
})

/** The order bump's texts (a product's translations keep the same limits, docs/decisions/0095-product-translations.md). */
export const bumpHeadlineMaxLength = 200
export const bumpTextMaxLength = 2000

export const bumpInput = z.strictObject({
  position: z.enum(bumpPositions, { error: 'invalid_value' }).optional(),
  placement: z.enum(bumpPlacements, { error: 'invalid_value' }).optional(),
  layout: z.enum(bumpLayouts, { error: 'invalid_value' }).optional(),
  border_animation: z.enum(bumpBorderAnimations, { error: 'invalid_value' }).optional(),
  price_animation: z.enum(bumpPriceAnimations, { error: 'invalid_value' }).optional(),
  headline: optionalText(bumpHeadlineMaxLength),
  text: optionalText(bumpTextMaxLength),
})

export const bumpDefaults = {
  position: 'belowPaymentMethods' as (typeof bumpPositions)[number],
  placement: 'below_payment_options' as (typeof bumpPlacements)[number],
  layout: 'one_column' as (typeof bumpLayouts)[number],
  border_animation: 'none' as (typeof bumpBorderAnimations)[number],
  price_animation: 'none' as (typeof bumpPriceAnimations)[number],
  headline: null as string | null,
  text: null as string | null,
}
export type BumpPresentation = typeof bumpDefaults

/**
 * PUT /cabinet/products/{id}/checkout. Each step of the wizard saves its own part: a field left out keeps
 * its stored value (checkout step: settings, methods, questions, terms, success page; market upsell step:
 * bump and upsells). The order bumps themselves are the product's add-ons of kind bump.
 */
export const productCheckoutInput = z.strictObject({
  /** One of the seller's checkout settings; null: the seller's default. */
  checkout_settings_id: id().nullable().optional(),
  /** A subset of the checkout methods; null: every method the seller has active. */
  payment_methods: z.array(zCheckoutMethod).min(1, { error: 'required' }).max(checkoutMethods.length, { error: 'out_of_range' }).nullable().optional()
    .refine((value) => !value || new Set(value).size === value.length, { error: 'invalid_value' }).meta({ uniqueItems: true }),
  bump: bumpInput.optional(),
  upsells: z.array(upsellInput).max(maxUpsells, { error: 'out_of_range' }).optional(),
  questions: z.array(checkoutQuestionInput).max(maxQuestions, { error: 'out_of_range' }).meta(uniqueBy('id')).optional()
    .superRefine((value, ctx) => {
      const seen = new Set<string>()
      value?.forEach((question, index) => {
        if (seen.has(question.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'invalid_value' })
        seen.add(question.id)
      })
    }),
  /** The payer agrees to the terms and cancellation terms before paying. */
  terms_required: z.boolean({ error: 'invalid_value' }).optional(),
  success_page_url: zUrl.nullable().optional(),
})
export type ProductCheckoutInput = z.infer<typeof productCheckoutInput>

export const checkoutQuestionOutput = z.object({
  id: z.string(),
  type: z.enum(checkoutQuestionTypes),
  label: z.string(),
  required: z.boolean(),
  select_style: z.enum(selectStyles).nullable(),
  option_group: z.enum(optionGroups).nullable(),
  options: z.array(z.object({ id: z.string(), label: z.string(), group: z.string().nullable() })),
  /** The label and options in other languages, by locale (`{}` for none; options by position, null when not translated). */
  translations: z.object(byLocale(z.object({ label: z.string().nullable(), options: z.array(z.string().nullable()) }))).optional(),
})
export type CheckoutQuestion = z.infer<typeof checkoutQuestionOutput>

export const upsellOutput = z.object({ kind: z.enum(upsellKinds), product_id: z.number(), pricing_plan_id: z.number(), headline: z.string().nullable() })
export type UpsellOffer = z.infer<typeof upsellOutput>

export const bumpOutput = z.object({
  position: z.enum(bumpPositions),
  placement: z.enum(bumpPlacements),
  layout: z.enum(bumpLayouts),
  border_animation: z.enum(bumpBorderAnimations),
  price_animation: z.enum(bumpPriceAnimations),
  headline: z.string().nullable(),
  text: z.string().nullable(),
})

export const productCheckoutOutput = z.object({
  product_id: z.number(),
  checkout_settings_id: z.number().nullable(),
  payment_methods: z.array(zCheckoutMethod).nullable(),
  bump: bumpOutput,
  upsells: z.array(upsellOutput),
  questions: z.array(checkoutQuestionOutput),
  terms_required: z.boolean(),
  success_page_url: z.string().nullable(),
  updated_at: z.string().nullable(),
})
export type ProductCheckoutOutput = z.infer<typeof productCheckoutOutput>

/**
 * A stored question in its answer shape: select style only for select boxes, an option group only with options,
 * its translations read apart (a stored translation that no longer fits drops that text, not the question).
 */
export function normalizeQuestion(stored: Record<string, unknown>): CheckoutQuestion | null {
  const { translations: storedTranslations, ...base } = stored
  const parsed = checkoutQuestionInput.safeParse(base)
  if (!parsed.success) return null
  const q = parsed.data
  const withOptions = questionTypesWithOptions.includes(q.type)
  const options = withOptions ? q.options.map((o) => ({ id: o.id, label: o.label, group: o.group ?? null })) : []
  return {
    id: q.id, type: q.type, label: q.label, required: q.required,
    select_style: q.type === 'select_box' ? (q.select_style ?? 'drop_down') : null,
    option_group: withOptions ? (q.option_group ?? 'radios') : null,
    options,
    translations: Object.fromEntries(Object.entries(questionTranslationsOf(storedTranslations, options.length)).map(([code, texts]) => [
      code, { label: texts.label ?? null, options: options.map((_, i) => texts.options?.[i] ?? null) },
    ])),
  }
}

/** A question's texts as stored inside it (`product_checkouts.questions[].translations`), by locale; each optional. */
export type QuestionTranslation = { label?: string; options?: (string | null)[] }
export type QuestionTranslations = { [L in LocaleCode]?: QuestionTranslation }

/**
 * A question's translations read defensively (docs/decisions/0095-product-translations.md): the label as every
 * seller text (`textTranslationsOf`); the options only when there are as many as the question's, untranslated ones
 * null. A language with no text is left out.
 */
export function questionTranslationsOf(stored: unknown, optionCount: number): QuestionTranslations {
  const labels = textTranslationsOf(stored, ['label'] as const)
  const out: QuestionTranslations = {}
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return out
  for (const code of localeCodes) {
    const entry = (stored as Record<string, unknown>)[code]
    const raw = entry && typeof entry === 'object' ? (entry as Record<string, unknown>).options : undefined
    const options = Array.isArray(raw) && raw.length === optionCount
      ? raw.map((o) => (typeof o === 'string' && o.trim() !== '' ? o : null)) : []
    const texts: QuestionTranslation = { ...labels[code], ...(options.some((o) => o !== null) ? { options } : {}) }
    if (Object.keys(texts).length > 0) out[code] = texts
  }
  return out
}

/**
 * Sent translations fitted to the question's options by position: texts past its last option are not kept, and a
 * shorter list leaves the rest null (the base labels). Only for what a request sends: stored texts whose count no
 * longer matches are stale (options were added or removed since) and `questionTranslationsOf` drops them.
 */
export function fitOptionTexts<T extends { options?: (string | null | undefined)[] | null } | undefined>(translations: { [L in LocaleCode]?: T } | null, optionCount: number): { [L in LocaleCode]?: T } | null {
  if (!translations) return translations
  return Object.fromEntries(Object.entries(translations).map(([code, entry]) => [code, entry?.options
    ? { ...entry, options: Array.from({ length: optionCount }, (_, i) => entry.options![i] ?? null) }
    : entry])) as { [L in LocaleCode]?: T }
}

/**
 * The question in `locale` (the checkout page's): its label and each option's label the translation's when given,
 * else the base text; the option ids stay, so the payer's answers name the base options whatever the language.
 */
export function localizedQuestion(q: CheckoutQuestion, locale: string | null | undefined): CheckoutQuestion {
  const tr = locale && isLocaleCode(locale) ? questionTranslationsOf(q.translations, q.options.length)[locale] : undefined
  if (!tr) return q
  return { ...q, label: tr.label ?? q.label, options: q.options.map((o, i) => ({ ...o, label: tr.options?.[i] ?? o.label })) }
}

export function bumpPresentation(stored: Record<string, unknown> | null | undefined): BumpPresentation {
  const parsed = bumpInput.safeParse(stored ?? {})
  const value = parsed.success ? parsed.data : {}
  return {
    position: value.position ?? bumpDefaults.position,
    placement: value.placement ?? bumpDefaults.placement,
    layout: value.layout ?? bumpDefaults.layout,
    border_animation: value.border_animation ?? bumpDefaults.border_animation,
    price_animation: value.price_animation ?? bumpDefaults.price_animation,
    headline: value.headline ?? null,
    text: value.text ?? null,
  }
}

// ------------------------------------------------------------------ cancellation terms

export const cancellationTermsProductTypes = productForms
export const cancellationTermsBodyMaxLength = 20_000

/**
 * The terms in one other language (docs/decisions/0095-product-translations.md): title and body each optional,
 * with the base fields' rules (trimmed, their lengths, no script tag); empty or null is "not translated".
 */
export const cancellationTermsTranslationInput = z.strictObject({
  title: optionalText(200),
  body: optionalText(cancellationTermsBodyMaxLength),
})
/** Sent, it replaces every stored translation; `null` or `{}` removes them all; left out, the stored ones stay. */
export const cancellationTermsTranslationsInput = z.strictObject(byLocale(cancellationTermsTranslationInput))
export type CancellationTermsTranslationsInput = z.infer<typeof cancellationTermsTranslationsInput>

export const createCancellationTermsInput = z.strictObject({
  /** The product form the terms apply to; one per form. */
  product_type: zProductForm,
  title: requiredText(200),
  body: requiredText(cancellationTermsBodyMaxLength),
  /** The title and body in other languages, by locale; optional. */
  translations: cancellationTermsTranslationsInput.nullish(),
})
export type CreateCancellationTermsInput = z.infer<typeof createCancellationTermsInput>

export const updateCancellationTermsInput = z.strictObject({
  product_type: zProductForm.optional(),
  title: requiredText(200).optional(),
  body: requiredText(cancellationTermsBodyMaxLength).optional(),
  translations: cancellationTermsTranslationsInput.nullish(),
})
export type UpdateCancellationTermsInput = z.infer<typeof updateCancellationTermsInput>

export const cancellationTermsOutput = z.object({
  id: z.number(),
  product_type: z.enum(productForms),
  title: z.string(),
  body: z.string(),
  /** The title and body in other languages, by locale (`{}` for none; a text not translated is null). */
  translations: z.object(byLocale(z.object({ title: z.string().nullable(), body: z.string().nullable() }))).optional(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type CancellationTermsOutput = z.infer<typeof cancellationTermsOutput>

/** The terms' texts as stored (`cancellation_terms.translations`), by locale; each text optional. */
export type CancellationTermsTranslation = { title?: string; body?: string }
export type CancellationTermsTranslations = { [L in LocaleCode]?: CancellationTermsTranslation }

/** A stored value read defensively: locale keys and known texts only; a language with no text is left out. */
export function cancellationTermsTranslationsOf(stored: unknown): CancellationTermsTranslations {
  return textTranslationsOf(stored, ['title', 'body'] as const)
}

/**
 * The terms in `locale` (the page's, docs/decisions/0095-product-translations.md): the title and the body each
 * the translation's when given, else the base text.
 */
export function localizedCancellationTerms(base: { title: string; body: string }, stored: unknown, locale: string | null | undefined) {
  const tr = locale && isLocaleCode(locale) ? cancellationTermsTranslationsOf(stored)[locale] : undefined
  return { title: tr?.title ?? base.title, body: tr?.body ?? base.body }
}
export const cancellationTermsListOutput = z.object({ list: z.array(cancellationTermsOutput), total_count: z.number(), total_count_max: z.number() })

/** GET /api/v1/shop/{username}/cancellation_terms: ct_id picks terms by id, else product_type (a form or the spec's type). */
export const publicCancellationTermsQuery = z.object({
  ct_id: zIdParam().optional(),
  product_type: zText().trim().max(40).optional(),
})
export const shopParams = z.strictObject({ username: zText().min(1).max(100) })

export const publicCancellationTermsOutput = z.object({
  id: z.number(),
  product_type: z.enum(productForms),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
  seller: z.object({ id: z.number(), username: z.string() }),
})

// ------------------------------------------------------------------ legal texts

/** The seller's terms of sale and privacy policy (docs/decisions/0042-minimal-checkout-and-legal-texts.md). */
export const legalTextKindValues = ['terms', 'privacy'] as const
export const legalTextKindParams = z.strictObject({ kind: z.enum(legalTextKindValues, { error: 'invalid_value' }) })

/** The terms of sale's and privacy policy's texts a seller may give per language (`legal_texts.translations`). */
export const legalTextFields = ['title', 'body'] as const
/**
 * Sent, it replaces every stored translation; `null` or `{}` removes them all; left out, the stored ones stay.
 * Plain texts like the base ones (docs/decisions/0095-product-translations.md).
 */
export const legalTextTranslationsInput = textTranslationsInput({ title: zPlainText(200), body: zPlainText(cancellationTermsBodyMaxLength) })
export type LegalTextTranslationsInput = z.infer<typeof legalTextTranslationsInput>

/** PUT /cabinet/legal_texts/{kind}: the seller's own text replaces the template. */
export const saveLegalTextInput = z.strictObject({
  title: requiredText(200),
  body: requiredText(cancellationTermsBodyMaxLength),
  /** The title and body in other languages, by locale; optional. */
  translations: legalTextTranslationsInput.nullish(),
})
export type SaveLegalTextInput = z.infer<typeof saveLegalTextInput>

const legalTextOutput = z.object({
  title: z.string(),
  body: z.string(),
  /** true: the default template filled with the profile (nothing saved yet). */
  is_default: z.boolean(),
  /** Where payers read it. */
  url: z.string(),
  updated_at: z.string().nullable(),
  /** The title and body in other languages, by locale (`{}` for none, and for a template; a text not translated is null). */
  translations: textTranslationsOutput(legalTextFields),
})
export type LegalTextOutput = z.infer<typeof legalTextOutput>

/** GET /cabinet/legal_texts: every legal text the shop shows, saved or template, and whether the seller reviewed them. */
export const legalTextsOutput = z.object({
  terms: legalTextOutput,
  privacy: legalTextOutput,
  cancellation_terms: z.array(legalTextOutput.extend({ id: z.number().nullable(), product_type: z.enum(productForms) })),
  /** When the seller confirmed having reviewed them; null: the dashboard warns. */
  reviewed_at: z.string().nullable(),
})
export type LegalTextsOutput = z.infer<typeof legalTextsOutput>
export const legalReviewOutput = z.object({ reviewed_at: z.string() })

/** GET /api/v1/shop/{username}/legal_texts/{kind}. */
export const publicLegalTextParams = shopParams.extend({ kind: z.enum(legalTextKindValues, { error: 'invalid_value' }) })
/** The terms of sale or privacy policy the shop shows: the seller's, in the language the request names, else the template. */
export const publicLegalTextOutput = z.object({
  kind: z.enum(legalTextKindValues),
  title: z.string(),
  body: z.string(),
  /** true: the default template filled with the profile (the seller wrote none). */
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
  seller: z.object({ id: z.number(), username: z.string() }),
})
