import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const keysUrl = (id: number) => `/api/v1/cabinet/products/${id}/license_keys`

function multipartCsv(csv: string, filename = 'keys.csv') {
  const boundary = '----sellfront-test-boundary'
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describe('license keys', () => {
  test('50 keys are stored once: duplicates in the batch and against stored keys are refused and counted', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'licenseKey' })
    const keys = Array.from({ length: 50 }, (_, i) => `KEY-${String(i).padStart(3, '0')}`)
    const first = await t.request({ method: 'POST', url: keysUrl(product.id), token: seller.accessToken, payload: { keys: [...keys, 'KEY-000', 'KEY-001'] } })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toEqual({ added: 50, duplicates: 2 })
    const again = await t.request({ method: 'POST', url: keysUrl(product.id), token: seller.accessToken, payload: { keys: ['KEY-010', 'KEY-NEW'] } })
    expect(again.json()).toEqual({ added: 1, duplicates: 1 })
    const list = await t.request({ method: 'GET', url: `${keysUrl(product.id)}?per=10`, token: seller.accessToken })
    expect(list.json()).toMatchObject({ total_count: 51, available_count: 51, used_count: 0 })
    expect(list.json().list).toHaveLength(10)
    expect(list.json().list[0]).toMatchObject({ key: 'KEY-000', state: 'available', used_at: null })
  })

  test('keys are generated from a format, each matching it', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'licenseKey' })
    const res = await t.request({ method: 'POST', url: keysUrl(product.id), token: seller.accessToken, payload: { format: 'PRO-{alphanumeric:6}-{numeric:4}', count: 200 } })
    expect(res.statusCode).toBe(201)
    expect(res.json().added + res.json().duplicates).toBe(200)
    expect(res.json().added).toBeGreaterThan(195)
    const list = await t.request({ method: 'GET', url: `${keysUrl(product.id)}?per=500`, token: seller.accessToken })
    for (const row of list.json().list) expect(row.key).toMatch(/^PRO-[A-Z0-9]{6}-[0-9]{4}$/)
  })

  test('a bad format, a count over 10000, or more keys than a format can make are refused with field errors', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'licenseKey' })
    const bad = await t.request({ method: 'POST', url: keysUrl(product.id), token: seller.accessToken, payload: { format: '{hex:5}', count: 1 } })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json().error.fields)).toContain('alphabetic')
    const size = await t.request({ method: 'POST', url: keysUrl(product.id), token: seller.accessToken, payload: { format: '{numeric:2}', count: 1 } })
    expect(size.statusCode).toBe(400)
    const many = await t.request({ method: 'POST', url: keysUrl(product.id), token: seller.accessToken, payload: { format: '{numeric:8}', count: 10001 } })
    expect(many.statusCode).toBe(400)
    const small = await t.request({ method: 'POST', url: keysUrl(product.id), token: seller.accessToken, payload: { format: '{numeric:3}', count: 1001 } })
    expect(small.statusCode).toBe(422)
    expect(small.json().error.fields[0].path).toBe('count')
  })

  test('a CSV upload adds the first column, skipping a header row and duplicates', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'licenseKey' })
    const res = await t.request({ method: 'POST', url: `${keysUrl(product.id)}/upload`, token: seller.accessToken, ...multipartCsv('key,note\nAAA-1,x\nAAA-2,y\nAAA-1,z\n') })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ added: 2, duplicates: 1 })
    const json = await t.request({ method: 'POST', url: `${keysUrl(product.id)}/upload`, token: seller.accessToken, payload: { keys: ['x'] } })
    expect(json.statusCode).toBe(415)
  })

  test('an available key can be deleted; a used key cannot', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'licenseKey' })
    await t.request({ method: 'POST', url: keysUrl(product.id), token: seller.accessToken, payload: { keys: ['DEL-1', 'USED-1'] } })
    const list = (await t.request({ method: 'GET', url: keysUrl(product.id), token: seller.accessToken })).json().list
    const del = list.find((k: any) => k.key === 'DEL-1')
    const used = list.find((k: any) => k.key === 'USED-1')
    await t.deps.database.executeSql(`update license_keys set state = 'used', used_at = now() where id = $1`, [used.id])
    expect((await t.request({ method: 'DELETE', url: `${keysUrl(product.id)}/${del.id}`, token: seller.accessToken })).statusCode).toBe(204)
    expect((await t.request({ method: 'DELETE', url: `${keysUrl(product.id)}/${used.id}`, token: seller.accessToken })).statusCode).toBe(409)
    const after = await t.request({ method: 'GET', url: `${keysUrl(product.id)}?state=used`, token: seller.accessToken })
    expect(after.json()).toMatchObject({ total_count: 1, available_count: 0, used_count: 1 })
  })

  test('keys belong to licenseKey products only', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'digital' })
    const res = await t.request({ method: 'POST', url: keysUrl(product.id), token: seller.accessToken, payload: { keys: ['A'] } })
    expect(res.statusCode).toBe(422)
  })
})
