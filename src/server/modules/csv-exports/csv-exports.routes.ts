import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { zIdParam } from '../../../shared/validation/storable'
import { saveCsvExportInput, scheduledCsvExportOutput } from '../../../shared/schemas/csv-exports'
import * as csvExports from './csv-exports.service'

// /api/v1/cabinet/csv_exports: the seller's scheduled CSV exports (docs/decisions/0030-orders-list-detail-and-csv-exports.md).

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const params = z.object({ id: zIdParam() })
const errorBody = z.object({ error: z.object({ message: z.string(), type: z.string() }).catchall(z.unknown()) })

export const csvExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['csv exports']

  app.get('/cabinet/csv_exports', {
    config: auth, schema: { tags, security, response: { 200: z.object({ list: z.array(scheduledCsvExportOutput) }) } },
  }, async (req) => csvExports.listExports(req.ctx))

  app.post('/cabinet/csv_exports', {
    config: auth,
    schema: {
      tags, security, body: saveCsvExportInput, response: { 201: scheduledCsvExportOutput, 422: errorBody },
      description: 'Mails a list as CSV at 06:00 UTC: daily, weekly on day 1..7 (Monday = 1) or monthly on day 1..28, with the saved columns (all when empty), decimal separator (orders) and the list\'s filters. '
        + '`list`: orders (the default), order_rates, transfers, invoices, payment_tickets, payers, payouts; the actor needs the read right of that list.',
    },
  }, async (req, reply) => reply.code(201).send(await csvExports.createExport(req.ctx, req.body)))

  app.put('/cabinet/csv_exports/:id', {
    config: auth, schema: { tags, security, params, body: saveCsvExportInput, response: { 200: scheduledCsvExportOutput, 404: errorBody, 422: errorBody } },
  }, async (req) => csvExports.updateExport(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/csv_exports/:id', {
    config: auth, schema: { tags, security, params, response: { 204: z.null(), 404: errorBody } },
  }, async (req, reply) => {
    await csvExports.deleteExport(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })
}
