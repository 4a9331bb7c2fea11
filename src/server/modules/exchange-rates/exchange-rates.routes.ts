import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { exchangeRatesStatusOutput } from '../../../shared/schemas/exchange-rates'
import * as exchangeRates from './exchange-rates.service'

/**
 * /api/v1/admin/exchange_rates: the stored rates and the refresh log, and a refresh on demand (README.md).
 * The source itself is a platform setting (PATCH /admin/platform_settings).
 */
export const exchangeRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { auth: 'required' as const }
  const security = [{ bearer: [] }]
  const tags = ['admin']

  app.get('/admin/exchange_rates', {
    config,
    schema: {
      tags, security, response: { 200: exchangeRatesStatusOutput },
      description: 'The stored exchange rates (units per 1 EUR) with their age and whether a checkout may use them (not older than the maximum age), and the last ten refreshes. Managers only.',
    },
  }, async (req) => exchangeRates.ratesStatus(req.ctx))

  app.post('/admin/exchange_rates/refresh', {
    config,
    schema: {
      tags, security, response: { 200: exchangeRatesStatusOutput },
      description: 'Reads the configured source now (the central bank or the file) and answers the status; a failure keeps the previous rates and is the newest refresh\'s `error`. Source `off` reads nothing. Managers only.',
    },
  }, async (req) => exchangeRates.refreshRatesNow(req.ctx))
}
