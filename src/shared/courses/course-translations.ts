import { isLocaleCode, localeCodes, type LocaleCode } from '../i18n/locales'

// A course's module and lesson texts in other languages (docs/decisions/0095-product-translations.md, "Course
// content"): per locale, a module's title and description, a lesson's title and the HTML of its text blocks by
// their index in `blocks`. The base texts (the rows' own columns and blocks) are in the shop's default language;
// the player shows each text's translation in the payer's language when there is one, else the base text, text
// by text. Server (storage, player) and back office (the course editor) read them here.

export type ModuleTranslation = { title?: string; description?: string }
export type ModuleTranslations = { [L in LocaleCode]?: ModuleTranslation }
/** `text_blocks`: the index of a text block in the lesson's `blocks` (as a string key) -> its translated HTML. */
export type LessonTranslation = { title?: string; text_blocks?: Record<string, string> }
export type LessonTranslations = { [L in LocaleCode]?: LessonTranslation }

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''
const entryOf = (stored: unknown, code: LocaleCode): Record<string, unknown> | null => {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return null
  const entry = (stored as Record<string, unknown>)[code]
  return entry && typeof entry === 'object' && !Array.isArray(entry) ? entry as Record<string, unknown> : null
}

/** A stored module value read defensively: locale keys only, known texts with text only; a language with none is left out. */
export function moduleTranslationsOf(stored: unknown): ModuleTranslations {
  const out: ModuleTranslations = {}
  for (const code of localeCodes) {
    const entry = entryOf(stored, code)
    if (!entry) continue
    const texts: ModuleTranslation = {}
    if (filled(entry.title)) texts.title = entry.title
    if (filled(entry.description)) texts.description = entry.description
    if (Object.keys(texts).length > 0) out[code] = texts
  }
  return out
}

/** A stored lesson value read defensively, as `moduleTranslationsOf`; text block keys are indexes (digits). */
export function lessonTranslationsOf(stored: unknown): LessonTranslations {
  const out: LessonTranslations = {}
  for (const code of localeCodes) {
    const entry = entryOf(stored, code)
    if (!entry) continue
    const texts: LessonTranslation = {}
    if (filled(entry.title)) texts.title = entry.title
    const blocks = entry.text_blocks
    if (blocks && typeof blocks === 'object' && !Array.isArray(blocks)) {
      const html: Record<string, string> = {}
      for (const [index, value] of Object.entries(blocks as Record<string, unknown>)) if (/^\d{1,3}$/.test(index) && filled(value)) html[index] = value
      if (Object.keys(html).length > 0) texts.text_blocks = html
    }
    if (Object.keys(texts).length > 0) out[code] = texts
  }
  return out
}

const wanted = (locale: LocaleCode | string | null | undefined): locale is LocaleCode => !!locale && isLocaleCode(locale)

/** A module's title and description in `locale`: each the translation's, else the base text. */
export function localizedModuleTexts(base: { title: string; description: string | null }, stored: unknown, locale: LocaleCode | string | null | undefined) {
  const tr = wanted(locale) ? moduleTranslationsOf({ [locale]: entryOf(stored, locale) })[locale] : undefined
  return { title: tr?.title ?? base.title, description: tr?.description ?? base.description }
}

/**
 * A lesson's title and blocks in `locale`: the title the translation's, else the base; each text block's HTML the
 * translation's for its index, else the block's own. A translation for an index that is no longer a text block
 * (the blocks changed since) is ignored.
 */
export function localizedLessonTexts<B extends Record<string, unknown>>(base: { title: string; blocks: readonly B[] }, stored: unknown, locale: LocaleCode | string | null | undefined) {
  const tr = wanted(locale) ? lessonTranslationsOf({ [locale]: entryOf(stored, locale) })[locale] : undefined
  if (!tr) return { title: base.title, blocks: [...base.blocks] }
  return {
    title: tr.title ?? base.title,
    blocks: base.blocks.map((block, i) => {
      const html = tr.text_blocks?.[String(i)]
      return block.kind === 'text' && html !== undefined ? { ...block, html } : block
    }),
  }
}

/** The texts a module's translation still lacks among those the module has a base text for: empty when complete. */
export function missingModuleTexts(entry: ModuleTranslation | undefined, base: { title: string; description: string | null }): ('title' | 'description')[] {
  const out: ('title' | 'description')[] = []
  if (!filled(entry?.title)) out.push('title')
  if (filled(base.description) && !filled(entry?.description)) out.push('description')
  return out
}

/** The texts a lesson's translation still lacks: its title and the index of each text block with base text not translated. */
export function missingLessonTexts(entry: LessonTranslation | undefined, base: { blocks: readonly Record<string, unknown>[] }): ('title' | number)[] {
  const out: ('title' | number)[] = []
  if (!filled(entry?.title)) out.push('title')
  base.blocks.forEach((block, i) => {
    if (block.kind === 'text' && filled(block.html) && !filled(entry?.text_blocks?.[String(i)])) out.push(i)
  })
  return out
}
