import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../tests/factories/catalog'
import { publishedProduct } from '../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { storeRates } from '../modules/exchange-rates/exchange-rates.service'

// The shop page and a built page's products in the payer's currency (docs/decisions/0097-payer-currencies.md), like
// the product page: the choice shown while the seller takes payer currencies; a euro price converted at the stored
// rate (one rounding), the rate named; a product with a price of its own in the currency shows it; one priced in
// several other currencies keeps its price; no rate, the seller's prices and a note.

let t: TestApp
let seller: TestSeller
let plain: TestSeller
let builder: TestSeller

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  plain = await createSeller(t)
  builder = await createSeller(t)
  for (const s of [seller, builder]) await t.deps.database.executeSql(`update sellers set payer_currencies = '["pln","huf"]'::jsonb where id = $1`, [s.sellerId])
  await storeRates(t.deps.db, [{ currency: 'pln', perEur: '4.2931' }, { currency: 'chf', perEur: '0.9312' }], 'ecb', t.clock.now)
  await publishedProduct(t, seller.accessToken, { name: 'Aquarelle', pricing_plans: [oneTimePlan(2_500)] })
  await publishedProduct(t, seller.accessToken, { name: 'Zloty course', pricing_plans: [oneTimePlan(1_000), oneTimePlan(5_000, 'pln')] })
  await publishedProduct(t, seller.accessToken, { name: 'Franc course', pricing_plans: [oneTimePlan(3_000), oneTimePlan(2_800, 'chf')] })
  await publishedProduct(t, plain.accessToken, { name: 'Plain course', pricing_plans: [oneTimePlan(2_500)] })
  // A built shop page with a products block and prices.
  await publishedProduct(t, builder.accessToken, { name: 'Built course', pricing_plans: [oneTimePlan(2_500)] })
  const call = (method: 'POST' | 'PUT', url: string, payload?: object) => t.request({ method, url: `/api/v1${url}`, token: builder.accessToken, ...(payload ? { payload } : {}) })
  const page = (await call('POST', '/cabinet/pages', { page_type: 'shop', name: 'Shop' })).json()
  const saved = await call('PUT', `/cabinet/pages/${page.id}/draft`, { page_type: 'shop', document: { blocks: [{ id: 'p', kind: 'products', settings: { show_price: true } }] } })
  expect(saved.statusCode, saved.body).toBe(200)
  expect((await call('POST', `/cabinet/pages/${page.id}/publish`)).statusCode).toBe(200)
  expect((await call('POST', `/cabinet/pages/${page.id}/activate`)).statusCode).toBe(200)
})
afterAll(async () => { await t?.close() })

test('the shop API answers the seller\'s prices, without the storefront\'s pricing facts', async () => {
  const res = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products` })
  expect(res.statusCode).toBe(200)
  expect(res.json()).not.toHaveProperty('pricing')
  expect(res.json()).not.toHaveProperty('payer_currencies')
  expect(res.json().list.map((p: { currency_id: string }) => p.currency_id)).toEqual(['eur', 'eur', 'eur'])
})

describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('the shop page in the payer\'s currency', () => {
  const shop = (who: TestSeller, query = '', headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/s/${who.username}${query}`, headers })
  const prices = (html: string) => [...html.matchAll(/data-testid="shop-product-price">([\s\S]*?)<\/span>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').replace(/&nbsp;|\u00a0/g, ' ').trim())

  test('without a choice: the seller\'s prices and the choice of currencies, whatever the browser\'s country', async () => {
    const res = await shop(seller, '', { 'accept-language': 'pl-PL' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('data-testid="currency-choice"')
    expect(res.body).toContain('data-testid="currency-pln"')
    expect(res.body).not.toContain('data-testid="currency-converted"')
    expect(prices(res.body).join(' | ')).toMatch(/25,00 ?€.*10,00 ?€.*30,00 ?€|30,00 ?€.*10,00 ?€.*25,00 ?€/)
  })

  test('?currency=pln: a euro price converted and the rate named, a zloty price its own, a multi-currency one kept; the cookie keeps it', async () => {
    const res = await shop(seller, '?currency=pln')
    expect(res.statusCode).toBe(200)
    const shown = prices(res.body).join(' | ')
    expect(shown).toContain('107,33 zł') // 25,00 € × 4.2931 = 107,3275 zł
    expect(shown).toContain('50,00 zł') // the product's own zloty plan, not 10,00 € converted
    expect(shown).not.toContain('42,93 zł')
    expect(shown).toMatch(/30,00 ?€/) // priced in euro and francs: as its product page, not converted
    expect(res.body).toContain('data-testid="currency-converted"')
    expect(res.body).toContain('1 EUR = 4.2931 PLN')
    expect(String(res.headers['set-cookie'])).toContain('sf_cur=pln')
    const next = await shop(seller, '', { cookie: 'sf_cur=pln' })
    expect(prices(next.body).join(' | ')).toContain('107,33 zł')
  })

  test('a currency without a rate keeps the seller\'s prices and says so', async () => {
    const res = await shop(seller, '?currency=huf')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('data-testid="currency-unavailable"')
    expect(prices(res.body).join(' | ')).toContain('25,00')
    expect(res.body).not.toContain('data-testid="currency-converted"')
  })

  test('a seller without payer currencies: no choice, a cookie changes nothing', async () => {
    const res = await shop(plain, '?currency=pln', { cookie: 'sf_cur=pln' })
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('data-testid="currency-choice"')
    expect(prices(res.body).join(' | ')).toMatch(/25,00 ?€/)
  })

  test('a built shop page\'s products block: converted alike, with the choice and the rate', async () => {
    const before = await shop(builder)
    expect(before.body).toContain('data-testid="built-products"')
    expect(before.body).toContain('data-testid="currency-choice"')
    expect(before.body).toMatch(/25,00 ?€/)
    const res = await shop(builder, '?currency=pln')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('data-testid="built-page"')
    expect(res.body).toContain('107,33 zł')
    expect(res.body).toContain('1 EUR = 4.2931 PLN')
    // The page's data is cached per page, the HTML per cookie: the euro page stays euro.
    expect((await shop(builder)).body).toMatch(/25,00 ?€/)
  })
})
