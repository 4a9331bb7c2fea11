import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { productParams } from '../../../shared/schemas/catalog'
import { certificateDesignInput, certificateDesignOutput, certificatePreviewQuery } from '../../../shared/schemas/certificates'
import { certificateIssueRoutes } from './certificate-issue.routes'
import * as certificates from './certificates.service'

// /api/v1/cabinet/products/:id/certificate_design: the design of a certificate product and its PDF preview;
// a course's certificate (its design) can be removed.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }

export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['certificates']
  await app.register(certificateIssueRoutes)

  app.get('/cabinet/products/:id/certificate_design', { config: auth, schema: { tags, security, params: productParams, response: { 200: certificateDesignOutput } } },
    async (req) => certificates.getDesign(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/certificate_design', { config: auth, schema: { tags, security, params: productParams, body: certificateDesignInput, response: { 200: certificateDesignOutput } } },
    async (req) => certificates.saveDesign(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/products/:id/certificate_design', { config: auth, schema: { tags, security, params: productParams, response: { 204: z.null().describe('No content') } } },
    async (req, reply) => {
      await certificates.removeDesign(req.ctx, req.params.id)
      return reply.code(204).send(null)
    })

  app.get('/cabinet/products/:id/certificate_design/preview.pdf', { config: auth, schema: { tags, security, params: productParams, querystring: certificatePreviewQuery, produces: ['application/pdf'] } },
    async (req, reply) => reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline; filename="certificate-preview.pdf"')
      .header('cache-control', 'no-store')
      .send(await certificates.previewPdf(req.ctx, req.params.id, req.query.locale)))
}
