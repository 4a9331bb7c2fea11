import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createDatevExportInput, datevDownloadQuery, datevExportAnswer, datevExportList, datevExportListQuery, datevExportParams, datevLogList,
  datevLogListQuery, datevSettingsAnswer, datevSettingsInput,
} from '../../../shared/schemas/accounting'
import * as accounting from './accounting.service'

// The DATEV export in the cabinet (docs/decisions/0076-datev-export.md): settings, exports of a period, their
// files and the log of bookings. payouts.read to look, payouts.write to change (the money area of the team).

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }
const tags = ['datev']
const noExport = { 404: 'not_found: no such export of the seller' }

export const accountingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/datev_settings', {
    config, schema: { tags, security, response: { 200: datevSettingsAnswer }, description: 'The seller\'s DATEV settings and the accounts their chart books on; null until saved.' },
  }, async (req) => accounting.getDatevSettings(req.ctx))

  app.put('/cabinet/datev_settings', {
    config, schema: { tags, security, body: datevSettingsInput, response: { 200: datevSettingsAnswer }, description: 'Saves the consultant and client number, the chart (SKR03 or SKR04) and the fiscal year\'s first month. Bookings already exported keep their accounts.' },
  }, async (req) => accounting.saveDatevSettings(req.ctx, req.body))

  app.get('/cabinet/datev_exports', {
    config, schema: { tags, security, querystring: datevExportListQuery, response: { 200: datevExportList }, description: 'The seller\'s exports, newest first.' },
  }, async (req) => accounting.listDatevExports(req.ctx, req.query))

  app.post('/cabinet/datev_exports', {
    config: { ...config, documentErrors: { 409: 'datev_settings_missing: save the DATEV settings first', 422: 'validation_failed: the period ends before it starts or is too long' } },
    schema: {
      tags, security, body: createDatevExportInput, response: { 201: datevExportAnswer },
      description: 'Asks for a period\'s export (pending); a job writes the period\'s bookings and builds one EXTF Buchungsstapel file per currency. The same period gives the same file again.',
    },
  }, async (req, reply) => reply.code(201).send(await accounting.createDatevExport(req.ctx, req.body)))

  app.get('/cabinet/datev_exports/:id', {
    config: { ...config, documentErrors: noExport }, schema: { tags, security, params: datevExportParams, response: { 200: datevExportAnswer } },
  }, async (req) => accounting.getDatevExport(req.ctx, req.params.id))

  app.post('/cabinet/datev_exports/:id/retry', {
    config: { ...config, documentErrors: { ...noExport, 409: 'conflict: only a failed export runs again' } },
    schema: { tags, security, params: datevExportParams, response: { 200: datevExportAnswer }, description: 'Runs a failed export again.' },
  }, async (req) => accounting.retryDatevExport(req.ctx, req.params.id))

  app.get('/cabinet/datev_exports/:id/download', {
    config: { ...config, documentErrors: { ...noExport, 400: 'bad_request: the export has several currencies and none was named', 409: 'conflict: the export is not done yet' } },
    schema: {
      tags, security, params: datevExportParams, querystring: datevDownloadQuery, produces: ['text/csv'],
      description: 'One file of a done export: DATEV\'s EXTF format, Windows-1252, `;`-separated, CRLF; named EXTF_Buchungsstapel_<from>_<till>_<CUR>.csv.',
    },
  }, async (req, reply) => {
    const file = await accounting.datevExportFile(req.ctx, req.params.id, req.query.currency)
    return reply
      .header('content-type', 'text/csv; charset=windows-1252')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.bytes)
  })

  app.get('/cabinet/datev_logs', {
    config, schema: { tags, security, querystring: datevLogListQuery, response: { 200: datevLogList }, description: 'The bookings exports wrote, one per ledger row of the seller\'s balance, with the state of the export that took them.' },
  }, async (req) => accounting.listDatevLogs(req.ctx, req.query))
}
