import { isLocaleCode, localeCodes, type LocaleCode } from '../i18n/locales'
import { textLimits, type BlockKind, type PageBlock, type PageDocument, type PageTranslations } from './page-blocks'

// A built page's own texts per language (docs/decisions/0095-product-translations.md, "Built pages"), kept in the
// page document so they are versioned and published with it: `translations: { "<locale>": { "<block id>":
// { "<text>": "text" } } }`. A text is named by its path in the block's settings: `title`, `button.text`, and
// through a list by its item's id (`menu.<id>.name`, `items.<id>.text`, `fields.<id>.label`); ids never hold a
// dot (blockIdPattern). Only the seller's words are texts: no link, colour, id or choice. Plain TypeScript
// without zod, so the storefront renders with it; src/shared/schemas/page-blocks.ts checks the texts.

export type { PageTranslations } from './page-blocks'

/** One text of a block: its path, its base text (null when it has none) and the base field's rules. */
export type PageTextProp = { key: string; base: string | null; max: number; rich: boolean }

type Template = { path: string; max: number; rich?: boolean }

const title: Template = { path: 'title', max: textLimits.title }
const text: Template = { path: 'text', max: textLimits.text }
const buttonText: Template = { path: 'button.text', max: textLimits.label }
const menuNames: Template[] = [{ path: 'menu.*.name', max: textLimits.label }, { path: 'menu.*.submenu.*.name', max: textLimits.label }]

/** The texts of each kind, `*` standing for an item's id, in the order the editor lists them. */
const templates: Record<BlockKind, readonly Template[]> = {
  header: [title, ...menuNames],
  banner: [title, text, buttonText],
  products: [buttonText],
  text: [{ path: 'html', max: textLimits.html, rich: true }],
  button: [buttonText],
  picture: [{ path: 'alt', max: textLimits.title }],
  audio_player: [title],
  video: [title],
  file: [title, { path: 'button_text', max: textLimits.label }],
  pdf_reader: [title],
  testimonials: [title, { path: 'items.*.text', max: textLimits.text }, { path: 'items.*.full_name', max: textLimits.label }],
  popular_products: [title, buttonText],
  footer: [text, ...menuNames],
  funnel: [title, text, { path: 'accept.text', max: textLimits.label }, { path: 'decline_text', max: textLimits.label }],
  affiliate: [title, { path: 'button_text', max: textLimits.label }],
  contact_form: [title, { path: 'fields.*.label', max: textLimits.label }, buttonText, { path: 'success_text', max: textLimits.text }],
  conversion_tools: [title, { path: 'progress_text', max: textLimits.title }],
  thank_you_page: [title, text],
  gap: [],
  funnel_product: [],
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every concrete path of a template in these settings, with the value found there (lists expanded by item id). */
function expand(value: unknown, segments: readonly string[], prefix: string[], out: { key: string; value: unknown }[]): void {
  if (segments.length === 0) {
    out.push({ key: prefix.join('.'), value })
    return
  }
  const [head, ...rest] = segments as [string, ...string[]]
  if (head === '*') {
    if (!Array.isArray(value)) return
    for (const item of value) if (isObject(item) && typeof item.id === 'string' && item.id !== '' && !item.id.includes('.')) expand(item, rest, [...prefix, item.id], out)
    return
  }
  // An object the block may not have (the banner's button when it has none): then neither has its text.
  if (!isObject(value) || (rest.length > 0 && !isObject(value[head]) && !Array.isArray(value[head]))) return
  expand(value[head], rest, [...prefix, head], out)
}

/** The texts of a block as it stands (its lists' items named by id), each with its base text. */
export function blockTextProps(block: Pick<PageBlock, 'kind' | 'settings'>): PageTextProp[] {
  const list = Object.hasOwn(templates, block.kind) ? templates[block.kind] : []
  return list.flatMap((template) => {
    const found: { key: string; value: unknown }[] = []
    expand(block.settings, template.path.split('.'), [], found)
    return found.map(({ key, value }) => ({ key, base: typeof value === 'string' && value !== '' ? value : null, max: template.max, rich: template.rich === true }))
  })
}

/** The settings with one text replaced (copies along the path; the block as given is not changed). */
function withText(value: unknown, segments: readonly string[], text: string): unknown {
  if (segments.length === 0) return text
  const [head, ...rest] = segments as [string, ...string[]]
  if (Array.isArray(value)) return value.map((item) => (isObject(item) && item.id === head ? withText(item, rest, text) : item))
  if (!isObject(value)) return value
  if (rest.length === 0) return { ...value, [head]: text }
  return Object.hasOwn(value, head) ? { ...value, [head]: withText(value[head], rest, text) } : value
}

/** A stored entry read defensively: the block's texts of one language, strings only. */
function entryOf(translations: unknown, locale: string | null | undefined, blockId: string): Record<string, string> | null {
  if (!locale || !isLocaleCode(locale) || !isObject(translations)) return null
  const language = translations[locale]
  const entry = isObject(language) ? language[blockId] : undefined
  return isObject(entry) ? entry as Record<string, string> : null
}

/** The block in `locale`: each of its texts the translation's when given, else the base text. */
export function localizedBlock<B extends Pick<PageBlock, 'id' | 'kind' | 'settings'>>(block: B, translations: unknown, locale: string | null | undefined): B {
  const entry = entryOf(translations, locale, String(block.id))
  if (!entry) return block
  let settings: unknown = block.settings
  for (const prop of blockTextProps(block)) {
    const value = entry[prop.key]
    if (typeof value === 'string' && value.trim() !== '') settings = withText(settings, prop.key.split('.'), value)
  }
  return settings === block.settings ? block : { ...block, settings } as B
}

/** The document's blocks in `locale` (the storefront renders these). */
export function localizedBlocks(document: Pick<PageDocument, 'blocks' | 'translations'>, locale: string | null | undefined): PageBlock[] {
  const blocks = Array.isArray(document.blocks) ? document.blocks : []
  if (!isObject(document.translations)) return blocks
  return blocks.map((block) => localizedBlock(block, document.translations, locale))
}

/**
 * The translations that still fit the blocks: only texts the blocks have and that have a base text, trimmed, none
 * empty, no language without text. The editor saves this, so a removed block, item or text takes its translations
 * with it.
 */
export function fittingPageTranslations(blocks: readonly Pick<PageBlock, 'id' | 'kind' | 'settings'>[], translations: unknown): PageTranslations {
  const out: PageTranslations = {}
  if (!isObject(translations)) return out
  for (const code of localeCodes) {
    const language: Record<string, Record<string, string>> = {}
    for (const block of blocks) {
      const entry = entryOf(translations, code, block.id)
      if (!entry) continue
      const texts: Record<string, string> = {}
      for (const prop of blockTextProps(block)) {
        const value = entry[prop.key]
        if (prop.base !== null && typeof value === 'string' && value.trim() !== '') texts[prop.key] = value.trim()
      }
      if (Object.keys(texts).length > 0) language[block.id] = texts
    }
    if (Object.keys(language).length > 0) out[code] = language
  }
  return out
}

/** The texts of the blocks with a base text that a language does not give: the back office's "partial" mark. */
export function missingPageTexts(blocks: readonly Pick<PageBlock, 'id' | 'kind' | 'settings'>[], translations: unknown, locale: LocaleCode): { blockId: string; key: string }[] {
  return blocks.flatMap((block) => {
    const entry = entryOf(translations, locale, block.id) ?? {}
    return blockTextProps(block).filter((prop) => prop.base !== null && !(typeof entry[prop.key] === 'string' && entry[prop.key]!.trim() !== ''))
      .map((prop) => ({ blockId: block.id, key: prop.key }))
  })
}
