import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  cancellationTermsListOutput, cancellationTermsOutput, checkoutSettingsListOutput, checkoutSettingsOutput, createCancellationTermsInput,
  createCheckoutSettingsInput, idParams, productCheckoutInput, productCheckoutOutput, publicCancellationTermsOutput, publicCancellationTermsQuery,
  publicLegalTextOutput, publicLegalTextParams, shopParams, updateCancellationTermsInput, updateCheckoutSettingsInput, legalTextsOutput, legalTextKindParams, saveLegalTextInput, legalReviewOutput,
} from '../../../shared/schemas/checkout-settings'
import { listQuery } from '../../../shared/schemas/lists'
import * as checkoutSettings from './checkout-settings.service'
import * as legalTexts from './legal-texts.service'
import { requestedLocale } from '../../plugins/locale'

// /api/v1/cabinet/checkout_settings, /api/v1/cabinet/products/{id}/checkout, /api/v1/cabinet/cancellation_terms
// and the public /api/v1/shop/{username}/cancellation_terms. Thin: parse, call one use case, answer.

const noContent = { 204: z.null().describe('No content') }

export const checkoutSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['checkout settings']
  const security = [{ bearer: [] }]
  const config = { auth: 'required' as const }

  // ---------------------------------------------------------------- checkout settings
  app.get('/cabinet/checkout_settings', { config, schema: { tags, security, querystring: listQuery, response: { 200: checkoutSettingsListOutput } } },
    async (req) => checkoutSettings.listCheckoutSettings(req.ctx, req.query))

  app.post('/cabinet/checkout_settings', { config, schema: { tags, security, body: createCheckoutSettingsInput, response: { 201: checkoutSettingsOutput } } },
    async (req, reply) => reply.code(201).send(await checkoutSettings.createCheckoutSettings(req.ctx, req.body)))

  app.get('/cabinet/checkout_settings/:id', { config, schema: { tags, security, params: idParams, response: { 200: checkoutSettingsOutput } } },
    async (req) => checkoutSettings.getCheckoutSettings(req.ctx, req.params.id))

  app.patch('/cabinet/checkout_settings/:id', { config, schema: { tags, security, params: idParams, body: updateCheckoutSettingsInput, response: { 200: checkoutSettingsOutput } } },
    async (req) => checkoutSettings.updateCheckoutSettings(req.ctx, req.params.id, req.body))

  app.post('/cabinet/checkout_settings/:id/default', { config, schema: { tags, security, params: idParams, response: { 200: checkoutSettingsOutput } } },
    async (req) => checkoutSettings.setDefaultCheckoutSettings(req.ctx, req.params.id))

  app.delete('/cabinet/checkout_settings/:id', { config, schema: { tags, security, params: idParams, response: noContent } },
    async (req, reply) => {
      await checkoutSettings.deleteCheckoutSettings(req.ctx, req.params.id)
      return reply.code(204).send(null)
    })

  // ---------------------------------------------------------------- a product's checkout
  app.get('/cabinet/products/:id/checkout', { config, schema: { tags, security, params: idParams, response: { 200: productCheckoutOutput } } },
    async (req) => checkoutSettings.getProductCheckout(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/checkout', { config, schema: { tags, security, params: idParams, body: productCheckoutInput, response: { 200: productCheckoutOutput } } },
    async (req) => checkoutSettings.saveProductCheckout(req.ctx, req.params.id, req.body))

  // ---------------------------------------------------------------- cancellation terms
  app.get('/cabinet/cancellation_terms', { config, schema: { tags, security, response: { 200: cancellationTermsListOutput } } },
    async (req) => checkoutSettings.listCancellationTerms(req.ctx))

  app.post('/cabinet/cancellation_terms', { config, schema: { tags, security, body: createCancellationTermsInput, response: { 201: cancellationTermsOutput } } },
    async (req, reply) => reply.code(201).send(await checkoutSettings.createCancellationTerms(req.ctx, req.body)))

  app.get('/cabinet/cancellation_terms/:id', { config, schema: { tags, security, params: idParams, response: { 200: cancellationTermsOutput } } },
    async (req) => checkoutSettings.getCancellationTerms(req.ctx, req.params.id))

  app.patch('/cabinet/cancellation_terms/:id', { config, schema: { tags, security, params: idParams, body: updateCancellationTermsInput, response: { 200: cancellationTermsOutput } } },
    async (req) => checkoutSettings.updateCancellationTerms(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/cancellation_terms/:id', { config, schema: { tags, security, params: idParams, response: noContent } },
    async (req, reply) => {
      await checkoutSettings.deleteCancellationTerms(req.ctx, req.params.id)
      return reply.code(204).send(null)
    })

  // ---------------------------------------------------------------- legal texts (docs/decisions/0042-minimal-checkout-and-legal-texts.md)
  app.get('/cabinet/legal_texts', { config, schema: { tags, security, response: { 200: legalTextsOutput } } },
    async (req) => legalTexts.listLegalTexts(req.ctx))

  app.put('/cabinet/legal_texts/:kind', { config, schema: { tags, security, params: legalTextKindParams, body: saveLegalTextInput, response: { 200: legalTextsOutput } } },
    async (req) => legalTexts.saveLegalText(req.ctx, req.params.kind, req.body))

  app.delete('/cabinet/legal_texts/:kind', { config, schema: { tags, security, params: legalTextKindParams, response: { 200: legalTextsOutput } } },
    async (req) => legalTexts.resetLegalText(req.ctx, req.params.kind))

  app.post('/cabinet/legal_texts/review', { config, schema: { tags, security, response: { 200: legalReviewOutput } } },
    async (req) => legalTexts.confirmLegalTextsReviewed(req.ctx))

  app.get('/shop/:username/cancellation_terms', { schema: { tags: ['shop'], params: shopParams, querystring: publicCancellationTermsQuery, response: { 200: publicCancellationTermsOutput } } },
    async (req) => checkoutSettings.getPublicCancellationTerms(req.ctx, req.params.username, req.query, requestedLocale(req.headers)))

  // the terms of sale and privacy policy in the language the request names (docs/decisions/0095-product-translations.md)
  app.get('/shop/:username/legal_texts/:kind', { schema: { tags: ['shop'], params: publicLegalTextParams, response: { 200: publicLegalTextOutput } } },
    async (req) => legalTexts.publicLegalText(req.ctx, req.params.username, req.params.kind, requestedLocale(req.headers)))
}
