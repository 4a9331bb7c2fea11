import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminBankAccountAnswer, adminBankAccountList, adminBankAccountListQuery, bankAccountAnswer, bankAccountCreated, bankAccountIdParams,
  bankAccountList, bankAccountListQuery, createBankAccountInput, rejectBankAccountInput,
} from '../../../shared/schemas/payouts'
import { defaultPayoutCountries } from '../../../shared/payouts/countries'
import type { AppDeps } from '../../deps'
import * as bank from './bank-accounts.service'
import { areaTexts, partyAreas } from './parties'

// Payout bank accounts (docs/decisions/0049-money-out.md "Bank accounts"): the same routes for sellers
// (/cabinet) and publishers (/publish), whose party the area decides, and the managers' check (/admin).

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }

/**
 * The body as documented: the configured payout countries, each with its one currency (a cross-field rule
 * the OpenAPI states with anyOf); the service refuses anything else with 400 naming the field.
 */
function createBody(configured: readonly string[]) {
  const countries = bank.payoutCountries(configured)
  return createBankAccountInput.meta({
    description: `A payout bank account. Countries: ${countries.map((c) => `${c.country_code} (${c.currency})`).join(', ')}; the currency is the country's.`,
    anyOf: countries.map((c) => ({ properties: { country_code: { enum: [c.country_code] }, currency: { enum: [c.currency] } } })),
  })
}

export const bankAccountsRoutes: FastifyPluginAsyncZod<{ deps?: AppDeps }> = async (app, options) => {
  const body = createBody(options.deps?.config.PAYOUT_COUNTRIES ?? defaultPayoutCountries)
  for (const area of partyAreas) {
    const tags = [area === 'cabinet' ? 'payouts' : `${areaTexts[area].tag}: payouts`]

    app.get(`/${area}/bank_accounts`, {
      config,
      schema: {
        tags, security, querystring: bankAccountListQuery, response: { 200: bankAccountList },
        description: 'The party\'s payout bank accounts (deactivated ones only with `with_deactivated=true`, then last) and the countries payouts may go to, each with its currency.',
      },
    }, async (req) => bank.listOwn(req.ctx, area, req.query))

    app.post(`/${area}/bank_accounts`, {
      config,
      schema: {
        tags, security, body, response: { 201: bankAccountCreated },
        description: 'Submits a bank account for a manager\'s check (state `waiting`; legitimation_state `init`, or `change` when it replaces an activated account). '
          + 'The country must be a payout country and the currency its payout currency; otherwise 400 INVALID_INPUT names the field.',
      },
    }, async (req, reply) => reply.code(201).send(await bank.create(req.ctx, area, req.body)))

    app.delete(`/${area}/bank_accounts/:id`, {
      config,
      schema: {
        tags, security, params: bankAccountIdParams, response: { 200: bankAccountAnswer },
        description: 'Deactivates one of the party\'s bank accounts: payouts no longer go to it. Another party\'s account answers 404.',
      },
    }, async (req) => bank.deactivateOwn(req.ctx, area, req.params.id))
  }

  const tags = ['admin']
  app.get('/admin/bank_accounts', {
    config,
    schema: {
      tags, security, querystring: adminBankAccountListQuery, response: { 200: adminBankAccountList },
      description: 'Every party\'s bank accounts with the party\'s identity step and documents. `state=activated_by_lw` / `deactivated_by_lw`: accounts the e-money provider holds.',
    },
  }, async (req) => bank.listForManagers(req.ctx, req.query))

  app.get('/admin/bank_account_legitimations', {
    config,
    schema: {
      tags, security, querystring: adminBankAccountListQuery, response: { 200: adminBankAccountList },
      description: 'The bank accounts waiting for a manager\'s check (legitimation_state init or change), newest first.',
    },
  }, async (req) => bank.listForManagers(req.ctx, req.query, { awaitingCheck: true }))

  app.get('/admin/bank_accounts/:id', {
    config, schema: { tags, security, params: bankAccountIdParams, response: { 200: adminBankAccountAnswer }, description: 'One bank account with its party\'s identity step and documents.' },
  }, async (req) => bank.getForManagers(req.ctx, req.params.id))

  app.post('/admin/bank_accounts/:id/accept', {
    config,
    schema: {
      tags, security, params: bankAccountIdParams, response: { 200: adminBankAccountAnswer },
      description: 'Accepts a waiting account: it is activated, the party\'s previously activated account is deactivated and the party is mailed.',
    },
  }, async (req) => bank.accept(req.ctx, req.params.id))

  app.post('/admin/bank_accounts/:id/reject', {
    config,
    schema: {
      tags, security, params: bankAccountIdParams, body: rejectBankAccountInput, response: { 200: adminBankAccountAnswer },
      description: 'Rejects a waiting account with a reason (shown to the party) and an optional comment (mailed to the party).',
    },
  }, async (req) => bank.reject(req.ctx, req.params.id, req.body))

  app.post('/admin/bank_accounts/:id/deactivate', {
    config, schema: { tags, security, params: bankAccountIdParams, response: { 200: adminBankAccountAnswer }, description: 'Switches an account off: payouts no longer go to it.' },
  }, async (req) => bank.deactivateForManagers(req.ctx, req.params.id))
}
