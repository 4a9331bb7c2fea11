import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { orderIdParams, planActionInput, planActionOutput } from '../../../shared/schemas/billing'
import * as billing from './billing.service'

// The billing engine's routes (decision 0026): the seller's and the manager's plan actions on an order
// (cancel, pause, resume) and the manager's test clock (TEST_CLOCK=on only; 404 when off). Thin: parse,
// then the service.

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }]
  const config = { auth: 'required' as const }
  const body = planActionInput.nullish()

  for (const [prefix, as, tags] of [['/cabinet', 'seller', ['orders']], ['/admin', 'manager', ['admin']]] as const) {
    app.post(`${prefix}/orders/:id/cancel`, {
      config, schema: { tags: [...tags], security, params: orderIdParams, body, response: { 200: planActionOutput }, description: 'Stops a running subscription or installment plan: no charge after it.' },
    }, async (req) => billing.cancelOrderPlan(req.ctx, req.params.id, as))

    app.post(`${prefix}/orders/:id/pause`, {
      config, schema: { tags: [...tags], security, params: orderIdParams, body, response: { 200: planActionOutput }, description: 'Pauses a running plan: nothing is charged while paused.' },
    }, async (req) => billing.pauseOrderPlan(req.ctx, req.params.id, as))

    app.post(`${prefix}/orders/:id/resume`, {
      config, schema: {
        tags: [...tags], security, params: orderIdParams, body, response: { 200: planActionOutput },
        description: 'Resumes a paused plan. Subscriptions skip the charges that fell due while paused; installment plans charge them at the next run.',
      },
    }, async (req) => billing.resumeOrderPlan(req.ctx, req.params.id, as))
  }
}
