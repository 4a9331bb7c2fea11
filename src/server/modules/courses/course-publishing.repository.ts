import { and, asc, count, desc, eq, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { courseLessons, courseSettings, lessonPublications, products, sellerEffectiveFeatures, sellers, users } from '../../db/schema'

// The SQL of publishing dripped lessons (course-publishing.service). State columns are only written by
// conditional updates that name the state they leave, so two jobs at once cannot both move a row.

export type PublicationRow = typeof lessonPublications.$inferSelect
export type NewPublication = typeof lessonPublications.$inferInsert

/** Courses with at least one published lesson that drips, with the seller's feature flags and the drip settings. */
export async function coursesWithDrip(db: Executor) {
  return db.selectDistinct({
    id: products.id, sellerId: products.sellerId, features: sellerEffectiveFeatures,
    dripPaused: sql<boolean>`coalesce(${courseSettings.dripPaused}, false)`,
  }).from(products).innerJoin(sellers, eq(sellers.id, products.sellerId))
    .innerJoin(courseLessons, and(eq(courseLessons.productId, products.id), eq(courseLessons.publishState, 'published'), ne(courseLessons.accessMode, 'immediately')))
    .leftJoin(courseSettings, eq(courseSettings.productId, products.id))
    .where(eq(products.form, 'course')).orderBy(asc(products.id))
}

export async function drippedLessons(db: Executor, productId: number) {
  return db.select().from(courseLessons)
    .where(and(eq(courseLessons.productId, productId), eq(courseLessons.publishState, 'published'), ne(courseLessons.accessMode, 'immediately')))
}

/** A row canceled because the payer's access had ended (not one the seller took back, which is no_need_email). */
const canceledForAccess = sql`(${lessonPublications.state} = 'publish_canceled' and ${lessonPublications.notifyState} = 'outdate')`

/**
 * Inserts the missing publications of payers who have access now; for existing ones not open yet, follows a
 * changed drip date. A row canceled because the access had ended is scheduled again (the access is back):
 * publish_pending + waiting at its date from the access start, so a date that passed meanwhile is claimed at
 * once and opens with its mail; publish_paused while the drip is paused and its date is still ahead.
 * Opened rows, and rows the seller canceled, stay as they are. Answers how many rows were new.
 */
export async function upsertPublications(db: Executor, rows: NewPublication[]): Promise<number> {
  if (rows.length === 0) return 0
  const result = await db.insert(lessonPublications).values(rows)
    .onConflictDoUpdate({
      target: [lessonPublications.lessonId, lessonPublications.payerUserId],
      set: {
        opensAt: sql`excluded.opens_at`, updatedAt: sql`excluded.updated_at`,
        state: sql`case when ${canceledForAccess} then (case when excluded.state = 'publish_paused' then 'publish_paused' else 'publish_pending' end) else ${lessonPublications.state} end`,
        notifyState: sql`case when ${canceledForAccess} then 'waiting' else ${lessonPublications.notifyState} end`,
        claimedAt: sql`case when ${canceledForAccess} then null else ${lessonPublications.claimedAt} end`,
      },
      setWhere: sql`(${lessonPublications.state} in ('publish_pending', 'publish_paused') and ${lessonPublications.opensAt} <> excluded.opens_at) or ${canceledForAccess}`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` })
  return result.filter((r) => r.inserted).length
}

/**
 * Claims due publications into `publishing` (and ones a crashed run left publishing since before
 * `staleBefore`), skipping rows another run holds. A paused course's rows not due yet are publish_paused,
 * so they are not claimed; those due before the pause open (the player showed them from their date).
 */
export async function claimDue(db: Executor, now: Date, staleBefore: Date, limit: number): Promise<PublicationRow[]> {
  const due = db.select({ id: lessonPublications.id }).from(lessonPublications)
    .where(and(
      or(
        and(eq(lessonPublications.state, 'publish_pending'), lte(lessonPublications.opensAt, now)),
        and(eq(lessonPublications.state, 'publishing'), lte(lessonPublications.claimedAt, staleBefore)),
      ),
    ))
    .orderBy(asc(lessonPublications.opensAt)).limit(limit).for('update', { skipLocked: true })
  return db.update(lessonPublications).set({ state: 'publishing', claimedAt: now, updatedAt: now })
    .where(and(inArray(lessonPublications.id, due), inArray(lessonPublications.state, ['publish_pending', 'publishing']))).returning()
}

/** Locks one publication; the caller re-checks its state. */
export async function lockPublication(db: Executor, id: number): Promise<PublicationRow | undefined> {
  const [row] = await db.select().from(lessonPublications).where(eq(lessonPublications.id, id)).for('update').limit(1)
  return row
}

/** Moves a publication from `from` only: answers undefined when another run moved it first. */
export async function movePublication(db: Executor, id: number, from: string, values: Partial<NewPublication>): Promise<PublicationRow | undefined> {
  const [row] = await db.update(lessonPublications).set(values).where(and(eq(lessonPublications.id, id), eq(lessonPublications.state, from))).returning()
  return row
}

/** Moves every publication of a course in state `from` (and opening after `opensAfter` when given) to `to`. */
export async function moveCoursePublications(db: Executor, productId: number, from: string, to: string, now: Date, opensAfter?: Date): Promise<number> {
  const rows = await db.update(lessonPublications).set({ state: to, updatedAt: now })
    .where(and(eq(lessonPublications.productId, productId), eq(lessonPublications.state, from), opensAfter ? sql`${lessonPublications.opensAt} > ${opensAfter}` : undefined))
    .returning({ id: lessonPublications.id })
  return rows.length
}

export async function publicationCounts(db: Executor, productId: number): Promise<Record<string, number>> {
  const rows = await db.select({ state: lessonPublications.state, n: count() }).from(lessonPublications)
    .where(eq(lessonPublications.productId, productId)).groupBy(lessonPublications.state)
  return Object.fromEntries(rows.map((r) => [r.state, r.n]))
}

/** A payer's publications of one course (the player keeps paused lessons closed). */
export async function publicationsOf(db: Executor, productId: number, payerUserId: number): Promise<PublicationRow[]> {
  return db.select().from(lessonPublications).where(and(eq(lessonPublications.productId, productId), eq(lessonPublications.payerUserId, payerUserId)))
}

export async function lessonOf(db: Executor, id: number) {
  const [row] = await db.select({
    lesson: courseLessons, courseName: products.name, courseDescription: products.description, courseDescriptionHtml: products.descriptionHtml, courseTranslations: products.translations,
    productSlug: products.slug, sellerUsername: sellers.username,
  })
    .from(courseLessons).innerJoin(products, eq(products.id, courseLessons.productId)).innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(courseLessons.id, id)).limit(1)
  return row
}

export async function payerContact(db: Executor, userId: number) {
  const [row] = await db.select({ email: users.email, firstName: users.firstName, locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1)
  return row
}

export type Page = { offset: number; limit: number; query?: string; productId?: number; sortDir: 'asc' | 'desc'; state?: string; notifyState?: string }

const like = (query: string) => `%${query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
const payerName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`

/** The acting seller's publications, newest opening first (or oldest), with course, lesson and payer. */
export async function listPublications(db: Executor, sellerId: number, page: Page) {
  const all = eq(products.sellerId, sellerId)
  const search: SQL | undefined = page.query ? or(ilike(users.email, like(page.query)), ilike(payerName, like(page.query)), ilike(courseLessons.title, like(page.query))) : undefined
  const where = and(all, page.productId ? eq(lessonPublications.productId, page.productId) : undefined, search,
    page.state ? eq(lessonPublications.state, page.state) : undefined, page.notifyState ? eq(lessonPublications.notifyState, page.notifyState) : undefined)
  const from = () => db.select({
    publication: lessonPublications, productName: products.name, lessonTitle: courseLessons.title, email: users.email, name: payerName,
  }).from(lessonPublications).innerJoin(products, eq(products.id, lessonPublications.productId))
    .innerJoin(courseLessons, eq(courseLessons.id, lessonPublications.lessonId)).innerJoin(users, eq(users.id, lessonPublications.payerUserId))
  const rows = await from().where(where)
    .orderBy(page.sortDir === 'asc' ? asc(lessonPublications.opensAt) : desc(lessonPublications.opensAt), desc(lessonPublications.id)).limit(page.limit).offset(page.offset)
  const countWhere = async (condition: SQL | undefined) => (await db.select({ n: count() }).from(lessonPublications)
    .innerJoin(products, eq(products.id, lessonPublications.productId)).innerJoin(courseLessons, eq(courseLessons.id, lessonPublications.lessonId))
    .innerJoin(users, eq(users.id, lessonPublications.payerUserId)).where(condition))[0]?.n ?? 0
  return { rows, total: await countWhere(where), totalMax: await countWhere(all) }
}
