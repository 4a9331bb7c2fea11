import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { mobileDocumentOutput, mobileDocumentParams, mobilePushSettingsOutput, updateMobilePushSettingsInput } from '../../../shared/schemas/mobile-app'
import * as mobileApp from './mobile-app.service'

// The seller's mobile app (docs/decisions/0086-live-shopping-and-mobile-app.md), behind the mobile_app flag: the
// public legal documents an app shows, and the cabinet's push notification settings.

const security = [{ bearer: [] }]
const cabinet = { auth: 'required' as const, feature: 'mobile_app' as const }
const tags = ['mobile app']

export const mobileAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/shop/:sellerId/mobile_app/document/:id', {
    config: { documentErrors: { 404: 'not_found: no such document, shop, or the seller\'s mobile app is off' } },
    schema: {
      tags: ['shop', ...tags], params: mobileDocumentParams, response: { 200: mobileDocumentOutput },
      description: 'One of the seller\'s legal documents for their app: terms, privacy, cancellation_terms, or saved cancellation terms by id. The seller\'s text, else the template for their country; body as stored (plain text) and as escaped HTML.',
    },
  }, async (req, reply) => {
    void reply.header('cache-control', 'public, max-age=300')
    return mobileApp.appDocument(req.ctx, req.params.sellerId, req.params.id)
  })

  app.get('/cabinet/mobile_app/notification_settings', {
    config: cabinet, schema: { tags, security, response: { 200: mobilePushSettingsOutput }, description: 'Every notification type with whether the seller\'s app users get it as a push notification (defaults where nothing is saved).' },
  }, async (req) => mobileApp.getPushSettings(req.ctx))

  app.put('/cabinet/mobile_app/notification_settings', {
    config: cabinet, schema: { tags, security, body: updateMobilePushSettingsInput, response: { 200: mobilePushSettingsOutput }, description: 'Changes the types given (each once); the others keep theirs.' },
  }, async (req) => mobileApp.updatePushSettings(req.ctx, req.body))
}
