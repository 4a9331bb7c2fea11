import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError, type FieldError } from '../../../shared/errors'
import { fontAnswer, fontFileParams, fontListOutput, fontMaxBytes, fontParams, fontStylesheetParams, fontUploadFields, updateFontInput } from '../../../shared/schemas/fonts'
import * as fonts from './fonts.service'

// A seller's custom fonts (docs/decisions/0061-fonts-and-themes.md): /api/v1/cabinet/fonts (list, upload as
// multipart, settings, delete), and the files and stylesheets the platform serves at /fonts (fontFileRoutes).

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const tags = ['fonts']
const multipartErrors = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'])

export const fontsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: fontMaxBytes, files: 1, fields: 10 } })

  app.get('/cabinet/fonts', {
    config: auth, schema: { tags, security, response: { 200: fontListOutput }, description: 'The seller\'s fonts, oldest first, with the URL of their @font-face stylesheet.' },
  }, async (req) => fonts.listFonts(req.ctx))

  app.post('/cabinet/fonts', {
    config: {
      ...auth,
      multipartBody: { file: 'file', font_name: 'text', fallback_font: 'text?', font_weight: 'text?', font_style: 'text?', font_display: 'text?' },
      documentErrors: { 413: 'payload_too_large: the file is larger than 2 MiB', 415: 'unsupported_media_type: not multipart/form-data' },
    },
    schema: {
      tags, security, consumes: ['multipart/form-data'], response: { 201: fontAnswer },
      description: 'Uploads a WOFF2, WOFF or TrueType font (checked by its bytes; anything else is 422 not_a_font) with its name, fallback font, weight (100..900, default 400), style (default normal) and display (default swap).',
    },
  }, async (req, reply) => {
    fonts.assertCanUpload(req.ctx)
    if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the font as multipart/form-data')
    const fields: Record<string, string> = {}
    let file: { name: string; bytes: Buffer } | undefined
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value
        } else if (part.fieldname === 'file' && !file) {
          file = { name: (part.filename ?? 'font').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'font', bytes: await part.toBuffer() }
        } else {
          await part.toBuffer()
          throw new AppError('validation_failed', 'One file, named file', [{ path: part.fieldname, message: 'invalid_value' }])
        }
      }
    } catch (error) {
      if (multipartErrors.has((error as { code?: string }).code ?? '')) throw new AppError('payload_too_large', `The font is larger than ${fontMaxBytes} bytes`)
      throw error
    }
    const parsed = fontUploadFields.safeParse(fields)
    const problems: FieldError[] = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message }))
    if (!file) problems.unshift({ path: 'file', message: 'required' })
    if (problems.length > 0 || !parsed.success || !file) throw new AppError('validation_failed', 'The font cannot be saved', problems)
    return reply.code(201).send(await fonts.uploadFont(req.ctx, file, parsed.data))
  })

  app.patch('/cabinet/fonts/:id', {
    config: auth, schema: { tags, security, params: fontParams, body: updateFontInput, response: { 200: fontAnswer }, description: 'Changes a font\'s name, fallback, weight, style or display; the file stays.' },
  }, async (req) => fonts.updateFont(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/fonts/:id', {
    config: auth, schema: { tags, security, params: fontParams, response: { 204: z.null().describe('No content') }, description: 'Deletes the font and its file.' },
  }, async (req, reply) => {
    await fonts.deleteFont(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })
}

/**
 * The served files (/fonts/<id>.<woff2|woff|ttf>) and each seller's stylesheet (/fonts/sellers/<id>.css), outside
 * the API: pages on the sellers' own domains load them, so they answer every origin and are cached long.
 */
export const fontFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/fonts/:file', { schema: { hide: true, params: fontFileParams } }, async (req, reply) => {
    const { bytes, contentType } = await fonts.fontFile(req.ctx, req.params.file)
    return reply
      .header('content-type', contentType)
      // The file behind an id never changes: a new upload is a new id.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(bytes)
  })

  app.get('/fonts/sellers/:file', { schema: { hide: true, params: fontStylesheetParams } }, async (req, reply) => {
    const css = await fonts.sellerStylesheet(req.ctx, req.params.file)
    return reply
      .header('content-type', 'text/css; charset=utf-8')
      // The list changes when the seller uploads or edits: short, and revalidated.
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(css)
  })
}
