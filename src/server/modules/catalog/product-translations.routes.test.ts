import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay } from '../../../../tests/factories/checkout'

// A product's texts in other languages (docs/decisions/0095-product-translations.md): stored per locale with the
// base fields' rules, answered by the cabinet, and shown by the shop API in the language the request names, each
// text falling back to the base text.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/products'
const patch = (id: number, payload: Record<string, unknown>) => t.request({ method: 'PATCH', url: `${url}/${id}`, token: seller.accessToken, payload })
const create = (payload: Record<string, unknown>) => t.request({ method: 'POST', url, token: seller.accessToken, payload: { form: 'digital', name: 'Product', ...payload } })
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await t.deps.database.executeSql(text, params)).rows as T[]
const empty = { name: null, description: null, description_html: null, bump_headline: null, bump_text: null }

describe('storing translations', () => {
  test('created with translations: each text under the base rules, the description derived from rich text, empty ones left out', async () => {
    const body = await createProduct(t, seller.accessToken, {
      name: 'Watercolour', description: 'Paint with water.',
      translations: {
        pl: { name: '  Akwarela  ', description_html: '<p onclick="x()">Maluj <strong>wodą</strong><script>alert(1)</script></p>' },
        de: { name: 'Aquarell', description: 'Mit Wasser malen.', bump_headline: 'Dazu?', bump_text: '' },
        fr: { name: '', description_html: '<p></p>' },
      },
    })
    expect(body.translations).toEqual({
      pl: { ...empty, name: 'Akwarela', description: 'Maluj wodą', description_html: '<p>Maluj <strong>wodą</strong></p>' },
      de: { ...empty, name: 'Aquarell', description: 'Mit Wasser malen.', bump_headline: 'Dazu?' },
    })
    const [row] = await sql<{ translations: unknown }>('select translations from products where id = $1', [body.id])
    expect(row!.translations).toEqual({
      pl: { name: 'Akwarela', description: 'Maluj wodą', description_html: '<p>Maluj <strong>wodą</strong></p>' },
      de: { name: 'Aquarell', description: 'Mit Wasser malen.', bump_headline: 'Dazu?' },
    })
  })

  test('a product made without translations has none; the field is optional', async () => {
    const body = await createProduct(t, seller.accessToken, { name: 'Plain' })
    expect(body.translations).toEqual({})
  })

  test('an update without the field keeps them; a new set replaces them; null and {} clear them', async () => {
    const product = await createProduct(t, seller.accessToken, { name: 'Kept', translations: { pl: { name: 'Zachowany' }, de: { name: 'Behalten' } } })
    expect((await patch(product.id, { name: 'Kept still', limit: 3 })).json().translations).toEqual({ pl: { ...empty, name: 'Zachowany' }, de: { ...empty, name: 'Behalten' } })
    expect((await patch(product.id, { translations: { de: { name: 'Neu' } } })).json().translations).toEqual({ de: { ...empty, name: 'Neu' } })
    expect((await patch(product.id, { translations: null })).json().translations).toEqual({})
    await patch(product.id, { translations: { es: { name: 'Guardado' } } })
    expect((await patch(product.id, { translations: {} })).json().translations).toEqual({})
    expect((await t.request({ method: 'GET', url: `${url}/${product.id}`, token: seller.accessToken })).json().translations).toEqual({})
  })

  test('a code that is not one of the 20 locales, an unknown text or one over the base limit is refused (400)', async () => {
    for (const translations of [
      { xx: { name: 'Nope' } }, { 'pt-br': { name: 'Não' } }, { PL: { name: 'Nie' } }, { pl: { title: 'Nie' } },
      { pl: { name: 'x'.repeat(201) } }, { pl: { name: '<script>alert(1)</script>' } },
      { pl: { description_html: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>' } }, { pl: { bump_text: 'x'.repeat(2001) } }, { pl: 'Akwarela' },
    ]) {
      const res = await create({ translations })
      expect(res.statusCode, JSON.stringify(translations)).toBe(400)
    }
    const product = await createProduct(t, seller.accessToken, { name: 'Guarded', translations: { pl: { name: 'Strzeżony' } } })
    expect((await patch(product.id, { translations: { xx: { name: 'Nope' } } })).statusCode).toBe(400)
    expect((await t.request({ method: 'GET', url: `${url}/${product.id}`, token: seller.accessToken })).json().translations.pl.name).toBe('Strzeżony')
  })

  test('a duplicate keeps the translations', async () => {
    const product = await createProduct(t, seller.accessToken, { name: 'Original', translations: { pl: { name: 'Oryginał' } } })
    const res = await t.request({ method: 'POST', url: `${url}/${product.id}/duplicate`, token: seller.accessToken })
    expect(res.statusCode, res.body).toBeLessThan(300)
    expect(res.json().translations).toEqual({ pl: { ...empty, name: 'Oryginał' } })
  })
})

describe('the shop in the language the request names', () => {
  let product: { id: number; slug: string; pricing_plans: { id: number }[] }
  beforeAll(async () => {
    product = await publishedProduct(t, seller.accessToken, {
      name: 'Watercolour course', description_html: '<p>Eight <em>modules</em></p>', pricing_plans: [oneTimePlan(4_900)],
      translations: { pl: { name: 'Kurs akwareli', description_html: '<p>Osiem <em>modułów</em></p>', bump_headline: 'Dodać pędzle?' }, de: { name: 'Aquarellkurs' } },
    })
  })
  const shopProduct = (headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}`, headers })

  test('the product: Polish with Accept-Language or Content-Language pl, each text its base text where not translated', async () => {
    expect((await shopProduct({ 'accept-language': 'pl-PL, en;q=0.5' })).json()).toMatchObject({
      name: 'Kurs akwareli', description: 'Osiem modułów', description_html: '<p>Osiem <em>modułów</em></p>',
    })
    expect((await shopProduct({ 'content-language': 'pl' })).json().name).toBe('Kurs akwareli')
    // German gives only the name: the description is the base one
    expect((await shopProduct({ 'accept-language': 'de' })).json()).toMatchObject({ name: 'Aquarellkurs', description: 'Eight modules', description_html: '<p>Eight <em>modules</em></p>' })
    // a language without a translation, or none named: the base texts
    expect((await shopProduct({ 'accept-language': 'fr' })).json()).toMatchObject({ name: 'Watercolour course', description: 'Eight modules' })
    expect((await shopProduct()).json()).toMatchObject({ name: 'Watercolour course', description: 'Eight modules' })
  })

  test('the shop list and the checkout: the names and the order bump texts in the language', async () => {
    const list = (headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products`, headers })
    const names = async (headers?: Record<string, string>) => (await list(headers)).json().list.map((p: { name: string }) => p.name)
    expect(await names({ 'accept-language': 'pl' })).toContain('Kurs akwareli')
    expect(await names({ 'accept-language': 'fr' })).toContain('Watercolour course')
    const saved = await t.request({ method: 'PUT', url: `${url}/${product.id}/checkout`, token: seller.accessToken, payload: { bump: { headline: 'Add brushes?', text: 'A set of three.' } } })
    expect(saved.statusCode, saved.body).toBe(200)
    const checkout = (headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}/checkout`, headers })
    expect((await checkout({ 'accept-language': 'pl' })).json().bump).toMatchObject({ headline: 'Dodać pędzle?', text: 'A set of three.' })
    expect((await checkout()).json().bump).toMatchObject({ headline: 'Add brushes?', text: 'A set of three.' })
    const quote = (headers: Record<string, string> = {}) => t.request({
      method: 'POST', url: '/api/v1/shop/orders/quote', headers, payload: { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, country_code: 'DE' },
    })
    expect((await quote({ 'content-language': 'pl' })).json().lines.map((l: { name: string }) => l.name)).toEqual(['Kurs akwareli'])
    expect((await quote()).json().lines.map((l: { name: string }) => l.name)).toEqual(['Watercolour course'])
  })

  test('an order made in Polish: its public answer and the payer\'s mails name the product in Polish', async () => {
    const payer = fullPayer()
    const res = await t.request({
      method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': randomUUID(), 'content-language': 'pl' },
      payload: { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true },
    })
    expect(res.statusCode, res.body).toBe(201)
    const token = res.json().order.token
    expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const order = (headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/api/v1/shop/orders/${token}`, headers })
    expect((await order({ 'content-language': 'pl' })).json().product.name).toBe('Kurs akwareli')
    expect((await order()).json().product.name).toBe('Watercolour course')
    const mails = await sql<{ kind: string; subject: string }>('select kind, subject from email_logs where "to" = $1 order by id', [payer.email])
    expect(mails.map((m) => m.kind)).toEqual(['order_confirmation', 'order_delivery'])
    for (const mail of mails) expect(mail.subject, mail.kind).toContain('Kurs akwareli')
  })
})
