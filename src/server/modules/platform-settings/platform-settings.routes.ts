import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  platformSettingChangesOutput, platformSettingChangesQuery, platformSettingsInput, platformSettingsOutput,
} from '../../../shared/schemas/platform-settings'
import * as platformSettings from './platform-settings.service'

/** /api/v1/admin/platform_settings: home country, fees and test mode (docs/decisions/0062-platform-settings.md). */
export const platformSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { auth: 'required' as const }
  const security = [{ bearer: [] }]
  const tags = ['admin']

  app.get('/admin/platform_settings', {
    config,
    schema: {
      tags, security, response: { 200: platformSettingsOutput },
      description: 'The platform settings in force (home country, fees in basis points, test mode), the environment\'s values and which ones a manager set; the test clock and the admin mode\'s length are read-only.',
    },
  }, async (req) => platformSettings.getPlatformSettings(req.ctx))

  app.patch('/admin/platform_settings', {
    config,
    schema: {
      tags, security, body: platformSettingsInput, response: { 200: platformSettingsOutput },
      description: 'Changes settings: a setting left out stays, null returns it to the environment\'s value. Every process has the change within 15 s; fees apply to payments made after it. 409 `conflict` when test mode would go off while the test clock is on.',
    },
  }, async (req) => platformSettings.updatePlatformSettings(req.ctx, req.body))

  app.get('/admin/platform_settings/changes', {
    config, schema: { tags, security, querystring: platformSettingChangesQuery, response: { 200: platformSettingChangesOutput }, description: 'Every change a manager made to the platform settings, newest first.' },
  }, async (req) => platformSettings.listPlatformSettingChanges(req.ctx, req.query))
}
