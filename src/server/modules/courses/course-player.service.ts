import { createHmac, timingSafeEqual } from 'node:crypto'
import { gradeQuiz, type GradableQuestion, type GradedAnswer, type OpenAnswerMode } from '../../../shared/courses/quiz-grading'
import { AppError } from '../../../shared/errors'
import type {
  CourseOutlineOutput, CourseProgressOutput, LessonProgressInput, PlayerBlock, PlayerLessonOutput, QuizAttemptOutput, QuizSubmitInput,
} from '../../../shared/schemas/course-player'
import type { QuizOutput } from '../../../shared/schemas/courses'
import { localizedLessonTexts, localizedModuleTexts } from '../../../shared/courses/course-translations'
import {
  assertTransition, lessonOpensAt, lessonStatusFor, lessonStatusTransitions, type LessonStatus, type StoredLessonStatus,
} from '../../../shared/states'
import { featureFlags } from '../../../shared/accounts'
import { actingSellerId } from '../../auth/permissions'
import { requireActor, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as catalog from '../catalog/catalog.service'
import * as certificates from '../certificates/certificates.service'
import * as delivery from '../delivery/delivery.service'
import * as media from '../media/media.service'
import * as notifications from '../notifications/notifications.service'
import * as repo from './course-player.repository'
import * as publishing from './course-publishing.service'

// The payer's course player (docs/reference/readings.md 14: /s/{seller}/courses/{product_slug}). A payer plays a course
// while the delivery grants access (delivery.accessOf); without a grant, and for lessons the seller keeps
// back (not_for_publish), everything answers 404, so a payer learns nothing of courses not theirs. Drip
// dates count from the grant. Finishing the last lesson completes the course once, which issues the
// certificate when the product's certificate is issued on course completion.

const notFound = () => new AppError('not_found', 'This course does not exist')
const lessonNotFound = () => new AppError('not_found', 'This lesson does not exist')
/** A course session continues while heartbeats come within this many seconds. */
export const sessionGapSeconds = 30 * 60
/** How long a signed media link of a lesson works. */
const mediaLinkSeconds = 6 * 3600


function percentOf(finished: number, total: number): number {
  return total === 0 ? 0 : Math.floor((finished * 100) / total)
}

export async function courseProgressOf(db: Executor, payerUserId: number, productId: number): Promise<{ finished: number; total: number; percent: number }> {
  const { finished, total } = await repo.finishedCount(db, productId, payerUserId)
  return { finished, total, percent: percentOf(finished, total) }
}

// ------------------------------------------------------------------ access

type Opened = { course: repo.CourseRow; grant: { grantedAt: Date; expiresAt: Date | null; orderId: number }; userId: number }

async function openCourse(ctx: Ctx, db: Executor, seller: string, slug: string): Promise<Opened> {
  const userId = requireActor(ctx).userId
  const course = await repo.findCourse(db, seller, slug)
  if (!course) throw notFound()
  const grant = await delivery.accessOf(db, userId, course.id)
  if (!grant) {
    // Paid moments ago (the success page's "go to the course"): the player waits for the delivery job.
    if (await delivery.accessPendingOf(db, userId, course.id)) throw new AppError('access_pending', 'Your access is being prepared')
    throw notFound()
  }
  return { course, grant, userId }
}

type LessonView = { lesson: repo.LessonRow; status: LessonStatus; opensAt: Date; positionSeconds: number }

/** The seller's feature flags for a course's payers (the request acts for no seller): drip and quizzes/comments. */
const dripOn = (course: repo.CourseRow) => course.sellerFeatures.drip_in ?? featureFlags.drip_in
const quizCommentsOn = (course: repo.CourseRow) => course.sellerFeatures.lesson_quiz_comments ?? featureFlags.lesson_quiz_comments

/**
 * The lessons a payer may see (not the seller's unpublished ones), in course order, with their status.
 * Without the drip_in feature every lesson opens with the grant; a paused drip keeps its lessons pending.
 */
async function lessonViews(db: Executor, opened: Opened, now: Date): Promise<LessonView[]> {
  const lessons = await repo.lessonsOf(db, opened.course.id)
  const stored = new Map((await repo.progressOf(db, opened.course.id, opened.userId)).map((p) => [p.lessonId, p]))
  const drip = dripOn(opened.course)
  const held = drip ? await publishing.heldLessonIds(db, opened.course.id, opened.userId) : new Set<number>()
  return lessons.filter((l) => l.publishState !== 'not_for_publish').map((lesson) => {
    const opensAt = drip ? lessonOpensAt(lesson, opened.grant.grantedAt) : opened.grant.grantedAt
    const progress = stored.get(lesson.id)
    const status = lessonStatusFor(lesson.publishState, opensAt, now, (progress?.status as StoredLessonStatus | undefined) ?? null)
    return { lesson, opensAt, status: held.has(lesson.id) && status === 'published' ? 'pending' : status, positionSeconds: progress?.positionSeconds ?? 0 }
  })
}

/** One lesson the payer may open now: hidden or unknown 404, not yet dripped 403 lesson_locked. */
function openLesson(views: readonly LessonView[], lessonId: number): LessonView {
  const view = views.find((v) => v.lesson.id === lessonId)
  if (!view) throw lessonNotFound()
  if (view.status === 'pending') throw new AppError('lesson_locked', `This lesson opens on ${view.opensAt.toISOString()}`)
  return view
}

// ------------------------------------------------------------------ media links

/** `preview`: signed for the seller's preview (the user is the seller or a team member, who holds no grant). */
type MediaClaims = { userId: number; lessonId: number; key: string; expires: number; preview?: boolean }

function sign(deps: AppDeps, claims: MediaClaims): string {
  const kind = claims.preview ? 'course-media-preview' : 'course-media'
  return createHmac('sha256', deps.jwtKey).update(`${kind}:${claims.userId}:${claims.lessonId}:${claims.key}:${claims.expires}`).digest('base64url')
}

/** A signed, expiring link to one upload of a lesson for one payer (players and iframes send no token). */
function mediaUrl(deps: AppDeps, userId: number, lessonId: number, key: string, now: Date, preview = false): string {
  const claims = { userId, lessonId, key, expires: Math.floor(now.getTime() / 1000) + mediaLinkSeconds, preview }
  return `/api/v1/payer/course_media/${lessonId}/${encodeURIComponent(key)}?u=${userId}&e=${claims.expires}&s=${sign(deps, claims)}${preview ? '&p=1' : ''}`
}

const contentTypes: Record<string, string> = {
  mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', ogv: 'video/ogg',
  mp3: 'audio/mpeg', m4a: 'audio/mp4', aac: 'audio/aac', wav: 'audio/wav', ogg: 'audio/ogg', oga: 'audio/ogg', flac: 'audio/flac',
  pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', zip: 'application/zip', txt: 'text/plain',
}

/**
 * The file behind a signed media link, after checking the signature, the expiry, that the key is still
 * a block of the lesson and that the payer still has access. Any failure is the same 404.
 */
export async function courseMedia(ctx: Ctx, claims: MediaClaims, signature: string): Promise<{ file: media.UploadReader; contentType: string; filename: string; inline: boolean; redirect?: string }> {
  const missing = new AppError('not_found', 'This file does not exist')
  const expected = Buffer.from(sign(ctx.deps, claims))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw missing
  if (claims.expires * 1000 < ctx.now.getTime()) throw missing
  const lesson = await repo.findLessonById(ctx.db, claims.lessonId)
  if (!lesson || lesson.publishState === 'not_for_publish') throw missing
  const block = lesson.blocks.find((b) => b.key === claims.key)
  const course = await repo.findCourseById(ctx.db, lesson.productId)
  // A preview link was signed for the course's seller moments ago; a payer's link needs the access still.
  if (!block || !course || (!claims.preview && !(await delivery.accessOf(ctx.db, claims.userId, course.id)))) throw missing
  // Streamed (lessons may be long videos): the route sends the whole file or the range a player asks for.
  const file = await media.openUpload(ctx, course.sellerId, claims.key)
  if (!file) throw missing
  const extension = claims.key.includes('.') ? claims.key.split('.').pop()! : ''
  const title = typeof block.title === 'string' && block.title ? block.title : 'file'
  const served = {
    file, contentType: contentTypes[extension] ?? 'application/octet-stream', filename: extension ? `${title}.${extension}` : title,
    inline: block.kind !== 'file',
  }
  if (!file.presignedUrl) return served
  // Checked above, so the player may read the bucket itself and seek there (docs/decisions/0101-presigned-downloads.md).
  // A media element keeps asking the URL it was redirected to for further ranges, so it lives
  // S3_PRESIGNED_MEDIA_SECONDS, never past this signed link's own expiry.
  const seconds = Math.max(1, Math.min(ctx.deps.config.S3_PRESIGNED_MEDIA_SECONDS, claims.expires - Math.floor(ctx.now.getTime() / 1000)))
  const redirect = await file.presignedUrl({ expiresInSeconds: seconds, fileName: served.filename, contentType: served.contentType, inline: served.inline, cacheControl: `private, max-age=${seconds}` })
  return { ...served, redirect }
}

/** The embed address of an external video (the hosts allowed by the content schema). */
export function embedUrl(value: string): string {
  const url = new URL(value)
  const host = url.hostname.toLowerCase()
  if (host === 'youtu.be') return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(url.pathname.slice(1))}`
  if (host.endsWith('youtube.com') || host === 'www.youtube-nocookie.com') {
    const id = url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1]
    return id ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}` : value
  }
  if (host === 'vimeo.com') {
    const id = url.pathname.match(/^\/(\d+)/)?.[1]
    return id ? `https://player.vimeo.com/video/${id}` : value
  }
  if (host.endsWith('loom.com')) return value.replace('/share/', '/embed/')
  return value
}

/** The lesson's blocks as the player shows them; `blocks`: the lesson's, or their localised copy (text blocks in the payer's language). */
function playerBlocks(deps: AppDeps, userId: number, lesson: repo.LessonRow, now: Date, preview = false, blocks: readonly Record<string, unknown>[] = lesson.blocks): PlayerBlock[] {
  return blocks.map((raw): PlayerBlock => {
    const block = raw as { kind: string; html?: string; source?: string; url?: string; key?: string; title?: string }
    const title = block.title ?? null
    switch (block.kind) {
      case 'text':
        return { kind: 'text', html: block.html ?? '' } // sanitised when saved (courses.service)
      case 'video':
        return block.source === 'external'
          ? { kind: 'video', source: 'external', url: embedUrl(block.url ?? ''), title }
          : { kind: 'video', source: 'upload', url: mediaUrl(deps, userId, lesson.id, block.key ?? '', now, preview), title }
      case 'audio':
      case 'file':
      case 'pdf':
        return { kind: block.kind, url: mediaUrl(deps, userId, lesson.id, block.key ?? '', now, preview), title }
      default:
        return { kind: 'text', html: '' }
    }
  })
}

// ------------------------------------------------------------------ answers

function attemptOutput(row: repo.AttemptRow): QuizAttemptOutput {
  return {
    id: row.id, attempt_number: row.attemptNumber, score: row.score, max_score: row.maxScore, percent: row.maxScore === 0 ? 100 : Math.floor((row.score * 100) / row.maxScore),
    result: row.result as QuizAttemptOutput['result'], passed: row.passed, answers: row.answers as GradedAnswer[], created_at: row.createdAt.toISOString(),
  }
}

function settingsOf(row: repo.SettingsRow | undefined) {
  return { commentsEnabled: row?.commentsEnabled ?? false, openAnswers: (row?.openAnswers ?? 'review') as OpenAnswerMode, attemptsLimit: row?.quizAttemptsLimit ?? null }
}

async function completionAnswer(db: Executor, opened: Opened) {
  const done = await repo.completionOf(db, opened.course.id, opened.userId)
  return done?.completedAt.toISOString() ?? null
}

// ------------------------------------------------------------------ use cases

/** The payer's language for the course's texts: the order's of their access, else their account's. */
const payerLocaleOf = (db: Executor, opened: Opened) => repo.payerLocale(db, opened.grant.orderId, opened.userId)

export async function getOutline(ctx: Ctx, seller: string, slug: string): Promise<CourseOutlineOutput> {
  const opened = await openCourse(ctx, ctx.db, seller, slug)
  const views = await lessonViews(ctx.db, opened, ctx.now)
  const locale = await payerLocaleOf(ctx.db, opened)
  const modules = await repo.modulesOf(ctx.db, opened.course.id)
  const settings = settingsOf(await repo.settingsOf(ctx.db, opened.course.id))
  const resume = views.find((v) => v.status === 'published' || v.status === 'viewed')
  return {
    product: { id: opened.course.id, name: opened.course.name, slug: opened.course.slug, seller_username: opened.course.sellerUsername },
    progress: await courseProgressOf(ctx.db, opened.userId, opened.course.id),
    completed_at: await completionAnswer(ctx.db, opened),
    comments_enabled: settings.commentsEnabled && quizCommentsOn(opened.course),
    expires_at: opened.grant.expiresAt?.toISOString() ?? null,
    resume_lesson_id: resume?.lesson.id ?? null,
    modules: modules.map((m) => ({
      id: m.id, ...localizedModuleTexts(m, m.translations, locale),
      lessons: views.filter((v) => v.lesson.moduleId === m.id).map((v) => ({
        id: v.lesson.id, title: localizedLessonTexts(v.lesson, v.lesson.translations, locale).title, status: v.status, opens_at: v.opensAt.toISOString(), has_quiz: v.lesson.quiz !== null && quizCommentsOn(opened.course),
      })),
    })).filter((m) => m.lessons.length > 0),
  }
}

export async function getLesson(ctx: Ctx, seller: string, slug: string, lessonId: number): Promise<PlayerLessonOutput> {
  const opened = await openCourse(ctx, ctx.db, seller, slug)
  const views = await lessonViews(ctx.db, opened, ctx.now)
  const view = openLesson(views, lessonId)
  const open = views.filter((v) => v.status !== 'pending')
  const at = open.findIndex((v) => v.lesson.id === lessonId)
  // Without the lesson_quiz_comments feature a lesson plays without its quiz.
  const quiz = quizCommentsOn(opened.course) ? view.lesson.quiz as QuizOutput | null : null
  const attempts = quiz ? await repo.attemptsOf(ctx.db, lessonId, opened.userId) : []
  const settings = settingsOf(await repo.settingsOf(ctx.db, opened.course.id))
  const texts = localizedLessonTexts(view.lesson, view.lesson.translations, await payerLocaleOf(ctx.db, opened))
  return {
    id: view.lesson.id, module_id: view.lesson.moduleId, title: texts.title, status: view.status, position_seconds: view.positionSeconds,
    blocks: playerBlocks(ctx.deps, opened.userId, view.lesson, ctx.now, false, texts.blocks),
    quiz: quiz
      ? {
          pass_percent: quiz.pass_percent, total_points: quiz.questions.reduce((sum, q) => sum + q.points, 0),
          attempts_limit: settings.attemptsLimit, attempts_left: settings.attemptsLimit === null ? null : Math.max(0, settings.attemptsLimit - attempts.length),
          // never the correct options or accepted answers: grading is the server's
          questions: quiz.questions.map((q) => ({ id: q.id, kind: q.kind, text: q.text, points: q.points, options: q.options.map((o) => ({ id: o.id, text: o.text })) })),
        }
      : null,
    attempts: attempts.map(attemptOutput),
    previous_lesson_id: at > 0 ? open[at - 1]!.lesson.id : null,
    next_lesson_id: at >= 0 && at < open.length - 1 ? open[at + 1]!.lesson.id : null,
  }
}

/** The one writer of lesson_progress.status: creates the row on the first view, moves it by the table. */
async function moveLesson(tx: Executor, opened: Opened, lesson: repo.LessonRow, to: StoredLessonStatus, now: Date): Promise<repo.ProgressRow> {
  await repo.insertProgress(tx, { productId: opened.course.id, lessonId: lesson.id, payerUserId: opened.userId, status: 'viewed', viewedAt: now, updatedAt: now })
  const row = (await repo.lockProgress(tx, lesson.id, opened.userId))!
  const from = row.status as StoredLessonStatus
  // opening a finished lesson again keeps it finished
  if (from === to || (from === 'finished' && to === 'viewed')) return row
  assertTransition(lessonStatusTransitions, from, to, 'lesson status')
  return repo.updateProgress(tx, row.id, { status: to, ...(to === 'finished' ? { finishedAt: now } : {}), updatedAt: now })
}

/** After a lesson finished: the course completes once every published lesson is finished. */
async function completeIfDone(ctx: Ctx, tx: Executor, opened: Opened): Promise<CourseProgressOutput> {
  const progress = await courseProgressOf(tx, opened.userId, opened.course.id)
  if (progress.total === 0 || progress.finished < progress.total) return progress
  if (!(await repo.insertCompletion(tx, opened.course.id, opened.userId, ctx.now))) return progress
  if ((await certificates.certificateTriggerOf(tx, opened.course.id)) === 'course_completion') {
    await certificates.issueCertificate(tx, ctx.deps, {
      productId: opened.course.id, orderId: opened.grant.orderId, sellerId: opened.course.sellerId, payerUserId: opened.userId,
      recipientName: await repo.payerName(tx, opened.userId), trigger: 'course_completion',
    })
  }
  return progress
}

export async function saveProgress(ctx: Ctx, seller: string, slug: string, lessonId: number, input: LessonProgressInput) {
  return ctx.db.transaction(async (tx) => {
    const opened = await openCourse(ctx, tx, seller, slug)
    const view = openLesson(await lessonViews(tx, opened, ctx.now), lessonId)
    let row = await moveLesson(tx, opened, view.lesson, 'viewed', ctx.now)
    if (input.position_seconds !== undefined) row = await repo.updateProgress(tx, row.id, { positionSeconds: input.position_seconds, updatedAt: ctx.now })
    if (input.finished && row.status !== 'finished') {
      if (view.lesson.quiz && quizCommentsOn(opened.course) && !(await repo.passedLessonIds(tx, opened.course.id, opened.userId)).has(lessonId)) {
        throw new AppError('quiz_not_passed', 'Pass the lesson quiz to finish this lesson')
      }
      row = await moveLesson(tx, opened, view.lesson, 'finished', ctx.now)
    }
    const progress = row.status === 'finished' ? await completeIfDone(ctx, tx, opened) : await courseProgressOf(tx, opened.userId, opened.course.id)
    return { lesson_id: lessonId, status: row.status as LessonStatus, progress, completed_at: await completionAnswer(tx, opened) }
  })
}

export async function submitQuiz(ctx: Ctx, seller: string, slug: string, lessonId: number, input: QuizSubmitInput) {
  return ctx.db.transaction(async (tx) => {
    const opened = await openCourse(ctx, tx, seller, slug)
    const view = openLesson(await lessonViews(tx, opened, ctx.now), lessonId)
    const quiz = view.lesson.quiz as { pass_percent: number; questions: GradableQuestion[] } | null
    if (!quiz || !quizCommentsOn(opened.course)) throw new AppError('not_found', 'This lesson has no quiz')
    // The progress row is the lock that counts this payer's attempts at this lesson.
    let row = await moveLesson(tx, opened, view.lesson, 'viewed', ctx.now)
    const settings = settingsOf(await repo.settingsOf(tx, opened.course.id))
    const previous = await repo.attemptsOf(tx, lessonId, opened.userId)
    if (settings.attemptsLimit !== null && previous.length >= settings.attemptsLimit) {
      throw new AppError('quiz_attempts_exhausted', 'No quiz attempts are left for this lesson')
    }
    const grade = gradeQuiz(quiz, input.answers, settings.openAnswers)
    const attempt = await repo.insertAttempt(tx, {
      productId: opened.course.id, lessonId, payerUserId: opened.userId, attemptNumber: previous.length + 1, answers: grade.answers,
      score: grade.score, maxScore: grade.max_score, result: grade.result, passed: grade.passed, createdAt: ctx.now,
    })
    await notifications.notifyCourseEvent(ctx.deps, tx, {
      sellerId: opened.course.sellerId, type: 'quiz_attempt', refId: attempt.id, productId: opened.course.id, productName: opened.course.name, lessonId,
      lessonTitle: view.lesson.title, payerName: await repo.payerName(tx, opened.userId), passed: grade.passed,
    })
    if (grade.passed && row.status !== 'finished') row = await moveLesson(tx, opened, view.lesson, 'finished', ctx.now)
    const progress = row.status === 'finished' ? await completeIfDone(ctx, tx, opened) : await courseProgressOf(tx, opened.userId, opened.course.id)
    return {
      attempt: attemptOutput(attempt), lesson_status: row.status as LessonStatus, progress, completed_at: await completionAnswer(tx, opened),
      attempts_left: settings.attemptsLimit === null ? null : Math.max(0, settings.attemptsLimit - previous.length - 1),
    }
  })
}

/**
 * A seller accepted or refused a pending attempt: when it now passes, the payer's lesson finishes (and
 * the course may complete) as if the payer had passed it. Called by course-reports.service.
 */
export async function applyReviewedAttempt(ctx: Ctx, tx: Executor, attempt: repo.AttemptRow): Promise<void> {
  if (!attempt.passed) return
  const course = await repo.findCourseById(tx, attempt.productId)
  const grant = course ? await delivery.accessOf(tx, attempt.payerUserId, course.id) : null
  const lesson = await repo.findLessonById(tx, attempt.lessonId)
  if (!course || !grant || !lesson) return
  const opened: Opened = { course, grant, userId: attempt.payerUserId }
  const row = await moveLesson(tx, opened, lesson, 'viewed', ctx.now)
  if (row.status !== 'finished') {
    await moveLesson(tx, opened, lesson, 'finished', ctx.now)
    await completeIfDone(ctx, tx, opened)
  }
}

// ------------------------------------------------------------------ comments and sessions

export async function listComments(ctx: Ctx, seller: string, slug: string, lessonId: number) {
  const opened = await openCourse(ctx, ctx.db, seller, slug)
  openLesson(await lessonViews(ctx.db, opened, ctx.now), lessonId)
  const enabled = settingsOf(await repo.settingsOf(ctx.db, opened.course.id)).commentsEnabled && quizCommentsOn(opened.course)
  const rows = enabled ? await repo.commentsOf(ctx.db, lessonId) : []
  return {
    enabled,
    list: rows.map((c) => ({ id: c.id, author_name: c.authorName, body: c.body, mine: c.authorUserId === opened.userId, created_at: c.createdAt.toISOString() })),
  }
}

export async function addComment(ctx: Ctx, seller: string, slug: string, lessonId: number, body: string) {
  return ctx.db.transaction(async (tx) => {
    const opened = await openCourse(ctx, tx, seller, slug)
    const view = openLesson(await lessonViews(tx, opened, ctx.now), lessonId)
    if (!settingsOf(await repo.settingsOf(tx, opened.course.id)).commentsEnabled || !quizCommentsOn(opened.course)) throw new AppError('comments_disabled', 'Comments are not enabled for this course')
    // Comments are plain text: the player renders them as text, never as HTML.
    const row = await repo.insertComment(tx, {
      productId: opened.course.id, lessonId, authorUserId: opened.userId, authorName: await repo.payerName(tx, opened.userId), body, createdAt: ctx.now,
    })
    await notifications.notifyCourseEvent(ctx.deps, tx, {
      sellerId: opened.course.sellerId, type: 'comment', refId: row.id, productId: opened.course.id, productName: opened.course.name, lessonId,
      lessonTitle: view.lesson.title, payerName: row.authorName,
    })
    return { id: row.id, author_name: row.authorName, body: row.body, mine: true, created_at: row.createdAt.toISOString() }
  })
}

/** A heartbeat of the open player: continues the payer's session or starts one after a gap. */
export async function heartbeat(ctx: Ctx, seller: string, slug: string) {
  return ctx.db.transaction(async (tx) => {
    const opened = await openCourse(ctx, tx, seller, slug)
    const since = new Date(ctx.now.getTime() - sessionGapSeconds * 1000)
    const current = await repo.openSession(tx, opened.course.id, opened.userId, since)
    const row = current
      ? await repo.touchSession(tx, current.id, ctx.now)
      : await repo.insertSession(tx, { productId: opened.course.id, payerUserId: opened.userId, startedAt: ctx.now, lastSeenAt: ctx.now, durationSeconds: 0 })
    return { session_id: row.id, duration_seconds: row.durationSeconds }
  })
}

// ------------------------------------------------------------------ the seller's preview

/**
 * The seller (or a team member acting for them) plays their own course as a payer would: every lesson the
 * payers may see, open, without drip, progress, quiz attempts, comments or sessions; nothing is written.
 */
async function previewCourse(ctx: Ctx, productId: number) {
  const sellerId = actingSellerId(ctx.actor, 'courses.read')
  const product = await catalog.ownedProduct(ctx.db, sellerId, productId)
  const course = product.form === 'course' ? await repo.findCourseById(ctx.db, product.id) : undefined
  if (!course) throw notFound()
  const lessons = (await repo.lessonsOf(ctx.db, course.id)).filter((l) => l.publishState !== 'not_for_publish')
  return { course, lessons, userId: requireActor(ctx).userId }
}

export async function previewOutline(ctx: Ctx, productId: number): Promise<CourseOutlineOutput> {
  const { course, lessons } = await previewCourse(ctx, productId)
  const modules = await repo.modulesOf(ctx.db, course.id)
  const opensAt = ctx.now.toISOString()
  return {
    product: { id: course.id, name: course.name, slug: course.slug, seller_username: course.sellerUsername },
    progress: { finished: 0, total: lessons.length, percent: 0 }, completed_at: null, comments_enabled: false, expires_at: null,
    resume_lesson_id: lessons[0]?.id ?? null,
    modules: modules.map((m) => ({
      id: m.id, title: m.title, description: m.description,
      lessons: lessons.filter((l) => l.moduleId === m.id).map((l) => ({
        id: l.id, title: l.title, status: 'published' as const, opens_at: opensAt, has_quiz: l.quiz !== null && quizCommentsOn(course),
      })),
    })).filter((m) => m.lessons.length > 0),
  }
}

export async function previewLesson(ctx: Ctx, productId: number, lessonId: number): Promise<PlayerLessonOutput> {
  const { course, lessons, userId } = await previewCourse(ctx, productId)
  const at = lessons.findIndex((l) => l.id === lessonId)
  const lesson = lessons[at]
  if (!lesson) throw lessonNotFound()
  const quiz = quizCommentsOn(course) ? lesson.quiz as QuizOutput | null : null
  const settings = settingsOf(await repo.settingsOf(ctx.db, course.id))
  return {
    id: lesson.id, module_id: lesson.moduleId, title: lesson.title, status: 'published', position_seconds: 0,
    blocks: playerBlocks(ctx.deps, userId, lesson, ctx.now, true),
    quiz: quiz
      ? {
          pass_percent: quiz.pass_percent, total_points: quiz.questions.reduce((sum, q) => sum + q.points, 0),
          attempts_limit: settings.attemptsLimit, attempts_left: settings.attemptsLimit,
          questions: quiz.questions.map((q) => ({ id: q.id, kind: q.kind, text: q.text, points: q.points, options: q.options.map((o) => ({ id: o.id, text: o.text })) })),
        }
      : null,
    attempts: [],
    previous_lesson_id: at > 0 ? lessons[at - 1]!.id : null,
    next_lesson_id: at < lessons.length - 1 ? lessons[at + 1]!.id : null,
  }
}
