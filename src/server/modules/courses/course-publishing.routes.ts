import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { productParams } from '../../../shared/schemas/catalog'
import { courseOutlineOutput, coursePreviewLessonParams, coursePreviewParams, playerLessonOutput } from '../../../shared/schemas/course-player'
import { courseDripInput, courseDripOutput, lessonPublicationItem, lessonPublicationListQuery } from '../../../shared/schemas/course-publishing'
import { listOutput } from '../../../shared/schemas/lists'
import * as player from './course-player.service'
import * as publishing from './course-publishing.service'

// The seller's side of dripped lessons (decision 0024): the course's drip controls, the publications with
// their publish and notify states (lesson_statuses tab), and the preview of the course player.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const tags = ['course reports']

export const coursePublishingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/products/:id/course/drip', { config: auth, schema: { tags, security, params: productParams, response: { 200: courseDripOutput } } },
    async (req) => publishing.getDrip(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/course/drip', { config: auth, schema: { tags, security, params: productParams, body: courseDripInput, response: { 200: courseDripOutput } } },
    async (req) => publishing.saveDrip(req.ctx, req.params.id, req.body))

  app.get('/cabinet/courses/lesson_publications', { config: auth, schema: { tags, security, querystring: lessonPublicationListQuery, response: { 200: listOutput(lessonPublicationItem) } } },
    async (req) => publishing.listPublications(req.ctx, req.query))

  app.get('/cabinet/products/:id/course/preview', { config: auth, schema: { tags: ['course player'], security, params: coursePreviewParams, response: { 200: courseOutlineOutput } } },
    async (req) => player.previewOutline(req.ctx, req.params.id))

  app.get('/cabinet/products/:id/course/preview/lessons/:lesson_id', { config: auth, schema: { tags: ['course player'], security, params: coursePreviewLessonParams, response: { 200: playerLessonOutput } } },
    async (req) => player.previewLesson(req.ctx, req.params.id, req.params.lesson_id))
}
