import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { AppError, type ErrorBody, type FieldError } from '../../shared/errors'
import { translateMessage } from '../../shared/validation'
import { pickLocale } from './locale'

// The one error handler: expected failures (AppError) answer with their type and status; validation
// failures answer 400 INVALID_INPUT with the fields; Fastify's own refusals, upload parsing errors and
// values the database refuses answer in the same shape `{ error: { message, type } }` (docs/QUALITY.md);
// anything else is a 500 that says nothing of internals.
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError)
}

/** Also Fastify's `frameworkErrors` (a bad percent-encoding, a path parameter over `maxParamLength`). */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = pickLocale(request.headers)
  if (error instanceof AppError) {
    const body: ErrorBody = { error: { ...error.details, message: translateMessage(error.message, locale), type: error.type } }
    if (error.fields) body.error.fields = error.fields.map((f) => ({ path: f.path, message: translateMessage(f.message, locale) }))
    if (error.status === 429) reply.header('retry-after', String(error.retryAfterSeconds ?? 60))
    return reply.code(error.status).send(body)
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: FieldError[] = error.validation.map((v) => {
      const path = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.')
      if (v.keyword === 'unrecognized_keys') {
        const keys = (v.params as { keys?: string[] }).keys ?? []
        return { path: [path, keys.join(',')].filter(Boolean).join('.'), message: translateMessage('unknown_field', locale) }
      }
      return { path, message: translateMessage(v.message ?? 'invalid', locale) }
    })
    const first = fields[0]
    return reply.code(400).send({
      error: { message: first ? `${first.path || 'body'}: ${first.message}` : 'Invalid input', type: 'INVALID_INPUT', fields },
    } satisfies ErrorBody)
  }
  const refusal = fastifyRefusals[error.code] ?? uploadError(error)
  if (refusal) return handleError(refusal as unknown as FastifyError, request, reply)
  if (error.statusCode === 429) {
    return reply.code(429).send({ error: { message: 'Too many requests, retry later', type: 'MS_MAX_CONCURRENT_REQ' } })
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
    // Any other client error Fastify or a plugin raises (an aborted body, a Content-Length that does not match).
    return reply.code(error.statusCode).send({ error: { message: error.message, type: 'bad_request' } })
  }
  const refused = databaseRefusal(error)
  if (refused) {
    request.log.warn({ err: error, code: refused }, 'the database refused a value')
    return reply.code(400).send({
      error: { message: 'A value cannot be stored: it holds a character that is not allowed, or a number, date or text out of range', type: 'INVALID_INPUT' },
    } satisfies ErrorBody)
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable')
    return reply.code(503).header('retry-after', '5').send({ error: { message: 'The service is briefly unavailable, retry shortly', type: 'MS_UNAVAILABLE' } })
  }
  request.log.error({ err: error }, 'unexpected error')
  return reply.code(500).send({ error: { message: 'Something went wrong on our side', type: 'internal_error' } })
}

/** Fastify's own refusals, each with its status, type and a message that says what to send instead. */
const fastifyRefusals: Record<string, AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError('payload_too_large', 'The request body is too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError('unsupported_media_type', 'Unsupported content type: send JSON (application/json), or multipart/form-data where a file is uploaded'),
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError('invalid_json', 'The request body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: new AppError('invalid_json', 'The request body is empty although its content type is JSON: send a JSON value, or no Content-Type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError('bad_request', 'The Content-Length header does not match the body'),
  FST_ERR_BAD_URL: new AppError('bad_request', 'The path is not valid percent-encoding'),
  FST_ERR_MAX_PARAM_LENGTH: new AppError('uri_too_long', 'A path segment is longer than 100 characters'),
}

// @fastify/multipart's errors by code, and its parser's (busboy) plain errors by their words.
const multipartTooLarge = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'])
const multipartMalformed = new Set(['FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR', 'FST_MP_PREMATURE_CLOSE'])
const busboyMessages: [RegExp, string][] = [
  [/^Multipart: Boundary not found/, 'The multipart/form-data Content-Type names no boundary'],
  [/^Unsupported Content-Type/, 'Send the upload as multipart/form-data'],
  [/unexpected end of multipart data|^Unexpected end of form/i, 'The multipart body ended before its closing boundary: the upload was cut short'],
  [/^Malformed|^Part terminated early/i, 'The multipart body is malformed'],
]

/**
 * What an upload's parser threw, as the AppError to answer: 413 for a limit, 415 for a body that is not
 * multipart, 400 `invalid_upload` for a malformed or truncated body. Null for any other error.
 */
export function uploadError(error: unknown): AppError | null {
  if (error instanceof AppError) return error
  const code = String((error as { code?: unknown } | null)?.code ?? '')
  if (multipartTooLarge.has(code)) return new AppError('payload_too_large', 'A file is too large, or there are too many files or fields')
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('unsupported_media_type', 'Send the upload as multipart/form-data')
  if (multipartMalformed.has(code)) return new AppError('invalid_upload', 'The multipart body is malformed or was cut short')
  const message = error instanceof Error ? error.message : ''
  for (const [pattern, answer] of busboyMessages) if (pattern.test(message)) return new AppError('invalid_upload', answer)
  return null
}

/** PostgreSQL refuses the value itself (SQLSTATE class 22): the request's fault, never the server's. */
const refusedValueCodes = new Set([
  '22021', // character not in repertoire (U+0000, an invalid byte sequence)
  '22P05', // untranslatable character
  '22003', // numeric value out of range (an id over 2^31-1)
  '22P02', // invalid text representation
  '22001', // string data right truncation (longer than the column)
  '22007', // invalid datetime format
  '22008', // datetime field overflow
])

/** The SQLSTATE when the database refused a value the request sent, through drizzle's wrapping `cause`s. */
export function databaseRefusal(error: unknown): string | null {
  for (let e: any = error, depth = 0; e && depth < 10; e = e.cause, depth++) {
    const code = String(e.code ?? '')
    if (refusedValueCodes.has(code)) return code
  }
  return null
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over 16 kB: 431, bytes that
 * are not HTTP: 400, too slow: 408); this answers them in the app's shape on the raw socket.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, type, message] = error.code === 'HPE_HEADER_OVERFLOW'
    ? [431, 'headers_too_large', 'The request headers are too large'] as const
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'The request took too long to arrive'] as const
      : [400, 'bad_request', 'The request is not valid HTTP'] as const
  this.log.debug({ err: error }, 'client error')
  if (socket.writable) {
    const body = JSON.stringify({ error: { message, type } } satisfies ErrorBody)
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
  }
  socket.destroy(error)
}

/** Connection failures and server shutdowns: the request may succeed when retried. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: any = error; e; e = e.cause) {
    const code = String(e.code ?? '')
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '53300'].includes(code) || code.startsWith('08')) return true
    // "...is not queryable": a pooled client whose connection a database restart cut while it was checked out.
    if (/Connection terminated|PGlite is closed|Cannot use a pool after calling end|not queryable/i.test(String(e.message ?? ''))) return true
  }
  return false
}

export function notFoundBody(method: string, url: string): ErrorBody {
  return { error: { message: `No route ${method} ${url.split('?')[0]}`, type: 'not_found' } }
}
