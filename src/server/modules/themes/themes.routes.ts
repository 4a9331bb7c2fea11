import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  copyThemeInput, createThemeInput, listOfPublicThemes, listOfThemes, publicThemeAnswer, shareThemeInput, themeAnswer, themeListQuery, themeParams,
  themeTokenParams, updateThemeInput,
} from '../../../shared/schemas/themes'
import * as themes from './themes.service'

// Themes (docs/decisions/0061-fonts-and-themes.md): the seller's own (/api/v1/cabinet/themes), the template hub
// (/api/v1/cabinet/themes/hub), and a shared link (/api/v1/themes/shared/{token}, applied through
// /api/v1/cabinet/themes/shared/{token}/apply).

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }
const tags = ['themes']

export const themesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/themes', {
    config, schema: { tags, security, querystring: themeListQuery, response: { 200: listOfThemes }, description: 'The seller\'s themes, newest first; filter kind, search by name. `applied` marks the applied one of each kind.' },
  }, async (req) => themes.listThemes(req.ctx, req.query))

  app.post('/cabinet/themes', {
    config, schema: { tags, security, body: createThemeInput, response: { 201: themeAnswer }, description: 'Creates a theme (private unless said otherwise).' },
  }, async (req, reply) => reply.code(201).send(await themes.createTheme(req.ctx, req.body)))

  app.get('/cabinet/themes/hub', {
    config: { ...config, feature: 'template_hub' }, schema: { tags, security, querystring: themeListQuery, response: { 200: listOfPublicThemes }, description: 'The template hub: every seller\'s public themes, newest first; filter kind.' },
  }, async (req) => themes.hub(req.ctx, req.query))

  app.get('/cabinet/themes/:id', {
    config, schema: { tags, security, params: themeParams, response: { 200: themeAnswer }, description: 'One of the seller\'s themes.' },
  }, async (req) => themes.getTheme(req.ctx, req.params.id))

  app.patch('/cabinet/themes/:id', {
    config, schema: { tags, security, params: themeParams, body: updateThemeInput, response: { 200: themeAnswer }, description: 'Renames a theme, sets its visibility, or replaces its settings.' },
  }, async (req) => themes.updateTheme(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/themes/:id', {
    config, schema: { tags, security, params: themeParams, response: { 204: z.null().describe('No content') }, description: 'Deletes a theme; an applied one leaves its kind without an applied theme.' },
  }, async (req, reply) => {
    await themes.deleteTheme(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })

  app.post('/cabinet/themes/:id/copy', {
    config, schema: { tags, security, params: themeParams, body: copyThemeInput, response: { 201: themeAnswer }, description: 'Copies the seller\'s own theme or a public one from the hub into a private theme of the seller.' },
  }, async (req, reply) => reply.code(201).send(await themes.copyTheme(req.ctx, req.params.id, req.body)))

  app.post('/cabinet/themes/:id/apply', {
    config, schema: { tags, security, params: themeParams, response: { 200: themeAnswer }, description: 'Makes the theme the applied one of its kind.' },
  }, async (req) => themes.applyTheme(req.ctx, req.params.id))

  app.post('/cabinet/themes/:id/share', {
    config, schema: { tags, security, params: themeParams, body: shareThemeInput, response: { 200: themeAnswer }, description: 'Turns the shared link on (a new token: an earlier link stops working) or off.' },
  }, async (req) => themes.shareTheme(req.ctx, req.params.id, req.body))

  app.post('/cabinet/themes/shared/:token/apply', {
    config, schema: { tags, security, params: themeTokenParams, response: { 201: themeAnswer }, description: 'Copies the theme of a shared link into the seller\'s account (private) and applies it.' },
  }, async (req, reply) => reply.code(201).send(await themes.applySharedTheme(req.ctx, req.params.token)))

  app.get('/themes/shared/:token', {
    config, schema: { tags, security, params: themeTokenParams, response: { 200: publicThemeAnswer }, description: 'The theme of a shared link, for any signed-in user.' },
  }, async (req) => themes.sharedTheme(req.ctx, req.params.token))
}
