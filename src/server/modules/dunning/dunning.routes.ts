import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  claimHandoffOutput, claimHandoffsOutput, claimInkassoInput, claimListQuery, claimOutcomeInput, claimOutput, claimParams, claimWriteOffInput, dunningListQuery,
  dunningOutput, dunningSettingsInput, dunningSettingsOutput, handoffAnswerInput,
} from '../../../shared/schemas/dunning'
import { listOutput } from '../../../shared/schemas/lists'
import * as handoffs from './claim-handoffs.service'
import * as dunning from './dunning.service'

// Dunning and collection (docs/decisions/0027-dunning-and-claims.md): the seller's settings, dunning runs
// and claims; managers see every seller's claims with the court stages under /admin/claims.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
/** The seller's routes: behind the dunning flag (the managers' /admin/claims are not). */
const cabinet = { auth: 'required' as const, feature: 'dunning' as const }
const errorBody = z.object({ error: z.object({ message: z.string(), type: z.string() }).catchall(z.unknown()) })
const actionErrors = { 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody }

export const dunningRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dunning']
  const admin = ['admin']

  app.get('/cabinet/dunning_settings', {
    config: cabinet, schema: { tags, security, response: { 200: dunningSettingsOutput } },
  }, async (req) => dunning.getSettings(req.ctx))

  app.put('/cabinet/dunning_settings', {
    config: cabinet,
    schema: {
      tags, security, body: dunningSettingsInput, response: { 200: dunningSettingsOutput },
      description: 'retry_days: days after the first failure on which the charge is retried, each with a reminder mail; after the last failed retry the rate is debt and a claim opens.',
    },
  }, async (req) => dunning.saveSettings(req.ctx, req.body))

  app.get('/cabinet/dunnings', {
    config: cabinet, schema: { tags, security, querystring: dunningListQuery, response: { 200: listOutput(dunningOutput) }, description: 'counts=true adds counts per dunning_status.' },
  }, async (req) => dunning.listDunnings(req.ctx, req.query))

  app.get('/cabinet/claims', {
    config: cabinet,
    schema: {
      tags, security, querystring: claimListQuery, response: { 200: listOutput(claimOutput), 403: errorBody },
      description: 'Court stages (court, post_court) only for power sellers: others get 403 for them and see those claims as pre_court. counts=true adds counts per inkasso status and outcome (open: none yet).',
    },
  }, async (req) => dunning.listClaims(req.ctx, req.query))

  app.post('/cabinet/claims/:id/inkasso', {
    config: cabinet,
    schema: {
      tags, security, params: claimParams, body: claimInkassoInput, response: { 200: claimOutput, ...actionErrors },
      description: 'Moves the claim one inkasso stage. With status in_inkasso and a partner (inkasso, credit_reform_inkasso) the claim is handed over: '
        + 'its claim file (CSV) is sent by a job (strategy_status queued, then sent) and the partner\'s answers are recorded (see .../handoffs).',
    },
  }, async (req) => handoffs.setClaimInkasso(req.ctx, req.params.id, req.body))

  app.get('/cabinet/claims/:id/handoffs', {
    config: cabinet, schema: { tags, security, params: claimParams, response: { 200: claimHandoffsOutput, 403: errorBody, 404: errorBody }, description: 'The claim\'s hand-offs to collection partners, newest first, with their events (sent, accepted, rejected, paid, closed).' },
  }, async (req) => handoffs.listHandoffs(req.ctx, req.params.id))

  app.get('/cabinet/claims/:id/claim_file.csv', {
    config: cabinet, schema: { tags, security, params: claimParams, produces: ['text/csv'], description: 'The claim file of the latest hand-off (in export mode the seller sends it to the partner).' },
  }, async (req, reply) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="claim-${req.params.id}.csv"`)
    .send(await handoffs.claimFile(req.ctx, req.params.id)))

  app.post('/cabinet/claims/:id/outcome', {
    config: cabinet, schema: { tags, security, params: claimParams, body: claimOutcomeInput, response: { 200: claimOutput, ...actionErrors } },
  }, async (req) => dunning.setClaimOutcome(req.ctx, req.params.id, req.body))

  app.post('/cabinet/claims/:id/write_off', {
    config: cabinet,
    schema: {
      tags, security, params: claimParams, body: claimWriteOffInput, response: { 200: claimOutput, ...actionErrors },
      description: 'Writes off part (amount) or all of the open amount; all of it: the rate is skipped. No ledger rows: unpaid money never entered the ledger.',
    },
  }, async (req) => dunning.writeOffClaim(req.ctx, req.params.id, req.body))

  app.get('/admin/claims', {
    config: auth, schema: { tags: admin, security, querystring: claimListQuery, response: { 200: listOutput(claimOutput) } },
  }, async (req) => dunning.adminListClaims(req.ctx, req.query))

  app.post('/admin/claims/:id/inkasso', {
    config: auth, schema: { tags: admin, security, params: claimParams, body: claimInkassoInput, response: { 200: claimOutput, ...actionErrors } },
  }, async (req) => handoffs.adminSetClaimInkasso(req.ctx, req.params.id, req.body))

  app.get('/admin/claims/:id/handoffs', {
    config: auth, schema: { tags: admin, security, params: claimParams, response: { 200: claimHandoffsOutput, 403: errorBody, 404: errorBody } },
  }, async (req) => handoffs.adminListHandoffs(req.ctx, req.params.id))

  app.post('/admin/claims/:id/handoff_answers', {
    config: auth,
    schema: {
      tags: admin, security, params: claimParams, body: handoffAnswerInput, response: { 200: claimHandoffOutput, ...actionErrors },
      description: 'Records a collection partner\'s answer that came outside its API (export mode) on the claim\'s latest hand-off.',
    },
  }, async (req) => handoffs.adminRecordAnswer(req.ctx, req.params.id, req.body))

  app.post('/admin/claims/:id/outcome', {
    config: auth, schema: { tags: admin, security, params: claimParams, body: claimOutcomeInput, response: { 200: claimOutput, ...actionErrors } },
  }, async (req) => dunning.adminSetClaimOutcome(req.ctx, req.params.id, req.body))

  app.post('/admin/claims/:id/write_off', {
    config: auth, schema: { tags: admin, security, params: claimParams, body: claimWriteOffInput, response: { 200: claimOutput, ...actionErrors } },
  }, async (req) => dunning.adminWriteOffClaim(req.ctx, req.params.id, req.body))
}
