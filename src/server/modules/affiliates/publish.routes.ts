import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  affiliateIdParams, affiliateNodeAnswer, affiliateNodeList, affiliateNodeListQuery, affiliateProgramListQuery, affiliateStatisticsOutput, affiliateStatisticsQuery, marketplaceList,
  payoutsBalanceOutput, publisherDetailsInput, publisherDetailsOutput, publisherOrderList, publisherOrderListQuery, publisherTransferList,
  updateAffiliateNodeInput,
} from '../../../shared/schemas/affiliates'
import { listQuery } from '../../../shared/schemas/lists'
import * as nodes from './nodes.service'
import * as reads from './publisher-reads.service'
import * as publishers from './publishers.service'
import * as statistics from './statistics.service'

// /api/v1/publish/*: the publisher area (docs/decisions/0048-affiliates.md). Every route needs a publisher
// (or platform affiliate) profile; a publisher reads only their own nodes, orders and figures, never a payer's
// email or address.

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }

export const publishRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['publisher area']

  app.get('/publish/details', {
    config, schema: { tags, security, response: { 200: publisherDetailsOutput }, description: 'The publisher\'s details; the publisher row is made on first use.' },
  }, async (req) => publishers.getDetails(req.ctx))

  app.patch('/publish/details', {
    config,
    schema: { tags, security, body: publisherDetailsInput, response: { 200: publisherDetailsOutput }, description: 'Birthday (dd.mm.yyyy, 18 or older), website and which mails to get.' },
  }, async (req) => publishers.updateDetails(req.ctx, req.body))

  app.get('/publish/affiliate_nodes', {
    config, schema: { tags, security, querystring: affiliateNodeListQuery, response: { 200: affiliateNodeList }, description: 'The publisher\'s own participations with their link and recruitment link.' },
  }, async (req) => nodes.listPublisherNodes(req.ctx, req.query))

  app.patch('/publish/affiliate_nodes/:id', {
    config,
    schema: { tags, security, params: affiliateIdParams, body: updateAffiliateNodeInput, response: { 200: affiliateNodeAnswer }, description: 'The publisher ends their own participation (state canceled only).' },
  }, async (req) => nodes.cancelNodeByPublisher(req.ctx, req.params.id, req.body.state))

  app.get('/publish/affiliate_programs', {
    config, schema: { tags, security, querystring: affiliateProgramListQuery, response: { 200: marketplaceList }, description: 'The programs the publisher takes part in (requested or accepted).' },
  }, async (req) => reads.myPrograms(req.ctx, req.query))

  app.get('/publish/orders', {
    config, schema: { tags, security, querystring: publisherOrderListQuery, response: { 200: publisherOrderList }, description: 'Orders that pay the publisher a commission, with their commission; never the payer\'s data.' },
  }, async (req) => reads.listOrders(req.ctx, req.query))

  app.get('/publish/payouts_balance', {
    config, schema: { tags, security, response: { 200: payoutsBalanceOutput }, description: 'The balance per currency from the ledger: pending (on hold) and available.' },
  }, async (req) => reads.payoutsBalance(req.ctx))

  app.get('/publish/transfers', {
    config, schema: { tags, security, querystring: listQuery.strict(), response: { 200: publisherTransferList }, description: 'Every ledger movement of the publisher\'s balance.' },
  }, async (req) => reads.listTransfers(req.ctx, req.query))

  app.get('/publish/statistics', {
    config,
    schema: {
      tags, security, querystring: affiliateStatisticsQuery, response: { 200: affiliateStatisticsOutput },
      description: 'The publisher\'s clicks, sales and earnings per period; `group=affiliate` shows the publishers they recruited.',
    },
  }, async (req) => statistics.publisherStatistics(req.ctx, req.query))
}
