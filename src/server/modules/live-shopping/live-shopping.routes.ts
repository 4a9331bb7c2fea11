import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createLiveEventInput, liveEventAnswer, liveEventDetailAnswer, liveEventList, liveEventListQuery, liveEventParams, liveEventStateInput, updateLiveEventInput,
} from '../../../shared/schemas/live-shopping'
import * as liveShopping from './live-shopping.service'

// Live shopping (docs/decisions/0086-live-shopping-and-mobile-app.md): the seller's live events,
// /api/v1/cabinet/live_events, behind the live_shopping flag. The public page is the storefront's /live/{username}/{id}.

const security = [{ bearer: [] }]
const config = { auth: 'required' as const, feature: 'live_shopping' as const }
const tags = ['live shopping']

export const liveShoppingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/live_events', {
    config, schema: { tags, security, querystring: liveEventListQuery, response: { 200: liveEventList }, description: 'The seller\'s live events, latest start first (sort_dir asc: earliest first); by state; search by title.' },
  }, async (req) => liveShopping.listEvents(req.ctx, req.query))

  app.post('/cabinet/live_events', {
    config, schema: {
      tags, security, body: createLiveEventInput, response: { 201: liveEventAnswer },
      description: 'Schedules a live event: title, description, start and expected end, the stream\'s https address (YouTube, Vimeo, Loom and Wistia are embedded on the page, any other is linked) and 1 to 30 of the seller\'s published products.',
    },
  }, async (req, reply) => reply.code(201).send(await liveShopping.createEvent(req.ctx, req.body)))

  app.get('/cabinet/live_events/:id', {
    config: { ...config, documentErrors: { 404: 'not_found: no such live event' } },
    schema: { tags, security, params: liveEventParams, response: { 200: liveEventDetailAnswer }, description: 'One live event with the orders its buy buttons brought (orders with campaign_id live-{id}): count, paid count and revenue per currency.' },
  }, async (req) => liveShopping.getEvent(req.ctx, req.params.id))

  app.patch('/cabinet/live_events/:id', {
    config: { ...config, documentErrors: { 404: 'not_found: no such live event', 409: 'conflict: the event has ended or was cancelled' } },
    schema: { tags, security, params: liveEventParams, body: updateLiveEventInput, response: { 200: liveEventAnswer }, description: 'Changes a scheduled or live event (the products are replaced whole).' },
  }, async (req) => liveShopping.updateEvent(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/live_events/:id', {
    config: { ...config, documentErrors: { 404: 'not_found: no such live event', 409: 'conflict: the event is live' } },
    schema: { tags, security, params: liveEventParams, response: { 204: z.null().describe('No content') }, description: 'Deletes an event that is not live; its orders keep their campaign id.' },
  }, async (req, reply) => {
    await liveShopping.deleteEvent(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })

  app.post('/cabinet/live_events/:id/state', {
    config: { ...config, documentErrors: { 404: 'not_found: no such live event', 409: 'conflict: the transition is not allowed (scheduled -> live or cancelled, live -> ended)' } },
    schema: { tags, security, params: liveEventParams, body: liveEventStateInput, response: { 200: liveEventAnswer }, description: 'Goes live, ends or cancels the event (scheduled -> live -> ended; scheduled -> cancelled).' },
  }, async (req) => liveShopping.changeState(req.ctx, req.params.id, req.body))
}
