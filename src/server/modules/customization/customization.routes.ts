import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { customizationInput, customizationOutput } from '../../../shared/schemas/customization'
import * as customization from './customization.service'

// The seller's branding on payer-facing pages and mails (docs/decisions/0085-customization.md), behind the
// customization flag.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const, feature: 'customization' as const }
const tags = ['customization']

export const customizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/customization', {
    config: auth,
    schema: { tags, security, response: { 200: customizationOutput }, description: 'The seller\'s logo, colours, mail footer and whether the Sellfront line is hidden (all null / false until saved).' },
  }, async (req) => customization.getCustomization(req.ctx))

  app.put('/cabinet/customization', {
    config: auth,
    schema: {
      tags, security, body: customizationInput, response: { 200: customizationOutput },
      description: 'Saves the fields given (null clears one, left out keeps it). logo_key: one of the seller\'s image uploads (POST /cabinet/uploads), else 422 unknown_upload. '
        + 'accent_color must reach 4.5:1 on white (422 low_contrast); the text on primary_color is chosen white or black by contrast. mail_footer: plain text, at most 500 characters and 8 lines, stored without control characters.',
    },
  }, async (req) => customization.saveCustomization(req.ctx, req.body))
}
