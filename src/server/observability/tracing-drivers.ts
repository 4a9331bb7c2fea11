import diagnostics from 'node:diagnostics_channel'
import type { ClientRequest, IncomingMessage } from 'node:http'
import { PGlite } from '@electric-sql/pglite'
import type { Context, Span, Tracer } from '@opentelemetry/api'
import pg from 'pg'

// Child spans for database statements and node:http calls (docs/decisions/0100-opentelemetry-traces.md), loaded
// with ./tracing-runtime.ts only when traces are on. The drivers' query methods are wrapped on their prototypes,
// so connections opened before tracing started are covered too (the server opens its database first). Only work
// under a span is traced: the job queue's polls and the exporter's own posts make no root spans of their own.
// OpenTelemetry's packages are handed in by ./tracing-runtime.ts, which imports them when called (it says why).

type Api = typeof import('@opentelemetry/api')

type AnyFunction = (...args: any[]) => any

/** The span helpers, bound to the API and tracer handed in. */
function spanKit(api: Api, tracer: Tracer, isTracingSuppressed: (context: Context) => boolean) {
  const { context, SpanKind, SpanStatusCode, trace } = api

  /** The span's parent when the work belongs to a traced request or job; undefined otherwise. */
  function tracedParent(): Context | undefined {
    const active = context.active()
    return trace.getSpan(active) && !isTracingSuppressed(active) ? active : undefined
  }

  function startDbSpan(parent: Context, statement: unknown, driver: 'pg' | 'pglite'): Span {
    // A statement is its text, or (node-postgres) a query config with its text: `{ text, values, name, rowMode }`.
    const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text
    const query = typeof text === 'string' ? text : ''
    const operation = /^\s*([A-Za-z]+)/.exec(query)?.[1]?.toUpperCase() ?? 'SQL'
    return tracer.startSpan(operation, {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        // The statement as sent, with its $1 placeholders: the values (emails, tokens) are never recorded.
        'db.query.text': query.length > 2000 ? `${query.slice(0, 2000)}…` : query,
        'sellfront.db.driver': driver,
      },
    }, parent)
  }

  function endSpan(span: Span, error?: unknown): void {
    if (error) {
      span.recordException(error as Error)
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message })
    }
    span.end()
  }

  /** A promise-returning method traced: one span from call to settlement. */
  function tracedAsync(original: AnyFunction, driver: 'pg' | 'pglite'): AnyFunction {
    return function (this: unknown, ...args: unknown[]) {
      const parent = tracedParent()
      if (!parent) return original.apply(this, args)
      const span = startDbSpan(parent, args[0], driver)
      try {
        return (original.apply(this, args) as Promise<unknown>).then((result) => {
          endSpan(span)
          return result
        }, (error: unknown) => {
          endSpan(span, error)
          throw error
        })
      } catch (error) {
        endSpan(span, error)
        throw error
      }
    }
  }

  /**
   * node-postgres' `Client.query`, which its pool and drizzle call: with a promise, or with a callback as the
   * pool does. A submittable (a cursor, a stream) passes untraced.
   */
  function tracedPgQuery(original: AnyFunction): AnyFunction {
    const promised = tracedAsync(original, 'pg')
    return function (this: unknown, ...args: any[]) {
      const config = args[0]
      if (typeof config?.submit === 'function') return original.apply(this, args)
      const last = args.length - 1
      if (typeof args[last] !== 'function') return promised.apply(this, args)
      const parent = tracedParent()
      if (!parent) return original.apply(this, args)
      const span = startDbSpan(parent, config, 'pg')
      const callback = args[last] as AnyFunction
      args[last] = (error: unknown, result: unknown) => {
        endSpan(span, error)
        callback(error, result)
      }
      return original.apply(this, args)
    }
  }

  return { tracedParent, endSpan, tracedAsync, tracedPgQuery }
}

/** Wraps the database drivers and subscribes to node:http's client channels; answers the undoing of it. */
export function instrumentDrivers(api: Api, tracer: Tracer, isTracingSuppressed: (context: Context) => boolean): () => void {
  const { SpanKind, SpanStatusCode } = api
  const { tracedParent, endSpan, tracedAsync, tracedPgQuery } = spanKit(api, tracer, isTracingSuppressed)
  const pgProto = pg.Client.prototype as unknown as Record<string, AnyFunction>
  const pgliteProto = PGlite.prototype as unknown as Record<string, AnyFunction>
  const originals = { pgQuery: pgProto.query!, query: pgliteProto.query!, exec: pgliteProto.exec!, transaction: pgliteProto.transaction! }
  pgProto.query = tracedPgQuery(originals.pgQuery)
  pgliteProto.query = tracedAsync(originals.query, 'pglite')
  pgliteProto.exec = tracedAsync(originals.exec, 'pglite')
  // A PGlite transaction hands its callback an object of its own whose statements bypass the instance's methods.
  pgliteProto.transaction = function (this: unknown, callback: AnyFunction) {
    return originals.transaction.call(this, (tx: Record<string, AnyFunction>) => {
      tx.query = tracedAsync(tx.query!, 'pglite')
      tx.exec = tracedAsync(tx.exec!, 'pglite')
      return callback(tx)
    })
  }

  // node:http client calls (webhook deliveries, the card provider's SDK): a span per request, from its start to
  // its response's headers or its error. The traceparent header is not added: these go to other parties' servers.
  const httpSpans = new WeakMap<ClientRequest, Span>()
  const onStart = (message: unknown) => {
    const { request } = message as { request: ClientRequest }
    const parent = tracedParent()
    if (!parent) return
    const address = `${request.protocol}//${request.host}${request.path.split('?')[0]}`
    httpSpans.set(request, tracer.startSpan(request.method, {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': request.method, 'server.address': request.host, 'url.full': address },
    }, parent))
  }
  const onResponse = (message: unknown) => {
    const { request, response } = message as { request: ClientRequest; response: IncomingMessage }
    const span = httpSpans.get(request)
    if (!span) return
    httpSpans.delete(request)
    span.setAttribute('http.response.status_code', response.statusCode ?? 0)
    if ((response.statusCode ?? 0) >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
    span.end()
  }
  const onError = (message: unknown) => {
    const { request, error } = message as { request: ClientRequest; error: Error }
    const span = httpSpans.get(request)
    if (!span) return
    httpSpans.delete(request)
    endSpan(span, error)
  }
  diagnostics.subscribe('http.client.request.start', onStart)
  diagnostics.subscribe('http.client.response.finish', onResponse)
  diagnostics.subscribe('http.client.request.error', onError)

  return () => {
    pgProto.query = originals.pgQuery
    pgliteProto.query = originals.query
    pgliteProto.exec = originals.exec
    pgliteProto.transaction = originals.transaction
    diagnostics.unsubscribe('http.client.request.start', onStart)
    diagnostics.unsubscribe('http.client.response.finish', onResponse)
    diagnostics.unsubscribe('http.client.request.error', onError)
  }
}
