import { randomUUID } from 'node:crypto'
import { AppError, type FieldError } from '../../../shared/errors'
import {
  maxLessonsPerModule, maxModulesPerCourse, type ContentBlock, type CourseOutput, type LessonInput, type LessonOutput, type LessonTranslationsInput,
  type LessonTranslationsOutput, type ModuleInput, type ModuleOutput, type ModuleTranslationsInput, type ModuleTranslationsOutput, type MoveLessonInput,
  type QuizInput, type QuizOutput,
} from '../../../shared/schemas/courses'
import {
  lessonTranslationsOf, moduleTranslationsOf, type LessonTranslation, type LessonTranslations, type ModuleTranslation, type ModuleTranslations,
} from '../../../shared/courses/course-translations'
import type { LocaleCode } from '../../../shared/i18n/locales'
import type { ReorderInput } from '../../../shared/schemas/media'
import type { Action } from '../../auth/permissions'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as catalog from '../catalog/catalog.service'
import * as media from '../media/media.service'
import * as repo from './courses.repository'
import { sanitizeHtml } from '../../../shared/html/html-sanitizer'

// Course content as data (docs/reference/catalogue-and-selling.md §2 wizard step "content"): the module and lesson tree of a course product,
// lesson blocks and quizzes. Only course products have content (others: 422 wrong_product_form); another
// seller's product, module or lesson answers 404. Playing the course: course-player.service.ts.

const moduleNotFound = () => new AppError('not_found', 'This module does not exist')
const lessonNotFound = () => new AppError('not_found', 'This lesson does not exist')
const fieldError = (fields: FieldError[]) => new AppError('validation_failed', fields[0]!.message, fields)

async function courseProduct(ctx: Ctx, db: Executor, productId: number, action: Action, lock = false) {
  const sellerId = actingSellerId(ctx.actor, action)
  const product = await catalog.ownedProduct(db, sellerId, productId, { lock })
  if (product.form !== 'course') throw new AppError('wrong_product_form', 'Only course products have content', [{ path: 'form', message: 'invalid_value' }])
  return { ...product, sellerId }
}

// ------------------------------------------------------------------ answers

function quizOutput(quiz: Record<string, unknown> | null): QuizOutput | null {
  if (!quiz) return null
  const value = quiz as QuizOutput
  return { ...value, total_points: value.questions.reduce((sum, q) => sum + q.points, 0) }
}

// ------------------------------------------------------------------ texts per language

// docs/decisions/0095-product-translations.md, "Course content": sent, the set replaces the stored one; null or {}
// clears it; empty texts are not stored and a language with no text left is dropped.

function moduleTranslationsValue(input: ModuleTranslationsInput | null): ModuleTranslations {
  const out: ModuleTranslations = {}
  for (const [code, entry] of Object.entries(input ?? {}) as [LocaleCode, ModuleTranslationsInput[LocaleCode]][]) {
    const texts: ModuleTranslation = {}
    if (entry?.title) texts.title = entry.title
    if (entry?.description) texts.description = entry.description
    if (Object.keys(texts).length > 0) out[code] = texts
  }
  return out
}

/** A lesson's translations against its blocks: each text block's HTML sanitised like the block's; an index that is not a text block is refused. */
function lessonTranslationsValue(input: LessonTranslationsInput | null, blocks: readonly Record<string, unknown>[]): LessonTranslations {
  const out: LessonTranslations = {}
  const errors: FieldError[] = []
  for (const [code, entry] of Object.entries(input ?? {}) as [LocaleCode, LessonTranslationsInput[LocaleCode]][]) {
    const texts: LessonTranslation = {}
    if (entry?.title) texts.title = entry.title
    const html: Record<string, string> = {}
    for (const [index, value] of Object.entries(entry?.text_blocks ?? {})) {
      if (!/^\d{1,3}$/.test(index) || blocks[Number(index)]?.kind !== 'text') {
        errors.push({ path: `translations.${code}.text_blocks.${index}`, message: 'invalid_value' })
        continue
      }
      const clean = value ? sanitizeHtml(value) : ''
      if (clean.trim() !== '') html[String(Number(index))] = clean
    }
    if (Object.keys(html).length > 0) texts.text_blocks = html
    if (Object.keys(texts).length > 0) out[code] = texts
  }
  if (errors.length > 0) throw fieldError(errors)
  return out
}

function moduleTranslationsOutput(stored: unknown): ModuleTranslationsOutput {
  return Object.fromEntries(Object.entries(moduleTranslationsOf(stored)).map(([code, tr]) => [code, { title: tr.title ?? null, description: tr.description ?? null }]))
}

function lessonTranslationsOutput(stored: unknown): LessonTranslationsOutput {
  return Object.fromEntries(Object.entries(lessonTranslationsOf(stored)).map(([code, tr]) => [code, { title: tr.title ?? null, text_blocks: tr.text_blocks ?? {} }]))
}

function lessonOutput(row: repo.LessonRow): LessonOutput {
  return {
    id: row.id, module_id: row.moduleId, title: row.title, position: row.position, blocks: row.blocks, quiz: quizOutput(row.quiz),
    publish_state: row.publishState as LessonOutput['publish_state'], access_mode: row.accessMode as LessonOutput['access_mode'],
    access_after_days: row.accessAfterDays, access_from: row.accessFrom?.toISOString() ?? null,
    translations: lessonTranslationsOutput(row.translations),
  }
}

/** The drip and publish columns a lesson input sets; a mode needs its value (a duration its days, endDate its date). */
function lessonAccessValues(input: LessonInput, current?: repo.LessonRow): Partial<repo.LessonRow> {
  const values: Partial<repo.LessonRow> = {}
  if (input.publish_state !== undefined) values.publishState = input.publish_state
  if (input.access_mode !== undefined) values.accessMode = input.access_mode
  if (input.access_after_days !== undefined) values.accessAfterDays = input.access_after_days
  if (input.access_from !== undefined) values.accessFrom = input.access_from ? new Date(input.access_from) : null
  const mode = values.accessMode ?? current?.accessMode ?? 'immediately'
  if (mode === 'duration' && !(values.accessAfterDays ?? current?.accessAfterDays)) throw fieldError([{ path: 'access_after_days', message: 'required' }])
  if (mode === 'endDate' && !(values.accessFrom ?? current?.accessFrom)) throw fieldError([{ path: 'access_from', message: 'required' }])
  return values
}

function moduleOutput(row: repo.ModuleRow, lessons: readonly repo.LessonRow[]): ModuleOutput {
  return {
    id: row.id, title: row.title, description: row.description, position: row.position,
    lessons: lessons.filter((l) => l.moduleId === row.id).map(lessonOutput),
    translations: moduleTranslationsOutput(row.translations),
  }
}

async function tree(db: Executor, productId: number): Promise<CourseOutput> {
  const modules = await repo.listModules(db, productId)
  const lessons = await repo.listLessons(db, productId)
  return { product_id: productId, modules: modules.map((m) => moduleOutput(m, lessons)), lessons_count: lessons.length }
}

// ------------------------------------------------------------------ blocks and quizzes

/** The kinds of upload each block accepts (a file block takes any of the seller's uploads). */
const uploadKindsOf: Record<string, readonly string[]> = { video: ['video'], audio: ['audio'], pdf: ['pdf'], file: ['video', 'audio', 'pdf', 'image', 'file'] }

/** Sanitises text blocks and checks every upload key is the seller's and of the block's kind. */
async function normaliseBlocks(db: Executor, sellerId: number, blocks: readonly ContentBlock[]): Promise<Record<string, unknown>[]> {
  const keyOf = (b: ContentBlock) => ('key' in b ? b.key : undefined)
  const kinds = await media.uploadKinds(db, sellerId, blocks.flatMap((b) => keyOf(b) ?? []))
  const errors: FieldError[] = []
  const out = blocks.map((block, i) => {
    if (block.kind === 'text') return { ...block, html: sanitizeHtml(block.html) }
    const key = keyOf(block)
    if (key !== undefined) {
      const kind = kinds.get(key)
      if (!kind || !uploadKindsOf[block.kind]!.includes(kind)) errors.push({ path: `blocks.${i}.key`, message: 'unknown_upload' })
    }
    return { ...block }
  })
  if (errors.length) throw fieldError(errors)
  return out
}

/** Gives every question and option a stable id (kept when the seller sends one back). */
function normaliseQuiz(quiz: QuizInput | null | undefined): Record<string, unknown> | null {
  if (!quiz) return null
  const ids = new Set<string>()
  const fresh = (given: string | undefined) => {
    const id = given && !ids.has(given) ? given : randomUUID()
    ids.add(id)
    return id
  }
  return {
    pass_percent: quiz.pass_percent,
    questions: quiz.questions.map((q) => ({
      id: fresh(q.id), kind: q.kind, text: q.text, points: q.points,
      options: q.options.map((o) => ({ id: fresh(o.id), text: o.text, correct: o.correct })),
      accepted_answers: q.accepted_answers,
    })),
  }
}

/** Writes the ids' order as positions 0..n-1; the ids must be exactly the current ones. */
async function applyOrder(ids: readonly number[], existing: readonly number[], write: (id: number, position: number) => Promise<unknown>) {
  const set = new Set(ids)
  if (set.size !== ids.length || set.size !== existing.length || existing.some((id) => !set.has(id))) {
    throw fieldError([{ path: 'ids', message: 'ids_mismatch' }])
  }
  for (const [position, id] of ids.entries()) await write(id, position)
}

// ------------------------------------------------------------------ use cases

export async function getCourse(ctx: Ctx, productId: number): Promise<CourseOutput> {
  const product = await courseProduct(ctx, ctx.db, productId, 'products.read')
  return tree(ctx.db, product.id)
}

export async function createModule(ctx: Ctx, productId: number, input: ModuleInput & { title: string }): Promise<ModuleOutput> {
  return ctx.db.transaction(async (tx) => {
    const product = await courseProduct(ctx, tx, productId, 'products.write', true)
    const modules = await repo.listModules(tx, product.id)
    if (modules.length >= maxModulesPerCourse) throw fieldError([{ path: 'title', message: 'out_of_range' }])
    const row = await repo.insertModule(tx, {
      productId: product.id, title: input.title, description: input.description || null,
      ...(input.translations !== undefined ? { translations: moduleTranslationsValue(input.translations) } : {}),
      position: await repo.nextModulePosition(tx, product.id), createdAt: ctx.now, updatedAt: ctx.now,
    })
    return moduleOutput(row, [])
  })
}

export async function updateModule(ctx: Ctx, productId: number, moduleId: number, input: ModuleInput): Promise<ModuleOutput> {
  return ctx.db.transaction(async (tx) => {
    const product = await courseProduct(ctx, tx, productId, 'products.write', true)
    const current = await repo.findModule(tx, product.id, moduleId)
    if (!current) throw moduleNotFound()
    const row = await repo.updateModule(tx, current.id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.translations !== undefined ? { translations: moduleTranslationsValue(input.translations) } : {}),
      updatedAt: ctx.now,
    })
    return moduleOutput(row, await repo.listLessons(tx, product.id, row.id))
  })
}

export async function deleteModule(ctx: Ctx, productId: number, moduleId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const product = await courseProduct(ctx, tx, productId, 'products.write', true)
    const current = await repo.findModule(tx, product.id, moduleId)
    if (!current) throw moduleNotFound()
    await repo.deleteModule(tx, current.id)
  })
}

export async function reorderModules(ctx: Ctx, productId: number, input: ReorderInput): Promise<CourseOutput> {
  return ctx.db.transaction(async (tx) => {
    const product = await courseProduct(ctx, tx, productId, 'products.write', true)
    const modules = await repo.listModules(tx, product.id)
    await applyOrder(input.ids, modules.map((m) => m.id), (id, position) => repo.updateModule(tx, id, { position, updatedAt: ctx.now }))
    return tree(tx, product.id)
  })
}

export async function createLesson(ctx: Ctx, productId: number, moduleId: number, input: LessonInput & { title: string }): Promise<LessonOutput> {
  return ctx.db.transaction(async (tx) => {
    const product = await courseProduct(ctx, tx, productId, 'products.write', true)
    const module = await repo.findModule(tx, product.id, moduleId)
    if (!module) throw moduleNotFound()
    if ((await repo.listLessons(tx, product.id, module.id)).length >= maxLessonsPerModule) throw fieldError([{ path: 'title', message: 'out_of_range' }])
    const blocks = await normaliseBlocks(tx, product.sellerId, input.blocks ?? [])
    const row = await repo.insertLesson(tx, {
      productId: product.id, moduleId: module.id, title: input.title, position: await repo.nextLessonPosition(tx, module.id),
      blocks, quiz: normaliseQuiz(input.quiz),
      ...(input.translations !== undefined ? { translations: lessonTranslationsValue(input.translations, blocks) } : {}),
      ...lessonAccessValues(input), createdAt: ctx.now, updatedAt: ctx.now,
    })
    return lessonOutput(row)
  })
}

export async function getLesson(ctx: Ctx, productId: number, lessonId: number): Promise<LessonOutput> {
  const product = await courseProduct(ctx, ctx.db, productId, 'products.read')
  const row = await repo.findLesson(ctx.db, product.id, lessonId)
  if (!row) throw lessonNotFound()
  return lessonOutput(row)
}

export async function updateLesson(ctx: Ctx, productId: number, lessonId: number, input: LessonInput): Promise<LessonOutput> {
  return ctx.db.transaction(async (tx) => {
    const product = await courseProduct(ctx, tx, productId, 'products.write', true)
    const current = await repo.findLesson(tx, product.id, lessonId)
    if (!current) throw lessonNotFound()
    const blocks = input.blocks !== undefined ? await normaliseBlocks(tx, product.sellerId, input.blocks) : undefined
    // Translations are checked against the blocks the lesson will have; left out, they stay as stored (an index
    // that is no longer a text block is then ignored by the player).
    const row = await repo.updateLesson(tx, current.id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(blocks !== undefined ? { blocks } : {}),
      ...(input.translations !== undefined ? { translations: lessonTranslationsValue(input.translations, blocks ?? current.blocks) } : {}),
      ...(input.quiz !== undefined ? { quiz: normaliseQuiz(input.quiz) } : {}),
      ...lessonAccessValues(input, current),
      updatedAt: ctx.now,
    })
    return lessonOutput(row)
  })
}

export async function deleteLesson(ctx: Ctx, productId: number, lessonId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const product = await courseProduct(ctx, tx, productId, 'products.write', true)
    const current = await repo.findLesson(tx, product.id, lessonId)
    if (!current) throw lessonNotFound()
    await repo.deleteLesson(tx, current.id)
  })
}

export async function reorderLessons(ctx: Ctx, productId: number, moduleId: number, input: ReorderInput): Promise<ModuleOutput> {
  return ctx.db.transaction(async (tx) => {
    const product = await courseProduct(ctx, tx, productId, 'products.write', true)
    const module = await repo.findModule(tx, product.id, moduleId)
    if (!module) throw moduleNotFound()
    const lessons = await repo.listLessons(tx, product.id, module.id)
    await applyOrder(input.ids, lessons.map((l) => l.id), (id, position) => repo.updateLesson(tx, id, { position, updatedAt: ctx.now }))
    return moduleOutput(module, await repo.listLessons(tx, product.id, module.id))
  })
}

/** Moves a lesson into a module (the same or another of this course) at a position (default: last). */
export async function moveLesson(ctx: Ctx, productId: number, lessonId: number, input: MoveLessonInput): Promise<CourseOutput> {
  return ctx.db.transaction(async (tx) => {
    const product = await courseProduct(ctx, tx, productId, 'products.write', true)
    const lesson = await repo.findLesson(tx, product.id, lessonId)
    if (!lesson) throw lessonNotFound()
    const target = await repo.findModule(tx, product.id, input.module_id)
    if (!target) throw moduleNotFound()
    const siblings = (await repo.listLessons(tx, product.id, target.id)).filter((l) => l.id !== lesson.id)
    const at = Math.min(input.position ?? siblings.length, siblings.length)
    const order = [...siblings.slice(0, at).map((l) => l.id), lesson.id, ...siblings.slice(at).map((l) => l.id)]
    if (lesson.moduleId !== target.id) {
      await repo.updateLesson(tx, lesson.id, { moduleId: target.id, updatedAt: ctx.now })
      const left = await repo.listLessons(tx, product.id, lesson.moduleId)
      for (const [position, row] of left.entries()) await repo.updateLesson(tx, row.id, { position })
    }
    for (const [position, id] of order.entries()) await repo.updateLesson(tx, id, { position })
    return tree(tx, product.id)
  })
}

/**
 * Copies a course's modules and lessons (blocks and quizzes as they are) to another product, inside the
 * duplicating transaction. Blocks keep pointing at the seller's uploads: uploads belong to the seller's
 * media library, not to one product, so both courses share them.
 */
export async function copyCourse(tx: Executor, fromProductId: number, toProductId: number, now: Date): Promise<void> {
  const lessons = await repo.listLessons(tx, fromProductId)
  for (const module of await repo.listModules(tx, fromProductId)) {
    const copy = await repo.insertModule(tx, {
      productId: toProductId, title: module.title, description: module.description, translations: module.translations, position: module.position,
      createdAt: now, updatedAt: now,
    })
    for (const lesson of lessons.filter((l) => l.moduleId === module.id)) {
      await repo.insertLesson(tx, {
        productId: toProductId, moduleId: copy.id, title: lesson.title, position: lesson.position, blocks: lesson.blocks, quiz: lesson.quiz,
        publishState: lesson.publishState, accessMode: lesson.accessMode, accessAfterDays: lesson.accessAfterDays, accessFrom: lesson.accessFrom,
        translations: lesson.translations, createdAt: now, updatedAt: now,
      })
    }
  }
}

/** Lesson pages by lesson id for a built page's lessonLink buttons (the course player opens the lesson; docs/decisions/0065-serving-built-pages.md). */
export async function lessonUrls(db: Executor, seller: { id: number; username: string }, lessonIds: readonly number[]): Promise<Record<number, string>> {
  const out: Record<number, string> = {}
  for (const row of await repo.lessonSlugs(db, seller.id, lessonIds)) {
    out[row.id] = `/s/${encodeURIComponent(seller.username)}/courses/${encodeURIComponent(row.slug)}?lesson=${row.id}`
  }
  return out
}
