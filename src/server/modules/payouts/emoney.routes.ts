import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { receiveHook } from './emoney.service'

// The e-money provider's hook notifications (docs/decisions/0049-money-out.md "Rails"). The provider calls
// a GET with the event's type, the id of what changed and when; it signs nothing, so the answer only
// enqueues a job that fetches the resource from the provider's API and applies what the API says. The
// provider wants a 200 within two seconds, hence the job.

const hookQuery = z.object({
  EventType: z.string().regex(/^[A-Z0-9_]{1,80}$/),
  /** The provider's spelling. */
  RessourceId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  Date: z.coerce.number().int().min(0).max(2 ** 40).optional(),
})

export const emoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/hooks/emoney', {
    schema: {
      tags: ['hooks'], security: [], querystring: hookQuery,
      description: 'The e-money provider\'s notification that a document, user or payout changed. Public; nothing in it is trusted: '
        + 'the resource is fetched from the provider by a job. `received` is false for an event type the platform ignores or when the provider is off.',
      response: { 200: z.object({ received: z.boolean() }) },
    },
  }, async (req) => receiveHook(req.ctx, { eventType: req.query.EventType, resourceId: req.query.RessourceId, date: req.query.Date }))
}
