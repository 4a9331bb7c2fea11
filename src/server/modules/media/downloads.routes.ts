import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { productParams } from '../../../shared/schemas/catalog'
import { downloadParams, downloadQuery, downloadSettingsInput, downloadSettingsOutput } from '../../../shared/schemas/downloads'
import * as downloads from './downloads.service'
import { contentDisposition, redirectToBucket } from './storage'

// /api/v1/downloads/:file_id?product&order&payer&expires&sig: a payer's signed download link (no sign-in:
// the signature is the permission), streamed, or with presigning on a 302 to the bucket;
// /api/v1/cabinet/products/:id/download_settings: stamping and limit.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const presignedRedirect = 'With S3_PRESIGNED_DOWNLOADS (docs/decisions/0101-presigned-downloads.md): Location is a presigned URL of the file in the bucket, valid for seconds'

export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['downloads']

  app.get('/downloads/:file_id', { config: { documentErrors: { 403: 'The link\'s signature is not valid, or it expired' }, documentRedirect: presignedRedirect }, schema: { tags, params: downloadParams, querystring: downloadQuery, produces: ['*/*'] } }, async (req, reply) => {
    const served = await downloads.serveDownload(req.ctx, req.params.file_id, req.query)
    if (served.redirect !== undefined) return redirectToBucket(reply, served.redirect)
    return reply
      .header('content-type', served.contentType)
      .header('content-length', served.size)
      .header('content-disposition', contentDisposition(served.name))
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .send(served.body)
  })

  app.get('/cabinet/products/:id/download_settings', { config: auth, schema: { tags, security, params: productParams, response: { 200: downloadSettingsOutput } } },
    async (req) => downloads.getDownloadSettings(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/download_settings', { config: auth, schema: { tags, security, params: productParams, body: downloadSettingsInput, response: { 200: downloadSettingsOutput } } },
    async (req) => downloads.saveDownloadSettings(req.ctx, req.params.id, req.body))
}
