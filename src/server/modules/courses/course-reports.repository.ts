import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { courseCompletions, courseLessons, courseSessions, lessonComments, lessonProgress, products, quizAttempts, users } from '../../db/schema'

// The SQL of the seller's course tabs (docs/reference/readings.md 14). Every query joins products and keeps the acting
// seller's rows only, so another seller's ids simply find nothing.

export type Page = { offset: number; limit: number; query?: string; productId?: number; sortDir: 'asc' | 'desc' }

const like = (query: string) => `%${query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
const payerName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`

function payerSearch(query: string | undefined): SQL | undefined {
  return query ? or(ilike(users.email, like(query)), ilike(payerName, like(query)), ilike(products.name, like(query))) : undefined
}

// ------------------------------------------------------------------ courses

export async function sellerCourses(db: Executor, sellerId: number, page: Page) {
  const all = and(eq(products.sellerId, sellerId), eq(products.form, 'course'))
  const where = and(all, page.productId ? eq(products.id, page.productId) : undefined, page.query ? ilike(products.name, like(page.query)) : undefined)
  const rows = await db.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(where)
    .orderBy(page.sortDir === 'asc' ? asc(products.id) : desc(products.id)).limit(page.limit).offset(page.offset)
  const countWhere = async (condition: SQL | undefined) => (await db.select({ n: count() }).from(products).where(condition))[0]?.n ?? 0
  return { rows, total: await countWhere(where), totalMax: await countWhere(all) }
}

export async function publishedLessonCount(db: Executor, productId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courseLessons).where(and(eq(courseLessons.productId, productId), eq(courseLessons.publishState, 'published')))
  return row?.n ?? 0
}

/** Finished published lessons per payer of a course. */
export async function finishedByPayer(db: Executor, productId: number): Promise<Map<number, number>> {
  const rows = await db.select({ payer: lessonProgress.payerUserId, n: count() }).from(lessonProgress).innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
    .where(and(eq(lessonProgress.productId, productId), eq(lessonProgress.status, 'finished'), eq(courseLessons.publishState, 'published')))
    .groupBy(lessonProgress.payerUserId)
  return new Map(rows.map((r) => [r.payer, r.n]))
}

export async function completedPayers(db: Executor, productId: number): Promise<Set<number>> {
  const rows = await db.select({ payer: courseCompletions.payerUserId }).from(courseCompletions).where(eq(courseCompletions.productId, productId))
  return new Set(rows.map((r) => r.payer))
}

// ------------------------------------------------------------------ sessions, lesson statuses, quiz attempts, comments

export async function listSessions(db: Executor, sellerId: number, page: Page) {
  const all = eq(products.sellerId, sellerId)
  const where = and(all, page.productId ? eq(courseSessions.productId, page.productId) : undefined, payerSearch(page.query))
  const rows = await db.select({ session: courseSessions, productName: products.name, email: users.email, name: payerName }).from(courseSessions)
    .innerJoin(products, eq(products.id, courseSessions.productId)).innerJoin(users, eq(users.id, courseSessions.payerUserId)).where(where)
    .orderBy(page.sortDir === 'asc' ? asc(courseSessions.lastSeenAt) : desc(courseSessions.lastSeenAt), desc(courseSessions.id)).limit(page.limit).offset(page.offset)
  const countWhere = async (condition: SQL | undefined) => (await db.select({ n: count() }).from(courseSessions)
    .innerJoin(products, eq(products.id, courseSessions.productId)).innerJoin(users, eq(users.id, courseSessions.payerUserId)).where(condition))[0]?.n ?? 0
  return { rows, total: await countWhere(where), totalMax: await countWhere(all) }
}

export async function listLessonStatuses(db: Executor, sellerId: number, page: Page & { status?: string }) {
  const all = eq(products.sellerId, sellerId)
  const where = and(all, page.productId ? eq(lessonProgress.productId, page.productId) : undefined, page.status ? eq(lessonProgress.status, page.status) : undefined, payerSearch(page.query))
  const rows = await db.select({ progress: lessonProgress, productName: products.name, lessonTitle: courseLessons.title, email: users.email, name: payerName }).from(lessonProgress)
    .innerJoin(products, eq(products.id, lessonProgress.productId)).innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
    .innerJoin(users, eq(users.id, lessonProgress.payerUserId)).where(where)
    .orderBy(page.sortDir === 'asc' ? asc(lessonProgress.updatedAt) : desc(lessonProgress.updatedAt), desc(lessonProgress.id)).limit(page.limit).offset(page.offset)
  const countWhere = async (condition: SQL | undefined) => (await db.select({ n: count() }).from(lessonProgress)
    .innerJoin(products, eq(products.id, lessonProgress.productId)).innerJoin(users, eq(users.id, lessonProgress.payerUserId)).where(condition))[0]?.n ?? 0
  return { rows, total: await countWhere(where), totalMax: await countWhere(all) }
}

export async function listAttempts(db: Executor, sellerId: number, page: Page & { result?: string }) {
  const all = eq(products.sellerId, sellerId)
  const where = and(all, page.productId ? eq(quizAttempts.productId, page.productId) : undefined, page.result ? eq(quizAttempts.result, page.result) : undefined, payerSearch(page.query))
  const rows = await db.select({ attempt: quizAttempts, productName: products.name, lessonTitle: courseLessons.title, quiz: courseLessons.quiz, email: users.email, name: payerName })
    .from(quizAttempts).innerJoin(products, eq(products.id, quizAttempts.productId)).innerJoin(courseLessons, eq(courseLessons.id, quizAttempts.lessonId))
    .innerJoin(users, eq(users.id, quizAttempts.payerUserId)).where(where)
    .orderBy(page.sortDir === 'asc' ? asc(quizAttempts.id) : desc(quizAttempts.id)).limit(page.limit).offset(page.offset)
  const countWhere = async (condition: SQL | undefined) => (await db.select({ n: count() }).from(quizAttempts)
    .innerJoin(products, eq(products.id, quizAttempts.productId)).innerJoin(users, eq(users.id, quizAttempts.payerUserId)).where(condition))[0]?.n ?? 0
  return { rows, total: await countWhere(where), totalMax: await countWhere(all) }
}

export async function findAttemptOfSeller(db: Executor, sellerId: number, id: number) {
  const [row] = await db.select({ attempt: quizAttempts, quiz: courseLessons.quiz }).from(quizAttempts)
    .innerJoin(products, eq(products.id, quizAttempts.productId)).innerJoin(courseLessons, eq(courseLessons.id, quizAttempts.lessonId))
    .where(and(eq(quizAttempts.id, id), eq(products.sellerId, sellerId))).limit(1).for('update', { of: quizAttempts })
  return row
}

export async function listComments(db: Executor, sellerId: number, page: Page & { hidden?: boolean }) {
  const all = eq(products.sellerId, sellerId)
  const where = and(all, page.productId ? eq(lessonComments.productId, page.productId) : undefined, page.hidden !== undefined ? eq(lessonComments.hidden, page.hidden) : undefined,
    page.query ? or(ilike(lessonComments.body, like(page.query)), ilike(lessonComments.authorName, like(page.query))) : undefined)
  const rows = await db.select({ comment: lessonComments, productName: products.name, lessonTitle: courseLessons.title }).from(lessonComments)
    .innerJoin(products, eq(products.id, lessonComments.productId)).innerJoin(courseLessons, eq(courseLessons.id, lessonComments.lessonId)).where(where)
    .orderBy(page.sortDir === 'asc' ? asc(lessonComments.id) : desc(lessonComments.id)).limit(page.limit).offset(page.offset)
  const countWhere = async (condition: SQL | undefined) => (await db.select({ n: count() }).from(lessonComments)
    .innerJoin(products, eq(products.id, lessonComments.productId)).where(condition))[0]?.n ?? 0
  return { rows, total: await countWhere(where), totalMax: await countWhere(all) }
}

export async function setCommentHidden(db: Executor, sellerId: number, id: number, hidden: boolean) {
  const [row] = await db.update(lessonComments).set({ hidden })
    .where(and(eq(lessonComments.id, id), sql`${lessonComments.productId} in (select ${products.id} from ${products} where ${products.sellerId} = ${sellerId})`))
    .returning()
  return row
}
