import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { listOutput } from '../../../shared/schemas/lists'
import {
  checkInInput, checkInOutput, paymentTicketCodeParams, paymentTicketListQuery, paymentTicketOverviewOutput, sellerPaymentTicketOutput,
} from '../../../shared/schemas/payment-tickets'
import { checkInTicket } from './check-in-ticket.service'
import * as paymentTickets from './payment-tickets.service'

// Payment tickets: the seller's lists (/cabinet/payment_tickets/overview and /details in the cabinet read
// these), the CSV export, check-in for scanners and the check-in page, and the public ticket files whose
// only secret is the code (the links in the payer's mail and payer area).

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const errorBody = z.object({ error: z.object({ message: z.string(), type: z.string() }).catchall(z.unknown()) })

export const paymentTicketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payment tickets']

  app.get('/cabinet/payment_tickets', {
    config: auth, schema: { tags, security, querystring: paymentTicketListQuery, response: { 200: listOutput(sellerPaymentTicketOutput) } },
  }, async (req) => paymentTickets.listPaymentTickets(req.ctx, req.query))

  app.get('/cabinet/payment_tickets/overview', {
    config: auth, schema: { tags, security, response: { 200: paymentTicketOverviewOutput } },
  }, async (req) => paymentTickets.overview(req.ctx))

  app.get('/cabinet/payment_tickets/export.csv', {
    config: auth, schema: { tags, security, querystring: paymentTicketListQuery, produces: ['text/csv'], description: 'The filtered tickets as CSV with the spec columns.' },
  }, async (req, reply) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="payment_tickets.csv"')
    .send(await paymentTickets.exportPaymentTicketsCsv(req.ctx, req.query)))

  app.post('/cabinet/payment_tickets/check_in', {
    config: auth,
    schema: {
      tags, security, body: checkInInput,
      description: 'Admits a ticket once. 409 already_used carries the first used_at; 409 ticket_not_valid the state; 404 for an unknown code or another seller\'s.',
      response: { 200: checkInOutput, 404: errorBody, 409: errorBody },
    },
  }, async (req) => checkInTicket(req.ctx, req.body))

  app.get('/common/payment_tickets/:code/qr.png', { schema: { tags, params: paymentTicketCodeParams, produces: ['image/png'] } },
    async (req, reply) => reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=3600')
      .send(await paymentTickets.publicQr(req.ctx, req.params.code)))

  app.get('/common/payment_tickets/:code/ticket.pdf', { schema: { tags, params: paymentTicketCodeParams, produces: ['application/pdf'] } },
    async (req, reply) => reply.header('content-type', 'application/pdf').header('content-disposition', 'inline; filename="ticket.pdf"')
      .header('cache-control', 'no-store').send(await paymentTickets.publicPdf(req.ctx, req.params.code)))

  app.get('/common/payment_tickets/:code/event.ics', { schema: { tags, params: paymentTicketCodeParams, produces: ['text/calendar'] } },
    async (req, reply) => reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="event.ics"')
      .header('cache-control', 'no-store').send(await paymentTickets.publicIcs(req.ctx, req.params.code)))
}
