import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { cancellationTermsFor } from './checkout-settings.service'

// Cancellation terms per product form (cabinet) and the public legal document of a shop.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/cancellation_terms'
const create = (payload: object, token = seller.accessToken) => t.request({ method: 'POST', url, token, payload })
const body = 'You may cancel within 14 days.\n\nSend us an email.'

describe('cabinet', () => {
  test('one set of terms per product form; read, list, update, delete', async () => {
    const res = await create({ product_type: 'course', title: 'Widerrufsbelehrung', body })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ product_type: 'course', title: 'Widerrufsbelehrung', body })
    const again = await create({ product_type: 'course', title: 'Second', body })
    expect(again.statusCode).toBe(422)
    expect(again.json().error.fields).toEqual([{ path: 'product_type', message: expect.any(String) }])
    const download = (await create({ product_type: 'download', title: 'Downloads', body })).json()
    expect((await t.request({ method: 'GET', url, token: seller.accessToken })).json().list.map((x: any) => x.product_type)).toEqual(['course', 'download'])
    const moved = await t.request({ method: 'PATCH', url: `${url}/${download.id}`, token: seller.accessToken, payload: { product_type: 'course' } })
    expect(moved.statusCode).toBe(422)
    const updated = await t.request({ method: 'PATCH', url: `${url}/${download.id}`, token: seller.accessToken, payload: { product_type: 'licenseKey', title: 'License keys' } })
    expect(updated.json()).toMatchObject({ product_type: 'licenseKey', title: 'License keys', body })
    expect((await t.request({ method: 'DELETE', url: `${url}/${download.id}`, token: seller.accessToken })).statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: `${url}/${download.id}`, token: seller.accessToken })).statusCode).toBe(404)
  })

  test('plain text up to 20000 characters, no script tags, known forms only, no unknown keys', async () => {
    expect((await create({ product_type: 'membership', title: 'T', body: 'x'.repeat(20_001) })).statusCode).toBe(400)
    expect((await create({ product_type: 'membership', title: 'T', body: 'Hi <script>alert(1)</script>' })).statusCode).toBe(400)
    expect((await create({ product_type: 'membership', title: 'T', body: '' })).statusCode).toBe(400)
    expect((await create({ product_type: 'service', title: 'T', body })).statusCode).toBe(400)
    expect((await create({ product_type: 'membership', title: 'T', body, html: '<b>' })).statusCode).toBe(400)
    expect((await create({ product_type: 'membership', title: 'T', body: 'y'.repeat(20_000) })).statusCode).toBe(201)
  })

  test('another seller\'s terms answer 404 and are not listed', async () => {
    const mine = (await create({ product_type: 'bundle', title: 'Bundle terms', body })).json()
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await t.request({ method, url: `${url}/${mine.id}`, token: other.accessToken, ...(method === 'PATCH' ? { payload: { title: 'x' } } : {}) })
      expect(res.statusCode, method).toBe(404)
    }
    expect((await t.request({ method: 'GET', url, token: other.accessToken })).json().list).toEqual([])
  })

  test('cancellationTermsFor takes a form or the spec\'s type', async () => {
    await create({ product_type: 'digital', title: 'Services', body })
    expect(await cancellationTermsFor(t.deps.db, seller.sellerId, 'digital')).toMatchObject({ title: 'Services' })
    expect(await cancellationTermsFor(t.deps.db, seller.sellerId, 'service')).toMatchObject({ title: 'Services' })
    expect(await cancellationTermsFor(t.deps.db, other.sellerId, 'digital')).toBeNull()
    expect(await cancellationTermsFor(t.deps.db, seller.sellerId, 'nonsense')).toBeNull()
  })
})

describe('the public read', () => {
  test('by ct_id or product_type, with the shop named by username (any case) or id; 404 when missing', async () => {
    const terms = (await create({ product_type: 'eventTickets', title: 'Tickets', body })).json()
    const shop = (name: string, query: string) => t.request({ method: 'GET', url: `/api/v1/shop/${name}/cancellation_terms?${query}` })
    const byId = await shop(seller.username, `ct_id=${terms.id}`)
    expect(byId.statusCode).toBe(200)
    expect(byId.json()).toEqual({ id: terms.id, product_type: 'eventTickets', title: 'Tickets', body, updated_at: expect.any(String), seller: { id: seller.sellerId, username: seller.username } })
    expect((await shop(seller.username.toUpperCase(), 'product_type=eventTickets')).json().id).toBe(terms.id)
    expect((await shop(String(seller.sellerId), 'product_type=event')).json().id).toBe(terms.id)
    expect((await shop(other.username, `ct_id=${terms.id}`)).statusCode).toBe(404)
    expect((await shop(seller.username, 'product_type=certificate')).statusCode).toBe(404)
    expect((await shop(seller.username, '')).statusCode).toBe(404)
    expect((await shop('nobody-here', 'product_type=course')).statusCode).toBe(404)
    await t.deps.database.executeSql('update sellers set blocked = true where id = $1', [seller.sellerId])
    expect((await shop(seller.username, `ct_id=${terms.id}`)).statusCode).toBe(404)
    await t.deps.database.executeSql('update sellers set blocked = false where id = $1', [seller.sellerId])
  })
})
