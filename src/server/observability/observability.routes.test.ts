import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'

// Health, readiness and metrics (docs/operations.md): /healthz answers while the process lives; /readyz names
// each dependency and answers 503 when one fails (here: jobs piling up); /metrics speaks Prometheus to loopback
// or to the metrics token, with requests by route pattern, checkouts, payments and the job queues.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp({ READY_JOBS_BACKLOG: '0' })
  seller = await createSeller(t)
})
afterAll(async () => {
  await t.close()
})

const metricsText = async (headers: Record<string, string> = {}) => {
  const res = await t.request({ method: 'GET', url: '/metrics', headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.body
}

describe('health and readiness', () => {
  test('alive, and ready with every check named', async () => {
    const alive = await t.request({ method: 'GET', url: '/healthz' })
    expect(alive.json()).toEqual({ status: 'ok', database: t.deps.database.kind })
    const ready = await t.request({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode, ready.body).toBe(200)
    expect(ready.json().status).toBe('ready')
    expect(Object.keys(ready.json().checks).sort()).toEqual(['database', 'jobs', 'migrations', 'storage'])
    expect(ready.json().checks.migrations).toMatchObject({ ok: true, detail: expect.stringMatching(/^\d+ applied$/) })
  })

  test('jobs waiting past their time beyond the limit: 503, the failing check says why', async () => {
    // The sign-up's mails wait in the queue (tests drain by hand): made five minutes late, they are overdue.
    await t.deps.database.executeSql(`update pgboss.job set start_after = now() - interval '5 minutes' where state = 'created'`)
    const res = await t.request({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ status: 'not_ready', checks: { jobs: { ok: false, detail: expect.stringMatching(/^[1-9]\d* jobs overdue \(limit 0\)$/) }, database: { ok: true } } })
    await t.deps.database.executeSql(`update pgboss.job set start_after = now() where state = 'created'`)
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
  })
})

describe('metrics', () => {
  test('requests by route pattern, checkouts, payments and the queues', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${product.id}`, token: seller.accessToken })
    const placed = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(placed.statusCode, placed.body).toBe(201)
    expect((await sandboxPay(t, placed.json().next_action.payment_id)).statusCode).toBe(200)
    const refused = await submitOrder(t, { product_id: product.id, pricing_plan_id: 999_999, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(refused.statusCode).toBeGreaterThanOrEqual(400)

    const text = await metricsText()
    // The pattern, not the id: one series per route.
    expect(text).toMatch(/sellfront_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/cabinet\/products\/:id",status_code="200"\} [1-9]/)
    expect(text).not.toContain(`/api/v1/cabinet/products/${product.id}"`)
    expect(text).toMatch(/sellfront_checkouts_total\{outcome="placed"\} 1\b/)
    expect(text).toMatch(/sellfront_checkouts_total\{outcome="refused"\} 1\b/)
    expect(text).toMatch(/sellfront_payments_total\{provider="sandbox",outcome="succeeded"\} 1\b/)
    // The payment's jobs wait in the queue (tests drain them by hand).
    expect(text).toMatch(/sellfront_job_queue_waiting\{name="invoices\.issue"\} [1-9]/)
    expect(text).toContain('sellfront_process_cpu_seconds_total')
  })

  test('answered to loopback without a token; elsewhere only with the metrics token', async () => {
    const far = await t.request({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' })
    expect(far.statusCode).toBe(403)
    const tokened = await createTestApp({ METRICS_TOKEN: 'metrics-token-0123456789' })
    try {
      expect((await tokened.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(403)
      expect((await tokened.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(403)
      const scraped = await tokened.request({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer metrics-token-0123456789' } })
      expect(scraped.statusCode).toBe(200)
      expect(scraped.headers['content-type']).toContain('text/plain')
    } finally {
      await tokened.close()
    }
  })
})

describe('the request id', () => {
  test('jobs a request enqueues carry its id (and run under it, so their log lines name it)', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    const placed = await t.request({
      method: 'POST', url: '/api/v1/shop/orders', headers: { 'x-request-id': 'req-observed-0001', 'idempotency-key': 'observed-0001' },
      payload: { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const { rows } = await t.deps.database.executeSql(`select name from pgboss.job where data->>'_request_id' = 'req-observed-0001'`)
    expect(rows.map((r: { name: string }) => r.name)).toContain('notifications.order-event')
  })
})

describe.runIf(process.env.REDIS_URL)('with Redis', () => {
  test('readiness asks Redis too', async () => {
    const withRedis = await createTestApp({ REDIS_URL: process.env.REDIS_URL! })
    try {
      const res = await withRedis.request({ method: 'GET', url: '/readyz' })
      expect(res.json().checks.redis).toMatchObject({ ok: true })
    } finally {
      await withRedis.close()
    }
  })
})

describe('with Redis down (docs/decisions/0082-redis-down.md)', () => {
  test('readiness says degraded (200, the process keeps its traffic); the API keeps answering, the global rate limit included', async () => {
    // Port 9 (discard) is closed here: every Redis command fails at once.
    const down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:9', RATE_LIMIT: 'on' })
    try {
      const ready = await down.request({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json().status).toBe('degraded')
      expect(ready.json().checks.redis).toMatchObject({ ok: false })
      expect(ready.json().checks.database).toMatchObject({ ok: true })
      const answers = await Promise.all(Array.from({ length: 5 }, () => down.request({ method: 'GET', url: '/api/v1/common/cookies_consent_categories' })))
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200])
    } finally {
      await down.close()
    }
  })
})
