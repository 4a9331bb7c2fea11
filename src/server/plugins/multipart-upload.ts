import type { FastifyRequest } from 'fastify'
import { AppError } from '../../shared/errors'

// One file uploaded as multipart/form-data with a few text fields, read whole but never past its limit (the
// bank statements, the identity documents). @fastify/multipart's limit errors become 400 invalid_upload, so a
// too large file or a second one reads like every other refused upload.

const tooLargeCodes = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'])

export type SingleFileUpload = { fields: Record<string, string>; file: { name: string; bytes: Buffer } }

/** A safe display name: the last path segment, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined, fallback = 'document'): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255)
  return base === '' || base === '.' || base === '..' ? fallback : base
}

/**
 * The request's text fields and its one file. `what` names the file in the refusals ("statement", "file");
 * a request without a file answers 400 invalid_upload on `file`.
 */
export async function readSingleFileUpload(req: FastifyRequest, limits: { maxBytes: number; maxFields: number; what: string }): Promise<SingleFileUpload> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', `Send the ${limits.what} as multipart/form-data`)
  const fields: Record<string, string> = {}
  let file: SingleFileUpload['file'] | undefined
  try {
    for await (const part of req.parts({ limits: { fileSize: limits.maxBytes, files: 1, fields: limits.maxFields, parts: limits.maxFields + 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
      } else {
        file = { name: cleanFileName(part.filename), bytes: await part.toBuffer() }
      }
    }
  } catch (error) {
    if (tooLargeCodes.has((error as { code?: string }).code ?? '')) {
      throw new AppError('invalid_upload', `The ${limits.what} is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB or there is more than one file`)
    }
    throw error
  }
  if (!file) throw new AppError('invalid_upload', `Choose a ${limits.what} to upload`, [{ path: 'file', message: 'required' }])
  return { fields, file }
}
