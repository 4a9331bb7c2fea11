import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { certificatePdfQuery, certificateSerialParams, certificateVerificationOutput } from '../../../shared/schemas/certificates'
import * as certificates from './certificates.service'

// /api/v1/common/certificates/{serial}: the public check of an issued certificate (also the page
// /certificates/{serial}), and its PDF behind the signed link the payer gets by mail and in the payer area.

export const certificateIssueRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['certificates']

  app.get('/common/certificates/:serial', { schema: { tags, params: certificateSerialParams, response: { 200: certificateVerificationOutput } } },
    async (req, reply) => reply.header('cache-control', 'no-store').send(await certificates.verifyCertificate(req.ctx, req.params.serial)))

  app.get('/common/certificates/:serial/pdf', { schema: { tags, params: certificateSerialParams, querystring: certificatePdfQuery, produces: ['application/pdf'] } },
    async (req, reply) => {
      const { serial, pdf } = await certificates.issuedCertificatePdf(req.ctx, req.params.serial, req.query.t)
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="certificate-${serial}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf)
    })
}
