import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../tests/factories/catalog'
import { publishedProduct } from '../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { storeRates } from '../modules/exchange-rates/exchange-rates.service'
import { chooseShopCurrency } from './locale'

// The shop page in the payer's currency (docs/decisions/0097-payer-currencies.md): the payer picks one of the shop's
// payer currencies (`?currency=`, kept in a cookie); the page's prices are converted at the stored rate and name it;
// without a usable rate the page keeps the seller's prices and says why. Never the browser's country.

describe('chooseShopCurrency', () => {
  const offered = ['eur', 'pln', 'chf']
  test('the query, then the cookie; anything not offered is passed over', () => {
    expect(chooseShopCurrency({ query: 'PLN', cookie: 'chf', offered })).toBe('pln')
    expect(chooseShopCurrency({ query: 'usd', cookie: 'chf', offered })).toBe('chf')
    expect(chooseShopCurrency({ offered })).toBeNull()
  })
})

let t: TestApp
let seller: TestSeller
let slug: string

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  await t.deps.database.executeSql(`update sellers set payer_currencies = '["pln","huf"]'::jsonb where id = $1`, [seller.sellerId])
  await storeRates(t.deps.db, [{ currency: 'pln', perEur: '4.2931' }], 'ecb', t.clock.now)
  slug = (await publishedProduct(t, seller.accessToken, { name: 'Aquarelle', pricing_plans: [oneTimePlan(2_500)] })).slug
})
afterAll(async () => { await t?.close() })

describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('a product page in the payer\'s currency', () => {
  const page = (query = '', headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/s/${seller.username}/${slug}${query}`, headers })

  test('without a choice: the seller\'s euro prices and the choice of currencies, whatever the browser\'s country', async () => {
    const res = await page('', { 'accept-language': 'pl-PL' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('data-testid="currency-choice"')
    expect(res.body).toContain('25,00€')
    expect(res.body).not.toContain('data-testid="currency-converted"')
  })

  test('?currency=pln: prices in zloty, the rate named, the choice kept in a cookie for the next page', async () => {
    const res = await page('?currency=pln')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('107,33 zł')
    expect(res.body).toContain('1 EUR = 4.2931 PLN')
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toContain('sf_cur=pln')
    const next = await page('', { cookie: 'sf_cur=pln' })
    expect(next.body).toContain('107,33 zł')
  })

  test('a currency without a rate keeps the euro prices and says so', async () => {
    const res = await page('?currency=huf')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('data-testid="currency-unavailable"')
    expect(res.body).toContain('25,00€')
  })
})
