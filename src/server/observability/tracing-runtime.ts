import type { Span } from '@opentelemetry/api'
import type { FastifyRequest } from 'fastify'
import type { TracingRuntime } from './tracing'
import { instrumentDrivers } from './tracing-drivers'

// The OpenTelemetry side of ./tracing.ts, imported only when an OTLP endpoint is configured
// (docs/decisions/0100-opentelemetry-traces.md). Spans are made by hand where the work is known (Fastify's hooks,
// the job runner, the database drivers' query methods, node:http's diagnostics channels) instead of by
// instrumentations that patch modules as they load: the server is ESM (and bundled for the browser tests,
// decision 0080), where that patching needs a loader hook before the first import. fetch's client spans come
// from instrumentation-undici, which listens on undici's diagnostics channels and so needs no patching.
// The packages are imported when called, not at the top: the browser tests' bundle keeps packages external and
// hoists a bundled module's static imports to its start, which would load them in every process.

/** The request's server span, kept on the request (a request is traced at most once). */
const requestSpans = new WeakMap<FastifyRequest, Span>()

export async function createTracingRuntime(options: { url: string; serviceName: string; role: string }): Promise<TracingRuntime> {
  const api = await import('@opentelemetry/api')
  const { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, isSpanContextValid } = api
  const [{ isTracingSuppressed }, { OTLPTraceExporter }, { UndiciInstrumentation }, { defaultResource, detectResources, envDetector, resourceFromAttributes }, { BatchSpanProcessor, NodeTracerProvider }] = await Promise.all([
    import('@opentelemetry/core'), import('@opentelemetry/exporter-trace-otlp-http'), import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/resources'), import('@opentelemetry/sdk-trace-node'),
  ])
  const resource = defaultResource()
    .merge(detectResources({ detectors: [envDetector] }))
    .merge(resourceFromAttributes({ 'service.name': options.serviceName, 'sellfront.role': options.role }))
  // OTLP/HTTP with JSON bodies; OTEL_EXPORTER_OTLP_HEADERS (an API key of a hosted backend) is read by the exporter.
  const exporter = new OTLPTraceExporter({ url: options.url })
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] })
  // The global tracer, AsyncLocalStorage context and W3C trace context propagation; the sampler follows
  // OTEL_TRACES_SAMPLER (default: always, or as the caller's traceparent says).
  provider.register()
  const tracer = trace.getTracer('sellfront')
  const undici = new UndiciInstrumentation({ requireParentforSpans: true })
  undici.setTracerProvider(provider)
  undici.enable()
  const stopDrivers = instrumentDrivers(api, tracer, isTracingSuppressed)

  return {
    startRequest(request, next) {
      const parent = propagation.extract(context.active(), request.headers)
      const route = request.routeOptions.url
      const span = tracer.startSpan(route ? `${request.method} ${route}` : request.method, {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          // The path only: a query string may carry tokens (password reset links, signed downloads).
          'url.path': request.url.split('?')[0]!,
          ...(route ? { 'http.route': route } : {}),
          'sellfront.request_id': String(request.id),
        },
      }, parent)
      requestSpans.set(request, span)
      context.with(trace.setSpan(parent, span), next)
    },
    endRequest(request, statusCode) {
      const span = requestSpans.get(request)
      if (!span) return
      requestSpans.delete(request)
      if (statusCode === null) {
        span.setAttribute('sellfront.aborted', true)
      } else {
        span.setAttribute('http.response.status_code', statusCode)
        if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      }
      span.end()
    },
    requestError(request, error) {
      requestSpans.get(request)?.recordException(error)
    },
    carrier() {
      const carrier: Record<string, string> = {}
      propagation.inject(context.active(), carrier)
      if (!carrier.traceparent) return undefined
      return carrier.tracestate ? { traceparent: carrier.traceparent, tracestate: carrier.tracestate } : { traceparent: carrier.traceparent }
    },
    runJob(name, carrier, work) {
      const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT
      return tracer.startActiveSpan(`job ${name}`, {
        kind: SpanKind.CONSUMER,
        attributes: { 'messaging.system': 'pg-boss', 'messaging.operation.type': 'process', 'messaging.destination.name': name },
      }, parent, async (span) => {
        try {
          return await work()
        } catch (error) {
          span.recordException(error as Error)
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message })
          throw error
        } finally {
          span.end()
        }
      })
    },
    logFields() {
      const span = trace.getSpan(context.active())
      const ids = span?.spanContext()
      return ids && isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : undefined
    },
    flush: () => provider.forceFlush(),
    async shutdown() {
      undici.disable()
      stopDrivers()
      await provider.shutdown()
      // Unregistered, so a later start in this process (tests) registers its own provider again.
      trace.disable()
      context.disable()
      propagation.disable()
    },
  }
}
