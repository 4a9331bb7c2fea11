import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import {
  courseCompletions, courseLessons, courseModules, courseSessions, courseSettings, lessonComments, lessonProgress, orders, products, quizAttempts, sellerEffectiveFeatures, sellers,
  users,
} from '../../db/schema'

// The SQL of playing a course. The service finds the course (seller username + product slug) and checks
// the payer's access first; every query below is then narrowed by product and payer.

export type LessonRow = typeof courseLessons.$inferSelect
export type ModuleRow = typeof courseModules.$inferSelect
export type ProgressRow = typeof lessonProgress.$inferSelect
export type AttemptRow = typeof quizAttempts.$inferSelect
export type CommentRow = typeof lessonComments.$inferSelect
export type SettingsRow = typeof courseSettings.$inferSelect
export type CourseRow = { id: number; sellerId: number; name: string; slug: string; sellerUsername: string; sellerFeatures: Record<string, boolean> }

/** A course product by its seller's username (or id) and its slug; published or not (a payer keeps what they bought). */
export async function findCourse(db: Executor, seller: string, slug: string): Promise<CourseRow | undefined> {
  const sellerMatch = /^[0-9]{1,9}$/.test(seller) ? sql`(${sellers.id} = ${Number(seller)} or lower(${sellers.username}) = lower(${seller}))` : sql`lower(${sellers.username}) = lower(${seller})`
  const [row] = await db.select({ id: products.id, sellerId: products.sellerId, name: products.name, slug: products.slug, sellerUsername: sellers.username, sellerFeatures: sellerEffectiveFeatures })
    .from(products).innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(sellerMatch, sql`lower(${products.slug}) = lower(${slug})`, eq(products.form, 'course'), eq(sellers.blocked, false))).limit(1)
  return row
}

export async function findCourseById(db: Executor, productId: number): Promise<CourseRow | undefined> {
  const [row] = await db.select({ id: products.id, sellerId: products.sellerId, name: products.name, slug: products.slug, sellerUsername: sellers.username, sellerFeatures: sellerEffectiveFeatures })
    .from(products).innerJoin(sellers, eq(sellers.id, products.sellerId)).where(and(eq(products.id, productId), eq(products.form, 'course'))).limit(1)
  return row
}

export async function findLessonById(db: Executor, id: number): Promise<LessonRow | undefined> {
  const [row] = await db.select().from(courseLessons).where(eq(courseLessons.id, id)).limit(1)
  return row
}

/**
 * The payer's language for a course (docs/decisions/0095-product-translations.md, "Course content"): the order's
 * of the access they hold (`orders.locale`, theirs when they ordered), else their account's (`users.locale`).
 */
export async function payerLocale(db: Executor, orderId: number, payerUserId: number): Promise<string | null> {
  const [order] = await db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, orderId)).limit(1)
  if (order) return order.locale
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, payerUserId)).limit(1)
  return user?.locale ?? null
}

export async function modulesOf(db: Executor, productId: number): Promise<ModuleRow[]> {
  return db.select().from(courseModules).where(eq(courseModules.productId, productId)).orderBy(asc(courseModules.position), asc(courseModules.id))
}

/** Lessons in course order: by their module's position, then their own. */
export async function lessonsOf(db: Executor, productId: number): Promise<LessonRow[]> {
  const rows = await db.select({ lesson: courseLessons }).from(courseLessons).innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(eq(courseLessons.productId, productId))
    .orderBy(asc(courseModules.position), asc(courseModules.id), asc(courseLessons.position), asc(courseLessons.id))
  return rows.map((r) => r.lesson)
}

export async function settingsOf(db: Executor, productId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(courseSettings).where(eq(courseSettings.productId, productId)).limit(1)
  return row
}

export async function upsertSettings(db: Executor, values: typeof courseSettings.$inferInsert): Promise<SettingsRow> {
  const { productId: _, ...set } = values
  const [row] = await db.insert(courseSettings).values(values).onConflictDoUpdate({ target: courseSettings.productId, set }).returning()
  return row!
}

// ------------------------------------------------------------------ progress

export async function progressOf(db: Executor, productId: number, payerUserId: number): Promise<ProgressRow[]> {
  return db.select().from(lessonProgress).where(and(eq(lessonProgress.productId, productId), eq(lessonProgress.payerUserId, payerUserId)))
}

export async function lockProgress(db: Executor, lessonId: number, payerUserId: number): Promise<ProgressRow | undefined> {
  const [row] = await db.select().from(lessonProgress).where(and(eq(lessonProgress.lessonId, lessonId), eq(lessonProgress.payerUserId, payerUserId))).limit(1).for('update')
  return row
}

/** The first view: inserted once; a concurrent first view finds the row and changes nothing. */
export async function insertProgress(db: Executor, values: typeof lessonProgress.$inferInsert): Promise<ProgressRow | undefined> {
  const [row] = await db.insert(lessonProgress).values(values).onConflictDoNothing().returning()
  return row
}

export async function updateProgress(db: Executor, id: number, values: Partial<typeof lessonProgress.$inferInsert>): Promise<ProgressRow> {
  const [row] = await db.update(lessonProgress).set(values).where(eq(lessonProgress.id, id)).returning()
  return row!
}

/** Finished lessons among the published ones, and how many are published. */
export async function finishedCount(db: Executor, productId: number, payerUserId: number): Promise<{ finished: number; total: number }> {
  const [total] = await db.select({ n: count() }).from(courseLessons).where(and(eq(courseLessons.productId, productId), eq(courseLessons.publishState, 'published')))
  const [finished] = await db.select({ n: count() }).from(lessonProgress).innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
    .where(and(eq(lessonProgress.productId, productId), eq(lessonProgress.payerUserId, payerUserId), eq(lessonProgress.status, 'finished'), eq(courseLessons.publishState, 'published')))
  return { finished: finished?.n ?? 0, total: total?.n ?? 0 }
}

export async function completionOf(db: Executor, productId: number, payerUserId: number) {
  const [row] = await db.select().from(courseCompletions).where(and(eq(courseCompletions.productId, productId), eq(courseCompletions.payerUserId, payerUserId))).limit(1)
  return row
}

/** true only for the call that records the completion (the certificate is issued once). */
export async function insertCompletion(db: Executor, productId: number, payerUserId: number, now: Date): Promise<boolean> {
  const rows = await db.insert(courseCompletions).values({ productId, payerUserId, completedAt: now }).onConflictDoNothing().returning({ id: courseCompletions.id })
  return rows.length > 0
}

export async function payerName(db: Executor, userId: number): Promise<string> {
  const [row] = await db.select({ first: users.firstName, last: users.lastName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1)
  return row ? ([row.first, row.last].filter(Boolean).join(' ') || row.email) : ''
}

// ------------------------------------------------------------------ quiz attempts

export async function attemptsOf(db: Executor, lessonId: number, payerUserId: number): Promise<AttemptRow[]> {
  return db.select().from(quizAttempts).where(and(eq(quizAttempts.lessonId, lessonId), eq(quizAttempts.payerUserId, payerUserId))).orderBy(asc(quizAttempts.attemptNumber))
}

export async function insertAttempt(db: Executor, values: typeof quizAttempts.$inferInsert): Promise<AttemptRow> {
  const [row] = await db.insert(quizAttempts).values(values).returning()
  return row!
}

export async function updateAttempt(db: Executor, id: number, values: Partial<typeof quizAttempts.$inferInsert>): Promise<AttemptRow> {
  const [row] = await db.update(quizAttempts).set(values).where(eq(quizAttempts.id, id)).returning()
  return row!
}

/** Lessons with a quiz the payer has passed. */
export async function passedLessonIds(db: Executor, productId: number, payerUserId: number): Promise<Set<number>> {
  const rows = await db.selectDistinct({ lessonId: quizAttempts.lessonId }).from(quizAttempts)
    .where(and(eq(quizAttempts.productId, productId), eq(quizAttempts.payerUserId, payerUserId), eq(quizAttempts.passed, true)))
  return new Set(rows.map((r) => r.lessonId))
}

// ------------------------------------------------------------------ comments

export async function commentsOf(db: Executor, lessonId: number): Promise<CommentRow[]> {
  return db.select().from(lessonComments).where(and(eq(lessonComments.lessonId, lessonId), eq(lessonComments.hidden, false))).orderBy(asc(lessonComments.createdAt), asc(lessonComments.id)).limit(500)
}

export async function insertComment(db: Executor, values: typeof lessonComments.$inferInsert): Promise<CommentRow> {
  const [row] = await db.insert(lessonComments).values(values).returning()
  return row!
}

// ------------------------------------------------------------------ sessions

/** The payer's session still running at `since` (a heartbeat came after it), locked. */
export async function openSession(db: Executor, productId: number, payerUserId: number, since: Date) {
  const [row] = await db.select().from(courseSessions)
    .where(and(eq(courseSessions.productId, productId), eq(courseSessions.payerUserId, payerUserId), gte(courseSessions.lastSeenAt, since)))
    .orderBy(desc(courseSessions.lastSeenAt)).limit(1).for('update')
  return row
}

export async function insertSession(db: Executor, values: typeof courseSessions.$inferInsert) {
  const [row] = await db.insert(courseSessions).values(values).returning()
  return row!
}

export async function touchSession(db: Executor, id: number, now: Date) {
  const [row] = await db.update(courseSessions)
    .set({ lastSeenAt: now, durationSeconds: sql`greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - ${courseSessions.startedAt}))))::int` })
    .where(eq(courseSessions.id, id)).returning()
  return row!
}

