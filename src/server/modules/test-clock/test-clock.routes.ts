import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { advanceTestClockInput, advanceTestClockOutput, testClockOutput } from '../../../shared/schemas/billing'
import * as testClock from './test-clock.service'

// The manager's test clock (TEST_CLOCK=on only; 404 when off, decision 0026). Thin: parse, then the service.

export const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }]
  const config = { auth: 'required' as const }

  app.get('/admin/test_clock', { config: { ...config, documentErrors: { 404: 'The test clock is off (TEST_CLOCK is not on)' } }, schema: { tags: ['admin'], security, response: { 200: testClockOutput } } },
    async (req) => testClock.testClockStatus(req.ctx))

  app.post('/admin/test_clock/advance', {
    config, schema: {
      tags: ['admin'], security, body: advanceTestClockInput, response: { 200: advanceTestClockOutput },
      description: 'Moves the billing test clock forward day by day and answers once every charge, retry and expiry due by then has run.',
    },
  }, async (req) => testClock.advanceTestClock(req.ctx, req.body.days))
}
