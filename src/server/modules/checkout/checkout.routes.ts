import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { paymentProviders } from '../../../shared/payments'
import {
  acceptUpsellInput, checkoutPageOutput, checkoutSelection, createOrderInput, createOrderOutput, publicOrderOutput, quoteOutput,
  sandboxPaymentInput, sandboxPaymentOutput,
} from '../../../shared/schemas/checkout'
import * as checkout from './checkout.service'

// /api/v1/shop: the public checkout API (issue 4). The product page uses it, and so can a headless
// storefront. Mutating calls take an Idempotency-Key header (400 without it).

const tags = ['shop checkout']
const token = z.string().min(1).max(100)
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() }).passthrough()

function keyOf(headers: { 'idempotency-key'?: string | undefined }): string {
  const key = headers['idempotency-key']
  if (!key) throw new AppError('idempotency_key_required', 'The Idempotency-Key header is required')
  return key
}

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/shop/:username/products/:slug/checkout', {
    schema: { tags, params: z.object({ username: z.string(), slug: z.string() }), querystring: z.object({ password: z.string().max(200).optional() }), response: { 200: checkoutPageOutput } },
  }, async (req) => checkout.checkoutPage(req.ctx, req.params.username, req.params.slug, req.query.password))

  app.post('/shop/orders/quote', { schema: { tags, body: checkoutSelection, response: { 200: quoteOutput } } },
    async (req) => checkout.quote(req.ctx, req.body))

  app.post('/shop/orders', { schema: { tags, headers: idempotencyHeaders, body: createOrderInput, response: { 201: createOrderOutput } } },
    async (req, reply) => {
      const answer = await checkout.createOrder(req.ctx, req.body, keyOf(req.headers))
      return reply.code(answer.status as 201).send(answer.body)
    })

  app.get('/shop/orders/:token', { schema: { tags, params: z.object({ token }), response: { 200: publicOrderOutput } } },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store')
      return checkout.getPublicOrder(req.ctx, req.params.token)
    })

  app.post('/shop/orders/:token/upsells', { schema: { tags, headers: idempotencyHeaders, params: z.object({ token }), body: acceptUpsellInput, response: { 201: createOrderOutput } } },
    async (req, reply) => {
      const answer = await checkout.acceptUpsell(req.ctx, req.params.token, req.body.index, keyOf(req.headers))
      return reply.code(answer.status as 201).send(answer.body)
    })

  app.get('/shop/payments/:token/return', { schema: { tags, params: z.object({ token }) } },
    async (req, reply) => reply.redirect(await checkout.paymentReturn(req.ctx, req.params.token), 303))

  app.get('/shop/sandbox/payments/:paymentId', { schema: { tags, params: z.object({ paymentId: token }), response: { 200: sandboxPaymentOutput } } },
    async (req) => checkout.getSandboxPayment(req.ctx, req.params.paymentId))

  app.post('/shop/sandbox/payments/:paymentId', { schema: { tags, params: z.object({ paymentId: token }), body: sandboxPaymentInput, response: { 200: sandboxPaymentOutput } } },
    async (req) => checkout.completeSandboxPayment(req.ctx, req.params.paymentId, req.body.outcome))

  // Provider webhooks: the signature is over the raw body, so this scope keeps JSON bodies as bytes.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json')
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    const params = z.object({ provider: z.enum(paymentProviders), sellerId: z.coerce.number().int().positive().optional() })
    for (const path of ['/shop/webhooks/:provider', '/shop/webhooks/:provider/:sellerId']) {
      hooks.post(path, { schema: { tags, params } }, async (req) => {
        if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 'A JSON body is expected')
        const { provider, sellerId } = params.parse(req.params)
        return checkout.providerWebhook(req.ctx, provider, sellerId ?? null, req.body, req.headers)
      })
    }
  })
}
