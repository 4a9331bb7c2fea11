import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { zIdParam, zText } from '../../../shared/validation/storable'
import { AppError } from '../../../shared/errors'
import { paymentProviders } from '../../../shared/payments'
import { sandboxPaymentInput, sandboxPaymentOutput } from '../../../shared/schemas/checkout'
import { paymentReturn } from './provider-return.service'
import { providerWebhook } from './provider-webhooks.service'
import { completeSandboxPayment, getSandboxPayment } from './sandbox-page.service'
import { redirectAnswer } from '../../plugins/openapi'

// /api/v1/shop: what payment providers send back to the platform (the payer's return, webhooks) and the
// sandbox provider's test page. Listed under the checkout's tag: they are the checkout's public API.

const tags = ['shop checkout']
const token = zText().min(1).max(100)

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/shop/payments/:token/return', { schema: { tags, params: z.object({ token }), response: { 303: redirectAnswer } } },
    async (req, reply) => reply.redirect(await paymentReturn(req.ctx, req.params.token), 303))

  app.get('/shop/sandbox/payments/:paymentId', { schema: { tags, params: z.object({ paymentId: token }), response: { 200: sandboxPaymentOutput } } },
    async (req) => getSandboxPayment(req.ctx, req.params.paymentId))

  app.post('/shop/sandbox/payments/:paymentId', { schema: { tags, params: z.object({ paymentId: token }), body: sandboxPaymentInput, response: { 200: sandboxPaymentOutput } } },
    async (req) => completeSandboxPayment(req.ctx, req.params.paymentId, req.body.outcome))

  // Provider webhooks: the signature is over the raw body, so this scope keeps JSON bodies as bytes.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json')
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    const params = z.object({ provider: z.enum(paymentProviders), sellerId: zIdParam().optional() })
    // The provider's event as JSON; whether it is accepted rests on its signature (a header), not its shape.
    const webhookDocument = {
      documentBody: { type: 'object', description: 'The provider\'s event, as the provider sends and signs it', additionalProperties: true },
      documentErrors: { 400: 'The body is not JSON, or its signature is missing or does not verify (invalid_signature)' },
    }
    for (const path of ['/shop/webhooks/:provider', '/shop/webhooks/:provider/:sellerId']) {
      hooks.post(path, { config: webhookDocument, schema: { tags, params, response: { 200: z.object({ received: z.number() }) } } }, async (req) => {
        if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 'A JSON body is expected')
        const { provider, sellerId } = params.parse(req.params)
        return providerWebhook(req.ctx, provider, sellerId ?? null, req.body, req.headers)
      })
    }
  })
}
