import { spawnSync } from 'node:child_process'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../tests/factories/catalog'
import { fullPayer, publishedProduct, submitOrder } from '../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { startOtlpStandIn, type ExportedSpan, type OtlpStandIn } from '../../../tests/stand-ins/otlp-stand-in'
import { loadConfig } from '../config'
import { flushTracing, runTraced, serviceNameOf, traceLogFields, tracingActive } from './tracing'

// Optional OpenTelemetry traces (docs/decisions/0100-opentelemetry-traces.md): with an OTLP endpoint set, a request
// is a server span named by its route pattern, its statements are its child spans, and the job it enqueued runs
// as a child span in the same trace, the trace context carried in the job's data beside the request id. Without
// the endpoint nothing of OpenTelemetry is loaded.

const SERVER = 2
const CLIENT = 3
const CONSUMER = 5

let otlp: OtlpStandIn
let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  otlp = await startOtlpStandIn()
  t = await createTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: `${otlp.url}/` })
  seller = await createSeller(t)
})
afterAll(async () => {
  // Closing the app's deps stops tracing for the files that run after this one in the same process.
  await t?.close()
  await otlp?.close()
})

/** The exported spans once one matches `found` (a request's span ends after its answer is sent). */
async function spansOnce(found: (span: ExportedSpan) => boolean): Promise<ExportedSpan[]> {
  for (let i = 0; i < 100 && !otlp.spans.some(found); i++) {
    await flushTracing()
    if (!otlp.spans.some(found)) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return otlp.spans
}

describe('with an OTLP endpoint', () => {
  test('a checkout is a server span by route pattern with its statements as children, and its job a child span in the same trace', async () => {
    expect(tracingActive()).toBe(true)
    const product = await publishedProduct(t, seller.accessToken)
    const placed = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(placed.statusCode, placed.body).toBe(201)

    let spans = await spansOnce((s) => s.name === 'POST /api/v1/shop/orders')
    const request = spans.find((s) => s.name === 'POST /api/v1/shop/orders')!
    expect(request).toMatchObject({
      service: 'sellfront-api', kind: SERVER,
      attributes: { 'http.request.method': 'POST', 'http.route': '/api/v1/shop/orders', 'http.response.status_code': 201 },
    })
    expect(request.parentSpanId).toBeUndefined()
    // The pattern, never the id: a product's page names its route, not its number.
    expect(spans.some((s) => s.name === 'POST /api/v1/cabinet/products/:id/publish')).toBe(true)

    const statements = spans.filter((s) => s.parentSpanId === request.spanId && s.attributes['db.system.name'] === 'postgresql')
    expect(statements.length).toBeGreaterThan(0)
    expect(statements.every((s) => s.traceId === request.traceId && s.kind === CLIENT)).toBe(true)
    expect(statements.map((s) => s.name)).toContain('INSERT')
    expect(statements.some((s) => String(s.attributes['db.query.text']).startsWith('insert into "orders"'))).toBe(true)

    // The order's jobs carry the request's trace context beside its id.
    const { rows } = await t.deps.database.executeSql(`select data from pgboss.job where name = 'notifications.order-event' and data->>'_request_id' = $1`, [String(request.attributes['sellfront.request_id'])])
    expect(rows.length).toBeGreaterThan(0)
    expect(rows[0].data._traceparent).toBe(`00-${request.traceId}-${request.spanId}-01`)

    await t.deps.jobs.drain()
    spans = await spansOnce((s) => s.name === 'job notifications.order-event' && s.traceId === request.traceId)
    const job = spans.find((s) => s.name === 'job notifications.order-event' && s.traceId === request.traceId)!
    expect(job).toMatchObject({ kind: CONSUMER, parentSpanId: request.spanId, attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': 'notifications.order-event' } })
    // The job's own statements are its children.
    expect(spans.some((s) => s.parentSpanId === job.spanId && s.attributes['db.system.name'] === 'postgresql')).toBe(true)
  })

  test('log lines under a span name its trace and span; outside of one, neither', async () => {
    expect(traceLogFields()).toEqual({})
    const fields = await runTraced('tracing.log-check', undefined, async () => traceLogFields())
    expect(fields).toEqual({ trace_id: expect.stringMatching(/^[0-9a-f]{32}$/), span_id: expect.stringMatching(/^[0-9a-f]{16}$/) })
    const spans = await spansOnce((s) => s.name === 'job tracing.log-check')
    expect(spans.find((s) => s.name === 'job tracing.log-check')).toMatchObject({ traceId: fields.trace_id, spanId: fields.span_id })
  })

  test('outgoing HTTP under a span is a client span: fetch (with traceparent) and node:http (without)', async () => {
    const traced = await runTraced('tracing.outgoing-check', undefined, async () => {
      await (await fetch(`${otlp.url}/fetched`)).text()
      await new Promise<void>((resolve, reject) => http.get(`${otlp.url}/requested?token=secret`, (res) => res.resume().on('end', resolve)).on('error', reject))
      return traceLogFields()
    })
    const spans = await spansOnce((s) => s.parentSpanId === traced.span_id && s.attributes['url.full'] === `${otlp.url}/requested`)
    const children = spans.filter((s) => s.parentSpanId === traced.span_id)
    expect(children.map((s) => [s.kind, s.name, s.attributes['http.response.status_code']])).toEqual(expect.arrayContaining([[CLIENT, 'GET', 404], [CLIENT, 'GET', 404]]))
    expect(children).toHaveLength(2)
    expect(otlp.last('GET', '/fetched')!.headers.traceparent).toMatch(new RegExp(`^00-${traced.trace_id}-[0-9a-f]{16}-01$`))
    expect(otlp.last('GET', '/requested')!.headers.traceparent).toBeUndefined()
  })

  test('a failing request is an error span; an unmatched one is named by its method only', async () => {
    const missing = await t.request({ method: 'GET', url: '/api/v1/no-such-route-for-tracing' })
    expect(missing.statusCode).toBe(404)
    const spans = await spansOnce((s) => s.attributes['url.path'] === '/api/v1/no-such-route-for-tracing')
    const span = spans.find((s) => s.attributes['url.path'] === '/api/v1/no-such-route-for-tracing')!
    expect(span).toMatchObject({ name: 'GET', attributes: { 'http.response.status_code': 404 } })
    expect(span.attributes['http.route']).toBeUndefined()
  })
})

describe('configuration', () => {
  test('the traces address follows the OTLP variables; the service is named by the process role', () => {
    expect(loadConfig({}).tracesUrl).toBeNull()
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_SERVICE_NAME: '', OTEL_SDK_DISABLED: '' }).tracesUrl).toBeNull()
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracesUrl).toBe('http://collector:4318/v1/traces')
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/otlp/v1/traces' }).tracesUrl).toBe('http://tempo:4318/otlp/v1/traces')
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracesUrl).toBeNull()
    expect([serviceNameOf(loadConfig({ ROLE: 'worker' })), serviceNameOf(loadConfig({ ROLE: 'api' })), serviceNameOf(loadConfig({})), serviceNameOf(loadConfig({ OTEL_SERVICE_NAME: 'shop-eu' }))])
      .toEqual(['sellfront-worker', 'sellfront-api', 'sellfront-api', 'shop-eu'])
  })
})

describe('without an OTLP endpoint', () => {
  test('nothing of OpenTelemetry is loaded by the whole server, until an endpoint is set', () => {
    // A process of its own: this file's process has loaded it. The packages are CommonJS, so what is loaded is
    // in the require cache, also when imported from ES modules. The API package (a no-op until an SDK registers)
    // is not counted: prom-client loads it anyway.
    const script = `
      import { createRequire } from 'node:module'
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((path) => /\\/@opentelemetry\\/(?!api\\/)/.test(path)).length
      const { loadConfig } = await import('./src/server/config.ts')
      await import('./src/server/bootstrap.ts')
      await import('./src/server/app.ts')
      const tracing = await import('./src/server/observability/tracing.ts')
      await tracing.startTracing(loadConfig({ NODE_ENV: 'test' }))
      const off = loaded()
      await tracing.startTracing(loadConfig({ NODE_ENV: 'test', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:9/v1/traces' }))
      const on = loaded()
      await tracing.stopTracing()
      console.log(JSON.stringify({ off, on }))
    `
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8', timeout: 60_000 })
    expect(run.status, run.stderr).toBe(0)
    const counts = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { off: number; on: number }
    expect(counts.off).toBe(0)
    expect(counts.on).toBeGreaterThan(0)
  })
})
