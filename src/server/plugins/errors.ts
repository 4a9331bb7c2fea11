import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { AppError, type ErrorBody, type FieldError } from '../../shared/errors'
import { translateMessage } from '../../shared/validation'
import { pickLocale } from './locale'

// The one error handler: expected failures (AppError) answer with their type and status; validation
// failures answer 400 INVALID_INPUT with the fields; anything else is a 500 that says nothing of internals.
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ error: { message: 'The request body is too large', type: 'payload_too_large' } })
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ error: { message: 'Unsupported content type', type: 'unsupported_media_type' } })
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ error: { message: 'Too many requests, retry later', type: 'MS_MAX_CONCURRENT_REQ' } })
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      // Fastify's own client errors (bad JSON, empty body with a JSON type, ...).
      return reply.code(error.statusCode).send({ error: { message: error.message, type: 'bad_request' } })
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable')
      return reply.code(503).header('retry-after', '5').send({ error: { message: 'The service is briefly unavailable, retry shortly', type: 'MS_UNAVAILABLE' } })
    }
    request.log.error({ err: error }, 'unexpected error')
    return reply.code(500).send({ error: { message: 'Something went wrong on our side', type: 'internal_error' } })
  })
}

/** Connection failures and server shutdowns: the request may succeed when retried. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: any = error; e; e = e.cause) {
    const code = String(e.code ?? '')
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '53300'].includes(code) || code.startsWith('08')) return true
    if (/Connection terminated|PGlite is closed|Cannot use a pool after calling end/i.test(String(e.message ?? ''))) return true
  }
  return false
}

export function notFoundBody(method: string, url: string): ErrorBody {
  return { error: { message: `No route ${method} ${url.split('?')[0]}`, type: 'not_found' } }
}
