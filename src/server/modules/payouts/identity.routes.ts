import multipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { kycLimits } from '../../../shared/payouts/documents'
import {
  adminLegitimationListQuery, adminLegitimationOutput, idParam, legitimationOutput, listOfLegitimations, refuseKycDocumentInput,
  rejectLegitimationInput, updateLegitimationInput,
} from '../../../shared/schemas/payouts'
import { readSingleFileUpload } from '../../plugins/multipart-upload'
import * as identity from './identity.service'
import { areaTexts, partyAreas } from './parties'

// /api/v1: a party's identity check (/cabinet for the seller, /publish for the publisher) and the managers'
// review of it (/admin) (docs/decisions/0049-money-out.md "Identity"). The party comes from the area, never
// from the URL; documents are streamed only from here, never from a static path.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const noContent = z.null().describe('No content')
const maxMegabytes = kycLimits.maxFileBytes / 1024 / 1024

/** The `kind` field and the one file of the upload, read whole (at most the limit, so memory stays bounded). */
async function receiveDocument(req: FastifyRequest): Promise<identity.ReceivedDocument> {
  const { fields, file } = await readSingleFileUpload(req, { maxBytes: kycLimits.maxFileBytes, maxFields: 5, what: 'file' })
  return { kind: fields.kind, fileName: file.name, bytes: file.bytes }
}

/** A private document: never cached, shown inline under its own name. */
function sendFile(reply: FastifyReply, file: identity.DocumentFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(file.stream)
}

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payouts']
  await app.register(multipart, { limits: { fileSize: kycLimits.maxFileBytes, files: 1, fields: 5 } })

  for (const area of partyAreas) {
    const who = areaTexts[area].party

    app.get(`/${area}/legitimation`, {
      config: auth,
      schema: {
        tags, security, response: { 200: legitimationOutput },
        description: `The identity check of ${who}, with the required and allowed documents and the payout availability (defaults with id null before the first save).`,
      },
    }, async (req) => identity.getLegitimation(req.ctx, area))

    app.put(`/${area}/legitimation`, {
      config: auth,
      schema: {
        tags, security, body: updateLegitimationInput, response: { 200: legitimationOutput },
        description: 'Saves a page of the identity check (created on the first save). Only while the party is filling it in (409 once submitted and until a manager answers).',
      },
    }, async (req) => identity.updateLegitimation(req.ctx, area, req.body))

    app.post(`/${area}/legitimation/documents`, {
      config: { ...auth, multipartBody: { kind: 'text', file: 'file' } },
      schema: {
        tags, security, consumes: ['multipart/form-data'], response: { 201: legitimationOutput },
        description: `Uploads one identity document (field kind, one file): a JPEG or PNG image or a PDF, checked by its first bytes, at most ${maxMegabytes} MB (400 invalid_upload otherwise). The newest upload of a kind counts.`,
      },
    }, async (req, reply) => reply.code(201).send(await identity.uploadDocument(req.ctx, area, await receiveDocument(req))))

    app.delete(`/${area}/legitimation/documents/:id`, {
      config: auth,
      schema: { tags, security, params: idParam, response: { 204: noContent }, description: 'Deletes a document not yet sent for review (409 otherwise; another party\'s id is a 404).' },
    }, async (req, reply) => {
      await identity.deleteDocument(req.ctx, area, req.params.id)
      return reply.code(204).send(null)
    })

    app.get(`/${area}/legitimation/documents/:id/file`, {
      config: auth,
      schema: { tags, security, params: idParam, produces: ['image/jpeg', 'image/png', 'application/pdf'], description: 'The file of one of the party\'s documents (never cached).' },
    }, async (req, reply) => sendFile(reply, await identity.documentFile(req.ctx, area, req.params.id)))

    app.post(`/${area}/legitimation/submit`, {
      config: auth,
      schema: {
        tags, security, response: { 200: legitimationOutput },
        description: 'Asks for the review: every required document present and not refused (400 naming the missing ones), an entity\'s headquarters and legal representative given.',
      },
    }, async (req) => identity.submit(req.ctx, area))
  }

  // ---------------------------------------------------------------- managers
  app.get('/admin/legitimations', {
    config: auth,
    schema: { tags, security, querystring: adminLegitimationListQuery, response: { 200: listOfLegitimations }, description: 'Identity checks, newest change first; filter by step, party kind, email or name and creation time.' },
  }, async (req) => identity.listLegitimations(req.ctx, req.query))

  app.get('/admin/legitimations/:id', {
    config: auth,
    schema: { tags, security, params: idParam, response: { 200: adminLegitimationOutput }, description: 'One identity check with every document ever uploaded.' },
  }, async (req) => identity.adminLegitimation(req.ctx, req.params.id))

  app.post('/admin/legitimations/:id/accept', {
    config: auth,
    schema: { tags, security, params: idParam, response: { 200: adminLegitimationOutput }, description: 'Accepts the check: documents waiting for review are validated; 400 when a required one is missing or refused. Mails the party.' },
  }, async (req) => identity.acceptLegitimation(req.ctx, req.params.id))

  app.post('/admin/legitimations/:id/reject', {
    config: auth,
    schema: { tags, security, params: idParam, body: rejectLegitimationInput, response: { 200: adminLegitimationOutput }, description: 'Rejects the check with a reason the party reads; mails the party.' },
  }, async (req) => identity.rejectLegitimation(req.ctx, req.params.id, req.body.reason))

  app.post('/admin/kyc_documents/:id/validate', {
    config: auth,
    schema: { tags, security, params: idParam, response: { 200: adminLegitimationOutput }, description: 'Validates one document sent for review.' },
  }, async (req) => identity.validateDocument(req.ctx, req.params.id))

  app.post('/admin/kyc_documents/:id/refuse', {
    config: auth,
    schema: { tags, security, params: idParam, body: refuseKycDocumentInput, response: { 200: adminLegitimationOutput }, description: 'Refuses one document with a reason; the check goes back to the party (step change), who gets a mail.' },
  }, async (req) => identity.refuseDocument(req.ctx, req.params.id, req.body))

  app.get('/admin/kyc_documents/:id/file', {
    config: auth,
    schema: { tags, security, params: idParam, produces: ['image/jpeg', 'image/png', 'application/pdf'], description: 'The file of any document, for the review (never cached).' },
  }, async (req, reply) => sendFile(reply, await identity.adminDocumentFile(req.ctx, req.params.id)))
}
