import { and, asc, eq, inArray, max } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { courseLessons, courseModules, products } from '../../db/schema'

// The SQL of course content. The service finds the product among the acting seller's products first;
// modules and lessons are then looked up within that product only.

export type ModuleRow = typeof courseModules.$inferSelect
export type LessonRow = typeof courseLessons.$inferSelect

export async function listModules(db: Executor, productId: number): Promise<ModuleRow[]> {
  return db.select().from(courseModules).where(eq(courseModules.productId, productId)).orderBy(asc(courseModules.position), asc(courseModules.id))
}

export async function listLessons(db: Executor, productId: number, moduleId?: number): Promise<LessonRow[]> {
  return db.select().from(courseLessons)
    .where(and(eq(courseLessons.productId, productId), moduleId === undefined ? undefined : eq(courseLessons.moduleId, moduleId)))
    .orderBy(asc(courseLessons.position), asc(courseLessons.id))
}

export async function findModule(db: Executor, productId: number, id: number): Promise<ModuleRow | undefined> {
  const [row] = await db.select().from(courseModules).where(and(eq(courseModules.id, id), eq(courseModules.productId, productId))).limit(1)
  return row
}

export async function findLesson(db: Executor, productId: number, id: number): Promise<LessonRow | undefined> {
  const [row] = await db.select().from(courseLessons).where(and(eq(courseLessons.id, id), eq(courseLessons.productId, productId))).limit(1)
  return row
}

export async function nextModulePosition(db: Executor, productId: number): Promise<number> {
  const [row] = await db.select({ top: max(courseModules.position) }).from(courseModules).where(eq(courseModules.productId, productId))
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1
}

export async function nextLessonPosition(db: Executor, moduleId: number): Promise<number> {
  const [row] = await db.select({ top: max(courseLessons.position) }).from(courseLessons).where(eq(courseLessons.moduleId, moduleId))
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1
}

export async function insertModule(db: Executor, values: typeof courseModules.$inferInsert): Promise<ModuleRow> {
  const [row] = await db.insert(courseModules).values(values).returning()
  return row!
}

export async function updateModule(db: Executor, id: number, values: Partial<typeof courseModules.$inferInsert>): Promise<ModuleRow> {
  const [row] = await db.update(courseModules).set(values).where(eq(courseModules.id, id)).returning()
  return row!
}

export async function deleteModule(db: Executor, id: number) {
  await db.delete(courseModules).where(eq(courseModules.id, id))
}

export async function insertLesson(db: Executor, values: typeof courseLessons.$inferInsert): Promise<LessonRow> {
  const [row] = await db.insert(courseLessons).values(values).returning()
  return row!
}

export async function updateLesson(db: Executor, id: number, values: Partial<typeof courseLessons.$inferInsert>): Promise<LessonRow> {
  const [row] = await db.update(courseLessons).set(values).where(eq(courseLessons.id, id)).returning()
  return row!
}

export async function deleteLesson(db: Executor, id: number) {
  await db.delete(courseLessons).where(eq(courseLessons.id, id))
}

/** The seller's lessons among `ids` with their course's slug (a built page's lessonLink buttons). */
export async function lessonSlugs(db: Executor, sellerId: number, ids: readonly number[]) {
  if (ids.length === 0) return []
  return db.select({ id: courseLessons.id, slug: products.slug }).from(courseLessons).innerJoin(products, eq(products.id, courseLessons.productId))
    .where(and(eq(products.sellerId, sellerId), inArray(courseLessons.id, [...ids])))
}
