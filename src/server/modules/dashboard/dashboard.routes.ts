import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { checklistOutput, dashboardOutput, dashboardQuery } from '../../../shared/schemas/dashboard'
import * as dashboard from './dashboard.service'

/** GET /api/v1/cabinet/dashboard: the seller's figures for a period (default 90 days); /checklist: the start-selling steps. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/dashboard', {
    config: { auth: 'required' as const },
    schema: {
      tags: ['dashboard'], security: [{ bearer: [] }], querystring: dashboardQuery, response: { 200: dashboardOutput },
      description: 'Per currency: revenue, refunds, chargebacks and net; orders, new payers, upcoming (30 days) and overdue rates, the chart series (daily; weekly for 180 and 365 days) and the top products. Periods: 7_days, 30_days, 90_days (default), 180_days, 365_days.',
    },
  }, async (req) => dashboard.dashboard(req.ctx, req.query))

  app.get('/cabinet/dashboard/checklist', {
    config: { auth: 'required' as const },
    schema: {
      tags: ['dashboard'], security: [{ bearer: [] }], response: { 200: checklistOutput },
      description: 'The "start selling" steps of the seller, each done or not from the seller\'s data: confirm_email, profile, first_product, publish, view_shop, test_purchase.',
    },
  }, async (req) => dashboard.checklist(req.ctx))
}
