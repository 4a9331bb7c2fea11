import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { productParams } from '../../../shared/schemas/catalog'
import { ticketDesignInput, ticketDesignOutput } from '../../../shared/schemas/ticket-designs'
import * as ticketDesigns from './ticket-designs.service'

// /api/v1/cabinet/products/:id/ticket_design: the ticket design of an eventTickets product and its PDF
// preview. The payment tickets themselves arrive with the delivery.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tickets']

  app.get('/cabinet/products/:id/ticket_design', { config: auth, schema: { tags, security, params: productParams, response: { 200: ticketDesignOutput } } },
    async (req) => ticketDesigns.getDesign(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/ticket_design', { config: auth, schema: { tags, security, params: productParams, body: ticketDesignInput, response: { 200: ticketDesignOutput } } },
    async (req) => ticketDesigns.saveDesign(req.ctx, req.params.id, req.body))

  app.get('/cabinet/products/:id/ticket_design/preview.pdf', { config: auth, schema: { tags, security, params: productParams, produces: ['application/pdf'] } },
    async (req, reply) => reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline; filename="ticket-preview.pdf"')
      .header('cache-control', 'no-store')
      .send(await ticketDesigns.previewPdf(req.ctx, req.params.id)))
}
