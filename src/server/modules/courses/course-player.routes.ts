import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  commentInput, commentListOutput, commentOutput, courseLessonParams, courseMediaParams, courseMediaQuery, courseOutlineOutput, courseParams, heartbeatOutput,
  lessonProgressInput, lessonProgressOutput, playerLessonOutput, quizSubmitInput, quizSubmitOutput,
} from '../../../shared/schemas/course-player'
import { coursePublishingRoutes } from './course-publishing.routes'
import { courseReportsRoutes } from './course-reports.routes'
import * as player from './course-player.service'
import { byteRange, redirectToBucket } from '../media/media.service'

// /api/v1/payer/courses/{seller}/{slug}/...: the course player of a signed-in payer (docs/reference/readings.md 14), and the
// signed media links its lessons use (/api/v1/payer/course_media/{lesson_id}/{key}?u&e&s: video, audio and PDF elements
// cannot send the access token, so the link itself is the proof, short-lived and bound to the payer; with presigned
// downloads on, it answers a 302 to the bucket after its checks: docs/decisions/0101-presigned-downloads.md).

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const tags = ['course player']
const base = '/payer/courses/:seller/:slug'

export const coursePlayerRoutes: FastifyPluginAsyncZod = async (app) => {
  // the seller's side of playing courses registers with it (one registration in app.ts)
  await app.register(courseReportsRoutes)
  await app.register(coursePublishingRoutes)

  app.get(base, { config: auth, schema: { tags, security, params: courseParams, response: { 200: courseOutlineOutput } } },
    async (req) => player.getOutline(req.ctx, req.params.seller, req.params.slug))

  app.get(`${base}/lessons/:lesson_id`, { config: auth, schema: { tags, security, params: courseLessonParams, response: { 200: playerLessonOutput } } },
    async (req) => player.getLesson(req.ctx, req.params.seller, req.params.slug, req.params.lesson_id))

  app.post(`${base}/lessons/:lesson_id/progress`, { config: auth, schema: { tags, security, params: courseLessonParams, body: lessonProgressInput, response: { 200: lessonProgressOutput } } },
    async (req) => player.saveProgress(req.ctx, req.params.seller, req.params.slug, req.params.lesson_id, req.body))

  app.post(`${base}/lessons/:lesson_id/quiz_attempts`, { config: auth, schema: { tags, security, params: courseLessonParams, body: quizSubmitInput, response: { 201: quizSubmitOutput } } },
    async (req, reply) => reply.code(201).send(await player.submitQuiz(req.ctx, req.params.seller, req.params.slug, req.params.lesson_id, req.body)))

  app.get(`${base}/lessons/:lesson_id/comments`, { config: auth, schema: { tags, security, params: courseLessonParams, response: { 200: commentListOutput } } },
    async (req) => player.listComments(req.ctx, req.params.seller, req.params.slug, req.params.lesson_id))

  app.post(`${base}/lessons/:lesson_id/comments`, { config: auth, schema: { tags, security, params: courseLessonParams, body: commentInput, response: { 201: commentOutput } } },
    async (req, reply) => reply.code(201).send(await player.addComment(req.ctx, req.params.seller, req.params.slug, req.params.lesson_id, req.body.body)))

  app.post(`${base}/sessions/heartbeat`, { config: auth, schema: { tags, security, params: courseParams, response: { 200: heartbeatOutput } } },
    async (req) => player.heartbeat(req.ctx, req.params.seller, req.params.slug))

  const mediaRedirect = 'With S3_PRESIGNED_DOWNLOADS (docs/decisions/0101-presigned-downloads.md): Location is a presigned URL of the file in the bucket'
  app.get('/payer/course_media/:lesson_id/:key', { config: { documentRedirect: mediaRedirect }, schema: { tags, params: courseMediaParams, querystring: courseMediaQuery, produces: ['*/*'] } }, async (req, reply) => {
    const claims = { userId: req.query.u, lessonId: req.params.lesson_id, key: req.params.key, expires: req.query.e, preview: req.query.p === '1' }
    const file = await player.courseMedia(req.ctx, claims, req.query.s)
    // Presigning on: the player reads and seeks in the bucket itself; the redirect is never kept.
    if (file.redirect) return redirectToBucket(reply, file.redirect)
    const disposition = `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`
    void reply.header('content-type', file.contentType).header('content-disposition', disposition).header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff')
    // Video and audio elements seek with byte ranges; either way the bytes stream from storage.
    const { size } = file.file
    const range = byteRange(req.headers.range, size)
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send()
    if (range) {
      return reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1).send(await file.file.stream(range))
    }
    return reply.header('content-length', size).send(await file.file.stream())
  })
}
