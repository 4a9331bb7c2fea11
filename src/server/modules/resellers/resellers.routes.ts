import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  approvalIdParam, cancelApprovalInput, createResellerInput, listOfResellerSales, listOfResellers, rejectApprovalInput, requestResellerInput,
  resellerApprovalOutput, resellerHomeOutput, resellerListQuery, resellerOutput, resellerSalesQuery, sellerResellerPageOutput, sellingModeOutput,
  sellingPauseInput, updateResellerInput,
} from '../../../shared/schemas/resellers'
import { zIdParam } from '../../../shared/validation/storable'
import * as resellers from './resellers.service'

// /api/v1: resellers (docs/decisions/0051-resellers.md): the managers' list (/admin/resellers), the seller's
// reseller page (/cabinet/reseller*, with the reseller journey flag), and the reseller's area (/reseller/*,
// the signed-in reseller's own approvals and sales only; another's answer 404).

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }
const idParam = z.object({ id: zIdParam() })

export const resellersRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---------------------------------------------------------------- managers
  const admin = ['admin: resellers']
  app.get('/admin/resellers', {
    config, schema: { tags: admin, security, querystring: resellerListQuery, response: { 200: listOfResellers }, description: 'Every reseller, newest first.' },
  }, async (req) => resellers.listResellers(req.ctx, req.query))

  app.post('/admin/resellers', {
    config: { ...config, documentErrors: { 409: 'conflict: the user is a reseller already' } },
    schema: { tags: admin, security, body: createResellerInput, response: { 201: resellerOutput }, description: 'Makes an existing user (by email) a reseller with legal details and a standard fee; the user gets the reseller profile.' },
  }, async (req, reply) => reply.code(201).send(await resellers.createReseller(req.ctx, req.body)))

  app.patch('/admin/resellers/:id', {
    config, schema: { tags: admin, security, params: idParam, body: updateResellerInput, response: { 200: resellerOutput }, description: 'Changes the standard fee (new requests only) or (de)activates; deactivating ends its open approvals.' },
  }, async (req) => resellers.updateReseller(req.ctx, req.params.id, req.body))

  app.put('/admin/sellers/:id/selling_mode', {
    config, schema: { tags: admin, security, params: idParam, body: sellingPauseInput, response: { 200: sellingModeOutput }, description: 'Pauses (selling_none) or resumes a seller\'s selling.' },
  }, async (req) => resellers.setSellerPausedByManager(req.ctx, req.params.id, req.body))

  // ---------------------------------------------------------------- the seller
  const cabinet = ['resellers']
  app.get('/cabinet/reseller', {
    config: { ...config, documentErrors: { 403: 'feature_disabled: the reseller journey is off for this seller' } },
    schema: { tags: cabinet, security, response: { 200: sellerResellerPageOutput }, description: 'The selling mode, the reseller selling now, the active resellers with their standard fees, and the approvals.' },
  }, async (req) => resellers.sellerPage(req.ctx))

  app.post('/cabinet/reseller_approvals', {
    config: { ...config, documentErrors: { 409: 'reseller_approval_open: a request or agreement is open already' } },
    schema: { tags: cabinet, security, body: requestResellerInput, response: { 201: resellerApprovalOutput }, description: 'Asks an active reseller to sell for the seller, at its standard fee (frozen on the approval).' },
  }, async (req, reply) => reply.code(201).send(await resellers.requestReseller(req.ctx, req.body)))

  app.post('/cabinet/reseller_approvals/:id/cancel', {
    config, schema: { tags: cabinet, security, params: approvalIdParam, body: cancelApprovalInput, response: { 200: resellerApprovalOutput }, description: 'Withdraws a waiting request or ends an approved agreement; the seller sells by itself again.' },
  }, async (req) => resellers.cancelBySeller(req.ctx, req.params.id, req.body))

  app.put('/cabinet/selling_mode', {
    config, schema: { tags: cabinet, security, body: sellingPauseInput, response: { 200: sellingModeOutput }, description: 'Pauses selling (checkout refuses new orders; plans keep renewing) or resumes it.' },
  }, async (req) => resellers.setPaused(req.ctx, req.body))

  // ---------------------------------------------------------------- the reseller
  const area = ['reseller area']
  app.get('/reseller/home', {
    config, schema: { tags: area, security, response: { 200: resellerHomeOutput }, description: 'The reseller\'s details and its approvals: waiting requests first, then approved ones.' },
  }, async (req) => resellers.resellerHome(req.ctx))

  app.post('/reseller/approvals/:id/approve', {
    config, schema: { tags: area, security, params: approvalIdParam, response: { 200: resellerApprovalOutput }, description: 'Approves a waiting request: the reseller sells for the seller from now on.' },
  }, async (req) => resellers.approve(req.ctx, req.params.id))

  app.post('/reseller/approvals/:id/reject', {
    config, schema: { tags: area, security, params: approvalIdParam, body: rejectApprovalInput, response: { 200: resellerApprovalOutput }, description: 'Rejects a waiting request with a reason the seller reads.' },
  }, async (req) => resellers.reject(req.ctx, req.params.id, req.body))

  app.post('/reseller/approvals/:id/cancel', {
    config, schema: { tags: area, security, params: approvalIdParam, body: cancelApprovalInput, response: { 200: resellerApprovalOutput }, description: 'Ends an approved agreement; orders bought before keep their terms.' },
  }, async (req) => resellers.cancelByReseller(req.ctx, req.params.id, req.body))

  app.get('/reseller/sales', {
    config, schema: { tags: area, security, querystring: resellerSalesQuery, response: { 200: listOfResellerSales }, description: 'The orders the reseller sold for sellers, newest first, with its fee of each.' },
  }, async (req) => resellers.sales(req.ctx, req.query))
}
