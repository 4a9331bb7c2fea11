import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { productParams } from '../../../shared/schemas/catalog'
import {
  commentListQuery, commentModerationInput, courseCustomerItem, courseListQuery, courseOverviewItem, courseSessionItem, courseSettingsInput,
  courseSettingsOutput, extendAccessInput, extendAccessOutput, idParams, lessonStatusItem, lessonStatusListQuery, quizAttemptListQuery,
  quizAttemptOutput, quizReviewInput, sellerCommentItem, sellerQuizAttemptItem,
} from '../../../shared/schemas/course-player'
import { listOutput } from '../../../shared/schemas/lists'
import { z } from 'zod'
import * as reports from './course-reports.service'

// /api/v1/cabinet/courses/*: the seller's course tabs (docs/reference/readings.md 14), comment moderation, and per course
// its player settings and the access extension wizard (/cabinet/products/{id}/course/...).

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const tags = ['course reports']

export const courseReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/courses/overview', { config: auth, schema: { tags, security, querystring: courseListQuery, response: { 200: listOutput(courseOverviewItem) } } },
    async (req) => reports.overview(req.ctx, req.query))

  app.get('/cabinet/courses/sessions', { config: auth, schema: { tags, security, querystring: courseListQuery, response: { 200: listOutput(courseSessionItem) } } },
    async (req) => reports.sessions(req.ctx, req.query))

  app.get('/cabinet/courses/lesson_statuses', { config: auth, schema: { tags, security, querystring: lessonStatusListQuery, response: { 200: listOutput(lessonStatusItem) } } },
    async (req) => reports.lessonStatuses(req.ctx, req.query))

  app.get('/cabinet/courses/quiz_attempts', { config: auth, schema: { tags, security, querystring: quizAttemptListQuery, response: { 200: listOutput(sellerQuizAttemptItem) } } },
    async (req) => reports.quizAttempts(req.ctx, req.query))

  app.post('/cabinet/courses/quiz_attempts/:id/review', { config: auth, schema: { tags, security, params: idParams, body: quizReviewInput, response: { 200: quizAttemptOutput } } },
    async (req) => reports.reviewAttempt(req.ctx, req.params.id, req.body.accept))

  app.get('/cabinet/courses/comments', { config: auth, schema: { tags, security, querystring: commentListQuery, response: { 200: listOutput(sellerCommentItem) } } },
    async (req) => reports.comments(req.ctx, req.query))

  app.patch('/cabinet/courses/comments/:id', { config: auth, schema: { tags, security, params: idParams, body: commentModerationInput, response: { 200: z.object({ id: z.number(), hidden: z.boolean() }) } } },
    async (req) => reports.moderateComment(req.ctx, req.params.id, req.body.hidden))

  app.get('/cabinet/products/:id/course/settings', { config: auth, schema: { tags, security, params: productParams, response: { 200: courseSettingsOutput } } },
    async (req) => reports.getSettings(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/course/settings', { config: auth, schema: { tags, security, params: productParams, body: courseSettingsInput, response: { 200: courseSettingsOutput } } },
    async (req) => reports.saveSettings(req.ctx, req.params.id, req.body))

  app.get('/cabinet/products/:id/course/customers', { config: auth, schema: { tags, security, params: productParams, response: { 200: listOutput(courseCustomerItem) } } },
    async (req) => reports.customers(req.ctx, req.params.id))

  app.post('/cabinet/products/:id/course/extend_access', { config: auth, schema: { tags, security, params: productParams, body: extendAccessInput, response: { 200: extendAccessOutput } } },
    async (req) => reports.extendAccess(req.ctx, req.params.id, req.body))
}
