import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { products } from './catalog'

// Course content as data (spec 000 wizard step "content"): modules in order, lessons in order inside a
// module, each lesson with its content blocks and an optional quiz (SPEC-NOTES 9 quiz kinds). The block and
// quiz shapes are the shared schemas of src/shared/schemas/courses.ts; playing a course is a later issue.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

export const courseModules = pgTable('course_modules', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description'),
  position: integer('position').notNull().default(0),
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('course_lessons_module_idx').on(t.moduleId, t.position), index('course_lessons_product_idx').on(t.productId)])
