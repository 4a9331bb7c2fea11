import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { createShareInput, listOfShares, shareAnswer, shareListQuery, shareParams, updateShareInput } from '../../../shared/schemas/shares'
import * as shares from './shares.service'

// Multi-item shares (docs/decisions/0067-multi-item-shares.md): the seller's shared links, /api/v1/cabinet/item_shares.
// The public page is the storefront's /v/{username}/{slug}.

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }
const tags = ['item shares']

export const sharesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/item_shares', {
    config, schema: { tags, security, querystring: shareListQuery, response: { 200: listOfShares }, description: 'The seller\'s shared links, newest first; search by title; sort_key title, views or created_at.' },
  }, async (req) => shares.listShares(req.ctx, req.query))

  app.post('/cabinet/item_shares', {
    config, schema: { tags, security, body: createShareInput, response: { 201: shareAnswer }, description: 'Makes a link presenting the chosen products (1 to 30, each the seller\'s, published, not archived, without an access password) on one page.' },
  }, async (req, reply) => reply.code(201).send(await shares.createShare(req.ctx, req.body)))

  app.get('/cabinet/item_shares/:id', {
    config, schema: { tags, security, params: shareParams, response: { 200: shareAnswer }, description: 'One of the seller\'s shared links.' },
  }, async (req) => shares.getShare(req.ctx, req.params.id))

  app.patch('/cabinet/item_shares/:id', {
    config, schema: { tags, security, params: shareParams, body: updateShareInput, response: { 200: shareAnswer }, description: 'Changes the texts, the products (replaced whole) or the link\'s last part (the old link stops working).' },
  }, async (req) => shares.updateShare(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/item_shares/:id', {
    config, schema: { tags, security, params: shareParams, response: { 204: z.null().describe('No content') }, description: 'Archives the link: its page answers 404 from now on.' },
  }, async (req, reply) => {
    await shares.archiveShare(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })
}
