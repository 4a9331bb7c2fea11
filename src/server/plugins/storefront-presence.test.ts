import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../../../tests/factories/catalog'
import { publishedProduct } from '../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'

// What search engines read (docs/decisions/0044-storefront-presence.md): /robots.txt and /sitemap.xml from
// the server (not the back office's HTML), the sitemap listing exactly the listed products of open shops,
// with absolute addresses from APP_URL; and the payment marks the pages show.

let t: TestApp
let open: TestSeller, deactivated: TestSeller, blocked: TestSeller
const slugs: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://shop.example/' })
  open = await createSeller(t)
  deactivated = await createSeller(t)
  blocked = await createSeller(t)
  slugs.listed = (await publishedProduct(t, open.accessToken, { name: 'Listed <&> product' })).slug
  slugs.unpublished = (await createProduct(t, open.accessToken, { name: 'Draft' })).slug
  slugs.hidden = (await publishedProduct(t, open.accessToken, { name: 'Hidden', hidden_in_shop: true })).slug
  slugs.password = (await publishedProduct(t, open.accessToken, { name: 'Members', access_password: 'open-sesame' })).slug
  slugs.deactivated = (await publishedProduct(t, deactivated.accessToken, { name: 'Of a leaving seller' })).slug
  slugs.blocked = (await publishedProduct(t, blocked.accessToken, { name: 'Of a blocked seller' })).slug
  const off = await t.request({ method: 'POST', url: '/api/v1/app/user/deactivate', token: deactivated.accessToken, payload: { password: deactivated.password, reason: 'not_using' } })
  expect(off.statusCode).toBe(204)
  await t.deps.database.executeSql('update sellers set blocked = true where id = $1', [blocked.sellerId])
})

afterAll(async () => {
  await t?.close()
})

describe('robots.txt', () => {
  test('plain text: the back office, payer area, API and order pages disallowed; the sitemap named by its absolute address', async () => {
    const res = await t.request({ method: 'GET', url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    const lines = res.body.split('\n')
    for (const path of ['/cabinet', '/admin', '/payer', '/api/', '/s/*/payment/', '/s/*/sign_in']) expect(lines).toContain(`Disallow: ${path}`)
    expect(lines).toContain('Sitemap: https://shop.example/sitemap.xml')
    expect(res.body).not.toContain('<html')
  })
})

describe('sitemap.xml', () => {
  test('the open shop and its listed product; nothing unpublished, hidden, password-protected, or of a deactivated or blocked seller', async () => {
    const res = await t.request({ method: 'GET', url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
    expect(locs).toContain(`https://shop.example/s/${open.username}`)
    expect(locs).toContain(`https://shop.example/s/${open.username}/${slugs.listed}`)
    for (const hidden of ['unpublished', 'hidden', 'password']) expect(locs).not.toContain(`https://shop.example/s/${open.username}/${slugs[hidden]}`)
    expect(res.body).not.toContain(`/s/${deactivated.username}`)
    expect(res.body).not.toContain(`/s/${blocked.username}`)
    // every address absolute and every entry dated
    expect(locs.every((l) => l!.startsWith('https://shop.example/s/'))).toBe(true)
    expect(res.body.match(/<url>/g)!.length).toBe(res.body.match(/<lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod>/g)!.length)
  })

  test('a product published later is listed (a seller\'s change clears what the pages read)', async () => {
    const later = await publishedProduct(t, open.accessToken, { name: 'Later' })
    const res = await t.request({ method: 'GET', url: '/sitemap.xml' })
    expect(res.body).toContain(`<loc>https://shop.example/s/${open.username}/${later.slug}</loc>`)
  })
})

describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('with the storefront built', () => {
  test('the payment marks are SVG files; an unknown or odd name is a 404', async () => {
    const visa = await t.request({ method: 'GET', url: '/storefront/marks/visa.svg' })
    expect(visa.statusCode).toBe(200)
    expect(visa.headers['content-type']).toBe('image/svg+xml')
    expect(visa.headers['cache-control']).toBe('public, max-age=86400')
    expect(visa.body.startsWith('<svg')).toBe(true)
    for (const url of ['/storefront/marks/nope.svg', '/storefront/marks/__proto__.svg', '/storefront/marks/visa.png', '/storefront/marks/..%2Fvisa.svg']) {
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(404)
    }
  })

  test('the shop page has its header, the product page its canonical address and Product JSON-LD', async () => {
    const shop = await t.request({ method: 'GET', url: `/s/${open.username.toUpperCase()}` })
    expect(shop.statusCode).toBe(200)
    expect(shop.body).toContain('data-testid="shop-header"')
    expect(shop.body).toContain(`<link rel="canonical" href="https://shop.example/s/${open.username}">`)
    const page = await t.request({ method: 'GET', url: `/s/${open.sellerId}/${slugs.listed}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`<link rel="canonical" href="https://shop.example/s/${open.username}/${slugs.listed}">`)
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)![1]!)
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Listed <&> product', offers: [{ '@type': 'Offer', price: '19.90', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' }] })
  })
})
