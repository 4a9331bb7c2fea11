import { z } from 'zod'
import { sanitizeHtml } from '../html/html-sanitizer'
import {
  alignments, blockIdPattern, blockKinds, blocksAllowedOn, blockWidths, buttonAnimations, buttonStyles, buttonTypes, contactFieldKinds,
  contactFieldTypes, conversionTools, countdownTypes, countdownUnits, defaultButtonColor, defaultButtonRadius, defaultTextColor, fontFamilies,
  fontLevels, fontStyles, maxBlocksPerPage, menuLinkTypes, paddingUnits, pageDocumentVersion, paymentOptions, productSourcesAllowedOn,
  productViews, progressStyles, socialNetworks, socialProofTypes, textLimits, videoTypes, widgetLimits,
  type BlockKind, type BlockSettingsByKind, type PageDocument, type PageType, type ProductSource,
} from '../pages/page-blocks'
import { customCssIssue, customCssMaxLength, scopeCustomCss } from '../pages/custom-css'
import { isAllowedVideoLink, isPageLink, uploadKeyPattern } from '../pages/page-links'
import { blockTextProps, type PageTextProp } from '../pages/page-translations'
import { isHexColor } from '../validation/color'
import { isIsoDateTime } from '../validation/dates'
import { int4Max, zText } from '../validation/storable'
import { hasScriptTag } from '../validation/text'
import { byLocale } from './translations'

// The settings of each page block and the page document (docs/decisions/0059-page-blocks.md). Every object
// is strict; every field has its default, so `{}` is a block with the reference's defaults. Plain texts
// refuse script tags; rich text is sanitised with the shared allow-list; links are http(s) or a path of
// this site; uploads, products and lessons are named by key or id, never by free text.

const keyOr = (other: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'required' : other)
const int = (min: number, max: number) => z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' })
  .min(min, { error: 'out_of_range' }).max(max, { error: 'out_of_range' })
const bool = (value: boolean) => z.boolean({ error: keyOr('invalid_value') }).default(value)
const oneOf = <T extends readonly [string, ...string[]]>(values: T, value: T[number]) => z.enum(values, { error: keyOr('invalid_value') }).default(value)

const hex = zText({ error: keyOr('invalid_value') }).trim().refine(isHexColor, { error: 'invalid_hex_color' })
  .meta({ pattern: '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' })
/** Plain text: trimmed, at most `max` characters, no script tag (docs/reference/readings.md 20). */
const plain = (max: number) => zText({ error: keyOr('invalid_value') }).trim().max(max, { error: 'too_long' })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })
const plainOrNull = (max: number) => plain(max).nullable().default(null)
/** Rich text: kept only as the allow-list sanitiser writes it (docs/decisions/0047-product-description-html.md). */
const richText = zText({ error: keyOr('invalid_value') }).max(textLimits.html, { error: 'too_long' }).overwrite(sanitizeHtml)
  .refine((value) => !hasScriptTag(value.replace(/&lt;/g, '<').replace(/&gt;/g, '>')), { error: 'script_tag' })
const link = zText({ error: keyOr('invalid_value') }).trim().max(textLimits.url, { error: 'too_long' }).refine(isPageLink, { error: 'unsafe_link' })
  .meta({ pattern: '^(?:https?://[^\\s@/]+(?:[/?#]\\S*)?|/(?![/\\\\])\\S*)$', description: 'An http(s) address or a path of this site starting with /' })
const linkOrNull = link.nullable().default(null)
const uploadKey = zText({ error: keyOr('invalid_value') }).regex(uploadKeyPattern, { error: 'unknown_upload' }).nullable().default(null)
const id = int(1, int4Max)
const idOrNull = id.nullable().default(null)
const itemId = zText({ error: keyOr('invalid_value') }).regex(blockIdPattern, { error: 'invalid_value' })

/** Colours, transparency, width, padding, alignment, radius and the font: the fields every block has. */
function style(kind: BlockKind) {
  const { width, maxWidth } = blockWidths[kind]
  return {
    background_color: hex.nullable().default(null),
    text_color: hex.default(defaultTextColor),
    transparency: int(0, 100).default(0),
    width: int(1, 100).default(width),
    max_width: int(1, maxWidth).default(maxWidth),
    padding: z.strictObject({
      value: int(0, widgetLimits.maxPaddingPx).default(widgetLimits.padding),
      unit: oneOf(paddingUnits, 'px'),
    }).refine((p) => p.unit === 'px' || p.value <= widgetLimits.maxPaddingPercent, { error: 'out_of_range', path: ['value'] }).prefault({}),
    alignment: oneOf(alignments, 'left'),
    radius: int(0, widgetLimits.maxRadius).default(0),
    font_level: oneOf(fontLevels, 'p'),
    font_family: oneOf(fontFamilies, 'default'),
    font_size: int(widgetLimits.minFontSize, widgetLimits.maxFontSize).nullable().default(null),
    font_style: oneOf(fontStyles, 'normal'),
    font_weight: int(100, 900).multipleOf(100, { error: 'invalid_value' }).default(400),
  }
}

export const buttonSettings = z.strictObject({
  text: plain(textLimits.label).default('Buy now'),
  type: oneOf(buttonTypes, 'buy'),
  style: oneOf(buttonStyles, 'filled'),
  animation: oneOf(buttonAnimations, 'none'),
  color: hex.default(defaultButtonColor),
  text_color: hex.default(defaultTextColor),
  radius: int(0, widgetLimits.maxRadius).default(defaultButtonRadius),
  product_id: idOrNull,
  payment_option: oneOf(paymentOptions, 'checkout'),
  url: linkOrNull,
  upload_key: uploadKey,
  lesson_id: idOrNull,
  new_tab: bool(false),
})

const menuEntry = { id: itemId, name: plain(textLimits.label).min(1, { error: 'required' }), url: link, link_type: oneOf(menuLinkTypes, 'url') }
const menu = z.array(z.strictObject({
  ...menuEntry,
  submenu: z.array(z.strictObject(menuEntry)).max(widgetLimits.maxMenuItems, { error: 'out_of_range' }).default([]),
})).max(widgetLimits.maxMenuItems, { error: 'out_of_range' }).default([])
const social = z.strictObject(Object.fromEntries(socialNetworks.map((network) => [network, link.optional()])) as Record<(typeof socialNetworks)[number], z.ZodOptional<typeof link>>).prefault({})

const contactField = z.strictObject({
  id: itemId,
  kind: z.enum(contactFieldKinds, { error: keyOr('invalid_value') }),
  label: plainOrNull(textLimits.label),
  type: oneOf(contactFieldTypes, 'text'),
  required: bool(false),
})
const defaultContactFields = [
  { id: 'first_name', kind: 'first_name', label: null, type: 'text', required: true },
  { id: 'last_name', kind: 'last_name', label: null, type: 'text', required: false },
  { id: 'email', kind: 'email', label: null, type: 'text', required: false },
] as const

const productIds = z.array(id).max(widgetLimits.maxProductIds, { error: 'out_of_range' }).default([])

const settings = <K extends BlockKind, S extends z.ZodRawShape>(kind: K, shape: S) => z.strictObject({ ...style(kind), ...shape })

function productsSettings(sources: readonly ProductSource[]) {
  const list = (sources.length > 0 ? sources : ['seller_products']) as [ProductSource, ...ProductSource[]]
  return settings('products', {
    source: oneOf(list, list[0]),
    product_ids: productIds,
    view: oneOf(productViews, 'grid'),
    columns: int(1, 4).default(3),
    show_button: bool(true),
    button: buttonSettings.prefault({ type: 'details', text: 'Details' }),
    show_price: bool(true),
    show_old_price: bool(true),
    show_description: bool(false),
    show_category: bool(false),
  })
}

/** Each kind's settings; `products` here takes any source (a page type narrows it, see pageDocumentSchema). */
export const blockSettingsSchemas = {
  header: settings('header', {
    logo_key: uploadKey, title: plainOrNull(textLimits.title), menu, social,
    language_switcher: bool(false), sharing_options: bool(false), my_account_switcher: bool(false), sticky_header: bool(false), show_cancel_subscription: bool(false),
  }),
  banner: settings('banner', { title: plainOrNull(textLimits.title), text: plainOrNull(textLimits.text), image_key: uploadKey, button: buttonSettings.nullable().default(null) }),
  products: productsSettings(['seller_products', 'membership_products', 'product']),
  text: settings('text', { html: richText.default('') }),
  button: settings('button', { button: buttonSettings.prefault({}) }),
  picture: settings('picture', { image_key: uploadKey, alt: plain(textLimits.title).default(''), link: linkOrNull }),
  audio_player: settings('audio_player', { upload_key: uploadKey, title: plainOrNull(textLimits.title) }),
  video: settings('video', {
    type: oneOf(videoTypes, 'own'),
    upload_key: uploadKey,
    url: zText({ error: keyOr('invalid_value') }).trim().max(textLimits.url, { error: 'too_long' }).refine(isAllowedVideoLink, { error: 'video_host_not_allowed' })
      .nullable().default(null),
    title: plainOrNull(textLimits.title),
    autoplay: bool(false),
    controls: bool(true),
  }),
  file: settings('file', { upload_key: uploadKey, title: plainOrNull(textLimits.title), button_text: plain(textLimits.label).default('Download') }),
  pdf_reader: settings('pdf_reader', { upload_key: uploadKey, title: plainOrNull(textLimits.title), height: int(200, 2000).default(800) }),
  testimonials: settings('testimonials', {
    title: plainOrNull(textLimits.title),
    items: z.array(z.strictObject({ id: itemId, avatar_key: uploadKey, full_name: plain(textLimits.label).default(''), text: plain(textLimits.text).default('') }))
      .max(widgetLimits.maxTestimonials, { error: 'out_of_range' }).default([]),
    view: oneOf(['grid', 'list', 'slider'] as const, 'grid'),
  }),
  popular_products: settings('popular_products', {
    title: plainOrNull(textLimits.title),
    per_slide: int(1, widgetLimits.maxPerSlide).default(widgetLimits.popularProductsPerSlide),
    product_ids: productIds,
    button: buttonSettings.prefault({ type: 'details', text: 'Details' }),
  }),
  footer: settings('footer', { text: plainOrNull(textLimits.text), menu, social }),
  funnel: settings('funnel', {
    title: plainOrNull(textLimits.title), text: plainOrNull(textLimits.text), product_id: idOrNull,
    accept: buttonSettings.prefault({ text: 'Yes, add to my order', payment_option: 'autopay' }),
    decline_text: plain(textLimits.label).default('No, thanks'),
  }),
  affiliate: settings('affiliate', { title: plainOrNull(textLimits.title), button_text: plain(textLimits.label).default('Become a partner') }),
  contact_form: settings('contact_form', {
    title: plainOrNull(textLimits.title),
    fields: z.array(contactField).min(1, { error: 'required' }).max(widgetLimits.maxContactFields, { error: 'out_of_range' })
      .refine((fields) => new Set(fields.map((f) => f.id)).size === fields.length, { error: 'duplicate_block_id' })
      .default(() => defaultContactFields.map((f) => ({ ...f }))),
    button: buttonSettings.prefault({ type: 'customLink', text: 'Send' }),
    success_text: plain(textLimits.text).default('Thank you! We will get back to you soon.'),
  }),
  conversion_tools: settings('conversion_tools', {
    tool: oneOf(conversionTools, 'countdown'),
    title: plainOrNull(textLimits.title),
    countdown_type: oneOf(countdownTypes, 'countdown'),
    countdown_units: z.array(z.enum(countdownUnits, { error: 'invalid_value' })).min(1, { error: 'required' }).max(countdownUnits.length, { error: 'out_of_range' })
      .refine((units) => new Set(units).size === units.length, { error: 'invalid_value' })
      .default(() => ['days', 'hours', 'minutes', 'seconds'] as (typeof countdownUnits)[number][]),
    countdown_number: int(0, 1_000_000).default(widgetLimits.countdownNumber),
    countdown_end: zText({ error: keyOr('invalid_value') }).refine(isIsoDateTime, { error: 'invalid_date' }).nullable().default(null),
    progress_style: oneOf(progressStyles, 'loading'),
    progress_value: int(0, 100).default(widgetLimits.progressValue),
    progress_text: plainOrNull(textLimits.title),
    social_proof_type: oneOf(socialProofTypes, 'total_purchases'),
    product_id: idOrNull,
  }),
  thank_you_page: settings('thank_you_page', {
    title: plain(textLimits.title).default('Thank you for your purchase!'), text: plainOrNull(textLimits.text), show_order: bool(true), show_access: bool(true),
  }),
  gap: settings('gap', { height: int(0, widgetLimits.maxGapHeight).default(widgetLimits.defaultGapHeight) }),
  funnel_product: settings('funnel_product', { product_id: idOrNull, show_price: bool(true), show_description: bool(true) }),
} satisfies { [K in BlockKind]: z.ZodType<BlockSettingsByKind[K], unknown> }

/** Custom CSS (the custom_css feature): refused when unsafe or not CSS, else kept scoped under the page (docs/decisions/0068-custom-css.md). */
const customCss = zText({ error: keyOr('invalid_value') }).max(customCssMaxLength, { error: 'too_long' })
  .superRefine((value, ctx) => {
    const issue = customCssIssue(value)
    if (issue) ctx.addIssue({ code: 'custom', message: issue })
  })
  .overwrite(scopeCustomCss)
  .meta({
    pattern: '^(?:[^<\\u0000\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$',
    description: `CSS for this page only, at most ${customCssMaxLength} characters, without "<": every selector is placed under the page; @import, @font-face, url() and comments are dropped; an unclosed block is closed`,
  })

export const pageSettingsSchema = z.strictObject({
  background_color: hex.nullable().default(null),
  text_color: hex.default(defaultTextColor),
  font_family: oneOf(fontFamilies, 'default'),
  custom_css: customCss.optional(),
})

/**
 * The page's texts per language (docs/decisions/0095-product-translations.md, "Built pages' own texts"): locale keys
 * only (any other key a 400), then by block id and text path; each text null or empty for "not translated". Which
 * ids and paths exist, and so which rules a text follows, depends on the blocks: pageTranslationProblems answers
 * that (a 422 from the service), and storablePageTranslations keeps what the document stores.
 */
const pageTranslationsShape = z.strictObject(byLocale(z.record(z.string(), z.record(z.string(), zText({ error: keyOr('invalid_value') }).nullable()))))
  .nullable().optional()

/** A translated text's rules: the base field's (a rich text is sanitised as the base). */
const translatedText = (prop: PageTextProp) => (prop.rich ? richText : plain(prop.max))

type TranslatedDocument = Pick<PageDocument, 'blocks'> & { translations?: unknown }

/** Each text of a stored or sent value with the block and text it names (null when the document has no such text). */
function eachTranslatedText(doc: TranslatedDocument, visit: (code: string, blockId: string, key: string, value: unknown, prop: PageTextProp | null) => void) {
  const translations = doc.translations
  if (!translations || typeof translations !== 'object') return
  const byId = new Map(doc.blocks.map((b) => [b.id, b]))
  for (const [code, language] of Object.entries(translations)) {
    if (!language || typeof language !== 'object') continue
    for (const [blockId, texts] of Object.entries(language as Record<string, unknown>)) {
      const block = byId.get(blockId)
      const props = new Map(block ? blockTextProps(block).map((p) => [p.key, p]) : [])
      if (!block || !texts || typeof texts !== 'object') {
        visit(code, blockId, '', texts, null)
        continue
      }
      for (const [key, value] of Object.entries(texts as Record<string, unknown>)) visit(code, blockId, key, value, props.get(key) ?? null)
    }
  }
}

/**
 * What the document's translations name that it does not have (a block id, a text of that block as it stands) and
 * the texts that break their base field's rules; paths from `translations`, e.g. `translations.de.hero.title`.
 */
export function pageTranslationProblems(doc: TranslatedDocument): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = []
  eachTranslatedText(doc, (code, blockId, key, value, prop) => {
    const path = ['translations', code, blockId, ...(key ? [key] : [])].join('.')
    if (!prop) problems.push({ path, message: 'invalid_value' })
    else if (typeof value === 'string' && value.trim() !== '') {
      const checked = translatedText(prop).safeParse(value)
      if (!checked.success) for (const issue of checked.error.issues) problems.push({ path: [path, ...issue.path].join('.'), message: issue.message })
    }
  })
  return problems
}

/** The translations as the document stores them: each text as its rules write it (trimmed, sanitised); no empty text, block or language; none at all is no key. */
export function storablePageTranslations<D extends TranslatedDocument>(doc: D): D {
  const { translations: _given, ...rest } = doc
  const out: Record<string, Record<string, Record<string, string>>> = {}
  eachTranslatedText(doc, (code, blockId, key, value, prop) => {
    const checked = prop && typeof value === 'string' ? translatedText(prop).safeParse(value) : null
    if (!checked?.success || checked.data.trim() === '') return
    ((out[code] ??= {})[blockId] ??= {})[key] = checked.data
  })
  return (Object.keys(out).length > 0 ? { ...rest, translations: out } : rest) as D
}

const blockOf = <K extends BlockKind>(kind: K, schema: z.ZodType<BlockSettingsByKind[K], unknown>) =>
  z.strictObject({ id: itemId, kind: z.literal(kind), settings: schema.prefault({}) })

/**
 * A page of `pageType`: at most maxBlocksPerPage blocks, each of a kind the page type permits, with unique ids,
 * in a flat list (no block holds others, so a `children` key is an unknown key). A products block takes only
 * the sources of its page type.
 */
export function pageDocumentSchema(pageType: PageType) {
  const kinds = blocksAllowedOn(pageType)
  const options = kinds.map((kind) => blockOf(kind, kind === 'products' ? productsSettings(productSourcesAllowedOn(pageType)) : blockSettingsSchemas[kind]))
  const block = z.strictObject({ id: itemId, kind: z.enum(blockKinds, { error: keyOr('invalid_value') }), settings: z.unknown().optional() })
    .superRefine((value, ctx) => {
      if (!(kinds as readonly string[]).includes(value.kind)) ctx.addIssue({ code: 'custom', path: ['kind'], message: 'block_not_allowed' })
    })
    .pipe(z.discriminatedUnion('kind', options as unknown as [ReturnType<typeof blockOf>, ...ReturnType<typeof blockOf>[]]))
  return z.strictObject({
    version: z.literal(pageDocumentVersion, { error: 'invalid_value' }).default(pageDocumentVersion),
    settings: pageSettingsSchema.prefault({}),
    blocks: z.array(block).max(maxBlocksPerPage, { error: 'out_of_range' }).default([]),
    translations: pageTranslationsShape,
  }).superRefine((doc, ctx) => {
    const seen = new Set<string>()
    doc.blocks.forEach((b, i) => {
      if (seen.has(b.id)) ctx.addIssue({ code: 'custom', path: ['blocks', i, 'id'], message: 'duplicate_block_id' })
      seen.add(b.id)
    })
  }) as unknown as z.ZodType<PageDocument, unknown>
}

/**
 * The same document as the API document states it: each block one of the kinds the page type permits with
 * its own settings (the checking schema first reads any kind, to answer `block_not_allowed` by name).
 * Used as the document field's `.meta()`.
 */
export function documentedPageDocument(pageType: PageType) {
  const options = blocksAllowedOn(pageType).map((kind) => blockOf(kind, kind === 'products' ? productsSettings(productSourcesAllowedOn(pageType)) : blockSettingsSchemas[kind]))
  return z.strictObject({
    version: z.literal(pageDocumentVersion).optional(),
    settings: pageSettingsSchema.optional(),
    blocks: z.array(z.union(options as unknown as [ReturnType<typeof blockOf>, ...ReturnType<typeof blockOf>[]])).max(maxBlocksPerPage).optional(),
    translations: pageTranslationsShape.meta({
      description: 'The page\'s texts in other languages: by locale, by block id, by the text\'s path in the block\'s settings (`title`, `button.text`, `menu.<item id>.name`, `items.<item id>.text`, `fields.<field id>.label`…); each text follows its base field\'s rules, null or empty for none. The page shown in a language takes its texts, each falling back to the base text.',
    }),
  })
}

/** One block's settings with defaults applied, e.g. for the editor's new block. */
export function defaultBlockSettings<K extends BlockKind>(kind: K): BlockSettingsByKind[K] {
  return blockSettingsSchemas[kind].parse({}) as BlockSettingsByKind[K]
}
