import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminRefundListQuery, adminRefundOutput, invoiceIdParams, invoiceListQuery, invoiceOutput, invoiceSettingsInput, invoiceSettingsOutput, payerInvoicesOutput, payerInvoicesQuery,
  transferListQuery, transferOutput,
} from '../../../shared/schemas/invoices'
import { listOutput } from '../../../shared/schemas/lists'
import * as invoices from './invoices.service'
import * as transfers from './transfers.service'

// Invoices and reversals (/cabinet/invoices), the numbering settings, the PDFs (seller and payer), and the
// seller's transfers (/cabinet/transfers). Another seller's or payer's invoice answers 404.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const errorBody = z.object({ error: z.object({ message: z.string(), type: z.string() }).catchall(z.unknown()) })

export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['invoices']

  app.get('/cabinet/invoices', {
    config: auth, schema: { tags, security, querystring: invoiceListQuery, response: { 200: listOutput(invoiceOutput) } },
  }, async (req) => invoices.listInvoices(req.ctx, req.query))

  app.get('/cabinet/invoices/export.csv', {
    config: auth, schema: { tags, security, querystring: invoiceListQuery, produces: ['text/csv'], description: 'The filtered invoices and reversals as CSV.' },
  }, async (req, reply) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="invoices.csv"')
    .send(await invoices.exportInvoicesCsv(req.ctx, req.query)))

  app.get('/cabinet/invoices/:id/pdf', {
    config: auth, schema: { tags, security, params: invoiceIdParams, produces: ['application/pdf'], description: 'The invoice or reversal as PDF; 404 for another seller\'s.' },
  }, async (req, reply) => {
    const { filename, pdf } = await invoices.sellerInvoicePdf(req.ctx, req.params.id)
    return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'no-store').send(pdf)
  })

  app.get('/cabinet/invoice_settings', {
    config: auth, schema: { tags, security, response: { 200: invoiceSettingsOutput } },
  }, async (req) => invoices.getInvoiceSettings(req.ctx))

  app.put('/cabinet/invoice_settings', {
    config: auth,
    schema: {
      tags, security, body: invoiceSettingsInput, response: { 200: invoiceSettingsOutput, 400: errorBody },
      description: 'Prefix, start number (once invoices exist only raisable to the next number or above), footer, mail to the payer.',
    },
  }, async (req) => invoices.saveInvoiceSettings(req.ctx, req.body))

  app.get('/payer/invoices', {
    config: auth, schema: { tags: ['payer'], security, querystring: payerInvoicesQuery, response: { 200: payerInvoicesOutput } },
  }, async (req) => invoices.payerInvoices(req.ctx, req.query.seller_id))

  app.get('/payer/invoices/:id/pdf', {
    config: auth, schema: { tags: ['payer'], security, params: invoiceIdParams, produces: ['application/pdf'], description: 'The payer\'s own invoice as PDF; 404 otherwise.' },
  }, async (req, reply) => {
    const { filename, pdf } = await invoices.payerInvoicePdf(req.ctx, req.params.id)
    return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'no-store').send(pdf)
  })

  app.get('/cabinet/transfers', {
    config: auth, schema: { tags: ['transfers'], security, querystring: transferListQuery, response: { 200: listOutput(transferOutput) } },
  }, async (req) => transfers.listTransfers(req.ctx, req.query))

  app.get('/admin/refunds', {
    config: auth,
    schema: {
      tags: ['admin'], security, querystring: adminRefundListQuery, response: { 200: listOutput(adminRefundOutput) },
      description: 'Every seller\'s refunds and chargebacks (managers), newest first: the transfers\' filters (state, transferable_type refund or chargeback, provider, order_id, product_id, amounts, times, query) and seller_id.',
    },
  }, async (req) => transfers.listAllRefunds(req.ctx, req.query))

  app.get('/cabinet/transfers/export.csv', {
    config: auth, schema: { tags: ['transfers'], security, querystring: transferListQuery, produces: ['text/csv'], description: 'The filtered transfers as CSV.' },
  }, async (req, reply) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="transfers.csv"')
    .send(await transfers.exportTransfersCsv(req.ctx, req.query)))
}
