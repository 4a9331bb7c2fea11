import Fastify from 'fastify'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import sharp from 'sharp'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../factories/catalog'
import { multipart, tempDataDir, testImage } from '../factories/media'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { registerErrorHandler } from '../../src/server/plugins/errors'

// Every answer has the app's error shape `{ error: { message, type } }`: Fastify's own refusals (bad JSON,
// 413, 415, 414, 431, 404), upload parsing errors (`invalid_upload`), and database encoding or range
// errors (a 400, never a 500). docs/DESIGN.md

const temp = tempDataDir()
let t: TestApp
let seller: TestSeller
let origin: string
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: temp.dir })
  seller = await createSeller(t)
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await t.close()
  temp.remove()
})

/** The app's error shape, with the expected status and type. */
function expectAppError(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, type: string) {
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status })
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/)
  const body = JSON.parse(res.body)
  expect(Object.keys(body)).toEqual(['error'])
  expect(typeof body.error.type).toBe('string')
  if (type) expect(body.error.type).toBe(type)
  expect(typeof body.error.message).toBe('string')
  expect(body.error.message.length).toBeGreaterThan(0)
  return body.error as { message: string; type: string; fields?: { path: string; message: string }[] }
}

/** One request over a real socket (inject bypasses Node's HTTP parser). */
function overSocket(path: string, headers: Record<string, string> = {}): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Raw bytes to the server; the whole answer as text (for requests Node's HTTP parser refuses). */
function rawSocket(bytes: string): Promise<string> {
  const { port } = t.app.server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes))
    const chunks: Buffer[] = []
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.on('error', reject)
  })
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n')
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]))
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body }
}

describe("Fastify's own refusals", () => {
  const longId = '1'.repeat(150)

  test('a path parameter over 100 characters answers 414 uri_too_long (inject and a real socket)', async () => {
    expectAppError(await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${longId}` }), 414, 'uri_too_long')
    expectAppError(await overSocket(`/api/v1/cabinet/products/${longId}`), 414, 'uri_too_long')
  })

  test('a 60 kB header answers 431 headers_too_large over a real socket', async () => {
    const res = await overSocket('/api/v1/app/user/me', { 'x-filler': 'a'.repeat(60 * 1024) })
    expectAppError(res, 431, 'headers_too_large')
  })

  test('a request the HTTP parser cannot read answers 400 bad_request in the app shape', async () => {
    const res = parseRaw(await rawSocket('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'))
    expectAppError(res, 400, 'bad_request')
  })

  test('a path segment that is not valid percent-encoding answers 400 bad_request', async () => {
    expectAppError(await t.request({ method: 'GET', url: '/api/v1/cabinet/products/%E0%A4%A' }), 400, 'bad_request')
  })

  test('malformed JSON and an empty JSON body answer 400 invalid_json', async () => {
    const headers = { 'content-type': 'application/json' }
    const bad = expectAppError(await t.request({ method: 'POST', url: '/api/v1/app/session', headers, payload: '{"email":' }), 400, 'invalid_json')
    expect(bad.message).toMatch(/JSON/)
    const empty = expectAppError(await t.request({ method: 'POST', url: '/api/v1/app/session', headers, payload: '' }), 400, 'invalid_json')
    expect(empty.message).toMatch(/empty/i)
  })

  test('an unsupported content type answers 415, a body over the limit 413, an unknown route or method 404', async () => {
    expectAppError(await t.request({ method: 'POST', url: '/api/v1/app/session', headers: { 'content-type': 'application/xml' }, payload: '<x/>' }), 415, 'unsupported_media_type')
    const big = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024), fingerprint: 'abcdefgh' })
    expectAppError(await t.request({ method: 'POST', url: '/api/v1/app/session', headers: { 'content-type': 'application/json' }, payload: big }), 413, 'payload_too_large')
    expectAppError(await t.request({ method: 'GET', url: '/api/v1/nothing-here' }), 404, 'not_found')
    expectAppError(await t.request({ method: 'DELETE', url: '/healthz' }), 404, 'not_found')
  })
})

describe('database encoding and range errors answer 400, never 500', () => {
  test('a value PostgreSQL refuses (NUL, an integer over 2^31-1, bad text for a type), raised by the driver and wrapped by drizzle', async () => {
    const app = Fastify()
    registerErrorHandler(app)
    app.get('/nul', async () => t.deps.db.execute(sql`select ${'a\u0000b'}::text as v`))
    app.get('/range', async () => t.deps.db.execute(sql`select ${'2147483648'}::int as v`))
    app.get('/text', async () => t.deps.db.execute(sql`select ${'abc'}::int as v`))
    app.get('/date', async () => t.deps.db.execute(sql`select ${'2026-13-45'}::date as v`))
    for (const code of ['22021', '22P05', '22003', '22P02', '22001', '22007', '22008']) {
      app.get(`/code/${code}`, async () => {
        throw new Error('Failed query', { cause: Object.assign(new Error('database refused'), { code }) })
      })
    }
    await app.ready()
    try {
      for (const url of ['/nul', '/range', '/text', '/date']) expectAppError(await app.inject({ url }), 400, 'INVALID_INPUT')
      for (const code of ['22021', '22P05', '22003', '22P02', '22001', '22007', '22008']) {
        const error = expectAppError(await app.inject({ url: `/code/${code}` }), 400, 'INVALID_INPUT')
        expect(error.message).not.toContain('database refused')
      }
    } finally {
      await app.close()
    }
  })

  test('a NUL in a license key to verify, and an id over 2^31-1, answer 400 in the app shape', async () => {
    expectAppError(await t.request({ method: 'POST', url: '/api/v1/common/licenses/verify', payload: { product_id: 1, license_key: 'a\u0000b' } }), 400, '')
    const res = await t.request({ method: 'GET', url: '/api/v1/cabinet/products/2147483648', token: seller.accessToken })
    expectAppError(res, 400, '')
  })
})

describe('uploads answer 400 invalid_upload whatever the parser throws', () => {
  /** A PNG whose header and size read fine but whose pixel data is garbage. */
  async function corruptPng() {
    const png = await testImage(64, 64)
    const bad = Buffer.from(png)
    const idat = png.indexOf('IDAT')
    for (let i = idat + 8; i < idat + 40; i++) bad[i] = 0x55
    expect((await sharp(bad).metadata()).width).toBe(64)
    return bad
  }

  test('a cover PNG with a valid header and corrupt pixel data is refused, and nothing is stored', async () => {
    const product = await createProduct(t, seller.accessToken)
    const url = `/api/v1/cabinet/products/${product.id}/covers`
    const res = await t.request({ method: 'POST', url, token: seller.accessToken, ...multipart([{ name: 'file', filename: 'cover.png', contentType: 'image/png', content: await corruptPng() }]) })
    const error = expectAppError(res, 400, 'invalid_upload')
    expect(error.fields?.[0]?.path).toBe('file')
    expect((await t.request({ method: 'GET', url, token: seller.accessToken })).json().total_count).toBe(0)
  })

  test('an image upload with corrupt pixel data is refused before it is recorded', async () => {
    const res = await t.request({
      method: 'POST', url: '/api/v1/cabinet/uploads', token: seller.accessToken,
      ...multipart([{ name: 'kind', content: 'image' }, { name: 'file', filename: 'pic.png', contentType: 'image/png', content: await corruptPng() }]),
    })
    expectAppError(res, 400, 'invalid_upload')
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/uploads?kind=image', token: seller.accessToken })).json().total_count).toBe(0)
  })

  test('a multipart request without a boundary, and a truncated multipart body, are refused on every upload route', async () => {
    const product = await createProduct(t, seller.accessToken)
    const keysProduct = await createProduct(t, seller.accessToken, { form: 'licenseKey' })
    const downloadProduct = await createProduct(t, seller.accessToken, { form: 'download' })
    const urls = [
      `/api/v1/cabinet/products/${product.id}/covers`, '/api/v1/cabinet/uploads', `/api/v1/cabinet/products/${downloadProduct.id}/files`,
      `/api/v1/cabinet/products/${keysProduct.id}/license_keys/upload`,
    ]
    const whole = multipart([{ name: 'kind', content: 'file' }, { name: 'file', filename: 'a.csv', contentType: 'text/csv', content: 'KEY-1\nKEY-2\n'.repeat(50) }])
    for (const url of urls) {
      const noBoundary = await t.request({ method: 'POST', url, token: seller.accessToken, headers: { 'content-type': 'multipart/form-data' }, payload: whole.payload })
      expect(expectAppError(noBoundary, 400, 'invalid_upload').message, url).toMatch(/boundary/i)
      const truncated = await t.request({ method: 'POST', url, token: seller.accessToken, headers: whole.headers, payload: whole.payload.subarray(0, whole.payload.length - 40) })
      expectAppError(truncated, 400, 'invalid_upload')
    }
  })

  test('a license-key CSV containing U+0000 or bytes that are not UTF-8 is refused naming the line', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'licenseKey' })
    const url = `/api/v1/cabinet/products/${product.id}/license_keys/upload`
    const nul = await t.request({ method: 'POST', url, token: seller.accessToken, ...multipart([{ name: 'file', filename: 'k.csv', contentType: 'text/csv', content: 'KEY-1\nKEY-\u00002\n' }]) })
    expect(expectAppError(nul, 400, 'invalid_upload').message).toMatch(/Line 2/)
    const latin1 = Buffer.concat([Buffer.from('KEY-1\nKEY-2\nKEY-'), Buffer.from([0xe9, 0xff]), Buffer.from('\n')])
    const bad = await t.request({ method: 'POST', url, token: seller.accessToken, ...multipart([{ name: 'file', filename: 'k.csv', contentType: 'text/csv', content: latin1 }]) })
    expect(expectAppError(bad, 400, 'invalid_upload').message).toMatch(/Line 3/)
    const list = await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${product.id}/license_keys`, token: seller.accessToken })
    expect(list.json().total_count).toBe(0)
  })
})
