import { z } from 'zod'
import { byLocale } from './translations'
import { int4Max, zIdParam, notBlank, zText } from '../validation/storable'
import { lessonAccessModes, lessonPublishStates } from '../states/lesson-status'
import { hasScriptTag } from '../validation/text'
import { byValue, documented, trueCount } from '../validation/document-rules'
import { zPlainText } from '../validation/schemas'

// Course content as data (docs/reference/catalogue-and-selling.md §2 wizard step "content"; docs/reference/readings.md 9): modules and lessons in order,
// lesson content blocks (text, video, audio, file, pdf) and lesson quizzes whose questions are
// single_choice, multiple_choice or open_answer. Text blocks are HTML the server sanitises on save.

const keyOr = (other: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'required' : other)
const id = () => z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).max(int4Max, { error: 'out_of_range' })
const title = (max = 200) => zText({ error: keyOr('invalid_value') }).trim()
  .min(1, { error: 'required', abort: true }).regex(notBlank, { error: 'required', abort: true }).max(max, { error: 'too_long', abort: true })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })
const uploadKey = zText({ error: keyOr('invalid_value') }).regex(/^[a-z0-9-]{1,80}(\.[a-z0-9]{1,8})?$/, { error: 'unknown_upload' })

export const maxModulesPerCourse = 200
export const maxLessonsPerModule = 500
export const maxBlocksPerLesson = 100
export const maxQuestionsPerQuiz = 100
export const maxOptionsPerQuestion = 20
export const textBlockMaxLength = 200_000

/** Hosts an external lesson video may come from (an own upload is the other video type, docs/reference/catalogue-and-selling.md §3 block settings). */
export const allowedVideoHosts = [
  'youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com',
  'vimeo.com', 'player.vimeo.com', 'fast.wistia.net', 'fast.wistia.com', 'www.loom.com', 'loom.com',
] as const

/** The frame sources the player embeds external videos from (the app's Content-Security-Policy allows them). */
export const courseVideoFrameSources = [
  'https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com', 'https://fast.wistia.net', 'https://fast.wistia.com', 'https://www.loom.com',
] as const

export function isAllowedVideoUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.port === ''
    && (allowedVideoHosts as readonly string[]).includes(url.hostname.toLowerCase())
}

export const textBlock = z.strictObject({ kind: z.literal('text'), html: zText({ error: keyOr('invalid_value') }).max(textBlockMaxLength, { error: 'too_long' }) })
export const videoBlock = z.union([
  z.strictObject({ kind: z.literal('video'), source: z.literal('upload'), key: uploadKey, title: title().optional() }),
  z.strictObject({
    kind: z.literal('video'), source: z.literal('external'),
    url: zText({ error: keyOr('invalid_value') }).max(2000, { error: 'too_long' }).refine(isAllowedVideoUrl, { error: 'video_host_not_allowed' })
      .meta({ pattern: `^https://(?:${allowedVideoHosts.map((host) => host.replace(/\./g, '\\.')).join('|')})(?:/[A-Za-z0-9._~%/?=&-]*)?$` }),
    title: title().optional(),
  }),
])
export const audioBlock = z.strictObject({ kind: z.literal('audio'), key: uploadKey, title: title().optional() })
export const fileBlock = z.strictObject({ kind: z.literal('file'), key: uploadKey, title: title().optional() })
export const pdfBlock = z.strictObject({ kind: z.literal('pdf'), key: uploadKey, title: title().optional() })
export const contentBlock = z.union([textBlock, videoBlock, audioBlock, fileBlock, pdfBlock])
export type ContentBlock = z.infer<typeof contentBlock>
export const blockKinds = ['text', 'video', 'audio', 'file', 'pdf'] as const

export const quizKinds = ['single_choice', 'multiple_choice', 'open_answer'] as const
export type QuizKind = (typeof quizKinds)[number]

const optionInput = z.strictObject({
  id: z.uuid({ error: 'invalid_value' }).optional(),
  text: title(1000),
  correct: z.boolean({ error: keyOr('invalid_value') }),
})
export const questionInput = z.strictObject({
  /** Kept when given so later quiz attempts stay linked to their question; generated otherwise. */
  id: z.uuid({ error: 'invalid_value' }).optional(),
  kind: z.enum(quizKinds, { error: 'invalid_value' }),
  text: title(2000),
  points: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(0, { error: 'out_of_range' }).max(1000, { error: 'out_of_range' }).default(1),
  options: z.array(optionInput).max(maxOptionsPerQuestion, { error: 'out_of_range' }).default([]),
  /** open_answer: accepted answers compared without regard to case and surrounding spaces; empty: graded by the seller. */
  accepted_answers: z.array(title(500)).max(50, { error: 'out_of_range' }).default([]),
}).superRefine((q, ctx) => {
  const correct = q.options.filter((o) => o.correct).length
  if (q.kind === 'open_answer') {
    if (q.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'quiz_no_options' })
    return
  }
  if (q.accepted_answers.length > 0) ctx.addIssue({ code: 'custom', path: ['accepted_answers'], message: 'invalid_value' })
  if (q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'quiz_options_needed' })
  else if (q.kind === 'single_choice' && correct !== 1) ctx.addIssue({ code: 'custom', path: ['options'], message: 'quiz_one_correct' })
  else if (q.kind === 'multiple_choice' && correct < 1) ctx.addIssue({ code: 'custom', path: ['options'], message: 'quiz_some_correct' })
}).meta(byValue('kind', quizKinds, {
  open_answer: { options: { type: 'array', maxItems: 0 } },
  single_choice: { accepted_answers: { type: 'array', maxItems: 0 }, options: { type: 'array', items: documented(optionInput), minItems: 2, maxItems: maxOptionsPerQuestion, ...trueCount('correct', 1, 1) } },
  multiple_choice: { accepted_answers: { type: 'array', maxItems: 0 }, options: { type: 'array', items: documented(optionInput), minItems: 2, maxItems: maxOptionsPerQuestion, ...trueCount('correct', 1) } },
}))
export const quizInput = z.strictObject({
  /** The share of points needed to pass, in percent. */
  pass_percent: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(0, { error: 'out_of_range' }).max(100, { error: 'out_of_range' }).default(80),
  questions: z.array(questionInput).min(1, { error: 'required' }).max(maxQuestionsPerQuiz, { error: 'out_of_range' }),
})
export type QuizInput = z.infer<typeof quizInput>

export const quizOutput = z.object({
  pass_percent: z.number(),
  total_points: z.number(),
  questions: z.array(z.object({
    id: z.string(), kind: z.enum(quizKinds), text: z.string(), points: z.number(),
    options: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean() })),
    accepted_answers: z.array(z.string()),
  })),
})
export type QuizOutput = z.infer<typeof quizOutput>

// ------------------------------------------------------------------ modules and lessons

// Texts per language (docs/decisions/0095-product-translations.md, "Course content"): one strict object per
// locale, each text optional with the base field's limits; empty or null is "not translated" (the base text shows).
// Sent, `translations` replaces the stored set (a language left out is removed); null or {} removes them all;
// left out, the stored ones stay.

export const moduleTranslationInput = z.strictObject({ title: zPlainText(200).nullish(), description: zPlainText(5000).nullish() })
export type ModuleTranslationInput = z.infer<typeof moduleTranslationInput>
export const moduleTranslationsInput = z.strictObject(byLocale(moduleTranslationInput))
export type ModuleTranslationsInput = z.infer<typeof moduleTranslationsInput>

/**
 * `text_blocks`: the HTML of the lesson's text blocks by their index in `blocks` ("0", "2"), sanitised on save like the
 * blocks. A key that is no text block's index is refused by the service (422 at its path), not here: the document
 * cannot say which keys a record takes.
 */
export const lessonTranslationInput = z.strictObject({
  title: zPlainText(200).nullish(),
  text_blocks: z.record(
    z.string().max(20, { error: 'invalid_value' }),
    zText({ error: 'invalid_value' }).max(textBlockMaxLength, { error: 'too_long' }).nullable(),
  ).nullish(),
})
export type LessonTranslationInput = z.infer<typeof lessonTranslationInput>
export const lessonTranslationsInput = z.strictObject(byLocale(lessonTranslationInput))
export type LessonTranslationsInput = z.infer<typeof lessonTranslationsInput>

export const moduleInput = z.strictObject({
  title: title(), description: zText().trim().max(5000, { error: 'too_long' }).refine((v) => !hasScriptTag(v), { error: 'script_tag' }).nullish(),
  /** The module's texts in other languages; optional. */
  translations: moduleTranslationsInput.nullish(),
})
export const updateModuleInput = moduleInput.partial()
export type ModuleInput = z.infer<typeof updateModuleInput>

export const lessonInput = z.strictObject({
  title: title(),
  blocks: z.array(contentBlock).max(maxBlocksPerLesson, { error: 'out_of_range' }).optional(),
  quiz: quizInput.nullish(),
  /** Hidden from payers while not_for_publish (docs/reference/accounts-and-orders.md §4 lesson status). */
  publish_state: z.enum(lessonPublishStates, { error: 'invalid_value' }).optional(),
  /** Drip (docs/reference/accounts-and-orders.md §9 lesson-access modes): open at once, `access_after_days` after the payer's access began, or from `access_from`. */
  access_mode: z.enum(lessonAccessModes, { error: 'invalid_value' }).optional(),
  access_after_days: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'out_of_range' }).max(3650, { error: 'out_of_range' }).nullish(),
  access_from: z.iso.datetime({ offset: true, error: 'invalid_value' }).nullish(),
  /** The lesson's title and text blocks in other languages; optional. An index must name a text block of the lesson. */
  translations: lessonTranslationsInput.nullish(),
})
export const updateLessonInput = lessonInput.partial()
export type LessonInput = z.infer<typeof updateLessonInput>

export const moveLessonInput = z.strictObject({ module_id: id(), position: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(0, { error: 'out_of_range' }).max(int4Max, { error: 'out_of_range' }).optional() })
export type MoveLessonInput = z.infer<typeof moveLessonInput>

export const moduleParams = z.strictObject({ id: zIdParam(), module_id: zIdParam() })
export const lessonParams = z.strictObject({ id: zIdParam(), lesson_id: zIdParam() })

/** One language's stored texts; a text not translated is null (text blocks: only those translated). */
export const moduleTranslationOutput = z.object({ title: z.string().nullable(), description: z.string().nullable() })
export const lessonTranslationOutput = z.object({ title: z.string().nullable(), text_blocks: z.record(z.string(), z.string()) })
export const moduleTranslationsOutput = z.object(byLocale(moduleTranslationOutput))
export type ModuleTranslationsOutput = z.infer<typeof moduleTranslationsOutput>
export const lessonTranslationsOutput = z.object(byLocale(lessonTranslationOutput))
export type LessonTranslationsOutput = z.infer<typeof lessonTranslationsOutput>

export const lessonOutput = z.object({
  id: z.number(), module_id: z.number(), title: z.string(), position: z.number(),
  blocks: z.array(z.record(z.string(), z.unknown())), quiz: quizOutput.nullable(),
  publish_state: z.enum(lessonPublishStates), access_mode: z.enum(lessonAccessModes), access_after_days: z.number().nullable(), access_from: z.string().nullable(),
  /** The texts in other languages, by locale (docs/decisions/0095-product-translations.md); `{}` for none. */
  translations: lessonTranslationsOutput.optional(),
})
export type LessonOutput = z.infer<typeof lessonOutput>
export const moduleOutput = z.object({
  id: z.number(), title: z.string(), description: z.string().nullable(), position: z.number(), lessons: z.array(lessonOutput),
  /** The texts in other languages, by locale; `{}` for none. */
  translations: moduleTranslationsOutput.optional(),
})
export type ModuleOutput = z.infer<typeof moduleOutput>
export const courseOutput = z.object({ product_id: z.number(), modules: z.array(moduleOutput), lessons_count: z.number() })
export type CourseOutput = z.infer<typeof courseOutput>
