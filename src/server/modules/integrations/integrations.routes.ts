import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createIntegrationInput, integrationAnswer, integrationListOutput, integrationListQuery, integrationParams, integrationProductParams, productSettingAnswer,
  productSettingInput, productSettingsOutput, productSettingsQuery, remoteListsOutput, syncEventListOutput, syncEventListQuery, updateIntegrationInput,
} from '../../../shared/schemas/integrations'
import * as integrations from './integrations.service'

// Sellers' connections to other services (/api/v1/cabinet/integrations, the settings area);
// docs/decisions/0075-integrations.md. Credentials go in, never out: answers show a secret's last 4 characters.

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }
const tags = ['integrations']
const refused = 'integration_credentials_refused: the service did not accept the credentials'
const unreachable = 'integration_unreachable: the service could not be reached or answered with an error'

export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/integrations', {
    config,
    schema: { tags, security, querystring: integrationListQuery, response: { 200: integrationListOutput }, description: 'The seller\'s connections with their state, last sync and last error; filters `kind`, `state`, `query` (name).' },
  }, async (req) => integrations.listIntegrations(req.ctx, req.query))

  app.post('/cabinet/integrations', {
    config: { ...config, documentErrors: { 422: `${refused}; or validation_failed`, 424: unreachable } },
    schema: {
      tags, security, body: createIntegrationInput, response: { 201: integrationAnswer },
      description: 'Connects a service: its credentials are checked with the service first (Mailchimp, ActiveCampaign, GetResponse, HubSpot, KlickTipp, mailingwork, Vimeo), then stored encrypted. Zapier, API, chat and Tracify connections are stored without a check.',
    },
  }, async (req, reply) => reply.code(201).send(await integrations.createIntegration(req.ctx, req.body)))

  app.get('/cabinet/integrations/product_settings', {
    config,
    schema: { tags, security, querystring: productSettingsQuery, response: { 200: productSettingsOutput }, description: 'The list and campaign each product\'s buyers go to, per connection; filter by `product_id` or `integration_id`.' },
  }, async (req) => integrations.productSettings(req.ctx, req.query))

  app.get('/cabinet/integrations/:id', {
    config,
    schema: { tags, security, params: integrationParams, response: { 200: integrationAnswer }, description: 'One connection.' },
  }, async (req) => integrations.getIntegration(req.ctx, req.params.id))

  app.patch('/cabinet/integrations/:id', {
    config: { ...config, documentErrors: { 422: `${refused}; or validation_failed`, 424: unreachable } },
    schema: {
      tags, security, params: integrationParams, body: updateIntegrationInput, response: { 200: integrationAnswer },
      description: 'Renames the connection; with `credentials`, checks and stores new ones, which connects a failing or disconnected connection again.',
    },
  }, async (req) => integrations.updateIntegration(req.ctx, req.params.id, req.body))

  app.post('/cabinet/integrations/:id/disconnect', {
    config,
    schema: { tags, security, params: integrationParams, response: { 200: integrationAnswer }, description: 'Disconnects: the stored credentials are wiped and nothing is synced; the per-product settings stay.' },
  }, async (req) => integrations.disconnectIntegration(req.ctx, req.params.id))

  app.delete('/cabinet/integrations/:id', {
    config,
    schema: { tags, security, params: integrationParams, response: { 204: z.null() }, description: 'Deletes the connection with its per-product settings and its sync log.' },
  }, async (req, reply) => {
    await integrations.deleteIntegration(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })

  app.get('/cabinet/integrations/:id/sync_events', {
    config,
    schema: { tags, security, params: integrationParams, querystring: syncEventListQuery, response: { 200: syncEventListOutput }, description: 'The connection\'s syncs, newest first: buyer added on a paid order, removed on a refund or chargeback, with the state, attempts and error.' },
  }, async (req) => integrations.listSyncEvents(req.ctx, req.params.id, req.query))

  app.get('/cabinet/integrations/:id/lists', {
    config: { ...config, documentErrors: { 409: 'conflict: the service offers no lists, or the connection is disconnected', 422: refused, 424: unreachable } },
    schema: { tags, security, params: integrationParams, response: { 200: remoteListsOutput }, description: 'The service\'s lists, campaigns or tags to choose from, asked of the service now.' },
  }, async (req) => integrations.remoteLists(req.ctx, req.params.id))

  app.put('/cabinet/integrations/:id/product_settings/:product_id', {
    config,
    schema: {
      tags, security, params: integrationProductParams, body: productSettingInput, response: { 200: productSettingAnswer },
      description: 'Sets the list (`buyer_list_id`) and campaign (`buyer_campaign_id`) the product\'s buyers go to on this connection.',
    },
  }, async (req) => integrations.saveProductSetting(req.ctx, req.params.id, req.params.product_id, req.body))

  app.delete('/cabinet/integrations/:id/product_settings/:product_id', {
    config,
    schema: { tags, security, params: integrationProductParams, response: { 204: z.null() }, description: 'The product\'s buyers no longer go to this connection.' },
  }, async (req, reply) => {
    await integrations.deleteProductSetting(req.ctx, req.params.id, req.params.product_id)
    return reply.code(204).send(null)
  })
}
