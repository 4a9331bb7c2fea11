import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  bankWireCredentialsInput, paymentSettingsInput, paymentSettingsOutput, paypalCredentialsInput, providerAccountOutput, providerActiveInput,
  providerListOutput, sellerProviderParams, stripeCredentialsInput,
} from '../../../shared/schemas/payment-settings'
import * as payments from './payment-settings.service'

// /api/v1/cabinet/payment_providers (the seller's provider credentials) and /api/v1/cabinet/payment_settings
// (the method x provider matrix). Thin: parse with the shared schema, call one use case, answer.

const noContent = { 204: z.null().describe('No content') }

export const paymentSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payment settings']
  const security = [{ bearer: [] }]
  const config = { auth: 'required' as const }

  app.get('/cabinet/payment_providers', { config, schema: { tags, security, response: { 200: providerListOutput } } },
    async (req) => payments.listProviders(req.ctx))

  // One route per provider, so each body is validated (and documented) by its own strict schema.
  app.put('/cabinet/payment_providers/stripe', { config, schema: { tags, security, body: stripeCredentialsInput, response: { 200: providerAccountOutput } } },
    async (req) => payments.saveProvider(req.ctx, 'stripe', req.body))

  app.put('/cabinet/payment_providers/paypal', { config, schema: { tags, security, body: paypalCredentialsInput, response: { 200: providerAccountOutput } } },
    async (req) => payments.saveProvider(req.ctx, 'paypal', req.body))

  app.put('/cabinet/payment_providers/bank_wire', { config, schema: { tags, security, body: bankWireCredentialsInput, response: { 200: providerAccountOutput } } },
    async (req) => payments.saveProvider(req.ctx, 'bank_wire', req.body))

  app.patch('/cabinet/payment_providers/:provider', { config, schema: { tags, security, params: sellerProviderParams, body: providerActiveInput, response: { 200: providerAccountOutput } } },
    async (req) => payments.setProviderActive(req.ctx, req.params.provider, req.body.active))

  app.delete('/cabinet/payment_providers/:provider', { config, schema: { tags, security, params: sellerProviderParams, response: noContent } },
    async (req, reply) => {
      await payments.deleteProvider(req.ctx, req.params.provider)
      return reply.code(204).send(null)
    })

  app.get('/cabinet/payment_settings', { config, schema: { tags, security, response: { 200: paymentSettingsOutput } } },
    async (req) => payments.getPaymentSettings(req.ctx))

  app.put('/cabinet/payment_settings', { config, schema: { tags, security, body: paymentSettingsInput, response: { 200: paymentSettingsOutput } } },
    async (req) => payments.savePaymentSettings(req.ctx, req.body))
}
