import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { products } from './catalog'
import { createdAt, updatedAt } from './columns'

// Course content as data (docs/reference/catalogue-and-selling.md §2 wizard step "content"): modules in order, lessons in order inside a
// module, each lesson with its content blocks and an optional quiz (docs/reference/readings.md 9 quiz kinds). The block and
// quiz shapes are the shared schemas of src/shared/schemas/courses.ts; playing one is in the tables below.

export const courseModules = pgTable('course_modules', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description'),
  position: integer('position').notNull().default(0),
  /** Texts per language, each optional, falling back to the base text (docs/decisions/0095-product-translations.md): { "<locale>": { title, description } }. */
  translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('course_modules_product_idx').on(t.productId, t.position)])

export const courseLessons = pgTable('course_lessons', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  moduleId: integer('module_id').notNull().references(() => courseModules.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  position: integer('position').notNull().default(0),
  /** Content blocks in order: text (sanitised HTML), video, audio, file, pdf. */
  blocks: jsonb('blocks').$type<Record<string, unknown>[]>().notNull().default([]),
  /** { pass_percent, questions: [...] } or null when the lesson has no quiz. */
  quiz: jsonb('quiz').$type<Record<string, unknown> | null>(),
  /** published, or not_for_publish: hidden from payers while the seller works on it (docs/reference/accounts-and-orders.md §4 lesson status). */
  publishState: text('publish_state').notNull().default('published'),
  /** Drip (docs/reference/accounts-and-orders.md §9 lesson-access modes): immediately, duration (days after the payer's access began) or end_date (from a date). */
  accessMode: text('access_mode').notNull().default('immediately'),
  accessAfterDays: integer('access_after_days'),
  accessFrom: timestamp('access_from', { withTimezone: true, mode: 'date' }),
  /** Texts per language, each optional, falling back to the base text (docs/decisions/0095-product-translations.md): { "<locale>": { title, text_blocks (the html of the text blocks by their index) } }. */
  translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('course_lessons_module_idx').on(t.moduleId, t.position), index('course_lessons_product_idx').on(t.productId)])

// ------------------------------------------------------------------ playing a course (docs/decisions/0019-course-player.md)

/** Per course: whether payers may comment on lessons, how open quiz answers are graded, an attempts limit. */
export const courseSettings = pgTable('course_settings', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  commentsEnabled: boolean('comments_enabled').notNull().default(false),
  /** review: an open answer without accepted answers waits for the seller; accept: it counts as right. */
  openAnswers: text('open_answers').notNull().default('review'),
  /** Quiz attempts a payer has per lesson; null: unlimited. */
  quizAttemptsLimit: integer('quiz_attempts_limit'),
  /** The seller paused the drip: lessons not open yet stay closed until resumed (lesson_publications). */
  dripPaused: boolean('drip_paused').notNull().default(false),
  /** Whether payers get the "a new lesson is available" mail when a dripped lesson opens. */
  lessonMails: boolean('lesson_mails').notNull().default(true),
  updatedAt: updatedAt(),
})

/** One row per payer and lesson once the payer opened it: viewed, then finished (src/shared/states/lesson-status.ts). */
export const lessonProgress = pgTable('lesson_progress', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  lessonId: integer('lesson_id').notNull().references(() => courseLessons.id, { onDelete: 'cascade' }),
  payerUserId: integer('payer_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  /** Where the payer left a video or audio, in seconds. */
  positionSeconds: integer('position_seconds').notNull().default(0),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('lesson_progress_payer_lesson_idx').on(t.lessonId, t.payerUserId),
  index('lesson_progress_product_payer_idx').on(t.productId, t.payerUserId),
])

/** A graded quiz submission; attempt numbers count per payer and lesson from 1. */
export const quizAttempts = pgTable('quiz_attempts', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  lessonId: integer('lesson_id').notNull().references(() => courseLessons.id, { onDelete: 'cascade' }),
  payerUserId: integer('payer_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  attemptNumber: integer('attempt_number').notNull(),
  /** [{ question_id, option_ids?, text?, correct: boolean | null, points }] as graded. */
  answers: jsonb('answers').$type<Record<string, unknown>[]>().notNull(),
  score: integer('score').notNull(),
  maxScore: integer('max_score').notNull(),
  /** passed, failed, or pending_review while open answers wait for the seller. */
  result: text('result').notNull(),
  passed: boolean('passed').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('quiz_attempts_number_idx').on(t.lessonId, t.payerUserId, t.attemptNumber),
  index('quiz_attempts_product_idx').on(t.productId, t.createdAt),
])

export const lessonComments = pgTable('lesson_comments', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  lessonId: integer('lesson_id').notNull().references(() => courseLessons.id, { onDelete: 'cascade' }),
  authorUserId: integer('author_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  authorName: text('author_name').notNull(),
  body: text('body').notNull(),
  /** The seller hid it: payers no longer see it. */
  hidden: boolean('hidden').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [index('lesson_comments_lesson_idx').on(t.lessonId, t.createdAt)])

/** A payer's time in a course: a session continues while heartbeats come within 30 minutes of each other. */
export const courseSessions = pgTable('course_sessions', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  payerUserId: integer('payer_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  durationSeconds: integer('duration_seconds').notNull().default(0),
}, (t) => [index('course_sessions_product_idx').on(t.productId, t.payerUserId, t.lastSeenAt)])

/** A payer finished every lesson and passed every quiz; written once, when it first happens. */
export const courseCompletions = pgTable('course_completions', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  payerUserId: integer('payer_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [uniqueIndex('course_completions_payer_idx').on(t.productId, t.payerUserId)])

/**
 * A dripped lesson opening for one payer (src/shared/states/course-publish.ts): made by the publishing job
 * for each customer and lesson with a drip, opened by it at `opens_at`, with the lesson mail's notify state.
 */
export const lessonPublications = pgTable('lesson_publications', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  lessonId: integer('lesson_id').notNull().references(() => courseLessons.id, { onDelete: 'cascade' }),
  payerUserId: integer('payer_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  opensAt: timestamp('opens_at', { withTimezone: true, mode: 'date' }).notNull(),
  state: text('state').notNull(),
  notifyState: text('notify_state').notNull(),
  /** When a job took it into publishing: a row left publishing long after this is claimed again. */
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('lesson_publications_payer_lesson_idx').on(t.lessonId, t.payerUserId),
  index('lesson_publications_due_idx').on(t.state, t.opensAt),
  index('lesson_publications_product_idx').on(t.productId, t.payerUserId),
])
