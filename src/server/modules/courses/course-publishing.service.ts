import { featureFlags } from '../../../shared/accounts'
import { localizedProductTexts } from '../../../shared/catalog'
import { localizedLessonTexts } from '../../../shared/courses/course-translations'
import { isLocaleCode } from '../../../shared/i18n/locales'
import { AppError } from '../../../shared/errors'
import type { CourseListQuery } from '../../../shared/schemas/course-player'
import type { CourseDripInput, CourseDripOutput, LessonPublicationListQuery } from '../../../shared/schemas/course-publishing'
import {
  assertTransition, canTransition, coursePublishStates, coursePublishTransitions, lessonNotifyTransitions, lessonOpensAt, publicationOutcome,
  type CoursePublishState, type LessonNotifyState,
} from '../../../shared/states'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, featureEnabled, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as catalog from '../catalog/catalog.service'
import * as delivery from '../delivery/delivery.service'
import * as email from '../email/email.service'
import * as playerRepo from './course-player.repository'
import * as repo from './course-publishing.repository'

// Publishing dripped lessons (docs/reference/accounts-and-orders.md §4 course access publish and notify states; decision 0024). A job on a
// schedule (1) makes one publication per customer and dripped lesson from the delivery's grants
// (delivery.customersOf), (2) claims the due ones into `publishing` and (3) opens each in its own short
// transaction: published with the lesson mail written in that same transaction, or canceled when the
// lesson was taken back or the payer's access ended. When the access returns (any way: a resumed plan, an
// extension, an order given back), step 1 sees the payer again and schedules what the end canceled anew. Every state write is a conditional update from the
// state it leaves, so a second or concurrent run finds nothing left to do and writes no second mail.

/** A run that died leaves rows publishing; after this long another run takes them over. */
const staleClaimSeconds = 10 * 60
const claimBatch = 200

const dripOn = (features: Record<string, boolean>) => features.drip_in ?? featureFlags.drip_in

// ------------------------------------------------------------------ the job

/** Step 1: the publications of every customer of every course with dripped lessons (idempotent). */
export async function syncPublications(deps: AppDeps, now: Date, productIds?: number[]): Promise<number> {
  let created = 0
  for (const course of await repo.coursesWithDrip(deps.db)) {
    if (productIds && !productIds.includes(course.id)) continue
    if (!dripOn(course.features)) continue // without the drip_in feature every lesson is open at once
    created += await syncCourse(deps.db, course, now)
  }
  return created
}

async function syncCourse(db: Executor, course: { id: number; sellerId: number; dripPaused: boolean }, now: Date): Promise<number> {
  const lessons = await repo.drippedLessons(db, course.id)
  if (lessons.length === 0) return 0
  const rows: repo.NewPublication[] = []
  for (const customer of await delivery.customersOf(db, course.sellerId, course.id)) {
    if (customer.expires_at && customer.expires_at.getTime() <= now.getTime()) continue
    for (const lesson of lessons) {
      const opensAt = lessonOpensAt(lesson, customer.granted_at)
      // Open already when first seen (a past date at purchase): recorded as published, no mail to send.
      const open = opensAt.getTime() <= now.getTime()
      const state: CoursePublishState = open ? 'published' : course.dripPaused ? 'publish_paused' : 'publish_pending'
      const notify: LessonNotifyState = open ? 'no_need_email' : 'waiting'
      rows.push({
        productId: course.id, lessonId: lesson.id, payerUserId: customer.payer_user_id, opensAt, state, notifyState: notify,
        publishedAt: open ? now : null, createdAt: now, updatedAt: now,
      })
    }
  }
  // Only payers with access now are here: a row their access end canceled is scheduled again (the table
  // allows publish_canceled -> publish_pending / publish_paused and outdate -> waiting; the upsert writes it).
  assertTransition(coursePublishTransitions, 'publish_canceled', 'publish_pending', 'lesson publication')
  assertTransition(lessonNotifyTransitions, 'outdate', 'waiting', 'lesson notification')
  let created = 0
  for (let i = 0; i < rows.length; i += 500) created += await repo.upsertPublications(db, rows.slice(i, i + 500))
  return created
}

/** Step 3 for one claimed row: opens or cancels it, and writes its mail, once. Answers the new state or null when another run had it. */
async function publishOne(deps: AppDeps, id: number, now: Date): Promise<CoursePublishState | null> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockPublication(tx, id)
    if (!row || row.state !== 'publishing') return null
    const found = await repo.lessonOf(tx, row.lessonId)
    const settings = await playerRepo.settingsOf(tx, row.productId)
    const access = await delivery.accessOf(tx, row.payerUserId, row.productId, now)
    const outcome = publicationOutcome({
      lessonShown: !!found && found.lesson.publishState === 'published', hasAccess: access !== null, mailsOn: settings?.lessonMails ?? true,
    })
    assertTransition(coursePublishTransitions, 'publishing', outcome.state, 'lesson publication')
    // A row already notified (it cannot be: only waiting moves) keeps its notify state.
    const notify = canTransition(lessonNotifyTransitions, row.notifyState as LessonNotifyState, outcome.notify) ? outcome.notify : row.notifyState
    const moved = await repo.movePublication(tx, row.id, 'publishing', {
      state: outcome.state, notifyState: notify, updatedAt: now,
      ...(outcome.state === 'published' ? { publishedAt: now } : {}), ...(notify === 'notified' ? { notifiedAt: now } : {}),
    })
    if (!moved) return null
    if (notify === 'notified' && row.notifyState !== 'notified' && found) {
      const payer = await repo.payerContact(tx, row.payerUserId)
      if (payer) {
        // In the language of the order giving access, as the player shows the course (else the account's), each
        // text falling back to the base (docs/decisions/0095-product-translations.md).
        const locale = (access ? await playerRepo.payerLocale(tx, access.orderId, row.payerUserId) : null) ?? payer.locale
        const course = localizedProductTexts(
          { name: found.courseName, description: found.courseDescription, descriptionHtml: found.courseDescriptionHtml }, found.courseTranslations, isLocaleCode(locale) ? locale : null,
        )
        await email.queueEmail(deps, tx, {
          to: payer.email, kind: 'lesson_available', locale, userId: row.payerUserId, firstName: payer.firstName,
          productName: course.name, lessonTitle: localizedLessonTexts(found.lesson, found.lesson.translations, locale).title,
          link: `${deps.config.appUrl}/s/${encodeURIComponent(found.sellerUsername)}/courses/${encodeURIComponent(found.productSlug)}?lesson=${found.lesson.id}`,
        })
      }
    }
    return outcome.state
  })
}

/** The job `courses.publish-lessons`: make publications, then open the due ones. Safe to run twice and at once. */
export async function publishDueLessons(deps: AppDeps): Promise<{ created: number; published: number; canceled: number }> {
  const now = deps.now()
  const created = await syncPublications(deps, now)
  let published = 0
  let canceled = 0
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => repo.claimDue(tx, now, new Date(now.getTime() - staleClaimSeconds * 1000), claimBatch))
    for (const row of claimed) {
      const state = await publishOne(deps, row.id, now)
      if (state === 'published') published++
      else if (state === 'publish_canceled') canceled++
    }
    if (claimed.length < claimBatch) break
  }
  if (published + canceled > 0) deps.logger.info({ created, published, canceled }, 'dripped lessons published')
  return { created, published, canceled }
}

// ------------------------------------------------------------------ the player

/** The lessons the player keeps closed for a payer although their date passed: the course's drip is paused. */
export async function heldLessonIds(db: Executor, productId: number, payerUserId: number): Promise<Set<number>> {
  return new Set((await repo.publicationsOf(db, productId, payerUserId)).filter((p) => p.state === 'publish_paused').map((p) => p.lessonId))
}

// ------------------------------------------------------------------ the seller's controls

async function ownedCourse(ctx: Ctx, productId: number, action: 'courses.read' | 'courses.write') {
  const sellerId = actingSellerId(ctx.actor, action)
  const product = await catalog.ownedProduct(ctx.db, sellerId, productId)
  if (product.form !== 'course') throw new AppError('not_found', 'This course does not exist')
  return { product, sellerId }
}

async function dripOutput(ctx: Ctx, db: Executor, productId: number): Promise<CourseDripOutput> {
  const settings = await playerRepo.settingsOf(db, productId)
  const counts = await repo.publicationCounts(db, productId)
  return {
    paused: settings?.dripPaused ?? false, lesson_mails: settings?.lessonMails ?? true, drip_enabled: featureEnabled(ctx, 'drip_in'),
    counts: Object.fromEntries(coursePublishStates.map((s) => [s, counts[s] ?? 0])) as CourseDripOutput['counts'],
  }
}

export async function getDrip(ctx: Ctx, productId: number): Promise<CourseDripOutput> {
  const { product } = await ownedCourse(ctx, productId, 'courses.read')
  return dripOutput(ctx, ctx.db, product.id)
}

/**
 * Pauses or resumes the course's drip and turns lesson mails on or off. Pausing holds every lesson not
 * open yet (pending -> paused, made first for customers the job has not seen yet); resuming lets them
 * open at their time, at once when it passed while paused. Lesson mails apply to lessons opening later.
 */
export async function saveDrip(ctx: Ctx, productId: number, input: CourseDripInput): Promise<CourseDripOutput> {
  const { product, sellerId } = await ownedCourse(ctx, productId, 'courses.write')
  if (input.paused !== undefined) assertFeatureOn(ctx)
  return ctx.db.transaction(async (tx) => {
    const current = await playerRepo.settingsOf(tx, product.id)
    const paused = input.paused ?? current?.dripPaused ?? false
    await playerRepo.upsertSettings(tx, {
      productId: product.id, commentsEnabled: current?.commentsEnabled ?? false, openAnswers: current?.openAnswers ?? 'review',
      quizAttemptsLimit: current?.quizAttemptsLimit ?? null, dripPaused: paused, lessonMails: input.lesson_mails ?? current?.lessonMails ?? true, updatedAt: ctx.now,
    })
    if (input.paused !== undefined && input.paused !== (current?.dripPaused ?? false)) {
      if (paused) {
        await syncCourse(tx, { id: product.id, sellerId, dripPaused: true }, ctx.now)
        assertTransition(coursePublishTransitions, 'publish_pending', 'publish_paused', 'lesson publication')
        // Lessons due already stay due: the job opens them (they were open in the player from their date).
        await repo.moveCoursePublications(tx, product.id, 'publish_pending', 'publish_paused', ctx.now, ctx.now)
      } else {
        assertTransition(coursePublishTransitions, 'publish_paused', 'publish_pending', 'lesson publication')
        await repo.moveCoursePublications(tx, product.id, 'publish_paused', 'publish_pending', ctx.now)
      }
    }
    return dripOutput(ctx, tx, product.id)
  })
}

function assertFeatureOn(ctx: Ctx) {
  assertFeature(ctx, 'drip_in')
}

/** The lesson_statuses tab's publications: each payer's dripped lessons with publish and notify state. */
export async function listPublications(ctx: Ctx, query: LessonPublicationListQuery) {
  const sellerId = actingSellerId(ctx.actor, 'courses.read')
  const page = pageOf(query)
  const found = await repo.listPublications(ctx.db, sellerId, { ...page, state: query.state, notifyState: query.notify_state })
  return {
    list: found.rows.map((r) => ({
      id: r.publication.id, product_id: r.publication.productId, product_name: r.productName, lesson_id: r.publication.lessonId, lesson_title: r.lessonTitle,
      payer_user_id: r.publication.payerUserId, payer_email: r.email, payer_name: r.name,
      state: r.publication.state as CoursePublishState, notify_state: r.publication.notifyState as LessonNotifyState,
      opens_at: r.publication.opensAt.toISOString(), published_at: r.publication.publishedAt?.toISOString() ?? null, notified_at: r.publication.notifiedAt?.toISOString() ?? null,
    })),
    total_count: found.total, total_count_max: found.totalMax,
  }
}

const pageOf = (query: CourseListQuery) => ({
  offset: (query.page - 1) * query.per, limit: query.per, query: query.query || undefined, productId: query.product_id, sortDir: query.sort_dir ?? 'desc' as const,
})
