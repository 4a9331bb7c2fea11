import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  assignBankTransferInput, bankImportAnswer, bankStatementList, bankStatementListQuery, bankTransferAnswer, bankTransferList, bankTransferListQuery,
  bankTransferParams, ignoreBankTransferInput,
} from '../../../shared/schemas/bank-transfers'
import { readSingleFileUpload } from '../../plugins/multipart-upload'
import * as bankTransfers from './bank-transfers.service'

// A seller's bank statements (docs/decisions/0078-virtual-iban-bank-statements.md), behind the virtual_iban flag:
// upload a camt.053 or MT940 file of the bank wire account, list the transfers read from it with their match,
// and assign or ignore the unmatched ones by hand.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const, feature: 'virtual_iban' as const }
const tags = ['bank_transfers']
/** A month of a busy account's statement fits; a larger file is not a statement. */
const statementMaxBytes = 20 * 1024 * 1024

/** The one statement file of the upload, as text. */
async function receiveStatement(req: FastifyRequest): Promise<string> {
  const { file } = await readSingleFileUpload(req, { maxBytes: statementMaxBytes, maxFields: 2, what: 'statement' })
  return file.bytes.toString('utf8')
}

export const bankTransfersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: statementMaxBytes, files: 1, fields: 2 } })

  app.post('/cabinet/bank_statements', {
    config: { ...auth, multipartBody: { file: 'file' }, documentErrors: { 409: 'conflict: bank wire is not set up' } },
    schema: {
      tags, security, consumes: ['multipart/form-data'], response: { 201: bankImportAnswer },
      description: 'Imports a statement of the seller\'s bank wire account (camt.053 XML or MT940; another account is refused): each credit line is stored once and matched by the payment reference in its text; an exact or larger transfer pays its order. The same file again changes nothing (created false).',
    },
  }, async (req, reply) => reply.code(201).send(await bankTransfers.uploadStatement(req.ctx, await receiveStatement(req))))

  app.get('/cabinet/bank_statements', {
    config: auth, schema: { tags, security, querystring: bankStatementListQuery, response: { 200: bankStatementList }, description: 'The imported statements, newest first.' },
  }, async (req) => bankTransfers.listStatements(req.ctx, req.query))

  app.get('/cabinet/bank_transfers', {
    config: auth,
    schema: { tags, security, querystring: bankTransferListQuery, response: { 200: bankTransferList }, description: 'The transfers read from statements, newest first: by state (unmatched, matched, assigned, ignored), statement, order, currency; query searches the text, payer, reference and bank reference.' },
  }, async (req) => bankTransfers.listTransfers(req.ctx, req.query))

  app.post('/cabinet/bank_transfers/:id/assign', {
    config: { ...auth, documentErrors: { 404: 'not_found: no such transfer or order', 409: 'conflict: the transfer is matched or assigned already, the order has no open bank wire payment, or another currency' } },
    schema: { tags, security, params: bankTransferParams, body: assignBankTransferInput, response: { 200: bankTransferAnswer }, description: 'Gives an unmatched or ignored transfer to one of the seller\'s orders: it pays the order\'s bank wire payment (exact or more: paid; less: kept toward it).' },
  }, async (req) => bankTransfers.assignTransfer(req.ctx, req.params.id, req.body))

  app.post('/cabinet/bank_transfers/:id/ignore', {
    config: { ...auth, documentErrors: { 404: 'not_found: no such transfer', 409: 'conflict: only an unmatched transfer is ignored' } },
    schema: { tags, security, params: bankTransferParams, body: ignoreBankTransferInput, response: { 200: bankTransferAnswer }, description: 'Marks an unmatched transfer as paying no order (with an optional note); it can still be assigned later.' },
  }, async (req) => bankTransfers.ignoreTransfer(req.ctx, req.params.id, req.body))
}
