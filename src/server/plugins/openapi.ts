import type { FastifyInstance, RouteOptions } from 'fastify'
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { FeatureFlag } from '../../shared/accounts'
import { categoryNode } from '../../shared/schemas/catalog'
import { cabinetRouteAction } from '../auth/cabinet-route-actions'

// The API document (GET /api/docs/json) keeps what the code answers (docs/QUALITY.md): one mechanism here
// rather than a line in every route file. `openapiTransform` documents, on every /api operation, the error
// answers the app's hooks and error handler can give (docs/DESIGN.md "API conventions": `{ error: { message,
// type, fields? } }`), 204 and redirects without a body, non-JSON answers under their own content type, and
// the bearer security of routes that need a sign-in. These additions are for the document only: the
// route's own `schema.response`, which Fastify serializes with, is left as the route wrote it.

/**
 * Recursive schemas are components with a name: zod draws the recursion as a `$ref`, and a component it was
 * not told the name of would be referenced but never defined (`#/components/schemas/schema0`).
 */
const namedSchemas: Array<[z.ZodType, string]> = [[categoryNode, 'CategoryNode']]
for (const [schema, id] of namedSchemas) if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id })

/** The body of every error answer (src/server/plugins/errors.ts); an AppError may add details beside these. */
export const errorBodySchema = z.object({
  error: z.looseObject({
    message: z.string(),
    type: z.string(),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
})

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For the document only: the parts of a multipart/form-data body the route reads itself (the body is
     * not parsed before the handler, so it has no `schema.body`): 'file', 'files' (one or more), 'text',
     * 'text?' (optional).
     */
    multipartBody?: Record<string, 'file' | 'files' | 'text' | 'text?'>
    /**
     * For the document only: error answers this route gives beyond those every route of its kind shares
     * (a sign-in route's 401, a signed link's 403, a parent that is not found), status → when.
     */
    documentErrors?: Record<number, string>
    /** For the document only: a file route's 302 instead of the bytes, when (a presigned download). */
    documentRedirect?: string
    /** For the document only: the JSON body of a route that reads its body raw (a signed webhook), as a JSON schema. */
    documentBody?: Record<string, unknown>
    /**
     * The feature flag the route is behind (docs/decisions/0077-feature-flags.md): a seller with it off gets
     * 403 feature_disabled naming it, checked after the sign-in, before the body (src/server/app.ts).
     */
    feature?: FeatureFlag
  }
}

/** The JSON schema of a multipart body the route describes in `config.multipartBody`. */
function multipartSchema(parts: Record<string, 'file' | 'files' | 'text' | 'text?'>): JsonSchema {
  const binary = { type: 'string', format: 'binary' }
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(parts).map(([name, kind]) => [name, kind === 'file' ? binary : kind === 'files' ? { type: 'array', items: binary } : { type: 'string' }])),
    required: Object.entries(parts).filter(([, kind]) => kind !== 'text?').map(([name]) => name),
  }
}

/** A 204's answer in a route's `response`: no body (the document then gives none). */
export const noContentAnswer = z.null().describe('No content')
/** A redirect's answer in a route's `response` (under 302 or 303): no body, the Location header says where. */
export const redirectAnswer = z.null().describe('Redirect: the Location header names where to go')

type JsonSchema = Record<string, unknown>
const errorJson = z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) as JsonSchema
delete errorJson.$schema
const errorAnswer = (description: string): JsonSchema => ({ description, content: { 'application/json': { schema: errorJson } } })

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Routes outside the API: server-rendered shop pages and forms, the sandbox provider's page (not JSON, not the API). */
export function isDocumentedPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/healthz' || url === '/readyz'
}

/** The content type of a non-JSON answer as the document gives it: text types as text, the rest as bytes. */
function fileAnswer(types: readonly string[], description: string): JsonSchema {
  return {
    description,
    content: Object.fromEntries(types.map((type) => [type, { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } }])),
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0]

/** @fastify/swagger's `transform`: zod's conversion, then the answers every operation can give. */
export function openapiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const url = input.url
  if (!isDocumentedPath(url)) return { schema: { hide: true }, url }
  const result = jsonSchemaTransform(input)
  const schema = (result.schema ?? {}) as Record<string, unknown>
  if (schema.hide) return result
  const route = (input as unknown as { route: RouteOptions }).route
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method).toUpperCase()
  const config = (route.config ?? {}) as { auth?: 'required' | 'optional'; multipartBody?: Record<string, 'file' | 'files' | 'text' | 'text?'>; documentErrors?: Record<number, string>; documentRedirect?: string; documentBody?: JsonSchema; feature?: string }
  const produces = schema.produces as string[] | undefined
  delete schema.produces

  if (config.multipartBody && !schema.body) schema.body = multipartSchema(config.multipartBody)
  if (config.documentBody && !schema.body) schema.body = config.documentBody

  const responses: Record<string, JsonSchema> = {}
  for (const [status, answer] of Object.entries((schema.response ?? {}) as Record<string, JsonSchema>)) {
    const description = typeof answer.description === 'string' ? answer.description : undefined
    if (status === '204') responses[status] = { type: 'null', description: description ?? 'No content' }
    else if (status.startsWith('3')) {
      responses[status] = { type: 'null', description: description ?? 'Redirect', headers: { location: { type: 'string', description: 'Where to go next' } } }
    } else if (answer.content) responses[status] = answer
    else responses[status] = { description: description ?? 'Default Response', content: { 'application/json': { schema: answer } } }
  }
  // A file route that may answer 302 instead of the bytes (a presigned download: docs/decisions/0101-presigned-downloads.md).
  if (config.documentRedirect) responses['302'] = { type: 'null', description: config.documentRedirect, headers: { location: { type: 'string', description: 'Where to go next' } } }
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
    // A route that writes its answer itself (a file, a PDF, a CSV) names its content type in `produces`, also
    // when it may redirect instead. Without either the operation documents no answer schema, which the
    // document test refuses.
    if (produces?.length) responses['200'] = fileAnswer(produces, 'The file')
    else if (!Object.keys(responses).some((status) => status.startsWith('3'))) responses['200'] = { description: 'Default Response' }
  }

  const add = (status: number, description: string) => { if (!(String(status) in responses)) responses[String(status)] = errorAnswer(description) }
  if (config.feature) add(403, `feature_disabled: the ${config.feature} feature is off for this seller`)
  for (const [status, description] of Object.entries(config.documentErrors ?? {})) add(Number(status), description)
  if (url.startsWith('/api/')) {
    const pathParameters = url.includes(':') || url.includes('{')
    add(400, 'The input is not valid (INVALID_INPUT names the fields), or the request is malformed')
    if (config.auth) add(401, 'The access token is missing, expired or not valid')
    if (config.auth === 'required') add(403, 'The signed-in account may not do this')
    if (pathParameters) add(404, 'Not found, or not yours')
    // Any request line can be too long for the server (errors.ts: uri_too_long).
    add(414, 'The URL is too long')
    // A resource named in the path may not take the operation (a product of another form).
    if (pathParameters && !mutating.has(method)) add(422, 'The request is understood but refused by a business rule (the resource does not take this)')
    if (mutating.has(method)) {
      if (schema.body) add(404, 'A resource the body names is not found, or not yours')
      add(409, 'The resource is not in a state that allows this')
      add(422, 'The request is understood but refused by a business rule')
      if (schema.body || schema.consumes) {
        add(413, 'The request body is too large')
        add(415, 'The content type is not accepted')
      }
    }
    add(429, 'Too many requests; retry after the time given')
  }
  add(500, 'Something went wrong on our side')
  add(503, 'The service is briefly unavailable')
  schema.response = responses

  if (config.auth === 'required' && !schema.security) schema.security = [{ bearer: [] }]
  // A seller's API key reaches the /cabinet routes but the key and team routes (docs/decisions/0073-seller-api-keys.md).
  const action = url.startsWith('/api/v1/cabinet/') ? cabinetRouteAction(method, url) : undefined
  if (action && action !== 'team.manage' && Array.isArray(schema.security)) schema.security = [...(schema.security as object[]), { apiKey: [] }]
  return { ...result, schema }
}

export const openapiTransformObject = createJsonSchemaTransformObject({})

const registeredRoutes = new WeakMap<FastifyInstance, Array<{ method: string; url: string }>>()

/** The routes registered on `app` after `registerRouteHooks`, as the document test compares them with the document. */
export function routesOf(app: FastifyInstance): ReadonlyArray<{ method: string; url: string }> {
  return registeredRoutes.get(app) ?? []
}

/**
 * Called before any route: records the routes (for the document test) and makes API query strings refuse
 * parameters they do not know (400), as request bodies do (docs/STYLE.md): a list given a misspelt filter
 * must not quietly answer the unfiltered list. Done here for every route, so no querystring schema need say
 * `.strict()`; one that means to let more through says `.loose()`.
 */
export function registerRouteHooks(app: FastifyInstance): void {
  const routes: Array<{ method: string; url: string }> = []
  registeredRoutes.set(app, routes)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method: String(method).toUpperCase(), url: route.url })
    const query = route.schema?.querystring
    if (route.url.startsWith('/api/') && query instanceof z.ZodObject && query.def.catchall === undefined) route.schema!.querystring = query.strict()
  })
}
