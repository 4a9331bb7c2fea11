import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emailAttachmentParams, emailLogOutput, emailTokenParams, outboxOutput, subscriptionOutput } from '../../../shared/schemas/email'
import { listQuery } from '../../../shared/schemas/lists'
import * as email from './email.service'
import { noContentAnswer } from '../../plugins/openapi'

export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/common/email_logs/:token', { schema: { tags: ['email'], params: emailTokenParams, response: { 200: emailLogOutput } } },
    async (req) => email.getByToken(req.ctx, req.params.token))

  app.get('/common/email_logs/:token/attachments/:id', { schema: { tags: ['email'], params: emailAttachmentParams, produces: ['*/*'] } },
    async (req, reply) => {
      const file = await email.getAttachment(req.ctx, req.params.token, req.params.id)
      const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
      return reply.header('content-type', file.contentType).header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .send(file.content)
    })

  app.get('/common/emails/unsubscribe/:token', { schema: { tags: ['email'], params: emailTokenParams, response: { 200: subscriptionOutput } } },
    async (req) => email.getSubscription(req.ctx, req.params.token))

  app.post('/common/emails/unsubscribe/:token', { schema: { tags: ['email'], params: emailTokenParams, response: { 204: noContentAnswer } } },
    async (req, reply) => {
      await email.unsubscribe(req.ctx, req.params.token)
      return reply.code(204).send(null)
    })

  app.get('/admin/email_logs', { config: { auth: 'required' }, schema: { tags: ['admin'], querystring: listQuery, response: { 200: outboxOutput } } },
    async (req) => email.listOutbox(req.ctx, req.query))
}
