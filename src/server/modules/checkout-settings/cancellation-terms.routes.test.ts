import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { systemContext } from '../../context'
import { cancellationTermsFor } from './checkout-settings.service'
import { publicLegalDocument } from './legal-texts.service'

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

// Texts per language (docs/decisions/0095-product-translations.md): title and body per locale, each falling back.
describe('translations', () => {
  let third: TestSeller
  beforeAll(async () => { third = await createSeller(t) })
  const mine = (payload: object) => t.request({ method: 'POST', url, token: third.accessToken, payload })
  const patch = (id: number, payload: object) => t.request({ method: 'PATCH', url: `${url}/${id}`, token: third.accessToken, payload })

  test('saved with the terms, kept when left out, replaced when sent, cleared by null or {}; locale keys and base rules only', async () => {
    const created = await mine({
      product_type: 'course', title: 'Cancellation terms', body,
      translations: { de: { title: ' Widerrufsbelehrung ', body: 'Sie können binnen 14 Tagen widerrufen.' }, pl: { title: 'Odstąpienie', body: '' }, fr: { title: '', body: null } },
    })
    expect(created.statusCode).toBe(201)
    const terms = created.json()
    expect(terms.translations).toEqual({
      de: { title: 'Widerrufsbelehrung', body: 'Sie können binnen 14 Tagen widerrufen.' },
      pl: { title: 'Odstąpienie', body: null },
    })
    expect((await patch(terms.id, { title: 'Cancellation policy' })).json().translations).toEqual(terms.translations)
    const replaced = await patch(terms.id, { translations: { es: { body: 'Puede desistir en 14 días.' } } })
    expect(replaced.json().translations).toEqual({ es: { title: null, body: 'Puede desistir en 14 días.' } })
    expect((await t.request({ method: 'GET', url: `${url}/${terms.id}`, token: third.accessToken })).json().translations).toEqual({ es: { title: null, body: 'Puede desistir en 14 días.' } })
    expect((await patch(terms.id, { translations: null })).json().translations).toEqual({})
    await patch(terms.id, { translations: { de: { title: 'X' } } })
    expect((await patch(terms.id, { translations: {} })).json().translations).toEqual({})

    for (const translations of [{ xx: { title: 'T' } }, { 'pt-br': { title: 'T' } }, { de: { title: 'T', html: '<b>' } }, { de: { body: 'x'.repeat(20_001) } }, { de: { title: 'x'.repeat(201) } }, { de: { body: 'Hi <script>alert(1)</script>' } }]) {
      expect((await patch(terms.id, { translations })).statusCode, JSON.stringify(translations).slice(0, 60)).toBe(400)
    }
  })

  test('the public document shows the page\'s language, each text falling back to the base; the shop API the language it names', async () => {
    const terms = (await mine({
      product_type: 'download', title: 'Cancellation terms', body,
      translations: { de: { title: 'Widerrufsbelehrung', body: 'Sie können binnen 14 Tagen widerrufen.' }, fr: { title: 'Droit de rétractation' } },
    })).json()
    const page = (locale: 'de' | 'fr' | 'it' | 'en', query: { ct_id?: number; product_type?: string }) =>
      publicLegalDocument(systemContext(t.deps, { locale }), third.username, 'cancellation_terms', query)
    expect(await page('de', { ct_id: terms.id })).toEqual({ username: third.username, title: 'Widerrufsbelehrung', body: 'Sie können binnen 14 Tagen widerrufen.' })
    expect(await page('de', { product_type: 'download' })).toMatchObject({ title: 'Widerrufsbelehrung', body: 'Sie können binnen 14 Tagen widerrufen.' })
    // a language with only a title: the base body; a language with none: the base texts
    expect(await page('fr', { ct_id: terms.id })).toMatchObject({ title: 'Droit de rétractation', body })
    expect(await page('it', { ct_id: terms.id })).toMatchObject({ title: 'Cancellation terms', body })
    expect(await page('en', {})).toMatchObject({ title: 'Cancellation terms', body })

    const shop = (headers: Record<string, string>) => t.request({ method: 'GET', url: `/api/v1/shop/${third.username}/cancellation_terms?ct_id=${terms.id}`, headers })
    expect((await shop({ 'accept-language': 'de-DE,de;q=0.9' })).json()).toMatchObject({ title: 'Widerrufsbelehrung', body: 'Sie können binnen 14 Tagen widerrufen.' })
    expect((await shop({ 'accept-language': 'it' })).json()).toMatchObject({ title: 'Cancellation terms', body })
    const plain = (await shop({})).json()
    expect(plain).toMatchObject({ title: 'Cancellation terms', body })
    expect(plain.translations).toBeUndefined()
  })
})
