import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { productParams } from '../../../shared/schemas/catalog'
import {
  courseOutput, lessonInput, lessonOutput, lessonParams, moduleInput, moduleOutput, moduleParams, moveLessonInput, updateLessonInput,
  updateModuleInput,
} from '../../../shared/schemas/courses'
import { reorderInput } from '../../../shared/schemas/media'
import * as courses from './courses.service'

// /api/v1/cabinet/products/:id/course/...: the content tree of a course product (docs/reference/catalogue-and-selling.md §2 step "content").

const noContent = { 204: z.null().describe('No content') }
const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const base = '/cabinet/products/:id/course'

export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['courses']

  app.get(base, { config: auth, schema: { tags, security, params: productParams, response: { 200: courseOutput } } },
    async (req) => courses.getCourse(req.ctx, req.params.id))

  // ---------------------------------------------------------------- modules
  app.post(`${base}/modules`, { config: auth, schema: { tags, security, params: productParams, body: moduleInput, response: { 201: moduleOutput } } },
    async (req, reply) => reply.code(201).send(await courses.createModule(req.ctx, req.params.id, req.body)))

  app.post(`${base}/modules/reorder`, { config: auth, schema: { tags, security, params: productParams, body: reorderInput, response: { 200: courseOutput } } },
    async (req) => courses.reorderModules(req.ctx, req.params.id, req.body))

  app.patch(`${base}/modules/:module_id`, { config: auth, schema: { tags, security, params: moduleParams, body: updateModuleInput, response: { 200: moduleOutput } } },
    async (req) => courses.updateModule(req.ctx, req.params.id, req.params.module_id, req.body))

  app.delete(`${base}/modules/:module_id`, { config: auth, schema: { tags, security, params: moduleParams, response: noContent } },
    async (req, reply) => {
      await courses.deleteModule(req.ctx, req.params.id, req.params.module_id)
      return reply.code(204).send(null)
    })

  // ---------------------------------------------------------------- lessons
  app.post(`${base}/modules/:module_id/lessons`, { config: auth, schema: { tags, security, params: moduleParams, body: lessonInput, response: { 201: lessonOutput } } },
    async (req, reply) => reply.code(201).send(await courses.createLesson(req.ctx, req.params.id, req.params.module_id, req.body)))

  app.post(`${base}/modules/:module_id/lessons/reorder`, { config: auth, schema: { tags, security, params: moduleParams, body: reorderInput, response: { 200: moduleOutput } } },
    async (req) => courses.reorderLessons(req.ctx, req.params.id, req.params.module_id, req.body))

  app.get(`${base}/lessons/:lesson_id`, { config: auth, schema: { tags, security, params: lessonParams, response: { 200: lessonOutput } } },
    async (req) => courses.getLesson(req.ctx, req.params.id, req.params.lesson_id))

  app.patch(`${base}/lessons/:lesson_id`, { config: auth, schema: { tags, security, params: lessonParams, body: updateLessonInput, response: { 200: lessonOutput } } },
    async (req) => courses.updateLesson(req.ctx, req.params.id, req.params.lesson_id, req.body))

  app.post(`${base}/lessons/:lesson_id/move`, { config: auth, schema: { tags, security, params: lessonParams, body: moveLessonInput, response: { 200: courseOutput } } },
    async (req) => courses.moveLesson(req.ctx, req.params.id, req.params.lesson_id, req.body))

  app.delete(`${base}/lessons/:lesson_id`, { config: auth, schema: { tags, security, params: lessonParams, response: noContent } },
    async (req, reply) => {
      await courses.deleteLesson(req.ctx, req.params.id, req.params.lesson_id)
      return reply.code(204).send(null)
    })
}
