import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  customNotificationInput, notificationListOutput, notificationListQuery, notificationOutput, notificationParams, notificationSettingsOutput,
  readAllOutput, sellerParams, updateNotificationSettingsInput,
} from '../../../shared/schemas/notifications'
import * as notifications from './notifications.service'

// The seller's notifications (the bell, /cabinet/notifications), their settings
// (/cabinet/settings/notifications), and a manager's message to a seller.

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications']

  app.get('/cabinet/notifications', {
    config, schema: { tags, security, querystring: notificationListQuery, response: { 200: notificationListOutput } },
  }, async (req) => notifications.listNotifications(req.ctx, req.query))

  app.post('/cabinet/notifications/read_all', {
    config, schema: { tags, security, description: 'Marks every unread notification of the seller read.', response: { 200: readAllOutput } },
  }, async (req) => notifications.markAllRead(req.ctx))

  app.post('/cabinet/notifications/:id/read', {
    config, schema: { tags, security, params: notificationParams, description: 'Marks one notification read (the first read time stays); 404 for another seller\'s.', response: { 200: notificationOutput } },
  }, async (req) => notifications.markRead(req.ctx, req.params.id))

  app.get('/cabinet/notification_settings', {
    config, schema: { tags, security, description: 'Every notification type: in the app, by mail (defaults where nothing is saved).', response: { 200: notificationSettingsOutput } },
  }, async (req) => notifications.getSettings(req.ctx))

  app.put('/cabinet/notification_settings', {
    config, schema: { tags, security, body: updateNotificationSettingsInput, response: { 200: notificationSettingsOutput } },
  }, async (req) => notifications.updateSettings(req.ctx, req.body))

  app.post('/admin/sellers/:id/notifications', {
    config,
    schema: {
      tags: [...tags, 'admin'], security, params: sellerParams, body: customNotificationInput,
      description: 'A manager\'s custom_notification to one seller, in the app and by mail as the seller\'s settings say.',
      response: { 201: z.object({ in_app: z.boolean(), email: z.boolean() }) },
    },
  }, async (req, reply) => reply.code(201).send(await notifications.sendCustomNotification(req.ctx, req.params.id, req.body)))
}
