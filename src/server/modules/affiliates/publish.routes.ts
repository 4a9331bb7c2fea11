import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  affiliateIdParams, affiliateNodeAnswer, creditMemoList, embeddableItemInput, embeddableItemList, embeddableItemOutput, affiliateNodeList, affiliateNodeListQuery, affiliateProgramListQuery, affiliateStatisticsOutput, affiliateStatisticsQuery, marketplaceList,
  publisherDetailsInput, publisherDetailsOutput, publisherOrderList, publisherOrderListQuery, publisherTransferList,
  updateAffiliateNodeInput, updateEmbeddableItemInput,
} from '../../../shared/schemas/affiliates'
import { listQuery } from '../../../shared/schemas/lists'
import { z } from 'zod'
import * as memos from './credit-memos.service'
import * as items from './embeddable-items.service'
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

  const itemTags = ['publisher area: embeddable items']
  app.get('/publish/embeddable_items', {
    config, schema: { tags: itemTags, security, querystring: listQuery.strict(), response: { 200: embeddableItemList }, description: 'The publisher\'s product cards and buy buttons.' },
  }, async (req) => items.listItems(req.ctx, req.query))

  app.post('/publish/embeddable_items', {
    config,
    schema: {
      tags: itemTags, security, body: embeddableItemInput, response: { 201: embeddableItemOutput },
      description: 'A product card or buy button for another site: one of the publisher\'s accepted participations and a product of its program; `snippet` is the HTML to paste.',
    },
  }, async (req, reply) => reply.code(201).send(await items.createItem(req.ctx, req.body)))

  app.get('/publish/embeddable_items/:id', {
    config, schema: { tags: itemTags, security, params: affiliateIdParams, response: { 200: embeddableItemOutput } },
  }, async (req) => items.getItem(req.ctx, req.params.id))

  app.patch('/publish/embeddable_items/:id', {
    config, schema: { tags: itemTags, security, params: affiliateIdParams, body: updateEmbeddableItemInput, response: { 200: embeddableItemOutput } },
  }, async (req) => items.updateItem(req.ctx, req.params.id, req.body))

  app.delete('/publish/embeddable_items/:id', {
    config, schema: { tags: itemTags, security, params: affiliateIdParams, response: { 204: z.null().describe('No content') } },
  }, async (req, reply) => {
    await items.deleteItem(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })

  app.get('/publish/credit_memos', {
    config, schema: { tags, security, querystring: listQuery.strict(), response: { 200: creditMemoList }, description: 'The publisher\'s monthly credit memos, one per seller and currency (made for months that have ended).' },
  }, async (req) => memos.listMemos(req.ctx, 'publish', req.query))

  app.get('/publish/credit_memos/:id/pdf', {
    config, schema: { tags, security, params: affiliateIdParams, produces: ['application/pdf'], description: 'A credit memo as PDF; 404 for another publisher\'s.' },
  }, async (req, reply) => {
    const { filename, pdf } = await memos.memoPdf(req.ctx, 'publish', req.params.id)
    return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'no-store').send(pdf)
  })
}
