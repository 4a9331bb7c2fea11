import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../config'

// Optional OpenTelemetry traces (docs/decisions/0100-opentelemetry-traces.md): with an OTLP endpoint configured,
// each request is a server span named by its route pattern, its database statements and outgoing HTTP calls are
// child spans, and the jobs it enqueues carry its W3C trace context, so a worker's job span joins the request's
// trace. This file is the whole surface the rest of the server sees, and it imports nothing of OpenTelemetry:
// unconfigured, `startTracing` returns at once and every other function here is one null check.

/** What the OpenTelemetry side (./tracing-runtime.ts, loaded only when configured) does for this file. */
export type TracingRuntime = {
  /** Starts the request's server span and calls `next` inside it, so all the request runs under it. */
  startRequest(request: FastifyRequest, next: () => void): void
  /** Ends the request's span with its route pattern and status; a second call does nothing. */
  endRequest(request: FastifyRequest, statusCode: number | null): void
  requestError(request: FastifyRequest, error: Error): void
  /** The current span as W3C `traceparent` (and `tracestate`), to carry into a job's data. */
  carrier(): TraceCarrier | undefined
  /** Runs a job under its span, a child of the context its data carried (a request's or another job's). */
  runJob<T>(name: string, carrier: TraceCarrier | undefined, work: () => Promise<T>): Promise<T>
  /** The current span's ids for a log line. */
  logFields(): { trace_id: string; span_id: string } | undefined
  /** Sends the spans ended so far (tests; the exporter sends by itself every few seconds). */
  flush(): Promise<void>
  shutdown(): Promise<void>
}

export type TraceCarrier = { traceparent: string; tracestate?: string }

let runtime: TracingRuntime | null = null
let starting: Promise<TracingRuntime> | null = null
/** Processes may build deps more than once (tests build many apps): the last `stopTracing` shuts it down. */
let users = 0

/** The service name spans are reported under: OTEL_SERVICE_NAME, else by the process's role. */
export function serviceNameOf(config: Pick<Config, 'OTEL_SERVICE_NAME' | 'ROLE'>): string {
  return config.OTEL_SERVICE_NAME ?? (config.ROLE === 'worker' ? 'sellfront-worker' : 'sellfront-api')
}

/** Starts tracing when configured (once per process); unconfigured, nothing of OpenTelemetry is loaded. */
export async function startTracing(config: Config): Promise<void> {
  if (!config.tracesUrl) return
  users++
  if (runtime) return
  starting ??= import('./tracing-runtime').then(({ createTracingRuntime }) => createTracingRuntime({ url: config.tracesUrl!, serviceName: serviceNameOf(config), role: config.ROLE }))
  runtime = await starting
}

/** Sends what is left and stops tracing when the last user of it closes. */
export async function stopTracing(): Promise<void> {
  if (!runtime || --users > 0) return
  const stopping = runtime
  runtime = null
  starting = null
  await stopping.shutdown()
}

export function tracingActive(): boolean {
  return runtime !== null
}

export async function flushTracing(): Promise<void> {
  await runtime?.flush()
}

/** A server span per request, when tracing is on; registered right after the request id's hook in app.ts. */
export function registerTracing(app: FastifyInstance): void {
  const active = runtime
  if (!active) return
  app.addHook('onRequest', (request, _reply, done) => active.startRequest(request, done))
  app.addHook('onError', (request, _reply, error, done) => {
    active.requestError(request, error)
    done()
  })
  app.addHook('onResponse', (request, reply, done) => {
    active.endRequest(request, reply.statusCode)
    done()
  })
  app.addHook('onRequestAbort', (request, done) => {
    active.endRequest(request, null)
    done()
  })
}

/** The current trace context for a job's data; undefined when tracing is off or no span is current. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  return runtime?.carrier()
}

export function runTraced<T>(jobName: string, carrier: TraceCarrier | undefined, work: () => Promise<T>): Promise<T> {
  return runtime ? runtime.runJob(jobName, carrier, work) : work()
}

/** `trace_id` and `span_id` for a log line written under a span (the logger's mixin); empty otherwise. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  return runtime?.logFields() ?? {}
}
