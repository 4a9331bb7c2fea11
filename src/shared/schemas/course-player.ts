import { z } from 'zod'
import { int4Max, zId, zIdParam, notBlank, zText } from '../validation/storable'
import { lessonStatuses } from '../states/lesson-status'
import { quizKinds } from './courses'
import { listQuery } from './lists'
import { byValue } from '../validation/document-rules'

// The course player (payer) and the seller's course tabs (docs/reference/readings.md 14): /api/v1/payer/courses/{seller}/{slug}
// and /api/v1/cabinet/courses/*. Lesson statuses per docs/reference/accounts-and-orders.md; quiz kinds per docs/reference/readings.md 9.

const positiveId = zIdParam()
export const quizResults = ['passed', 'failed', 'pending_review'] as const
export const openAnswerModes = ['review', 'accept'] as const

/** The course player's path (docs/reference/readings.md 14), the only page the seller's course sign-in returns to. */
export const coursePlayerPath = /^\/s\/[^/?#\\]{1,100}\/courses\/[^/?#\\]{1,200}$/
/**
 * Where a payer signed in on a seller's shop comes back to (docs/decisions/0069-member-pages.md): the course
 * player or member area they came from, else that seller's page of the payer area.
 */
export const shopSignInReturnPath = /^(\/s\/[^/?#\\]{1,100}\/courses\/[^/?#\\]{1,200}|\/payer\/s\/[1-9]\d{0,9})$/

export const courseParams = z.strictObject({ seller: zText().min(1).max(100), slug: zText().min(1).max(200) })
export const courseLessonParams = courseParams.extend({ lesson_id: positiveId })
export const courseMediaParams = z.strictObject({ lesson_id: positiveId, key: zText().min(1).max(100) })
/** The signature of a media link: the payer, the expiry (unix seconds) and the HMAC. */
export const courseMediaQuery = z.strictObject({ u: positiveId, e: z.coerce.number().int().positive(), s: zText().min(20).max(100), p: z.literal('1').optional() })
/** The seller's preview of a course: the product. */
export const coursePreviewParams = z.strictObject({ id: positiveId })
export const coursePreviewLessonParams = coursePreviewParams.extend({ lesson_id: positiveId })

export const courseProgressOutput = z.object({ finished: z.number().int(), total: z.number().int(), percent: z.number().int() })
export type CourseProgressOutput = z.infer<typeof courseProgressOutput>

const outlineLesson = z.object({
  id: z.number(), title: z.string(), status: z.enum(lessonStatuses), opens_at: z.string(), has_quiz: z.boolean(),
})
export const courseOutlineOutput = z.object({
  product: z.object({ id: z.number(), name: z.string(), slug: z.string(), seller_username: z.string() }),
  progress: courseProgressOutput,
  completed_at: z.string().nullable(),
  comments_enabled: z.boolean(),
  expires_at: z.string().nullable(),
  /** The lesson to continue with: the first open lesson not finished yet. */
  resume_lesson_id: z.number().nullable(),
  modules: z.array(z.object({ id: z.number(), title: z.string(), description: z.string().nullable(), lessons: z.array(outlineLesson) })),
})
export type CourseOutlineOutput = z.infer<typeof courseOutlineOutput>

/** A lesson block as the player gets it: uploads as signed, expiring URLs; external videos as embed URLs. */
export const playerBlock = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), html: z.string() }),
  z.object({ kind: z.literal('video'), source: z.enum(['upload', 'external']), url: z.string(), title: z.string().nullable() }),
  z.object({ kind: z.literal('audio'), url: z.string(), title: z.string().nullable() }),
  z.object({ kind: z.literal('file'), url: z.string(), title: z.string().nullable() }),
  z.object({ kind: z.literal('pdf'), url: z.string(), title: z.string().nullable() }),
])
export type PlayerBlock = z.infer<typeof playerBlock>

/** A quiz without its answers: what the payer sees before submitting. */
export const playerQuiz = z.object({
  pass_percent: z.number(), total_points: z.number(), attempts_limit: z.number().nullable(), attempts_left: z.number().nullable(),
  questions: z.array(z.object({ id: z.string(), kind: z.enum(quizKinds), text: z.string(), points: z.number(), options: z.array(z.object({ id: z.string(), text: z.string() })) })),
})

export const quizAttemptOutput = z.object({
  id: z.number(), attempt_number: z.number(), score: z.number(), max_score: z.number(), percent: z.number(), result: z.enum(quizResults), passed: z.boolean(),
  answers: z.array(z.object({ question_id: z.string(), option_ids: z.array(z.string()), text: z.string().nullable(), correct: z.boolean().nullable(), points: z.number() })),
  created_at: z.string(),
})
export type QuizAttemptOutput = z.infer<typeof quizAttemptOutput>

export const playerLessonOutput = z.object({
  id: z.number(), module_id: z.number(), title: z.string(), status: z.enum(lessonStatuses), position_seconds: z.number(),
  blocks: z.array(playerBlock), quiz: playerQuiz.nullable(), attempts: z.array(quizAttemptOutput),
  previous_lesson_id: z.number().nullable(), next_lesson_id: z.number().nullable(),
})
export type PlayerLessonOutput = z.infer<typeof playerLessonOutput>

export const lessonProgressInput = z.strictObject({
  /** true: the payer marks the lesson done (a lesson with a quiz finishes by passing it). */
  finished: z.boolean().optional(),
  position_seconds: z.number().int().min(0).max(360_000).optional(),
})
export type LessonProgressInput = z.infer<typeof lessonProgressInput>
export const lessonProgressOutput = z.object({ lesson_id: z.number(), status: z.enum(lessonStatuses), progress: courseProgressOutput, completed_at: z.string().nullable() })

export const quizSubmitInput = z.strictObject({
  answers: z.array(z.strictObject({
    question_id: zText().max(64),
    option_ids: z.array(zText().max(64)).max(20).optional(),
    text: zText().max(5000).optional(),
  })).max(100),
})
export type QuizSubmitInput = z.infer<typeof quizSubmitInput>
export const quizSubmitOutput = z.object({ attempt: quizAttemptOutput, lesson_status: z.enum(lessonStatuses), progress: courseProgressOutput, completed_at: z.string().nullable(), attempts_left: z.number().nullable() })

export const commentInput = z.strictObject({ body: zText().trim().min(1, { error: 'required' }).regex(notBlank, { error: 'required' }).max(5000, { error: 'too_long' }) })
export const commentOutput = z.object({ id: z.number(), author_name: z.string(), body: z.string(), mine: z.boolean(), created_at: z.string() })
export const commentListOutput = z.object({ enabled: z.boolean(), list: z.array(commentOutput) })

export const heartbeatOutput = z.object({ session_id: z.number(), duration_seconds: z.number() })

// ------------------------------------------------------------------ the seller's side

export const courseSettingsInput = z.strictObject({
  comments_enabled: z.boolean().optional(),
  open_answers: z.enum(openAnswerModes).optional(),
  quiz_attempts_limit: z.number().int().min(1).max(100).nullable().optional(),
})
export const courseSettingsOutput = z.object({ comments_enabled: z.boolean(), open_answers: z.enum(openAnswerModes), quiz_attempts_limit: z.number().nullable() })
export type CourseSettingsOutput = z.infer<typeof courseSettingsOutput>

export const courseOverviewItem = z.object({
  product_id: z.number(), name: z.string(), slug: z.string(), lessons_count: z.number(), customers: z.number(),
  average_percent: z.number(), completions: z.number(), access_url: z.string(),
})
export const courseSessionItem = z.object({
  id: z.number(), product_id: z.number(), product_name: z.string(), payer_user_id: z.number(), payer_email: z.string(), payer_name: z.string(),
  started_at: z.string(), last_seen_at: z.string(), duration_seconds: z.number(),
})
export const lessonStatusItem = z.object({
  id: z.number(), product_id: z.number(), product_name: z.string(), lesson_id: z.number(), lesson_title: z.string(), payer_user_id: z.number(),
  payer_email: z.string(), payer_name: z.string(), status: z.enum(lessonStatuses), viewed_at: z.string(), finished_at: z.string().nullable(),
})
export const sellerQuizAttemptItem = quizAttemptOutput.extend({
  product_id: z.number(), product_name: z.string(), lesson_id: z.number(), lesson_title: z.string(), payer_user_id: z.number(), payer_email: z.string(), payer_name: z.string(),
  questions: z.array(z.object({ id: z.string(), kind: z.enum(quizKinds), text: z.string() })),
})
export const sellerCommentItem = z.object({
  id: z.number(), product_id: z.number(), product_name: z.string(), lesson_id: z.number(), lesson_title: z.string(), author_name: z.string(), body: z.string(),
  hidden: z.boolean(), created_at: z.string(),
})

export const courseListQuery = listQuery.extend({ product_id: positiveId.optional() })
export const lessonStatusListQuery = courseListQuery.extend({ status: z.enum(['viewed', 'finished']).optional() })
export const quizAttemptListQuery = courseListQuery.extend({ result: z.enum(quizResults).optional() })
export const commentListQuery = courseListQuery.extend({ hidden: z.enum(['true', 'false']).transform((v) => v === 'true').optional() })
export type CourseListQuery = z.infer<typeof courseListQuery>

export const idParams = z.strictObject({ id: positiveId })
export const quizReviewInput = z.strictObject({ accept: z.boolean() })
export const commentModerationInput = z.strictObject({ hidden: z.boolean() })

/** The access extension wizard (docs/reference/accounts-and-orders.md §2: access, extend, selectCustomers, customers, confirmation). */
export const courseCustomerItem = z.object({
  payer_user_id: z.number(), email: z.string(), name: z.string(), granted_at: z.string(), expires_at: z.string().nullable(), percent: z.number(),
})
export const extendAccessInput = z.strictObject({
  /** The new end of access; null: unlimited. */
  until: z.iso.datetime({ offset: true }).nullable(),
  /** all: every customer of the course; selected: only payer_user_ids. */
  customers: z.enum(['all', 'selected']),
  payer_user_ids: z.array(zId()).max(5000).default([]),
}).refine((v) => v.customers === 'all' || v.payer_user_ids.length > 0, { error: 'required', path: ['payer_user_ids'] })
  .meta(byValue('customers', ['all', 'selected'], { selected: { payer_user_ids: { type: 'array', items: { type: 'integer', minimum: 1, maximum: int4Max }, minItems: 1, maxItems: 5000 } } }))
export type ExtendAccessInput = z.infer<typeof extendAccessInput>
export const extendAccessOutput = z.object({ changed: z.number() })
