import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createFunnelInput, funnelDetailOutput, funnelListOutput, funnelListQuery, funnelParams, funnelStatsOutput, saveFunnelNodesInput, updateFunnelInput,
} from '../../../shared/schemas/funnels'
import * as funnels from './funnels.service'

// /api/v1/cabinet/funnels: the seller's funnels, their nodes and their conversion figures (docs/decisions/0066-funnels.md).

export const funnelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { auth: 'required' as const, feature: 'funnels' as const }
  const security = [{ bearer: [] }]
  const tags = ['funnels']
  const refused = { 409: 'conflict: the funnel is archived' }

  app.get('/cabinet/funnels', {
    config, schema: { tags, security, querystring: funnelListQuery, response: { 200: funnelListOutput }, description: 'The seller\'s funnels, newest first; filters state, query (name).' },
  }, async (req) => funnels.listFunnels(req.ctx, req.query))

  app.post('/cabinet/funnels', {
    config, schema: { tags, security, body: createFunnelInput, response: { 201: funnelDetailOutput }, description: 'A new funnel, optionally with the products that lead into it and its nodes (the first node is where it starts).' },
  }, async (req, reply) => reply.code(201).send(await funnels.createFunnel(req.ctx, req.body)))

  app.get('/cabinet/funnels/:id', {
    config, schema: { tags, security, params: funnelParams, response: { 200: funnelDetailOutput }, description: 'The funnel with its nodes in editor order.' },
  }, async (req) => funnels.getFunnel(req.ctx, req.params.id))

  app.patch('/cabinet/funnels/:id', {
    config: { ...config, documentErrors: refused },
    schema: { tags, security, params: funnelParams, body: updateFunnelInput, response: { 200: funnelDetailOutput }, description: 'Renames the funnel or sets the products that lead into it (a product leaves any other funnel).' },
  }, async (req) => funnels.updateFunnel(req.ctx, req.params.id, req.body))

  app.put('/cabinet/funnels/:id/nodes', {
    config: { ...config, documentErrors: refused },
    schema: {
      tags, security, params: funnelParams, body: saveFunnelNodesInput, response: { 200: funnelDetailOutput },
      description: 'Replaces the nodes. accept and decline name another node by its place in the list (null: the end); no cycles, at most 20 nodes; '
        + 'an offer names a published product of the seller with one of its active plans (422 validation_failed with the node\'s path otherwise).',
    },
  }, async (req) => funnels.saveNodes(req.ctx, req.params.id, req.body.nodes))

  app.get('/cabinet/funnels/:id/stats', {
    config, schema: { tags, security, params: funnelParams, response: { 200: funnelStatsOutput }, description: 'Per node: views, accepts, declines and the revenue of the paid accepted orders per currency (minor units).' },
  }, async (req) => funnels.funnelStats(req.ctx, req.params.id))

  app.delete('/cabinet/funnels/:id', {
    config: { ...config, documentErrors: { 409: 'conflict: the funnel is archived already' } },
    schema: { tags, security, params: funnelParams, response: { 200: funnelDetailOutput }, description: 'Archives the funnel: no product leads into it any more; its orders and figures stay.' },
  }, async (req) => funnels.archiveFunnel(req.ctx, req.params.id))
}
