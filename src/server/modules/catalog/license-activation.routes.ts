import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { productParams } from '../../../shared/schemas/catalog'
import {
  licenseActivateInput, licenseDeactivateInput, licenseSettingsInput, licenseSettingsOutput, licenseVerifyInput, licenseVerifyOutput,
} from '../../../shared/schemas/licenses'
import type { AppDeps } from '../../deps'
import { authRateLimit } from '../../plugins/rate-limits'
import * as licenses from './license-activation.service'

// /api/v1/common/licenses/{verify,activate,deactivate}: public, rate limited per IP like the account doors
// (a seller's key format may be guessable); /api/v1/cabinet/products/:id/license_settings: the activation limit.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }

export const licenseActivationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['licenses']
  const limited = { rateLimit: authRateLimit(deps) }

  app.post('/common/licenses/verify', { config: limited, schema: { tags, body: licenseVerifyInput, response: { 200: licenseVerifyOutput } } },
    async (req) => licenses.verifyLicense(req.ctx, req.body))

  app.post('/common/licenses/activate', { config: limited, schema: { tags, body: licenseActivateInput, response: { 200: licenseVerifyOutput } } },
    async (req) => licenses.activateLicense(req.ctx, req.body))

  app.post('/common/licenses/deactivate', { config: limited, schema: { tags, body: licenseDeactivateInput, response: { 200: licenseVerifyOutput } } },
    async (req) => licenses.deactivateLicense(req.ctx, req.body))

  app.get('/cabinet/products/:id/license_settings', { config: auth, schema: { tags, security, params: productParams, response: { 200: licenseSettingsOutput } } },
    async (req) => licenses.getLicenseSettings(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/license_settings', { config: auth, schema: { tags, security, params: productParams, body: licenseSettingsInput, response: { 200: licenseSettingsOutput } } },
    async (req) => licenses.saveLicenseSettings(req.ctx, req.params.id, req.body))
}
