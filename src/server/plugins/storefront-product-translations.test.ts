import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay } from '../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { randomUUID } from 'node:crypto'

// A product's texts in the page's language (docs/decisions/0095-product-translations.md): the shop list, the product
// page (its heading, description, the head's title and description, the JSON-LD) and the order's success page show
// the translation of the language the page speaks (decision 0094), each text falling back to the base text. The
// product's data is cached per product and language.

let t: TestApp
let seller: TestSeller
let product: { id: number; slug: string; pricing_plans: { id: number }[] }

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://shop.example/' })
  seller = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, {
    name: 'Watercolour course', description: 'Eight modules from first wash to landscape.', pricing_plans: [oneTimePlan(4_900)],
    translations: {
      pl: { name: 'Kurs akwareli', description_html: '<p>Osiem modułów: od <strong>pierwszego</strong> laserunku do pejzażu.</p>' },
      de: { name: 'Aquarellkurs' },
    },
  })
})

afterAll(async () => {
  await t?.close()
})

describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('a product\'s texts in the page\'s language', () => {
  const page = (path: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url: path, headers })
  const productPath = () => `/s/${seller.username}/${product.slug}`
  const headingOf = (html: string) => /data-testid="product-name">([^<]*)</.exec(html)?.[1]
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
  const metaDescriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1]
  const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as { name: string; description: string }

  test('the product page with ?lang=pl: heading, description, title, meta description and JSON-LD in Polish', async () => {
    const res = await page(`${productPath()}?lang=pl`)
    expect(res.statusCode).toBe(200)
    expect(headingOf(res.body)).toBe('Kurs akwareli')
    expect(res.body).toContain('<strong>pierwszego</strong>')
    expect(titleOf(res.body)).toMatch(/^Kurs akwareli · /)
    expect(metaDescriptionOf(res.body)).toBe('Osiem modułów: od pierwszego laserunku do pejzażu.')
    expect(jsonLdOf(res.body)).toMatchObject({ name: 'Kurs akwareli', description: 'Osiem modułów: od pierwszego laserunku do pejzażu.' })
    // the price box's line too (the page's quote)
    expect(/data-testid="price-box"[\s\S]*?<li><span>([^<]*)<\/span>/.exec(res.body)?.[1]).toBe('Kurs akwareli')
    expect(res.body).not.toContain('Watercolour course')
  })

  test('Accept-Language: Polish; German gives its name and the base description; a language without a translation the base texts', async () => {
    expect(headingOf((await page(productPath(), { 'accept-language': 'pl-PL,pl;q=0.9' })).body)).toBe('Kurs akwareli')
    const german = (await page(productPath(), { 'accept-language': 'de' })).body
    expect(headingOf(german)).toBe('Aquarellkurs')
    expect(metaDescriptionOf(german)).toBe('Eight modules from first wash to landscape.')
    const french = (await page(productPath(), { 'accept-language': 'fr' })).body
    expect(headingOf(french)).toBe('Watercolour course')
    expect(jsonLdOf(french).name).toBe('Watercolour course')
  })

  test('the cached product data is per language: Polish, English and Polish again in a row each get their own', async () => {
    for (const [lang, name] of [['pl', 'Kurs akwareli'], ['en', 'Watercolour course'], ['pl', 'Kurs akwareli'], ['de', 'Aquarellkurs']] as const) {
      // a query that varies the page (a preselected plan) renders again from the cached product data
      const res = await page(`${productPath()}?lang=${lang}&pricing_plan_id=${product.pricing_plans[0]!.id}`)
      expect(headingOf(res.body), lang).toBe(name)
    }
  })

  test('the shop list names the product in the page\'s language', async () => {
    expect((await page(`/s/${seller.username}?lang=pl`)).body).toContain('Kurs akwareli')
    const english = (await page(`/s/${seller.username}?lang=en`)).body
    expect(english).toContain('Watercolour course')
    expect(english).not.toContain('Kurs akwareli')
  })

  test('the order\'s success page names the product in the page\'s language', async () => {
    const res = await t.request({
      method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': randomUUID(), 'content-language': 'pl' },
      payload: { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    const success = (lang: string) => page(`/s/${seller.username}/payment/${res.json().order.token}?lang=${lang}`)
    const productOf = (html: string) => /data-testid="order-product">([^<]*)</.exec(html)?.[1]
    expect(productOf((await success('pl')).body)).toBe('Kurs akwareli')
    expect(productOf((await success('en')).body)).toBe('Watercolour course')
  })
})
