import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// Tracking codes (docs/decisions/0074-tracking-with-consent.md) through the real routes: ids checked by type
// (422 invalid_tracking_id), custom code sanitised and behind its feature, another seller's codes and
// products 404, a product's selection; and the storefront's HTML and CSP before and after the payer's consent,
// from the HTML cache too, and never in the back office.

let t: TestApp
let seller: TestSeller
let other: TestSeller
let product: { id: number; slug: string; pricing_plans: { id: number; amount: number; currency_id: string }[] }
let plain: { id: number; slug: string }
const built = existsSync('dist/storefront/server/entry-server.js')

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, { name: 'Tracked ebook' })
  plain = await publishedProduct(t, seller.accessToken, { name: 'Untracked ebook' })
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) })
const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values)

describe('tracking codes', () => {
  test('each type\'s id is checked: a wrong one answers 422 invalid_tracking_id', async () => {
    const wrong: [string, string][] = [
      ['google_analytics', 'G-ABC123'], ['google_analytics_4', 'UA-1234-1'], ['google_tag_manager', 'GTM_123'], ['facebook_pixel', '123456789012345'], ['tracify', 'x'],
    ]
    for (const [type, id] of wrong) {
      const res = await call('POST', '/cabinet/tracking_codes', seller.accessToken, { type, name: 'Wrong', tracking_id: id })
      expect(res.statusCode, `${type} ${id}`).toBe(422)
      expect(res.json().error).toMatchObject({ type: 'invalid_tracking_id', fields: [{ path: 'tracking_id' }] })
    }
    const missing = await call('POST', '/cabinet/tracking_codes', seller.accessToken, { type: 'google_analytics_4', name: 'No id' })
    expect(missing.json().error.type).toBe('invalid_tracking_id')
  })

  test('created with the type\'s default consent category and all events; read, listed with filters, changed, deleted', async () => {
    const made = await call('POST', '/cabinet/tracking_codes', seller.accessToken, { type: 'google_analytics_4', name: 'Analytics', tracking_id: 'G-TEST123' })
    expect(made.statusCode, made.body).toBe(201)
    const code = made.json().tracking_code
    expect(code).toMatchObject({ type: 'google_analytics_4', consent_category: 'statistics', code: null, hosts: [] })
    expect(code.events).toEqual(['shop_page', 'product_page', 'payment_page', 'funnel_page', 'success_page', 'shop_sub_page'])
    const pixel = (await call('POST', '/cabinet/tracking_codes', seller.accessToken, { type: 'facebook_pixel', name: 'Pixel', tracking_id: '1234567890123456', events: ['success_page'] })).json().tracking_code
    expect(pixel.consent_category).toBe('marketing')

    expect((await call('GET', `/cabinet/tracking_codes/${code.id}`, seller.accessToken)).json().tracking_code.name).toBe('Analytics')
    const byType = (await call('GET', '/cabinet/tracking_codes?type=facebook_pixel', seller.accessToken)).json()
    expect(byType.list.map((c: { id: number }) => c.id)).toEqual([pixel.id])
    expect(byType.total_count_max).toBeGreaterThanOrEqual(2)
    const byEvent = (await call('GET', '/cabinet/tracking_codes?event=product_page&consent_category=statistics', seller.accessToken)).json()
    expect(byEvent.list.map((c: { id: number }) => c.id)).toEqual([code.id])

    const changed = await call('PATCH', `/cabinet/tracking_codes/${pixel.id}`, seller.accessToken, { name: 'Shop pixel', tracking_id: '6543210987654321' })
    expect(changed.json().tracking_code).toMatchObject({ name: 'Shop pixel', tracking_id: '6543210987654321', type: 'facebook_pixel' })
    expect((await call('PATCH', `/cabinet/tracking_codes/${pixel.id}`, seller.accessToken, { tracking_id: 'G-NOPE' })).json().error.type).toBe('invalid_tracking_id')
    expect((await call('DELETE', `/cabinet/tracking_codes/${pixel.id}`, seller.accessToken)).statusCode).toBe(204)
    expect((await call('GET', `/cabinet/tracking_codes/${pixel.id}`, seller.accessToken)).statusCode).toBe(404)
  })

  test('custom code is sanitised, its hosts listed; one without an https script or pixel is refused', async () => {
    const made = await call('POST', '/cabinet/tracking_codes', seller.accessToken, {
      type: 'custom_tracking_codes', name: 'Custom', code: '<script>steal()</script><script src="https://cdn.custom.example/t.js"></script><iframe src="https://x.example"></iframe>',
    })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json().tracking_code).toMatchObject({ code: '<script src="https://cdn.custom.example/t.js"></script>', hosts: ['https://cdn.custom.example'], consent_category: 'marketing', tracking_id: null })
    await call('DELETE', `/cabinet/tracking_codes/${made.json().tracking_code.id}`, seller.accessToken)
    const empty = await call('POST', '/cabinet/tracking_codes', seller.accessToken, { type: 'custom_tracking_codes', name: 'Inline', code: '<script>alert(1)</script>' })
    expect(empty.statusCode).toBe(422)
    expect(empty.json().error.fields[0].path).toBe('code')
  })

  test('a type whose feature is off is refused (403 feature_disabled)', async () => {
    await sql(`update sellers set features = features || '{"custom_css": false, "tag_manager": false}'::jsonb where id = $1`, [seller.sellerId])
    try {
      const custom = await call('POST', '/cabinet/tracking_codes', seller.accessToken, { type: 'custom_tracking_codes', name: 'Custom', code: '<script src="https://a.example/x.js"></script>' })
      expect(custom.statusCode).toBe(403)
      expect(custom.json().error.type).toBe('feature_disabled')
      expect((await call('POST', '/cabinet/tracking_codes', seller.accessToken, { type: 'google_tag_manager', name: 'GTM', tracking_id: 'GTM-ABC123' })).statusCode).toBe(403)
    } finally {
      await sql(`update sellers set features = features - 'custom_css' - 'tag_manager' where id = $1`, [seller.sellerId])
    }
  })

  test('another seller\'s code and product answer 404', async () => {
    const code = (await call('GET', '/cabinet/tracking_codes', seller.accessToken)).json().list[0]
    expect((await call('GET', `/cabinet/tracking_codes/${code.id}`, other.accessToken)).statusCode).toBe(404)
    expect((await call('PATCH', `/cabinet/tracking_codes/${code.id}`, other.accessToken, { name: 'Mine' })).statusCode).toBe(404)
    expect((await call('DELETE', `/cabinet/tracking_codes/${code.id}`, other.accessToken)).statusCode).toBe(404)
    expect((await call('GET', `/cabinet/products/${product.id}/tracking_codes`, other.accessToken)).statusCode).toBe(404)
    const foreign = await call('PUT', `/cabinet/products/${product.id}/tracking_codes`, other.accessToken, { mode: 'all' })
    expect(foreign.statusCode).toBe(404)
    // nor may a seller select another's code for their product
    const otherCode = (await call('POST', '/cabinet/tracking_codes', other.accessToken, { type: 'google_analytics_4', name: 'Theirs', tracking_id: 'G-OTHER1' })).json().tracking_code
    expect((await call('PUT', `/cabinet/products/${product.id}/tracking_codes`, seller.accessToken, { mode: 'selected', tracking_code_ids: [otherCode.id] })).statusCode).toBe(404)
  })

  test('a product\'s selection: none by default, then the chosen codes', async () => {
    expect((await call('GET', `/cabinet/products/${product.id}/tracking_codes`, seller.accessToken)).json().product_tracking).toEqual({ product_id: product.id, mode: 'none', tracking_code_ids: [] })
    const code = (await call('GET', '/cabinet/tracking_codes?type=google_analytics_4', seller.accessToken)).json().list[0]
    const set = await call('PUT', `/cabinet/products/${product.id}/tracking_codes`, seller.accessToken, { mode: 'selected', tracking_code_ids: [code.id] })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().product_tracking).toEqual({ product_id: product.id, mode: 'selected', tracking_code_ids: [code.id] })
    expect((await call('GET', `/cabinet/tracking_codes?product_id=${product.id}`, seller.accessToken)).json().list.map((c: { id: number }) => c.id)).toEqual([code.id])
  })
})

describe.skipIf(!built)('the storefront with tracking codes', () => {
  const page = (url: string, consent?: string) => t.request({ method: 'GET', url, headers: consent === undefined ? {} : { cookie: `sf_cookie_consent=${consent}` } })
  const trackingHosts = /googletagmanager|google-analytics|facebook|tracify|custom\.example/

  test('before consent: the banner, no tracking script or host in the HTML or the CSP (cached answers alike)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await page(`/s/${seller.username}/${product.slug}`)
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('data-testid="consent-banner"')
      expect(res.body).not.toContain('id="sf-tracking"')
      expect(res.body).not.toMatch(/tracking-loader/)
      expect(res.body).not.toMatch(trackingHosts)
      expect(String(res.headers['content-security-policy'])).not.toMatch(trackingHosts)
      expect(String(res.headers.vary)).toContain('cookie')
    }
  })

  test('after consent to statistics: exactly the analytics code with its event, and its hosts in the CSP; the next payer without consent gets none', async () => {
    const res = await page(`/s/${seller.username}/${product.slug}`, '1,3')
    expect(res.body).not.toContain('data-testid="consent-banner"')
    expect(res.body).toContain('data-testid="consent-settings"')
    const config = JSON.parse(/<script type="application\/json" id="sf-tracking">(.*?)<\/script>/.exec(res.body)![1]!)
    expect(config.event).toMatchObject({ event: 'product_page', product_id: product.id, product_name: 'Tracked ebook', seller: seller.username, price: expect.any(Number), currency: expect.stringMatching(/^[A-Z]{3}$/) })
    expect(config.codes).toEqual([expect.objectContaining({ type: 'google_analytics_4', tracking_id: 'G-TEST123' })])
    expect(res.body).toMatch(/<script type="module" src="\/storefront\/assets\/tracking-loader-[^"]+\.js"><\/script>/)
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/)
    expect(csp).toContain('https://www.google-analytics.com')
    expect(csp).not.toMatch(/facebook|tracify/)
    expect(res.headers['cache-control']).toBe('private, no-store')

    const next = await page(`/s/${seller.username}/${product.slug}`)
    expect(next.body).not.toContain('id="sf-tracking"')
    expect(String(next.headers['content-security-policy'])).not.toMatch(trackingHosts)
  })

  test('marketing only: not the statistics code; a product with selection none has nothing, even with consent', async () => {
    const marketing = await page(`/s/${seller.username}/${product.slug}`, '1,4')
    expect(marketing.body).not.toContain('id="sf-tracking"')
    expect(String(marketing.headers['content-security-policy'])).not.toMatch(trackingHosts)
    const untracked = await page(`/s/${seller.username}/${plain.slug}`, 'all')
    expect(untracked.body).not.toContain('id="sf-tracking"')
    expect(untracked.body).not.toContain('consent-banner')
  })

  test('the shop page carries all the seller\'s codes with shop_page; the checkout at /payment is payment_page; sub-pages shop_sub_page', async () => {
    const shop = await page(`/s/${seller.username}`, 'all')
    const config = JSON.parse(/id="sf-tracking">(.*?)<\/script>/.exec(shop.body)![1]!)
    expect(config.event).toMatchObject({ event: 'shop_page', seller: seller.username, page: 1 })
    const payment = await page(`/s/${seller.username}/${product.slug}/payment`, 'all')
    expect(JSON.parse(/id="sf-tracking">(.*?)<\/script>/.exec(payment.body)![1]!).event.event).toBe('payment_page')
    // sub-pages: a further shop page and the seller's legal documents, with their path (a publisher's token never)
    const second = await page(`/s/${seller.username}?page=2&aff=tok_123`, 'all')
    expect(JSON.parse(/id="sf-tracking">(.*?)<\/script>/.exec(second.body)![1]!).event).toEqual({ event: 'shop_sub_page', seller: seller.username, page_path: `/s/${seller.username}?page=2` })
    const terms = await page(`/s/${seller.username}/document/terms`, 'all')
    expect(JSON.parse(/id="sf-tracking">(.*?)<\/script>/.exec(terms.body)![1]!).event).toMatchObject({ event: 'shop_sub_page', page_path: `/s/${seller.username}/document/terms` })
  })

  test('the success page\'s event carries the order and its value', async () => {
    const placed = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(placed.statusCode, placed.body).toBe(201)
    expect((await sandboxPay(t, placed.json().next_action.payment_id)).statusCode).toBe(200)
    const res = await page(`/s/${seller.username}/payment/${placed.json().order.token}`, '1,3')
    expect(res.statusCode).toBe(200)
    const event = JSON.parse(/id="sf-tracking">(.*?)<\/script>/.exec(res.body)![1]!).event
    expect(event).toMatchObject({ event: 'success_page', order_id: placed.json().order.id, product_id: product.id, value: expect.any(Number), currency: expect.stringMatching(/^[A-Z]{3}$/) })
    expect(event.value).toBeGreaterThan(0)
    expect(res.headers['cache-control']).toBe('private, no-store')
  })

  test('the consent form sets the cookie as the back office does and returns to the page (never to another site)', async () => {
    const res = await t.request({
      method: 'POST', url: '/storefront/consent', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `choice=selected&categories=3&return_to=${encodeURIComponent(`/s/${seller.username}/${product.slug}`)}`,
    })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/s/${seller.username}/${product.slug}`)
    expect(String(res.headers['set-cookie'])).toMatch(/^sf_cookie_consent=1,3; Max-Age=31536000; Path=\/; SameSite=Lax/)
    const all = await t.request({ method: 'POST', url: '/storefront/consent', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'choice=all&return_to=//evil.example' })
    expect(all.headers.location).toBe('/')
    expect(String(all.headers['set-cookie'])).toMatch(/^sf_cookie_consent=all;/)
    const none = await t.request({ method: 'POST', url: '/storefront/consent', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'choice=necessary' })
    expect(String(none.headers['set-cookie'])).toMatch(/^sf_cookie_consent=1;/)
  })

  test('never in the back office, whatever the consent', async () => {
    const res = await t.request({ method: 'GET', url: '/cabinet', headers: { cookie: 'sf_cookie_consent=all' } })
    expect(res.body).not.toMatch(trackingHosts)
    expect(res.body).not.toContain('sf-tracking')
    expect(String(res.headers['content-security-policy'] ?? '')).not.toMatch(trackingHosts)
  })
})
