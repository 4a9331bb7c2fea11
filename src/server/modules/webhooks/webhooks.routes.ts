import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createWebhookEndpointInput, listOfWebhookDeliveries, listOfWebhookEndpoints, updateWebhookEndpointInput, webhookDeliveryAnswer, webhookDeliveryListQuery,
  productWebhookParams, productWebhooksAnswer, productWebhooksInput, webhookDeliveryParams, webhookEndpointAnswer, webhookEndpointListQuery,
  webhookEndpointParams, webhookEndpointWithSecretAnswer,
} from '../../../shared/schemas/webhooks'
import * as webhooks from './webhooks.service'

// Signed webhooks (/api/v1/cabinet/webhook_endpoints, the settings area); docs/decisions/0072-signed-webhooks.md.

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }
const tags = ['webhooks']
const urlRefused = { 400: 'url_not_allowed: not http(s), or the host resolves to a loopback, private, link-local or metadata address' }

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/webhook_endpoints', {
    config,
    schema: { tags, security, querystring: webhookEndpointListQuery, response: { 200: listOfWebhookEndpoints }, description: 'The seller\'s webhook endpoints (the secret is never listed), newest first.' },
  }, async (req) => webhooks.listEndpoints(req.ctx, req.query))

  app.post('/cabinet/webhook_endpoints', {
    config: { ...config, documentErrors: urlRefused },
    schema: {
      tags, security, body: createWebhookEndpointInput, response: { 201: webhookEndpointWithSecretAnswer },
      description: 'Adds an endpoint (state active) for the given events; product_scope says whose: all products (the default), the selected product_ids (the default when they are given), or none (only events of no product, such as payouts). The answer shows the `whsec_` signing secret, this once (and on roll_secret): deliveries are signed by the Standard Webhooks scheme (`webhook-id`, `webhook-timestamp`, `webhook-signature`).',
    },
  }, async (req, reply) => reply.code(201).send(await webhooks.createEndpoint(req.ctx, req.body)))

  app.get('/cabinet/webhook_endpoints/:id', {
    config,
    schema: { tags, security, params: webhookEndpointParams, response: { 200: webhookEndpointAnswer }, description: 'One endpoint, without its secret.' },
  }, async (req) => webhooks.getEndpoint(req.ctx, req.params.id))

  app.patch('/cabinet/webhook_endpoints/:id', {
    config: { ...config, documentErrors: { ...urlRefused, 409: 'conflict: the state cannot change so' } },
    schema: {
      tags, security, params: webhookEndpointParams, body: updateWebhookEndpointInput, response: { 200: webhookEndpointAnswer },
      description: 'Changes the URL, events, products, description or state (active, inactive; active resumes a paused endpoint and clears its failure streak).',
    },
  }, async (req) => webhooks.updateEndpoint(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/webhook_endpoints/:id', {
    config,
    schema: { tags, security, params: webhookEndpointParams, response: { 204: z.null() }, description: 'Removes the endpoint and its delivery log.' },
  }, async (req, reply) => {
    await webhooks.deleteEndpoint(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })

  app.post('/cabinet/webhook_endpoints/:id/roll_secret', {
    config,
    schema: { tags, security, params: webhookEndpointParams, response: { 200: webhookEndpointWithSecretAnswer }, description: 'A new signing secret, shown this once; the old one signs nothing from now on.' },
  }, async (req) => webhooks.rollSecret(req.ctx, req.params.id))

  app.post('/cabinet/webhook_endpoints/:id/test', {
    config,
    schema: { tags, security, params: webhookEndpointParams, response: { 202: webhookDeliveryAnswer }, description: 'Queues a `webhook.test` delivery to the endpoint, whatever its state and events.' },
  }, async (req, reply) => reply.code(202).send(await webhooks.sendTest(req.ctx, req.params.id)))

  app.get('/cabinet/webhook_endpoints/:id/deliveries', {
    config,
    schema: {
      tags, security, params: webhookEndpointParams, querystring: webhookDeliveryListQuery, response: { 200: listOfWebhookDeliveries },
      description: 'The endpoint\'s deliveries, newest first, each with its attempts (request headers, answer status and first 2 KiB, duration, error).',
    },
  }, async (req) => webhooks.listDeliveries(req.ctx, req.params.id, req.query))

  app.post('/cabinet/webhook_endpoints/:id/deliveries/:delivery_id/replay', {
    config,
    schema: { tags, security, params: webhookDeliveryParams, response: { 202: webhookDeliveryAnswer }, description: 'Sends the delivery again: the same message (the same `webhook-id`) as a new attempt.' },
  }, async (req, reply) => reply.code(202).send(await webhooks.replayDelivery(req.ctx, req.params.id, req.params.delivery_id)))

  app.get('/cabinet/products/:id/webhook_endpoints', {
    config,
    schema: { tags, security, params: productWebhookParams, response: { 200: productWebhooksAnswer }, description: 'The seller\'s webhook endpoints, each saying whether it hears this product\'s events (the wizard\'s market upsell step).' },
  }, async (req) => webhooks.productWebhooks(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/webhook_endpoints', {
    config,
    schema: {
      tags, security, params: productWebhookParams, body: productWebhooksInput, response: { 200: productWebhooksAnswer },
      description: 'Sets which endpoints hear this product\'s events: each given endpoint adds the product to its selection, the others drop it; endpoints that hear every product stay as they are.',
    },
  }, async (req) => webhooks.setProductWebhooks(req.ctx, req.params.id, req.body))
}
