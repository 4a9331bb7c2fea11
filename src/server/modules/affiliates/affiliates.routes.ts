import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  acceptAffiliateProgramInput, affiliateClickInput, affiliateIdParams, affiliateNodeAnswer, affiliateNodeList, affiliateNodeListQuery,
  affiliateProgramAnswer, affiliateProgramList, creditMemoList, affiliateStatisticsOutput, affiliateStatisticsQuery, affiliateProgramListQuery, createAffiliateProgramInput, marketplaceList, marketplaceQuery,
  platformAffiliateClickInput, productAffiliateProgramInput, publicAffiliateProgramAnswer, updateAffiliateNodeInput, updateAffiliateProgramInput,
} from '../../../shared/schemas/affiliates'
import type { AppDeps } from '../../deps'
import { listQuery } from '../../../shared/schemas/lists'
import * as memos from './credit-memos.service'
import * as marketplace from './marketplace.service'
import * as nodes from './nodes.service'
import * as programs from './programs.service'
import * as statistics from './statistics.service'

// The seller's affiliate programs and participations (/cabinet), the public program page, the marketplace
// and clicks (/common), and the platform affiliates' clicks (/app) (docs/decisions/0048-affiliates.md). The
// publisher area is publish.routes.ts.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const noContent = z.null().describe('No content')

export const affiliatesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['affiliates']
  // Public posts: the global limit's numbers, on even when the global limit is only per route.
  const clickLimit = deps.config.RATE_LIMIT === 'off' ? false as const : { max: deps.config.RATE_LIMIT_MAX, timeWindow: deps.config.RATE_LIMIT_WINDOW_SECONDS * 1000 }

  app.post('/cabinet/affiliate_programs', {
    config: auth,
    schema: {
      tags, security, body: createAffiliateProgramInput, response: { 201: affiliateProgramAnswer },
      description: 'A new affiliate program: whole percents per level (1 to 5 levels, at most 100 together). A product of another program of the seller moves into this one; another seller\'s product is a 400.',
    },
  }, async (req, reply) => reply.code(201).send(await programs.createProgram(req.ctx, req.body)))

  app.get('/cabinet/affiliate_programs', {
    config: auth,
    schema: { tags, security, querystring: affiliateProgramListQuery, response: { 200: affiliateProgramList }, description: 'The seller\'s programs; `archived=true` lists the archived ones.' },
  }, async (req) => programs.listPrograms(req.ctx, req.query))

  app.get('/cabinet/affiliate_programs/:id', {
    config: auth, schema: { tags, security, params: affiliateIdParams, response: { 200: affiliateProgramAnswer } },
  }, async (req) => programs.getProgram(req.ctx, req.params.id))

  app.patch('/cabinet/affiliate_programs/:id', {
    config: auth,
    schema: { tags, security, params: affiliateIdParams, body: updateAffiliateProgramInput, response: { 200: affiliateProgramAnswer }, description: 'Any field; the merged program is checked with the create rules (422 otherwise).' },
  }, async (req) => programs.updateProgram(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/affiliate_programs/:id', {
    config: auth,
    schema: { tags, security, params: affiliateIdParams, response: { 204: noContent }, description: 'Archives the program: it attributes no new sale and leaves the marketplace; nodes and booked commissions stay.' },
  }, async (req, reply) => {
    await programs.archiveProgram(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })

  app.put('/cabinet/products/:id/affiliate_program', {
    config: auth,
    schema: {
      tags, security, params: affiliateIdParams, body: productAffiliateProgramInput, response: { 200: productAffiliateProgramInput.strip() },
      description: 'The product wizard\'s market upsell step: the product joins one of the seller\'s programs (leaving any other), or none with null.',
    },
  }, async (req) => programs.setProductProgram(req.ctx, req.params.id, req.body.affiliate_program_id))

  app.get('/cabinet/affiliate_nodes', {
    config: auth,
    schema: { tags, security, querystring: affiliateNodeListQuery, response: { 200: affiliateNodeList }, description: 'The publishers of the seller\'s programs (one row per participation).' },
  }, async (req) => nodes.listSellerNodes(req.ctx, req.query))

  app.patch('/cabinet/affiliate_nodes/:id', {
    config: auth,
    schema: {
      tags, security, params: affiliateIdParams, body: updateAffiliateNodeInput, response: { 200: affiliateNodeAnswer },
      description: 'Accept or reject a request, or end a participation (src/shared/states/affiliate-node.ts; 409 for a change the table forbids). Another seller\'s node answers 404.',
    },
  }, async (req) => nodes.updateNodeBySeller(req.ctx, req.params.id, req.body.state))

  app.get('/cabinet/affiliate_statistics', {
    config: auth,
    schema: {
      tags, security, querystring: affiliateStatisticsQuery, response: { 200: affiliateStatisticsOutput },
      description: 'Clicks, sales (orders with a commission booked) and commissions paid out by the seller\'s programs, per period and by program, product or publisher (default: the last 30 days).',
    },
  }, async (req) => statistics.sellerStatistics(req.ctx, req.query))

  app.get('/cabinet/credit_memos', {
    config: auth,
    schema: { tags, security, querystring: listQuery.strict(), response: { 200: creditMemoList }, description: 'The credit memos the seller issued to publishers, one per publisher, month and currency.' },
  }, async (req) => memos.listMemos(req.ctx, 'cabinet', req.query))

  app.get('/cabinet/credit_memos/:id/pdf', {
    config: auth, schema: { tags, security, params: affiliateIdParams, produces: ['application/pdf'], description: 'A credit memo as PDF; 404 for another seller\'s.' },
  }, async (req, reply) => {
    const { filename, pdf } = await memos.memoPdf(req.ctx, 'cabinet', req.params.id)
    return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'no-store').send(pdf)
  })

  app.get('/common/affiliate_programs/:id', {
    config: { auth: 'optional' },
    schema: { tags, params: affiliateIdParams, response: { 200: publicAffiliateProgramAnswer }, description: 'What a publisher reads before joining; `my_node` when a publisher is signed in.' },
  }, async (req) => nodes.publicProgram(req.ctx, req.params.id))

  app.post('/common/affiliate_programs/:id/accept', {
    config: auth,
    schema: {
      tags, security, params: affiliateIdParams, body: acceptAffiliateProgramInput, response: { 201: affiliateNodeAnswer },
      description: 'A publisher joins: requested, or accepted with auto_accept. The birthday is needed once (400 birthday_required when unknown). `recruited_by` is another accepted publisher\'s node token of this program.',
    },
  }, async (req, reply) => reply.code(201).send(await nodes.acceptProgram(req.ctx, req.params.id, req.body)))

  app.get('/common/affiliate_marketplace', {
    schema: { tags, querystring: marketplaceQuery, response: { 200: marketplaceList }, description: 'Listed programs of active sellers, by program, product or seller.' },
  }, async (req) => marketplace.marketplace(req.ctx, req.query))

  app.post('/common/affiliate_clicks', {
    config: { rateLimit: clickLimit },
    schema: { tags, body: affiliateClickInput, response: { 204: noContent }, description: 'A click on a publisher\'s link; an unknown token records nothing and answers 204 all the same.' },
  }, async (req, reply) => {
    await nodes.recordClick(req.ctx.deps, { token: req.body.token, productId: req.body.product_id ?? null, source: req.body.source })
    return reply.code(204).send(null)
  })

  app.post('/app/ablefy_affiliate_affiliate_clicks', {
    config: { rateLimit: clickLimit },
    schema: { tags, body: platformAffiliateClickInput, response: { 204: noContent }, description: 'A click on a platform affiliate\'s link to this platform.' },
  }, async (req, reply) => {
    await nodes.recordPlatformClick(req.ctx, req.body.elo_publisher_id)
    return reply.code(204).send(null)
  })
}
