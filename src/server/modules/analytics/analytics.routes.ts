import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  analyticsChartParams, analyticsChartResult, analyticsSetList, analyticsSetOutput, analyticsSetParams, runAnalyticsChartQuery, saveAnalyticsSetInput,
} from '../../../shared/schemas/analytics'
import * as analytics from './analytics.service'

// /api/v1/cabinet/analytics_sets (docs/decisions/0087-analytics-sets.md), behind the metabase_analytics_sets
// flag: the seller's saved sets of charts, a chart run for a period, and a chart's rows as CSV. Thin: parse, then the service.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const, feature: 'metabase_analytics_sets' as const }
const tags = ['analytics']
const periodNote = 'period: 7_days, 30_days, 90_days, 180_days, 365_days (today and the days before it, UTC) or custom with from and till (days, both included, at most 1098 days); '
  + 'without period, the chart\'s saved period. currency: only that currency.'

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/analytics_sets', {
    config: auth, schema: { tags, security, response: { 200: analyticsSetList }, description: 'The seller\'s analytics sets, by name.' },
  }, async (req) => analytics.listSets(req.ctx))

  app.post('/cabinet/analytics_sets', {
    config: { ...auth, documentErrors: { 422: 'validation_failed: a custom period without days or longer than 1098 days' } },
    schema: {
      tags, security, body: saveAnalyticsSetInput, response: { 201: analyticsSetOutput },
      description: 'Saves a named set of up to 12 charts, each with its kind (revenue_by_product, subscription_retention, refund_rates, affiliate_performance), '
        + 'period, bucket (day, week, month: revenue_by_product), currency (null: each currency on its own) and months (subscription_retention).',
    },
  }, async (req, reply) => reply.code(201).send(await analytics.createSet(req.ctx, req.body)))

  app.get('/cabinet/analytics_sets/:id', {
    config: { ...auth, documentErrors: { 404: 'not_found' } }, schema: { tags, security, params: analyticsSetParams, response: { 200: analyticsSetOutput } },
  }, async (req) => analytics.getSet(req.ctx, req.params.id))

  app.put('/cabinet/analytics_sets/:id', {
    config: { ...auth, documentErrors: { 404: 'not_found', 422: 'validation_failed' } },
    schema: { tags, security, params: analyticsSetParams, body: saveAnalyticsSetInput, response: { 200: analyticsSetOutput }, description: 'Replaces the set\'s name, description and charts.' },
  }, async (req) => analytics.updateSet(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/analytics_sets/:id', {
    config: { ...auth, documentErrors: { 404: 'not_found' } }, schema: { tags, security, params: analyticsSetParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    await analytics.deleteSet(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })

  app.get('/cabinet/analytics_sets/:id/charts/:chart', {
    config: { ...auth, documentErrors: { 404: 'not_found: no such set or chart', 422: 'validation_failed: a custom period longer than 1098 days' } },
    schema: {
      tags, security, params: analyticsChartParams, querystring: runAnalyticsChartQuery, response: { 200: analyticsChartResult },
      description: `Runs chart number \`chart\` (0 = the first) of the set over the seller's own data, per currency, amounts in minor units, shares in basis points. ${periodNote}`,
    },
  }, async (req) => analytics.runChart(req.ctx, req.params.id, req.params.chart, req.query))

  app.get('/cabinet/analytics_sets/:id/charts/:chart/export.csv', {
    config: { ...auth, documentErrors: { 404: 'not_found: no such set or chart' } },
    schema: {
      tags, security, params: analyticsChartParams, querystring: runAnalyticsChartQuery, produces: ['text/csv'],
      description: `The chart's rows as CSV: amounts in major units beside their currency, shares in percent. ${periodNote}`,
    },
  }, async (req, reply) => {
    const { filename, csv } = await analytics.chartCsv(req.ctx, req.params.id, req.params.chart, req.query)
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv)
  })
}
