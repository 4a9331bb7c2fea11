import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'

// The payer's language (docs/decisions/0094-storefront-languages.md): a shop offers some languages, its default
// first; a page picks `?lang=`, then the kept choice, then Accept-Language, then the default; the order keeps the
// language and its mails use it.

let t: TestApp
let seller: TestSeller
let slug: string
let productId: number
let planId: number

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://shop.example/' })
  seller = await createSeller(t)
  const product = await publishedProduct(t, seller.accessToken, { name: 'Aquarelle', pricing_plans: [oneTimePlan(2_900)] })
  slug = product.slug
  productId = product.id
  planId = product.pricing_plans[0].id
  const current = (await t.request({ method: 'GET', url: '/api/v1/cabinet/profile', token: seller.accessToken })).json()
  const saved = await t.request({ method: 'PUT', url: '/api/v1/cabinet/profile', token: seller.accessToken, payload: { ...current.profile, shop_languages: ['de', 'en', 'pl', 'ar', 'pl'] } })
  expect(saved.statusCode, saved.body).toBe(200)
  expect(saved.json().shop_languages).toEqual(['de', 'en', 'pl', 'ar'])
  await finished()
})

// The factory's seller is marked finished without a whole profile; a profile PUT recomputes that, so mark it again.
const finished = () => t.deps.database.executeSql('update sellers set profile_finished = true where id = $1', [seller.sellerId])

afterAll(async () => {
  await t?.close()
})

describe('the shop\'s languages', () => {
  test('kept in the seller profile: absent keeps them, null offers every language, an unknown code is refused', async () => {
    const current = (await t.request({ method: 'GET', url: '/api/v1/cabinet/profile', token: seller.accessToken })).json()
    expect(current.shop_languages).toEqual(['de', 'en', 'pl', 'ar'])
    const kept = await t.request({ method: 'PUT', url: '/api/v1/cabinet/profile', token: seller.accessToken, payload: { ...current.profile, bio: 'Hi' } })
    expect(kept.json().shop_languages).toEqual(['de', 'en', 'pl', 'ar'])
    const wrong = await t.request({ method: 'PUT', url: '/api/v1/cabinet/profile', token: seller.accessToken, payload: { ...current.profile, shop_languages: ['xx'] } })
    expect(wrong.statusCode).toBe(400)
    const empty = await t.request({ method: 'PUT', url: '/api/v1/cabinet/profile', token: seller.accessToken, payload: { ...current.profile, shop_languages: [] } })
    expect(empty.statusCode).toBe(400)
    await finished()
  })

  test('an order made with Content-Language keeps it, and its confirmation mail is in it', async () => {
    const payer = fullPayer()
    const res = await t.request({
      method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': `lang-${Date.now()}`, 'content-language': 'pl' },
      payload: { product_id: productId, pricing_plan_id: planId, payment_method: 'card', payer, terms_accepted: true },
    })
    expect(res.statusCode, res.body).toBe(201)
    const [row] = (await t.deps.database.executeSql('select locale from orders where token = $1', [res.json().order.token])).rows as { locale: string }[]
    expect(row!.locale).toBe('pl')
    await sandboxPay(t, res.json().next_action.payment_id)
    const mails = (await t.deps.database.executeSql('select kind, locale from email_logs where "to" = $1', [payer.email])).rows
    expect(mails).toEqual([{ kind: 'order_confirmation', locale: 'pl' }])
  })

  test('an order without a language reads English', async () => {
    const res = await submitOrder(t, { product_id: productId, pricing_plan_id: planId, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    const [row] = (await t.deps.database.executeSql('select locale from orders where token = $1', [res.json().order.token])).rows as { locale: string }[]
    expect(row!.locale).toBe('en')
  })
})

describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('a shop page in the payer\'s language', () => {
  const page = (query = '', headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/s/${seller.username}/${slug}${query}`, headers })
  const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1]

  test('Accept-Language by weight among the offered; one not offered gives the shop\'s default', async () => {
    expect(langOf((await page('', { 'accept-language': 'fr, pl;q=0.8, en;q=0.5' })).body)).toBe('pl')
    expect(langOf((await page('', { 'accept-language': 'fr' })).body)).toBe('de')
    expect(langOf((await page()).body)).toBe('de')
  })

  test('?lang= wins and is kept in a cookie; the cookie then wins over Accept-Language', async () => {
    const chosen = await page('?lang=ar', { 'accept-language': 'pl' })
    expect(chosen.body).toContain('<html lang="ar" dir="rtl">')
    const cookie = chosen.cookies.find((c) => c.name === 'sf_lang')
    expect(cookie?.value).toBe('ar')
    expect(langOf((await page('', { 'accept-language': 'pl', cookie: 'sf_lang=ar' })).body)).toBe('ar')
    // a language the shop does not offer is passed over, never an error
    const other = await page('?lang=fr', { 'accept-language': 'en' })
    expect(other.statusCode).toBe(200)
    expect(langOf(other.body)).toBe('en')
    expect(other.cookies.find((c) => c.name === 'sf_lang')).toBeUndefined()
  })

  test('the page names its other languages (hreflang) and answers per language (Vary), the cache too', async () => {
    const res = await page('', { 'accept-language': 'en' })
    const canonical = `https://shop.example/s/${seller.username}/${slug}`
    for (const [code, tag] of [['de', 'de'], ['en', 'en'], ['pl', 'pl'], ['ar', 'ar']]) {
      expect(res.body).toContain(`<link rel="alternate" hreflang="${tag}" href="${canonical}?lang=${code}">`)
    }
    expect(res.body).toContain(`<link rel="alternate" hreflang="x-default" href="${canonical}">`)
    expect(res.headers.vary).toMatch(/accept-language/i)
    // the same address, another language: not the cached English page
    expect(langOf((await page('', { 'accept-language': 'pl' })).body)).toBe('pl')
    expect(langOf((await page('', { 'accept-language': 'en' })).body)).toBe('en')
  })

  test('the props carry the page\'s language, its texts and the shop\'s languages for the switcher', async () => {
    const res = await page('?lang=pl')
    const props = JSON.parse(/<script type="application\/json" id="sf-props">(.*?)<\/script>/s.exec(res.body)![1]!)
    expect(props.locale).toBe('pl')
    expect(props.languages).toEqual(['de', 'en', 'pl', 'ar'])
    expect(typeof props.texts.common.access.heading).toBe('string')
  })
})
