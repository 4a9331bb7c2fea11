import { courseAccessUrl } from '../../../shared/catalog'
import type { GradableQuestion, GradedAnswer } from '../../../shared/courses/quiz-grading'
import { reviewGrade } from '../../../shared/courses/quiz-grading'
import { AppError } from '../../../shared/errors'
import type { CourseListQuery, CourseSettingsOutput, ExtendAccessInput, QuizAttemptOutput } from '../../../shared/schemas/course-player'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type { LessonStatus } from '../../../shared/states'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, type Ctx } from '../../context'
import * as catalog from '../catalog/catalog.service'
import * as delivery from '../delivery/delivery.service'
import { applyReviewedAttempt } from './course-player.service'
import * as playerRepo from './course-player.repository'
import * as repo from './course-reports.repository'

// The seller's course tabs (docs/reference/readings.md 14: /cabinet/courses/overview, /sessions, /lesson_statuses,
// /quiz_attempts), the course settings (comments, open answers, attempts), comment moderation, and the
// access extension wizard (docs/reference/accounts-and-orders.md §2: access, extend, selectCustomers, customers, confirmation) on top of
// the delivery's grants (delivery.customersOf / extendAccess).

const page = (query: CourseListQuery) => ({
  offset: (query.page - 1) * query.per, limit: query.per, query: query.query || undefined, productId: query.product_id, sortDir: query.sort_dir ?? 'desc' as const,
})

async function ownedCourse(ctx: Ctx, productId: number, action: 'courses.read' | 'courses.write', lock = false) {
  const sellerId = actingSellerId(ctx.actor, action)
  const product = await catalog.ownedProduct(ctx.db, sellerId, productId, { lock })
  if (product.form !== 'course') throw new AppError('not_found', 'This course does not exist')
  return { product, sellerId }
}

const percent = (finished: number, total: number) => (total === 0 ? 0 : Math.floor((finished * 100) / total))

export async function overview(ctx: Ctx, query: CourseListQuery) {
  const sellerId = actingSellerId(ctx.actor, 'courses.read')
  const found = await repo.sellerCourses(ctx.db, sellerId, page(query))
  const username = found.rows.length > 0 ? (await catalog.loadSeller(ctx, ctx.db, sellerId)).username : ''
  const list = []
  for (const course of found.rows) {
    const customers = await delivery.customersOf(ctx.db, sellerId, course.id)
    const total = await repo.publishedLessonCount(ctx.db, course.id)
    const finished = await repo.finishedByPayer(ctx.db, course.id)
    const completed = await repo.completedPayers(ctx.db, course.id)
    const percents = customers.map((c) => percent(finished.get(c.payer_user_id) ?? 0, total))
    list.push({
      product_id: course.id, name: course.name, slug: course.slug, lessons_count: total, customers: customers.length,
      average_percent: percents.length === 0 ? 0 : Math.floor(percents.reduce((a, b) => a + b, 0) / percents.length),
      completions: customers.filter((c) => completed.has(c.payer_user_id)).length,
      access_url: courseAccessUrl(username, course.slug),
    })
  }
  return { list, total_count: found.total, total_count_max: found.totalMax }
}

export async function sessions(ctx: Ctx, query: CourseListQuery) {
  const sellerId = actingSellerId(ctx.actor, 'courses.read')
  const found = await repo.listSessions(ctx.db, sellerId, page(query))
  return {
    list: found.rows.map((r) => ({
      id: r.session.id, product_id: r.session.productId, product_name: r.productName, payer_user_id: r.session.payerUserId, payer_email: r.email, payer_name: r.name,
      started_at: r.session.startedAt.toISOString(), last_seen_at: r.session.lastSeenAt.toISOString(), duration_seconds: r.session.durationSeconds,
    })),
    total_count: found.total, total_count_max: found.totalMax,
  }
}

export async function lessonStatuses(ctx: Ctx, query: CourseListQuery & { status?: 'viewed' | 'finished' }) {
  const sellerId = actingSellerId(ctx.actor, 'courses.read')
  const found = await repo.listLessonStatuses(ctx.db, sellerId, { ...page(query), status: query.status })
  return {
    list: found.rows.map((r) => ({
      id: r.progress.id, product_id: r.progress.productId, product_name: r.productName, lesson_id: r.progress.lessonId, lesson_title: r.lessonTitle,
      payer_user_id: r.progress.payerUserId, payer_email: r.email, payer_name: r.name, status: r.progress.status as LessonStatus,
      viewed_at: r.progress.viewedAt.toISOString(), finished_at: r.progress.finishedAt?.toISOString() ?? null,
    })),
    total_count: found.total, total_count_max: found.totalMax,
  }
}

type QuizJson = { pass_percent: number; questions: (GradableQuestion & { text: string })[] } | null

function attemptItem(attempt: playerRepo.AttemptRow): QuizAttemptOutput {
  return {
    id: attempt.id, attempt_number: attempt.attemptNumber, score: attempt.score, max_score: attempt.maxScore,
    percent: attempt.maxScore === 0 ? 100 : Math.floor((attempt.score * 100) / attempt.maxScore),
    result: attempt.result as QuizAttemptOutput['result'], passed: attempt.passed, answers: attempt.answers as GradedAnswer[], created_at: attempt.createdAt.toISOString(),
  }
}

export async function quizAttempts(ctx: Ctx, query: CourseListQuery & { result?: 'passed' | 'failed' | 'pending_review' }) {
  const sellerId = actingSellerId(ctx.actor, 'courses.read')
  const found = await repo.listAttempts(ctx.db, sellerId, { ...page(query), result: query.result })
  return {
    list: found.rows.map((r) => ({
      ...attemptItem(r.attempt), questions: ((r.quiz as QuizJson)?.questions ?? []).map((q) => ({ id: q.id, kind: q.kind, text: q.text })),
      product_id: r.attempt.productId, product_name: r.productName, lesson_id: r.attempt.lessonId, lesson_title: r.lessonTitle,
      payer_user_id: r.attempt.payerUserId, payer_email: r.email, payer_name: r.name,
    })),
    total_count: found.total, total_count_max: found.totalMax,
  }
}

/** The seller accepts or refuses the open answers of a pending attempt; only pending attempts change. */
export async function reviewAttempt(ctx: Ctx, id: number, accept: boolean): Promise<QuizAttemptOutput> {
  const sellerId = actingSellerId(ctx.actor, 'courses.write')
  return ctx.db.transaction(async (tx) => {
    const found = await repo.findAttemptOfSeller(tx, sellerId, id)
    if (!found) throw new AppError('not_found', 'This quiz attempt does not exist')
    if (found.attempt.result !== 'pending_review') throw new AppError('conflict', 'Only an attempt waiting for review can be reviewed')
    const quiz = found.quiz as QuizJson
    const grade = reviewGrade(quiz ?? { pass_percent: 100, questions: [] }, found.attempt.answers as GradedAnswer[], accept)
    const row = await playerRepo.updateAttempt(tx, found.attempt.id, { answers: grade.answers, score: grade.score, result: grade.result, passed: grade.passed })
    await applyReviewedAttempt(ctx, tx, row)
    return attemptItem(row)
  })
}

export async function comments(ctx: Ctx, query: CourseListQuery & { hidden?: boolean }) {
  const sellerId = actingSellerId(ctx.actor, 'courses.read')
  const found = await repo.listComments(ctx.db, sellerId, { ...page(query), hidden: query.hidden })
  return {
    list: found.rows.map((r) => ({
      id: r.comment.id, product_id: r.comment.productId, product_name: r.productName, lesson_id: r.comment.lessonId, lesson_title: r.lessonTitle,
      author_name: r.comment.authorName, body: r.comment.body, hidden: r.comment.hidden, created_at: r.comment.createdAt.toISOString(),
    })),
    total_count: found.total, total_count_max: found.totalMax,
  } satisfies ListAnswer<unknown>
}

export async function moderateComment(ctx: Ctx, id: number, hidden: boolean) {
  const sellerId = actingSellerId(ctx.actor, 'courses.write')
  const row = await repo.setCommentHidden(ctx.db, sellerId, id, hidden)
  if (!row) throw new AppError('not_found', 'This comment does not exist')
  return { id: row.id, hidden: row.hidden }
}

// ------------------------------------------------------------------ settings

function settingsOutput(row: playerRepo.SettingsRow | undefined): CourseSettingsOutput {
  return { comments_enabled: row?.commentsEnabled ?? false, open_answers: (row?.openAnswers ?? 'review') as CourseSettingsOutput['open_answers'], quiz_attempts_limit: row?.quizAttemptsLimit ?? null }
}

export async function getSettings(ctx: Ctx, productId: number): Promise<CourseSettingsOutput> {
  const { product } = await ownedCourse(ctx, productId, 'courses.read')
  return settingsOutput(await playerRepo.settingsOf(ctx.db, product.id))
}

export async function saveSettings(ctx: Ctx, productId: number, input: { comments_enabled?: boolean; open_answers?: 'review' | 'accept'; quiz_attempts_limit?: number | null }) {
  const { product } = await ownedCourse(ctx, productId, 'courses.write')
  // Lesson comments are behind lesson_quiz_comments (docs/decisions/0077-feature-flags.md).
  if (input.comments_enabled === true) assertFeature(ctx, 'lesson_quiz_comments')
  return ctx.db.transaction(async (tx) => {
    const current = settingsOutput(await playerRepo.settingsOf(tx, product.id))
    const next = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as CourseSettingsOutput
    const row = await playerRepo.upsertSettings(tx, {
      productId: product.id, commentsEnabled: next.comments_enabled, openAnswers: next.open_answers, quizAttemptsLimit: next.quiz_attempts_limit, updatedAt: ctx.now,
    })
    return settingsOutput(row)
  })
}

// ------------------------------------------------------------------ access extension wizard

export async function customers(ctx: Ctx, productId: number) {
  const { product, sellerId } = await ownedCourse(ctx, productId, 'courses.read')
  const rows = await delivery.customersOf(ctx.db, sellerId, product.id)
  const total = await repo.publishedLessonCount(ctx.db, product.id)
  const finished = await repo.finishedByPayer(ctx.db, product.id)
  return {
    list: rows.map((c) => ({
      payer_user_id: c.payer_user_id, email: c.email, name: c.name, granted_at: c.granted_at.toISOString(), expires_at: c.expires_at?.toISOString() ?? null,
      percent: percent(finished.get(c.payer_user_id) ?? 0, total),
    })),
    total_count: rows.length, total_count_max: rows.length,
  }
}

/** Sets the end of access of all or the selected customers (an id that is not this course's customer is ignored). */
export async function extendAccess(ctx: Ctx, productId: number, input: ExtendAccessInput) {
  const { product, sellerId } = await ownedCourse(ctx, productId, 'courses.write')
  return ctx.db.transaction(async (tx) => {
    const known = (await delivery.customersOf(tx, sellerId, product.id)).map((c) => c.payer_user_id)
    const chosen = input.customers === 'all' ? known : input.payer_user_ids.filter((id) => known.includes(id))
    const until = input.until ? new Date(input.until) : null
    if (until && until.getTime() <= ctx.now.getTime()) throw new AppError('validation_failed', 'The new end of access must be in the future', [{ path: 'until', message: 'out_of_range' }])
    const changed = chosen.length === 0 ? 0 : await delivery.extendAccess(tx, sellerId, product.id, chosen, until)
    return { changed }
  })
}
