import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { smtpSettingsInput, smtpSettingsOutput, smtpTestInput, smtpTestOutput } from '../../../shared/schemas/seller-mail'
import { noContentAnswer } from '../../plugins/openapi'
import * as sellerSmtp from './seller-smtp.service'

// A seller's own mail server for the mails to their payers (docs/decisions/0084-custom-smtp-and-double-opt-in.md),
// behind the custom_smtp flag.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const, feature: 'custom_smtp' as const }
const tags = ['email']

export const sellerSmtpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/smtp_settings', {
    config: auth, schema: { tags, security, response: { 200: smtpSettingsOutput }, description: 'The seller\'s mail server settings (configured false when none); the password is never answered, only whether one is set.' },
  }, async (req) => sellerSmtp.getSmtpSettings(req.ctx))

  app.put('/cabinet/smtp_settings', {
    config: auth,
    schema: {
      tags, security, body: smtpSettingsInput, response: { 200: smtpSettingsOutput },
      description: 'Stores the mail server (the password sealed at rest; left out keeps the stored one, null removes it). A change of the server, its sign-in or the from address clears the verification: send a test mail before payer mails use it.',
    },
  }, async (req) => sellerSmtp.saveSmtpSettings(req.ctx, req.body))

  app.delete('/cabinet/smtp_settings', {
    config: { ...auth, documentErrors: { 404: 'not_found: no mail server is set' } },
    schema: { tags, security, response: { 204: noContentAnswer }, description: 'Removes the mail server: payer mails go through the platform\'s sender.' },
  }, async (req, reply) => {
    await sellerSmtp.deleteSmtpSettings(req.ctx)
    return reply.code(204).send(null)
  })

  app.post('/cabinet/smtp_settings/test', {
    config: { ...auth, documentErrors: { 409: 'conflict: no settings saved yet' } },
    schema: {
      tags, security, body: smtpTestInput, response: { 200: smtpTestOutput },
      description: 'Sends a test mail through the stored server (to `to`, else the seller\'s account address). ok true verifies the settings; ok false answers the server\'s error and clears the verification.',
    },
  }, async (req) => sellerSmtp.testSmtpSettings(req.ctx, req.body ?? {}))
}
