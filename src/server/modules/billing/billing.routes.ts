import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { orderIdParams, payRateInput, payRateOutput, payRateParams, planActionInput, planActionOutput } from '../../../shared/schemas/billing'
import { cancelSubscriptionInput, managePaymentOutput, orderTokenParams } from '../../../shared/schemas/delivery'
import * as billing from './billing.service'
import * as cancel from './cancel-subscription.service'

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
    }, async (req) => cancel.cancelSubscription(req.ctx, req.params.id, as))

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

  app.post('/payer/orders/:token/cancel', {
    config, schema: { tags: ['payer'], security, params: orderTokenParams, body: cancelSubscriptionInput.optional(), response: { 200: managePaymentOutput } },
  }, async (req) => cancel.cancelSubscriptionAsPayer(req.ctx, req.params.token))

  // The dunning mails link to the manage page that offers "pay now" of an open rate.
  app.post('/payer/orders/:token/rates/:number/pay', {
    config, schema: { tags: ['payer'], security, params: payRateParams, body: payRateInput.nullish(), response: { 200: payRateOutput } },
  }, async (req) => billing.payRate(req.ctx, req.params.token, req.params.number))
}
