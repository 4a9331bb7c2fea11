import { missingLessonTexts, missingModuleTexts } from '../../../../shared/courses/course-translations'
import { plainTextOf } from '../../../../shared/html/rich-text'
import { localeCodes, type LocaleCode } from '../../../../shared/i18n/locales'
import type { LessonTranslationsInput, ModuleTranslationsInput } from '../../../../shared/schemas/courses'
import { snakeToCamelKey } from '../../../lib/api-client'

// The course editor's language sections as data (docs/decisions/0095-product-translations.md, "Course content"):
// a module's and a lesson's stored translations as editable drafts, the drafts as the `translations` of their
// PATCH (the whole set: a language removed here is removed), and which texts each language still lacks. The
// lesson editor edits one text block, sent first in `blocks` (lesson-draft.ts), so its translation is index 0.

export type ModuleTranslationDraft = { title: string; description: string }
export type LessonTranslationDraft = { title: string; html: string }
export type Drafts<D> = Partial<Record<LocaleCode, D>>

type StoredModule = { title: string | null; description: string | null }
type StoredLesson = { title: string | null; textBlocks: Record<string, string> }

const hasText = (html: string) => plainTextOf(html).trim() !== ''
const storedOf = <T>(stored: unknown, code: LocaleCode) => ((stored ?? {}) as Record<string, T | undefined>)[snakeToCamelKey(code)]

/** A module's stored translations (camelCase keys, as the API client gives them) as drafts, in locale order. */
export function moduleDraftsOf(stored: unknown): Drafts<ModuleTranslationDraft> {
  const drafts: Drafts<ModuleTranslationDraft> = {}
  for (const code of localeCodes) {
    const entry = storedOf<StoredModule>(stored, code)
    if (entry) drafts[code] = { title: entry.title ?? '', description: entry.description ?? '' }
  }
  return drafts
}

/** A lesson's stored translations as drafts; the text is that of the lesson's first text block (`blocks`: the stored ones). */
export function lessonDraftsOf(stored: unknown, blocks: readonly Record<string, unknown>[]): Drafts<LessonTranslationDraft> {
  const textIndex = blocks.findIndex((b) => b.kind === 'text')
  const drafts: Drafts<LessonTranslationDraft> = {}
  for (const code of localeCodes) {
    const entry = storedOf<StoredLesson>(stored, code)
    if (entry) drafts[code] = { title: entry.title ?? '', html: textIndex >= 0 ? entry.textBlocks?.[String(textIndex)] ?? '' : '' }
  }
  return drafts
}

export function moduleTranslationsInputOf(drafts: Drafts<ModuleTranslationDraft>): ModuleTranslationsInput {
  const input: ModuleTranslationsInput = {}
  for (const code of localeCodes) {
    const draft = drafts[code]
    if (draft) input[code] = { title: draft.title.trim() || null, description: draft.description.trim() || null }
  }
  return input
}

/** `withText`: whether the lesson (as it is saved) has its text block, at index 0. */
export function lessonTranslationsInputOf(drafts: Drafts<LessonTranslationDraft>, withText: boolean): LessonTranslationsInput {
  const input: LessonTranslationsInput = {}
  for (const code of localeCodes) {
    const draft = drafts[code]
    if (draft) input[code] = { title: draft.title.trim() || null, ...(withText && hasText(draft.html) ? { text_blocks: { 0: draft.html.trim() } } : {}) }
  }
  return input
}

/** The texts a module's language lacks: its title, and its description when the module has one. */
export const moduleMissing = (draft: ModuleTranslationDraft, base: { title: string; description: string | null }) =>
  missingModuleTexts({ title: draft.title, description: draft.description }, base)

/** The texts a lesson's language lacks: its title, and its text when the lesson has one. */
export function lessonMissing(draft: LessonTranslationDraft, baseHtml: string): ('title' | 'text')[] {
  const blocks = hasText(baseHtml) ? [{ kind: 'text', html: baseHtml }] : []
  const entry = { title: draft.title, ...(hasText(draft.html) ? { text_blocks: { 0: draft.html } } : {}) }
  return missingLessonTexts(entry, { blocks }).map((text) => (text === 'title' ? 'title' : 'text'))
}
