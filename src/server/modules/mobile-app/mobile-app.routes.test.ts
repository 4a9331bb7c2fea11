import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { textToHtml } from './mobile-app.service'

// The seller's mobile app (docs/decisions/0086-live-shopping-and-mobile-app.md): the legal documents an app reads
// (public, by seller id) and the push notification settings, both behind the mobile_app flag.

let t: TestApp
let seller: TestSeller
let other: TestSeller
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const setFlag = (s: TestSeller, value: boolean) =>
  sql(`update sellers set features = features || jsonb_build_object('mobile_app', $2::boolean) where id = $1`, [s.sellerId, value])
const documentOf = (s: TestSeller, id: string | number) => t.request({ method: 'GET', url: `/api/v1/shop/${s.sellerId}/mobile_app/document/${id}` })

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  await setFlag(seller, true)
  await setFlag(other, true)
})
afterAll(async () => { await t?.close() })

describe('GET /shop/{sellerId}/mobile_app/document/{id}', () => {
  test('the template until the seller saves a text, then the text as stored and as escaped HTML, with its date and language', async () => {
    const template = await documentOf(seller, 'terms')
    expect(template.statusCode, template.body).toBe(200)
    expect(template.json().document).toMatchObject({ id: 'terms', kind: 'terms', is_default: true, updated_at: null, language: 'en' })
    expect(template.json().document.body.length).toBeGreaterThan(100)

    const body = 'Terms for the app.\n\nSection <b>two</b> & "more"\nnext line'
    expect((await t.request({ method: 'PUT', url: '/api/v1/cabinet/legal_texts/privacy', token: seller.accessToken, payload: { title: 'Our privacy', body } })).statusCode).toBe(200)
    const saved = (await documentOf(seller, 'privacy')).json().document
    expect(saved).toMatchObject({ id: 'privacy', kind: 'privacy', title: 'Our privacy', body, is_default: false, language: 'en' })
    expect(saved.updated_at).toEqual(expect.any(String))
    expect(saved.body_html).toBe('<p>Terms for the app.</p>\n<p>Section &lt;b&gt;two&lt;/b&gt; &amp; &quot;more&quot;<br>next line</p>')
    expect(saved.body_html).not.toContain('<b>')
  })

  test('cancellation terms by id: the seller\'s own; another seller\'s id, an unknown id or a closed flag are 404', async () => {
    const created = await t.request({ method: 'POST', url: '/api/v1/cabinet/cancellation_terms', token: seller.accessToken, payload: { product_type: 'course', title: 'Course withdrawal', body: 'You may withdraw within 14 days.' } })
    expect(created.statusCode, created.body).toBe(201)
    const termsId = (created.json().cancellation_terms ?? created.json()).id as number
    const own = await documentOf(seller, termsId)
    expect(own.statusCode).toBe(200)
    expect(own.json().document).toMatchObject({ id: String(termsId), kind: 'cancellation_terms', title: 'Course withdrawal', is_default: false })
    expect((await documentOf(seller, 'cancellation_terms')).json().document).toMatchObject({ kind: 'cancellation_terms', is_default: true })

    expect((await documentOf(other, termsId)).statusCode).toBe(404)
    expect((await documentOf(seller, 999999)).statusCode).toBe(404)
    expect((await documentOf(seller, 'imprint')).statusCode).toBe(400)
    expect((await t.request({ method: 'GET', url: '/api/v1/shop/999999/mobile_app/document/terms' })).statusCode).toBe(404)

    await setFlag(seller, false)
    expect((await documentOf(seller, 'terms')).statusCode).toBe(404)
    expect((await documentOf(seller, termsId)).statusCode).toBe(404)
    await setFlag(seller, true)
    // Off by default (src/shared/accounts.ts): a seller who never had it switched on serves nothing.
    expect((await documentOf(await createSeller(t), 'terms')).statusCode).toBe(404)
  })

  test('a German seller\'s template is in German', async () => {
    const german = await createSeller(t)
    await setFlag(german, true)
    await sql('update sellers set country_code = $2 where id = $1', [german.sellerId, 'DE'])
    expect((await documentOf(german, 'terms')).json().document.language).toBe('de')
  })
})

describe('/cabinet/mobile_app/notification_settings', () => {
  const url = '/api/v1/cabinet/mobile_app/notification_settings'
  test('every type with its default; a change is kept, the others keep theirs; each type once', async () => {
    const first = await t.request({ method: 'GET', url, token: seller.accessToken })
    expect(first.statusCode).toBe(200)
    const push = (list: { type: string; push: boolean }[], type: string) => list.find((s) => s.type === type)?.push
    expect(push(first.json().list, 'paid_transaction')).toBe(true)
    expect(push(first.json().list, 'day_income')).toBe(false)

    const put = await t.request({ method: 'PUT', url, token: seller.accessToken, payload: { list: [{ type: 'paid_transaction', push: false }, { type: 'day_income', push: true }] } })
    expect(put.statusCode, put.body).toBe(200)
    const again = (await t.request({ method: 'GET', url, token: seller.accessToken })).json().list
    expect(again).toEqual(put.json().list)
    expect(push(again, 'paid_transaction')).toBe(false)
    expect(push(again, 'day_income')).toBe(true)
    expect(push(again, 'order_created')).toBe(true)
    // Another seller's settings are their own.
    expect(push((await t.request({ method: 'GET', url, token: other.accessToken })).json().list, 'paid_transaction')).toBe(true)

    expect((await t.request({ method: 'PUT', url, token: seller.accessToken, payload: { list: [{ type: 'paid_transaction', push: true }, { type: 'paid_transaction', push: false }] } })).statusCode).toBe(400)
    expect((await t.request({ method: 'PUT', url, token: seller.accessToken, payload: { list: [{ type: 'no_such_type', push: true }] } })).statusCode).toBe(400)
  })

  test('flag off: 403 feature_disabled naming mobile_app', async () => {
    const s = await createSeller(t)
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.request({ method, url, token: s.accessToken, ...(method === 'PUT' ? { payload: { list: [{ type: 'comment', push: true }] } } : {}) })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toMatchObject({ type: 'feature_disabled', flag: 'mobile_app' })
    }
  })
})

test('textToHtml escapes every character of markup and keeps paragraphs and line breaks', () => {
  expect(textToHtml('<script>alert(1)</script>\n\nb\nc')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>b<br>c</p>')
})
