import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminPayoutListQuery, cancelPayoutInput, createPayoutBatchInput, createPayoutInput, idParam, listOfAdminPayouts, listOfPayoutBatches, listOfPayouts,
  payoutAnswer, payoutBatchAnswer, payoutBatchListQuery, payoutCreated, payoutListQuery, payoutSettingsOutput, payoutsBalanceOutput, updatePayoutSettingsInput,
} from '../../../shared/schemas/payouts'
import { publisherTransferList } from '../../../shared/schemas/affiliates'
import { listQuery } from '../../../shared/schemas/lists'
import * as batches from './payout-batches.service'
import * as payouts from './payouts.service'
import { areaTexts, partyAreas } from './parties'

// Balances, payouts and settings per party area, and the managers' payouts and SEPA batches
// (docs/decisions/0049-money-out.md "Balances", "Payouts"). The area decides the party (parties.ts).

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }
const areas = partyAreas

export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const area of areas) {
    const tags = [areaTexts[area].tag]
    const who = areaTexts[area].partyShort

    app.get(`/${area}/payouts_balance`, {
      config,
      schema: {
        tags, security, response: { 200: payoutsBalanceOutput },
        description: `The balance of ${who} per currency from the ledger (integers of minor units): pending (inside the refund window or hold), available, paid_out, in_payout; and the payout availability with what is missing.`,
      },
    }, async (req) => payouts.payoutsBalance(req.ctx, area))

    app.get(`/${area}/payouts`, {
      config, schema: { tags, security, querystring: payoutListQuery, response: { 200: listOfPayouts }, description: `The payouts of ${who}, newest first.` },
    }, async (req) => payouts.listPayouts(req.ctx, area, req.query))

    if (area === 'team_member') {
      app.get('/team_member/transfers', {
        config, schema: { tags, security, querystring: listQuery.strict(), response: { 200: publisherTransferList }, description: 'Every ledger movement of the team member\'s balance, credits positive.' },
      }, async (req) => payouts.listPartyTransfers(req.ctx, 'team_member', req.query))
    }

    if (area === 'cabinet') {
      app.get('/cabinet/payouts/export.csv', {
        config, schema: { tags, security, querystring: payoutListQuery, produces: ['text/csv'], description: 'The seller\'s filtered payouts as CSV.' },
      }, async (req, reply) => reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payouts.csv"')
        .send(await payouts.exportPayoutsCsv(req.ctx, 'cabinet', req.query)))
    }

    app.post(`/${area}/payouts`, {
      config: { ...config, documentErrors: { 400: 'insufficient_balance: more than the available balance; payouts_not_available: the identity, bank account or availability does not allow payouts (the message says what is missing); or the input is not valid' } },
      schema: {
        tags, security, body: createPayoutInput, response: { 201: payoutCreated },
        description: `A payout of ${who}'s available balance to the activated bank account, in its currency; it starts pending.`,
      },
    }, async (req, reply) => reply.code(201).send(await payouts.createPayout(req.ctx, area, req.body)))

    app.get(`/${area}/payouts/:id`, {
      config, schema: { tags, security, params: idParam, response: { 200: payoutAnswer }, description: `One payout of ${who}.` },
    }, async (req) => payouts.getPayout(req.ctx, area, req.params.id))

    app.post(`/${area}/payouts/:id/cancel`, {
      config, schema: { tags, security, params: idParam, response: { 200: payoutAnswer }, description: 'Cancels a pending payout that is in no bank batch yet; the amount goes back to the balance.' },
    }, async (req) => payouts.cancelOwnPayout(req.ctx, area, req.params.id))

    app.get(`/${area}/payouts/:id/credit_memo`, {
      config, schema: { tags, security, params: idParam, produces: ['application/pdf'], description: 'The self-billing credit memo of a payout as PDF (publishers, team members and resellers; 404 for sellers).' },
    }, async (req, reply) => {
      const { filename, pdf } = await payouts.payoutMemo(req.ctx, area, req.params.id)
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'no-store').send(pdf)
    })

    app.get(`/${area}/payouts_settings`, {
      config, schema: { tags, security, response: { 200: payoutSettingsOutput }, description: 'The payout schedule, its minimum amount and currency, and the next payout day.' },
    }, async (req) => payouts.getSettings(req.ctx, area))

    app.put(`/${area}/payouts_settings`, {
      config, schema: { tags, security, body: updatePayoutSettingsInput, response: { 200: payoutSettingsOutput }, description: 'Sets the payout schedule: manual, weekly on a weekday, or monthly on day 1, 7, 14, 21 or 28.' },
    }, async (req) => payouts.updateSettings(req.ctx, area, req.body))
  }

  const admin = ['admin']

  app.get('/admin/payouts', {
    config, schema: { tags: admin, security, querystring: adminPayoutListQuery, response: { 200: listOfAdminPayouts }, description: 'Every party\'s payouts with their bank details, filtered.' },
  }, async (req) => payouts.adminListPayouts(req.ctx, req.query))

  app.post('/admin/payouts/:id/cancel', {
    config, schema: { tags: admin, security, params: idParam, body: cancelPayoutInput, response: { 200: payoutAnswer }, description: 'Cancels a pending payout or one the bank returned; the amount goes back to the balance and the party is mailed the reason.' },
  }, async (req) => payouts.adminCancelPayout(req.ctx, req.params.id, req.body))

  app.post('/admin/payouts/:id/successful', {
    config, schema: { tags: admin, security, params: idParam, response: { 200: payoutAnswer }, description: 'Confirms the bank paid an issued payout.' },
  }, async (req) => payouts.adminSettlePayout(req.ctx, req.params.id))

  app.get('/admin/payout_batches', {
    config, schema: { tags: admin, security, querystring: payoutBatchListQuery, response: { 200: listOfPayoutBatches }, description: 'The SEPA batches, newest first.' },
  }, async (req) => batches.listBatches(req.ctx, req.query))

  app.post('/admin/payout_batches', {
    config: { ...config, documentErrors: { 400: 'No payout to put in the batch, or the input is not valid' } },
    schema: { tags: admin, security, body: createPayoutBatchInput, response: { 201: payoutBatchAnswer }, description: 'A batch of the pending SEPA payouts of a currency that are in no batch yet (or of the named ones).' },
  }, async (req, reply) => reply.code(201).send(await batches.createBatch(req.ctx, req.body)))

  app.get('/admin/payout_batches/:id/file', {
    config: { ...config, documentErrors: { 409: 'The platform\'s payout account is not configured, or the bank refuses a field of the file' } }, schema: { tags: admin, security, params: idParam, produces: ['application/xml'], description: 'The batch\'s SEPA credit transfer file (pain.001.001.03); the same each time.' },
  }, async (req, reply) => {
    const { filename, xml } = await batches.batchFile(req.ctx, req.params.id)
    return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(xml)
  })

  app.post('/admin/payout_batches/:id/issued', {
    config, schema: { tags: admin, security, params: idParam, response: { 200: payoutBatchAnswer }, description: 'The file went to the bank: the batch\'s pending payouts become issued.' },
  }, async (req) => batches.markBatchIssued(req.ctx, req.params.id))

  app.post('/admin/payout_batches/:id/successful', {
    config, schema: { tags: admin, security, params: idParam, response: { 200: payoutBatchAnswer }, description: 'The bank confirmed the batch: its issued payouts become successful.' },
  }, async (req) => batches.markBatchSuccessful(req.ctx, req.params.id))
}
