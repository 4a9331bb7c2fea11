import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiKeyAnswer, apiKeyList, apiKeyParams, createApiKeyInput, createdApiKeyAnswer, updateApiKeyInput } from '../../../shared/schemas/api-keys'
import * as apiKeys from './api-keys.service'

// Sellers' personal API keys (/api/v1/cabinet/api_keys); docs/decisions/0073-seller-api-keys.md. Only the
// seller manages keys (team.manage): a team member or an API key answers 403.

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }
const sellerOnly = { 403: 'forbidden: only the seller manages API keys (not a team member, not an API key)' }
const tags = ['api_keys']

export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/api_keys', {
    config: { ...config, documentErrors: sellerOnly },
    schema: { tags, security, response: { 200: apiKeyList }, description: 'The seller\'s API keys, newest first, revoked ones too; never their tokens.' },
  }, async (req) => apiKeys.listApiKeys(req.ctx))

  app.post('/cabinet/api_keys', {
    config: { ...config, documentErrors: sellerOnly },
    schema: {
      tags, security, body: createApiKeyInput, response: { 201: createdApiKeyAnswer },
      description: 'Makes an API key with a name and scopes (`<area>:read` or `<area>:write`). The answer holds the token (`sfk_...`) the only time: send it as `Authorization: Bearer <token>` on /api/v1/cabinet routes.',
    },
  }, async (req, reply) => reply.code(201).send(await apiKeys.createApiKey(req.ctx, req.body)))

  app.patch('/cabinet/api_keys/:id', {
    config: { ...config, documentErrors: { ...sellerOnly, 404: 'not_found: no such key of the seller' } },
    schema: { tags, security, params: apiKeyParams, body: updateApiKeyInput, response: { 200: apiKeyAnswer }, description: 'Renames the key.' },
  }, async (req) => apiKeys.renameApiKey(req.ctx, req.params.id, req.body))

  app.post('/cabinet/api_keys/:id/revoke', {
    config: { ...config, documentErrors: { ...sellerOnly, 404: 'not_found: no such key of the seller' } },
    schema: { tags, security, params: apiKeyParams, response: { 200: apiKeyAnswer }, description: 'Revokes the key: its next request answers 401. Revoking a revoked key changes nothing.' },
  }, async (req) => apiKeys.revokeApiKey(req.ctx, req.params.id))
}
