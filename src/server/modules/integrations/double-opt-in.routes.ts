import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  doubleOptInSettingsInput, doubleOptInSettingsOutput, optInList, optInListQuery, optInTokenParams, publicOptInOutput,
} from '../../../shared/schemas/seller-mail'
import * as optIn from './double-opt-in.service'

// Double opt-in (docs/decisions/0084-custom-smtp-and-double-opt-in.md): the seller's setting and the proofs of
// consent behind the double_opt_in flag; the payer's confirmation page's two calls, public (the signed link is
// the permission).

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const, feature: 'double_opt_in' as const }

export const doubleOptInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/double_opt_in', {
    config: auth, schema: { tags: ['integrations'], security, response: { 200: doubleOptInSettingsOutput }, description: 'Whether payers confirm their address before the mail-marketing integrations receive them, with the counts of pending and confirmed payers.' },
  }, async (req) => optIn.getOptInSettings(req.ctx))

  app.put('/cabinet/double_opt_in', {
    config: auth, schema: { tags: ['integrations'], security, body: doubleOptInSettingsInput, response: { 200: doubleOptInSettingsOutput }, description: 'Switches "require double opt-in" on or off. On: a purchase\'s payer gets a confirmation mail and is synced only after confirming.' },
  }, async (req) => optIn.saveOptInSettings(req.ctx, req.body))

  app.get('/cabinet/double_opt_in/confirmations', {
    config: auth, schema: { tags: ['integrations'], security, querystring: optInListQuery, response: { 200: optInList }, description: 'The payers asked to confirm, newest first: pending or confirmed, with the proof of consent (time, IP address, browser).' },
  }, async (req) => optIn.listOptIns(req.ctx, req.query))

  app.get('/common/opt_ins/:token', {
    config: { documentErrors: { 404: 'not_found: the link is not valid (changed or unknown)' } },
    schema: { tags: ['integrations'], params: optInTokenParams, response: { 200: publicOptInOutput }, description: 'The confirmation page\'s facts: the seller, the address and whether it is confirmed.' },
  }, async (req) => optIn.getOptIn(req.ctx, req.params.token))

  app.post('/common/opt_ins/:token/confirm', {
    config: { documentErrors: { 404: 'not_found: the link is not valid (changed or unknown)' } },
    schema: { tags: ['integrations'], params: optInTokenParams, response: { 200: publicOptInOutput }, description: 'The payer confirms: the time, IP address and browser are stored as proof, and the held syncs to the seller\'s integrations run. Again: no change.' },
  }, async (req) => optIn.confirmOptIn(req.ctx, req.params.token))
}
