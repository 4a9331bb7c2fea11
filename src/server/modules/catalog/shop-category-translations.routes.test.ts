import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { publishedProduct } from '../../../../tests/factories/checkout'
import { systemContext } from '../../context'
import { builtPageCatalog } from './shop.service'

// A shop category's title and description per language (docs/decisions/0095-product-translations.md): written with
// the category, read by the shop's built pages in the page's language, each text falling back to the base.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/shop_categories'
const create = (payload: object) => t.request({ method: 'POST', url, token: seller.accessToken, payload })
const patch = (id: number, payload: object) => t.request({ method: 'PATCH', url: `${url}/${id}`, token: seller.accessToken, payload })

describe('shop category translations', () => {
  test('saved with the category, kept when left out, replaced when sent, cleared by null or {}; locale keys and base rules only', async () => {
    const created = await create({
      title: 'Bestsellers', description: 'Our best',
      translations: { de: { title: ' Bestseller ', description: 'Unsere besten' }, pl: { title: 'Bestsellery', description: '' }, fr: { title: null } },
    })
    expect(created.statusCode, created.body).toBe(201)
    const category = created.json()
    expect(category.translations).toEqual({ de: { title: 'Bestseller', description: 'Unsere besten' }, pl: { title: 'Bestsellery', description: null } })
    // read back, and left out on an update: kept
    expect((await t.request({ method: 'GET', url: `${url}/${category.id}`, token: seller.accessToken })).json().translations).toEqual(category.translations)
    expect((await patch(category.id, { hidden: true })).json().translations).toEqual(category.translations)
    expect((await t.request({ method: 'GET', url, token: seller.accessToken })).json().list[0].translations).toEqual(category.translations)
    // sent: the whole set replaces the stored one
    expect((await patch(category.id, { translations: { es: { description: 'Lo mejor' } } })).json().translations).toEqual({ es: { title: null, description: 'Lo mejor' } })
    expect((await patch(category.id, { translations: null })).json().translations).toEqual({})
    await patch(category.id, { translations: { de: { title: 'X' } } })
    expect((await patch(category.id, { translations: {} })).json().translations).toEqual({})
    // a category saved without them answers {}
    expect((await create({ title: 'Plain' })).json().translations).toEqual({})

    for (const translations of [{ xx: { title: 'T' } }, { 'pt-br': { title: 'T' } }, { de: { name: 'T' } }, { de: { title: 'x'.repeat(101) } }, { de: { description: 'x'.repeat(2001) } }, { de: { title: '<script>alert(1)</script>' } }]) {
      expect((await patch(category.id, { translations })).statusCode, JSON.stringify(translations).slice(0, 60)).toBe(400)
    }
  })

  test('the shop\'s built pages name a category in the page\'s language, else the base title', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    await create({ title: 'Courses', description: 'Learn', product_ids: [product.id], translations: { de: { title: 'Kurse' }, fr: { description: 'Apprendre' } } })
    const titles = async (locale: 'de' | 'fr' | 'en' | null) =>
      (await builtPageCatalog(systemContext(t.deps), seller.username, [], locale))!.categories.filter((c) => c.productIds.length > 0).map((c) => c.title)
    expect(await titles('de')).toEqual(['Kurse'])
    // a language that gives only the description: the base title
    expect(await titles('fr')).toEqual(['Courses'])
    expect(await titles('en')).toEqual(['Courses'])
    expect(await titles(null)).toEqual(['Courses'])
  })

  test('the shop API lists the visible categories with their listed products in the language the request names', async () => {
    const shown = await publishedProduct(t, seller.accessToken)
    const draft = await createProduct(t, seller.accessToken)
    await create({ title: 'Hidden', hidden: true, product_ids: [shown.id] })
    await create({ title: 'Drafts', product_ids: [draft.id] })
    const sale = (await create({ title: 'Sale', description: 'Cheaper', color: '#ff0000', product_ids: [draft.id, shown.id], translations: { de: { description: 'Günstiger' }, pl: { title: 'Wyprzedaż', description: 'Taniej' } } })).json()
    const list = async (headers: Record<string, string> = {}) => {
      const res = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/categories`, headers })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().list as { id: number; title: string; description: string | null; color: string | null; product_ids: number[] }[]
    }
    const mine = async (headers?: Record<string, string>) => (await list(headers)).find((c) => c.id === sale.id)
    // a hidden category, and one without a listed product, are not listed; a draft product is left out of the ids
    expect((await list()).map((c) => c.title)).not.toContain('Hidden')
    expect((await list()).map((c) => c.title)).not.toContain('Drafts')
    expect(await mine()).toEqual({ id: sale.id, title: 'Sale', description: 'Cheaper', color: '#ff0000', product_ids: [shown.id] })
    expect(await mine({ 'accept-language': 'de-DE,de;q=0.9' })).toMatchObject({ title: 'Sale', description: 'Günstiger' })
    expect(await mine({ 'content-language': 'pl' })).toMatchObject({ title: 'Wyprzedaż', description: 'Taniej' })
    expect(await mine({ 'accept-language': 'it' })).toMatchObject({ title: 'Sale', description: 'Cheaper' })
    expect((await t.request({ method: 'GET', url: '/api/v1/shop/nobody-here/categories' })).statusCode).toBe(404)
  })
})
