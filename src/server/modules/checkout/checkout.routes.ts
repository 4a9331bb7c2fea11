import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { zText } from '../../../shared/validation/storable'
import { AppError } from '../../../shared/errors'
import {
  acceptUpsellInput, checkoutPageOutput, checkoutSelection, createOrderInput, createOrderOutput, publicOrderOutput, quoteOutput,
} from '../../../shared/schemas/checkout'
import { checkoutPage } from './checkout.service'
import { createOrder } from './place-order.service'
import { getPublicOrder } from './public-order.service'
import { quote } from './quote.service'
import { acceptUpsell } from './upsells.service'
import { requestedLocale } from '../../plugins/locale'

// /api/v1/shop: the public checkout API (docs/decisions/0016-orders-exactly-once.md). The product page uses it, and so can a headless
// storefront. Mutating calls take an Idempotency-Key header (400 without it). The provider return, webhooks
// and the sandbox page are the payments module's (../payments/payments.routes.ts).

const tags = ['shop checkout']
const token = zText().min(1).max(100)
/** Required, and documented so: a missing key answers its own type (400 idempotency_key_required, from `keyRequired`). */
const idempotencyHeaders = z.object({ 'idempotency-key': zText().min(1).describe('Chosen by the client once per order it means, and sent again on each retry of it.') }).passthrough()
const keyRequired = async (req: { headers: { 'idempotency-key'?: string | string[] | undefined } }) => { keyOf({ 'idempotency-key': [req.headers['idempotency-key']].flat()[0] }) }

function keyOf(headers: { 'idempotency-key'?: string | undefined }): string {
  const key = headers['idempotency-key']
  if (!key) throw new AppError('idempotency_key_required', 'The Idempotency-Key header is required')
  return key
}

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/shop/:username/products/:slug/checkout', {
    schema: { tags, params: z.object({ username: zText(), slug: zText() }), querystring: z.object({ password: zText().max(200).optional() }), response: { 200: checkoutPageOutput } },
  }, async (req) => checkoutPage(req.ctx, req.params.username, req.params.slug, req.query.password, requestedLocale(req.headers)))

  app.post('/shop/orders/quote', { schema: { tags, body: checkoutSelection, response: { 200: quoteOutput } } },
    async (req) => quote(req.ctx, req.body, requestedLocale(req.headers)))

  app.post('/shop/orders', { preValidation: keyRequired, schema: { tags, headers: idempotencyHeaders, body: createOrderInput, response: { 201: createOrderOutput } } },
    async (req, reply) => {
      const answer = await createOrder(req.ctx, req.body, keyOf(req.headers))
      return reply.code(answer.status as 201).send(answer.body)
    })

  app.get('/shop/orders/:token', { schema: { tags, params: z.object({ token }), response: { 200: publicOrderOutput } } },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store')
      // The product's name in the language the request names (the success page sends its own), else the base name (decision 0095).
      return getPublicOrder(req.ctx, req.params.token, requestedLocale(req.headers))
    })

  app.post('/shop/orders/:token/upsells', { preValidation: keyRequired, schema: { tags, headers: idempotencyHeaders, params: z.object({ token }), body: acceptUpsellInput, response: { 201: createOrderOutput } } },
    async (req, reply) => {
      const answer = await acceptUpsell(req.ctx, req.params.token, req.body.index, keyOf(req.headers))
      return reply.code(answer.status as 201).send(answer.body)
    })
}
