import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { connectOnboardingOutput, connectOnboardingStatusOutput, startConnectOnboardingInput } from '../../../shared/schemas/payouts'
import { refreshOnboarding, receiveConnectWebhook, startOnboarding } from './connect-onboarding.service'

// Onboarding at the connect provider (docs/decisions/0052-emoney-pay-ins.md "Connect onboarding"): the same
// routes for sellers (/cabinet) and publishers (/publish), whose party the area decides, and the provider's
// signed `account.updated` webhooks (a Connect endpoint of the platform's account).

const security = [{ bearer: [] }]
const notConfigured = 'The connect provider is not configured, or the area has no party for the signed-in user (no publisher yet)'
const config = { auth: 'required' as const, documentErrors: { 404: notConfigured } }

export const connectOnboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const area of ['cabinet', 'publish'] as const) {
    const tags = [area === 'cabinet' ? 'payouts' : 'publisher area: payouts']
    app.post(`/${area}/connect_onboarding`, {
      config,
      schema: {
        tags, security, body: startConnectOnboardingInput, response: { 200: connectOnboardingOutput },
        description: 'Makes the party\'s connected account at the connect provider when it has none (kept as a bank account of the connect rail) '
          + 'and answers a fresh link to the provider\'s hosted onboarding.',
      },
    }, async (req) => startOnboarding(req.ctx, area, req.body))

    app.post(`/${area}/connect_onboarding/refresh`, {
      config,
      schema: {
        tags, security, response: { 200: connectOnboardingStatusOutput },
        description: 'After the provider\'s onboarding: the connected account is asked of the provider and its standing recorded (null: the party has none).',
      },
    }, async (req) => refreshOnboarding(req.ctx, area))
  }

  // The signature is over the raw body, so this scope keeps JSON bodies as bytes.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json')
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    hooks.post('/hooks/connect', {
      config: {
        documentBody: { type: 'object', description: 'The connect provider\'s event, as it sends and signs it', additionalProperties: true },
        documentErrors: { 400: 'The body is not JSON, or its signature is missing or does not verify (invalid_signature)' },
      },
      schema: {
        tags: ['hooks'], security: [], response: { 200: z.object({ received: z.number() }) },
        description: 'The connect provider\'s webhook (Connect endpoint): `account.updated` moves the connected account\'s standing; other events are answered and dropped.',
      },
    }, async (req) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 'A JSON body is expected')
      const signature = req.headers['stripe-signature']
      return receiveConnectWebhook(req.ctx.deps, req.body, typeof signature === 'string' ? signature : undefined)
    })
  })
}
