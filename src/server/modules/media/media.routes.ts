import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Readable } from 'node:stream'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { productParams } from '../../../shared/schemas/catalog'
import { profileImageSlots, sellerProfileOutput } from '../../../shared/schemas/seller-profile'
import {
  coverListOutput, coverOutput, coverParams, downloadFileListOutput, downloadFileOutput, fileParams, maxFilesPerProduct, mediaKeyParams,
  reorderInput, uploadKinds, uploadListOutput, uploadOutput,
} from '../../../shared/schemas/media'
import type { AppDeps } from '../../deps'
import * as media from './media.service'
import { newStorageKey, TooLargeError, type Storage } from './storage'

// /api/v1: download files and covers of a product, the seller's media uploads, and the public cover
// variants. Multipart is parsed only in this scope, with the size limits of the configuration.

const noContent = { 204: z.null().describe('No content') }
const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const multipartErrors = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'])

type Received = { files: (media.StoredFile & { head: Buffer })[]; fields: Record<string, string> }

/** A safe display name: the last path segment, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255)
  return base === '' || base === '.' || base === '..' ? 'file' : base
}

function extensionOf(name: string): string | undefined {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name)
  return match ? match[1]!.toLowerCase() : undefined
}

function contentTypeOf(mimetype: string | undefined): string {
  return mimetype && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(mimetype) ? mimetype.toLowerCase() : 'application/octet-stream'
}

/**
 * Streams every file part of the request into storage under new keys (at most `maxFiles`, each at most
 * `maxBytes`) and collects the text fields. On any failure nothing stays in storage.
 */
async function receive(req: FastifyRequest, storage: Storage, options: { maxBytes: number; maxFiles: number; prefix: string }): Promise<Received> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the files as multipart/form-data')
  const received: Received = { files: [], fields: {} }
  const tooLarge = () => new AppError('payload_too_large', `A file is larger than ${options.maxBytes} bytes or there are too many files`)
  try {
    for await (const part of req.parts({ limits: { fileSize: options.maxBytes, files: options.maxFiles, fields: 20, parts: options.maxFiles + 20 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') received.fields[part.fieldname] = part.value
        continue
      }
      const name = cleanFileName(part.filename)
      const key = newStorageKey(options.prefix, { ext: extensionOf(name) })
      let head = Buffer.alloc(0)
      const source = part.file
      const tapped = Readable.from((async function* () {
        for await (const chunk of source) {
          if (head.length < 64) head = Buffer.concat([head, (chunk as Buffer).subarray(0, 64 - head.length)])
          yield chunk as Buffer
        }
      })())
      const stored = await storage.put(key, tapped, { maxBytes: options.maxBytes })
      received.files.push({ key, name, size: stored.size, contentType: contentTypeOf(part.mimetype), head })
      if (source.truncated) throw tooLarge()
    }
  } catch (error) {
    await Promise.all(received.files.map((f) => storage.delete(f.key)))
    if (error instanceof TooLargeError || multipartErrors.has((error as { code?: string }).code ?? '')) throw tooLarge()
    throw error
  }
  return received
}

/**
 * Reads the one image part of the request whole (at most `maxBytes`): an image is worked on in memory and
 * kept out of storage. Text fields land in `fields`.
 */
async function receiveImage(req: FastifyRequest, maxBytes: number, fields: Record<string, string> = {}): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the image as multipart/form-data')
  let image: Buffer | undefined
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
      } else {
        image = await part.toBuffer()
      }
    }
  } catch (error) {
    if (multipartErrors.has((error as { code?: string }).code ?? '')) throw new AppError('payload_too_large', `The image is larger than ${maxBytes} bytes`)
    throw error
  }
  if (!image) throw new AppError('validation_failed', 'required', [{ path: 'file', message: 'required' }])
  return image
}

function oneFile(received: Received) {
  const [file, ...rest] = received.files
  if (!file || rest.length > 0) throw new AppError('validation_failed', 'required', [{ path: 'file', message: 'required' }])
  return file
}

export const mediaRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['media']
  const { config, storage } = deps
  await app.register(multipart, { limits: { fileSize: config.UPLOAD_MAX_BYTES, files: maxFilesPerProduct, fields: 20 } })
  const multipartSchema = { tags, security, consumes: ['multipart/form-data'] }

  // ---------------------------------------------------------------- download files
  app.post('/cabinet/products/:id/files', { config: { ...auth, multipartBody: { files: 'files' } }, schema: { ...multipartSchema, params: productParams, response: { 201: downloadFileListOutput } } },
    async (req, reply) => {
      await media.writableProduct(req.ctx, req.params.id, ['download'])
      const received = await receive(req, storage, { maxBytes: config.UPLOAD_MAX_BYTES, maxFiles: maxFilesPerProduct, prefix: 'file' })
      if (received.files.length === 0) throw new AppError('validation_failed', 'required', [{ path: 'file', message: 'required' }])
      return reply.code(201).send(await media.addFiles(req.ctx, req.params.id, received.files))
    })

  app.get('/cabinet/products/:id/files', { config: auth, schema: { tags, security, params: productParams, response: { 200: downloadFileListOutput } } },
    async (req) => media.listFiles(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/files/:file_id', { config: { ...auth, multipartBody: { file: 'file' } }, schema: { ...multipartSchema, params: fileParams, response: { 200: downloadFileOutput } } },
    async (req) => {
      await media.writableProduct(req.ctx, req.params.id, ['download'])
      const received = await receive(req, storage, { maxBytes: config.UPLOAD_MAX_BYTES, maxFiles: 1, prefix: 'file' })
      return media.replaceFile(req.ctx, req.params.id, req.params.file_id, oneFile(received))
    })

  app.post('/cabinet/products/:id/files/reorder', { config: auth, schema: { tags, security, params: productParams, body: reorderInput, response: { 200: downloadFileListOutput } } },
    async (req) => media.reorderFiles(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/products/:id/files/:file_id', { config: auth, schema: { tags, security, params: fileParams, response: noContent } },
    async (req, reply) => {
      await media.deleteFile(req.ctx, req.params.id, req.params.file_id)
      return reply.code(204).send(null)
    })

  // ---------------------------------------------------------------- covers
  app.post('/cabinet/products/:id/covers', { config: { ...auth, multipartBody: { image: 'file', crop: 'text?' } }, schema: { ...multipartSchema, params: productParams, response: { 201: coverOutput } } },
    async (req, reply) => {
      await media.writableProduct(req.ctx, req.params.id, null)
      const fields: Record<string, string> = {}
      const image = await receiveImage(req, config.IMAGE_MAX_BYTES, fields)
      return reply.code(201).send(await media.addCover(req.ctx, req.params.id, image, fields.crop))
    })

  app.get('/cabinet/products/:id/covers', { config: auth, schema: { tags, security, params: productParams, response: { 200: coverListOutput } } },
    async (req) => media.listCovers(req.ctx, req.params.id))

  app.post('/cabinet/products/:id/covers/reorder', { config: auth, schema: { tags, security, params: productParams, body: reorderInput, response: { 200: coverListOutput } } },
    async (req) => media.reorderCovers(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/products/:id/covers/:cover_id', { config: auth, schema: { tags, security, params: coverParams, response: noContent } },
    async (req, reply) => {
      await media.deleteCover(req.ctx, req.params.id, req.params.cover_id)
      return reply.code(204).send(null)
    })

  // ---------------------------------------------------------------- the seller's avatar and banner
  for (const slot of profileImageSlots) {
    app.post(`/cabinet/profile/${slot}`, { config: { ...auth, multipartBody: { image: 'file' } }, schema: { ...multipartSchema, tags: ['accounts'], response: { 200: sellerProfileOutput } } },
      async (req) => {
        const image = await receiveImage(req, config.IMAGE_MAX_BYTES)
        return media.setProfileImage(req.ctx, slot, image)
      })

    app.delete(`/cabinet/profile/${slot}`, { config: auth, schema: { tags: ['accounts'], security, response: noContent } },
      async (req, reply) => {
        await media.removeProfileImage(req.ctx, slot)
        return reply.code(204).send(null)
      })
  }

  // ---------------------------------------------------------------- media uploads
  app.post('/cabinet/uploads', { config: { ...auth, multipartBody: { file: 'file', kind: 'text' } }, schema: { ...multipartSchema, response: { 201: uploadOutput } } },
    async (req, reply) => {
      media.assertCanUpload(req.ctx)
      const received = await receive(req, storage, { maxBytes: config.UPLOAD_MAX_BYTES, maxFiles: 1, prefix: 'media' })
      const file = oneFile(received)
      const kind = z.enum(uploadKinds).safeParse(received.fields.kind)
      if (!kind.success) {
        await storage.delete(file.key)
        throw new AppError('validation_failed', 'invalid_value', [{ path: 'kind', message: received.fields.kind === undefined ? 'required' : 'invalid_value' }])
      }
      return reply.code(201).send(await media.addUpload(req.ctx, kind.data, file, file.head))
    })

  app.get('/cabinet/uploads', { config: auth, schema: { tags, security, querystring: z.strictObject({ kind: z.enum(uploadKinds).optional() }), response: { 200: uploadListOutput } } },
    async (req) => media.listUploads(req.ctx, req.query.kind))

  // ---------------------------------------------------------------- public cover variants
  app.get('/media/:key', { schema: { tags, params: mediaKeyParams, produces: ['image/*'] } }, async (req, reply) => {
    const { stream, contentType } = await media.publicMedia(req.ctx, req.params.key)
    return reply
      .header('content-type', contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(stream)
  })
}
