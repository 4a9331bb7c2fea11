import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  cabinetCommunityPostAnswer, cabinetCommunityPostsOutput, cabinetCommunityPostsQuery, communityCommentAnswer, communityCommentInput,
  communityIdParams, communityPostAnswer, communityPostInput, communityPostParams, communityProductParams, communitySettingsAnswer,
  communitySettingsListOutput, moderateCommentInput, moderatePostInput, payerCommunityListOutput, payerCommunityPostsOutput, payerCommunityPostsQuery,
  updateCommunityInput,
} from '../../../shared/schemas/community'
import * as community from './community.service'

// A membership's community (docs/decisions/0083-community.md): the members' routes under /payer/communities (a
// signed-in payer with a current membership) and the seller's under /cabinet/community (behind the community flag:
// settings per membership product, the review queue, moderation).

const security = [{ bearer: [] }]
const payer = { auth: 'required' as const }
const cabinet = { auth: 'required' as const, feature: 'community' as const }
const payerTags = ['community (members)']
const tags = ['community']
const memberErrors = { documentErrors: { 403: 'feature_disabled: the seller\'s community is off; forbidden: no current membership', 404: 'not_found: no such community' } }

export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/payer/communities', {
    config: payer,
    schema: { tags: payerTags, security, response: { 200: payerCommunityListOutput }, description: 'The communities of the memberships the payer holds now (switched on by their sellers).' },
  }, async (req) => community.payerCommunities(req.ctx))

  app.get('/payer/communities/:product_id/posts', {
    config: { ...payer, ...memberErrors },
    schema: {
      tags: payerTags, security, params: communityProductParams, querystring: payerCommunityPostsQuery, response: { 200: payerCommunityPostsOutput },
      description: 'The community\'s published posts, pinned first, then newest, each with its published comments; the member\'s own posts waiting for review or rejected are listed too.',
    },
  }, async (req) => community.memberPosts(req.ctx, req.params.product_id, req.query))

  app.post('/payer/communities/:product_id/posts', {
    config: { ...payer, ...memberErrors },
    schema: {
      tags: payerTags, security, params: communityProductParams, body: communityPostInput, response: { 201: communityPostAnswer },
      description: 'A member\'s post (plain text; markup is removed). Where the seller reviews new posts it waits (pending) and the seller is notified; otherwise it is published at once. At most 20 posts and comments per member in 10 minutes (429).',
    },
  }, async (req, reply) => reply.code(201).send(await community.createPost(req.ctx, req.params.product_id, req.body.body)))

  app.post('/payer/communities/:product_id/posts/:post_id/comments', {
    config: { ...payer, ...memberErrors },
    schema: {
      tags: payerTags, security, params: communityPostParams, body: communityCommentInput, response: { 201: communityCommentAnswer },
      description: 'A member\'s comment on a published post (plain text), shown at once.',
    },
  }, async (req, reply) => reply.code(201).send(await community.createComment(req.ctx, req.params.product_id, req.params.post_id, req.body.body)))

  app.get('/cabinet/community', {
    config: cabinet,
    schema: { tags, security, response: { 200: communitySettingsListOutput }, description: 'Every membership product with its community\'s settings, posts per state and comments; pending_count: posts waiting for review.' },
  }, async (req) => community.listCommunities(req.ctx))

  app.put('/cabinet/community/:product_id', {
    config: { ...cabinet, documentErrors: { 404: 'not_found: no such membership product' } },
    schema: { tags, security, params: communityProductParams, body: updateCommunityInput, response: { 200: communitySettingsAnswer }, description: 'Switches the membership product\'s community on or off and sets whether new posts wait for review.' },
  }, async (req) => community.updateCommunity(req.ctx, req.params.product_id, req.body))

  app.get('/cabinet/community/posts', {
    config: cabinet,
    schema: { tags, security, querystring: cabinetCommunityPostsQuery, response: { 200: cabinetCommunityPostsOutput }, description: 'The posts of the seller\'s communities with all their comments, by product and state; state=pending is the review queue, oldest first.' },
  }, async (req) => community.listPosts(req.ctx, req.query))

  app.post('/cabinet/community/posts/:id/moderate', {
    config: { ...cabinet, documentErrors: { 404: 'not_found: no such post', 409: 'conflict: the post\'s state does not allow it' } },
    schema: { tags, security, params: communityIdParams, body: moderatePostInput, response: { 200: cabinetCommunityPostAnswer }, description: 'approve or reject a waiting post, hide a published post or show a hidden one, pin or unpin a published post.' },
  }, async (req) => community.moderatePost(req.ctx, req.params.id, req.body.action))

  app.delete('/cabinet/community/posts/:id', {
    config: { ...cabinet, documentErrors: { 404: 'not_found: no such post' } },
    schema: { tags, security, params: communityIdParams, response: { 204: z.null().describe('No content') }, description: 'Deletes the post with its comments.' },
  }, async (req, reply) => {
    await community.deletePost(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })

  app.post('/cabinet/community/comments/:id/moderate', {
    config: { ...cabinet, documentErrors: { 404: 'not_found: no such comment', 409: 'conflict: the comment is hidden or shown already' } },
    schema: { tags, security, params: communityIdParams, body: moderateCommentInput, response: { 200: communityCommentAnswer }, description: 'Hides a comment from the members or shows it again.' },
  }, async (req) => community.moderateComment(req.ctx, req.params.id, req.body.action))

  app.delete('/cabinet/community/comments/:id', {
    config: { ...cabinet, documentErrors: { 404: 'not_found: no such comment' } },
    schema: { tags, security, params: communityIdParams, response: { 204: z.null().describe('No content') }, description: 'Deletes a comment.' },
  }, async (req, reply) => {
    await community.deleteComment(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })
}
