import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../factories/catalog'
import { createTestApp, type TestApp } from '../helpers/test-app'

// docs/QUALITY.md: no input makes the server answer 500. PostgreSQL cannot store U+0000 in text and its
// integer columns stop at 2^31-1; the shared text and id schemas refuse both with a 400 naming the field,
// before any query runs. Named cases first (as they were found, tried as an attacker would), then every route
// of the API document with a NUL in its query and text path segments and 2^31 in its id segments.

const beyondInt4 = 2_147_483_648
let t: TestApp
let seller: TestSeller

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_COUPON_FAILURES: '1000000' })
  seller = await createSeller(t)
})
afterAll(async () => {
  await t?.close()
})

type Res = Awaited<ReturnType<TestApp['request']>>
function expectRefused(res: Res, statuses: number[] = [400]) {
  expect(statuses, `${res.statusCode} ${res.body}`).toContain(res.statusCode)
  const body = res.json()
  expect(body.error).toEqual(expect.objectContaining({ message: expect.any(String), type: expect.any(String) }))
}

describe('U+0000 and lone surrogates in text', () => {
  test('a NUL in a JSON field is a 400 naming the field, signed in or not', async () => {
    const verify = await t.request({ method: 'POST', url: '/api/v1/common/licenses/verify', payload: { license_key: 'a\u0000b' } })
    expectRefused(verify)
    expect(verify.json().error.fields[0].path).toBe('license_key')
    const session = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: 'a\u0000b@example.test', password: 'Some-pass1!', fingerprint: 'fp-12345678' } })
    expectRefused(session)
    const product = await t.request({ method: 'POST', url: '/api/v1/cabinet/products', token: seller.accessToken, payload: { form: 'digital', name: 'Bad\u0000name', pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 100 }] } })
    expectRefused(product)
    expect(product.json().error.fields[0].path).toBe('name')
    const category = await t.request({ method: 'POST', url: '/api/v1/cabinet/categories', token: seller.accessToken, payload: { name: 'a\u0000' } })
    expectRefused(category)
  })

  test('a lone surrogate is refused, a pair (an emoji) is kept', async () => {
    // Raw JSON text: the escape \ud800 without its low half reaches the server as a lone surrogate.
    const lone = await t.request({
      method: 'POST', url: '/api/v1/cabinet/products', token: seller.accessToken,
      payload: '{"form":"digital","name":"Bad \\ud800 name","pricing_plans":[{"form":"one_time","currency_id":"eur","price":100}]}', headers: { 'content-type': 'application/json' },
    })
    expectRefused(lone)
    const emoji = await createProduct(t, seller.accessToken, { name: 'Good 😀 name' })
    expect(emoji.name).toBe('Good 😀 name')
  })

  test('a NUL in a query string or path segment is a 400 or 404', async () => {
    expectRefused(await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products?query=a%00b` }))
    expectRefused(await t.request({ method: 'GET', url: '/api/v1/cabinet/products?query=a%00b', token: seller.accessToken }))
    expectRefused(await t.request({ method: 'GET', url: '/api/v1/shop/de%00mo/products' }), [400, 404])
    for (const url of ['/s/de%00mo', `/s/${seller.username}/a%00b`, '/s/de%00mo?preview=a%00b']) {
      const res = await t.request({ method: 'GET', url })
      expect([400, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode)
    }
  })
})

describe('ids and integers bounded to their columns', () => {
  test('a path id of 2^31 is a 400, as is a body id or a coupon limit', async () => {
    expectRefused(await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${beyondInt4}`, token: seller.accessToken }))
    expectRefused(await t.request({ method: 'POST', url: '/api/v1/common/licenses/verify', payload: { license_key: 'KEY-1', product_id: beyondInt4 } }))
    const coupon = await t.request({ method: 'POST', url: '/api/v1/cabinet/coupons', token: seller.accessToken, payload: { code: 'BIGLIMIT', discount_type: 'percents', value: 10, limit: beyondInt4 } })
    expectRefused(coupon)
    expect(coupon.json().error.fields[0].path).toBe('limit')
  })

  test('the largest int4 id is a plain not-found', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/cabinet/products/2147483647', token: seller.accessToken })
    expectRefused(res, [404])
  })
})

test('an empty category patch answers the category unchanged', async () => {
  const created = await t.request({ method: 'POST', url: '/api/v1/cabinet/categories', token: seller.accessToken, payload: { name: 'Unchanged' } })
  expect(created.statusCode, created.body).toBe(201)
  const res = await t.request({ method: 'PATCH', url: `/api/v1/cabinet/categories/${created.json().id}`, token: seller.accessToken, payload: {} })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().name).toBe('Unchanged')
})

test('no route of the API document answers 5xx to a NUL in its query or text segments, or 2^31 in its ids', async () => {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: { type?: string } }[] }>> }
  const failures: string[] = []
  let sent = 0
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      const params = operation.parameters ?? []
      const pathParams = params.filter((p) => p.in === 'path')
      const isInteger = (p: { schema?: { type?: string } }) => p.schema?.type === 'integer' || p.schema?.type === 'number'
      const urls: string[] = []
      if (pathParams.some(isInteger)) {
        urls.push(path.replace(/\{(\w+)\}/g, (_m, name: string) => (isInteger(pathParams.find((p) => p.name === name) ?? {}) ? String(beyondInt4) : 'x')))
      }
      if (pathParams.some((p) => !isInteger(p))) {
        urls.push(path.replace(/\{(\w+)\}/g, (_m, name: string) => (isInteger(pathParams.find((p) => p.name === name) ?? {}) ? '1' : 'a%00b')))
      }
      // Every text query parameter in turn (`query` on the lists and exports, filters, tokens).
      const plainPath = path.replace(/\{(\w+)\}/g, (_m, name: string) => (isInteger(pathParams.find((p) => p.name === name) ?? {}) ? '1' : seller.username))
      for (const p of params.filter((p) => p.in === 'query' && p.schema?.type === 'string')) urls.push(`${plainPath}?${p.name}=a%00b`)
      for (const url of urls) {
        for (const token of [seller.accessToken, undefined]) {
          const res = await t.request({ method: method.toUpperCase() as 'GET', url, token, ...(method === 'get' || method === 'delete' ? {} : { payload: {} }) })
          sent++
          if (res.statusCode >= 500) failures.push(`${method.toUpperCase()} ${url} ${token ? 'seller' : 'anonymous'}: ${res.statusCode}`)
        }
      }
    }
  }
  expect(sent).toBeGreaterThan(100)
  expect(failures).toEqual([])
}, 240_000)
