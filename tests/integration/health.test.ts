import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { testDatabaseKind } from '../helpers/test-db'

let t: TestApp
beforeAll(async () => { t = await createTestApp() })
afterAll(async () => { await t.close() })

test('healthz answers ok and names the database', async () => {
  const res = await t.request({ method: 'GET', url: '/healthz' })
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ status: 'ok', database: testDatabaseKind })
})

test('security headers are set', async () => {
  const res = await t.request({ method: 'GET', url: '/healthz' })
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['content-security-policy']).toContain("default-src 'self'")
  // No eval for the back office's scripts: its zod runs jitless (src/web/lib/zod-config.ts).
  expect(res.headers['content-security-policy']).toContain("script-src 'self';")
  expect(res.headers['content-security-policy']).not.toContain('unsafe-eval')
})

test('the OpenAPI document lists the public contract', async () => {
  const res = await t.request({ method: 'GET', url: '/api/docs/json' })
  expect(res.statusCode).toBe(200)
  const doc = res.json()
  for (const path of ['/api/v1/app/user', '/api/v1/app/session', '/api/v1/app/session/renew_token', '/api/v1/app/user/me']) {
    expect(doc.paths).toHaveProperty([path])
  }
})

test('an unknown API route answers 404 with a typed error', async () => {
  const res = await t.request({ method: 'GET', url: '/api/v1/nothing-here' })
  expect(res.statusCode).toBe(404)
  expect(res.json().error.type).toBe('not_found')
})

test('a body over the limit answers 413 payload_too_large', async () => {
  const res = await t.request({
    method: 'POST', url: '/api/v1/app/session', headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024), fingerprint: 'abcdefgh' }),
  })
  expect(res.statusCode).toBe(413)
  expect(res.json().error.type).toBe('payload_too_large')
})

test('cookie consent categories are listed with the required ones marked', async () => {
  const res = await t.request({ method: 'GET', url: '/api/v1/common/cookies_consent_categories' })
  expect(res.statusCode).toBe(200)
  expect(res.json().list.find((c: { key: string }) => c.key === 'necessary').required).toBe(true)
})

test('every answer carries its request id, and a given one is kept', async () => {
  const res = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-me-123' } })
  expect(res.headers['x-request-id']).toBe('trace-me-123')
})

test('a lost database answers 503 MS_UNAVAILABLE without internals', async () => {
  const broken = await createTestApp()
  await broken.deps.database.close()
  const res = await broken.request({ method: 'POST', url: '/api/v1/app/user/check_email', payload: { email: 'a@example.test' } })
  expect(res.statusCode).toBe(503)
  expect(res.json()).toEqual({ error: { message: 'The service is briefly unavailable, retry shortly', type: 'MS_UNAVAILABLE' } })
  await broken.app.close()
})

test('with a built web app, page paths get the SPA and API paths keep JSON 404s', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { buildApp } = await import('../../src/server/app')
  const dir = mkdtempSync(join(tmpdir(), 'sf-web-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>')
  const app = await buildApp(t.deps, { webDir: dir })
  try {
    const page = await app.inject({ method: 'GET', url: '/cabinet/products?x=1' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    // the shell is revalidated on every load, so a new deploy shows at once
    expect(page.headers['cache-control']).toBe('no-cache')
    const api = await app.inject({ method: 'GET', url: '/api/v1/missing' })
    expect(api.statusCode).toBe(404)
    expect(api.json().error.type).toBe('not_found')
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404)
  } finally {
    await app.close()
  }
})
