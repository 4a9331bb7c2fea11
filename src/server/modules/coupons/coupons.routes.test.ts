import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/coupons'
const create = (payload: object, token = seller.accessToken) => t.request({ method: 'POST', url, token, payload })

describe('single coupons', () => {
  test('a percent coupon is a whole percent in the API and basis points in storage', async () => {
    const res = await create({ code: 'SPRING10', discount_type: 'percents', value: 10 })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ code: 'SPRING10', discount_type: 'percents', value: 10, value_bps: 1000, currency_id: null, amount_base: 'end_amount', scope: 'all_products', active: true, orders_count: 0 })
    const { rows } = await t.deps.database.executeSql('select value from coupons where id = $1', [res.json().id])
    expect(Number(rows[0].value)).toBe(1000)
  })

  for (const value of [0, 101]) {
    test(`a coupon percent of ${value} is refused (whole percent 1..100)`, async () => {
      const res = await create({ discount_type: 'percents', value })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toContainEqual(expect.objectContaining({ path: 'value' }))
    })
  }

  test('a currency coupon needs a currency_id and a positive amount in minor units', async () => {
    expect((await create({ discount_type: 'currency', value: 500 })).json().error.fields).toContainEqual(expect.objectContaining({ path: 'currency_id' }))
    expect((await create({ discount_type: 'currency', value: 5.5, currency_id: 'eur' })).statusCode).toBe(400)
    const ok = await create({ discount_type: 'currency', value: 500, currency_id: 'eur', amount_base: 'net_amount', limit: 10 })
    expect(ok.json()).toMatchObject({ value: 500, value_bps: null, currency_id: 'eur', amount_base: 'net_amount', limit: 10 })
    expect(ok.json().code).toMatch(/^[A-Z0-9]{8}$/)
  })

  test('scope product ids must belong to the seller (else 404); single_product takes exactly one', async () => {
    const mine = await createProduct(t, seller.accessToken)
    const foreign = await createProduct(t, other.accessToken)
    expect((await create({ discount_type: 'percents', value: 5, scope: 'single_product', product_ids: [foreign.id] })).statusCode).toBe(404)
    expect((await create({ discount_type: 'percents', value: 5, scope: 'single_product', product_ids: [] })).statusCode).toBe(400)
    const ok = await create({ discount_type: 'percents', value: 5, scope: 'single_product', product_ids: [mine.id] })
    expect(ok.json()).toMatchObject({ scope: 'single_product', product_ids: [mine.id] })
  })

  test('a code is unique per seller without regard to case; another seller may use it', async () => {
    await create({ code: 'SUMMER', discount_type: 'percents', value: 5 })
    const dup = await create({ code: 'summer', discount_type: 'percents', value: 5 })
    expect(dup.statusCode).toBe(422)
    expect(dup.json().error.fields).toEqual([expect.objectContaining({ path: 'code' })])
    expect((await create({ code: 'summer', discount_type: 'percents', value: 5 }, other.accessToken)).statusCode).toBe(201)
  })

  test('a window that ends before it starts is refused', async () => {
    const res = await create({ discount_type: 'percents', value: 5, starts_at: '2030-02-01T00:00:00.000Z', ends_at: '2030-01-01T00:00:00.000Z' })
    expect(res.statusCode).toBe(400)
  })

  test('read, update (merged terms re-checked), list with filters, delete', async () => {
    const coupon = (await create({ code: 'EDITME', discount_type: 'percents', value: 20 })).json()
    expect((await t.request({ method: 'GET', url: `${url}/${coupon.id}`, token: seller.accessToken })).json().code).toBe('EDITME')
    const toCurrency = await t.request({ method: 'PATCH', url: `${url}/${coupon.id}`, token: seller.accessToken, payload: { discount_type: 'currency' } })
    expect(toCurrency.statusCode).toBe(422)
    expect(toCurrency.json().error.fields).toContainEqual({ path: 'currency_id', message: expect.any(String) })
    const updated = await t.request({ method: 'PATCH', url: `${url}/${coupon.id}`, token: seller.accessToken, payload: { discount_type: 'currency', value: 300, currency_id: 'usd', active: false } })
    expect(updated.json()).toMatchObject({ discount_type: 'currency', value: 300, currency_id: 'usd', active: false })
    const tooMuch = await t.request({ method: 'PATCH', url: `${url}/${coupon.id}`, token: seller.accessToken, payload: { discount_type: 'percents', value: 101 } })
    expect(tooMuch.statusCode).toBe(422)
    const inactive = await t.request({ method: 'GET', url: `${url}?active=false&query=edit`, token: seller.accessToken })
    expect(inactive.json().list.map((c: any) => c.code)).toEqual(['EDITME'])
    expect((await t.request({ method: 'DELETE', url: `${url}/${coupon.id}`, token: seller.accessToken })).statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: `${url}/${coupon.id}`, token: seller.accessToken })).statusCode).toBe(404)
  })

  test('another seller\'s coupon answers 404 on read, update and delete', async () => {
    const coupon = (await create({ code: 'PRIVATE1', discount_type: 'percents', value: 20 })).json()
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await t.request({ method, url: `${url}/${coupon.id}`, token: other.accessToken, ...(method === 'PATCH' ? { payload: { value: 1 } } : {}) })
      expect(res.statusCode, method).toBe(404)
    }
    expect(JSON.stringify((await t.request({ method: 'GET', url, token: other.accessToken })).json())).not.toContain('PRIVATE1')
  })
})

describe('bulk coupons', () => {
  test('count coupons with unique codes of the asked type, length and prefix, one batch id', async () => {
    const product = await createProduct(t, seller.accessToken)
    const res = await t.request({
      method: 'POST', url: `${url}/bulk`, token: seller.accessToken,
      payload: { count: 300, prefix: 'VIP-', code_length: 6, code_type: 'numeric', discount_type: 'percents', value: 15, scope: 'multiple_products', product_ids: [product.id] },
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.count).toBe(300)
    expect(new Set(body.codes).size).toBe(300)
    for (const code of body.codes) expect(code).toMatch(/^VIP-[0-9]{6}$/)
    const list = await t.request({ method: 'GET', url: `${url}?batch_id=${body.batch_id}&per=500`, token: seller.accessToken })
    expect(list.json().total_count).toBe(300)
    expect(list.json().list[0]).toMatchObject({ value: 15, product_ids: [product.id], batch_id: body.batch_id })
  })

  test('a count over 1000 or a code length under 6 is refused', async () => {
    const base = { code_type: 'alphanumeric', discount_type: 'percents', value: 5 }
    expect((await t.request({ method: 'POST', url: `${url}/bulk`, token: seller.accessToken, payload: { ...base, count: 1001, code_length: 8 } })).statusCode).toBe(400)
    expect((await t.request({ method: 'POST', url: `${url}/bulk`, token: seller.accessToken, payload: { ...base, count: 5, code_length: 5 } })).statusCode).toBe(400)
  })
})
