import { startServer, type StandInServer } from './server'

// An OpenTelemetry collector's OTLP/HTTP trace receiver on 127.0.0.1 (docs/decisions/0100-opentelemetry-traces.md):
// POST /v1/traces with the JSON encoding (what @opentelemetry/exporter-trace-otlp-http sends) answers 200, and
// the spans it carried are kept, flattened, with their service's name and their attributes as a plain object.

export type ExportedSpan = {
  service: string
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number
  attributes: Record<string, string | number | boolean>
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  status: number
}

export type OtlpStandIn = StandInServer & { spans: ExportedSpan[] }

type OtlpValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number }
type OtlpAttribute = { key: string; value: OtlpValue }

function plain(attributes: OtlpAttribute[] | undefined): ExportedSpan['attributes'] {
  const out: ExportedSpan['attributes'] = {}
  for (const { key, value } of attributes ?? []) {
    const v = value.stringValue ?? value.boolValue ?? value.doubleValue ?? (value.intValue === undefined ? undefined : Number(value.intValue))
    if (v !== undefined) out[key] = v
  }
  return out
}

export async function startOtlpStandIn(): Promise<OtlpStandIn> {
  const spans: ExportedSpan[] = []
  const server = await startServer((req) => {
    if (req.method !== 'POST' || req.path !== '/v1/traces') return { status: 404, body: { error: 'not found' } }
    if (!String(req.headers['content-type']).includes('application/json')) return { status: 415, body: { error: 'JSON only' } }
    for (const resourceSpans of req.body.resourceSpans ?? []) {
      const service = String(plain(resourceSpans.resource?.attributes)['service.name'] ?? '')
      for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
        for (const span of scopeSpans.spans ?? []) {
          spans.push({
            service, traceId: span.traceId, spanId: span.spanId, ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
            name: span.name, kind: span.kind, attributes: plain(span.attributes), status: span.status?.code ?? 0,
          })
        }
      }
    }
    return { status: 200, body: {} }
  })
  return Object.assign(server, { spans })
}
