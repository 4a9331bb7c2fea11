import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const cats = '/api/v1/cabinet/categories'
const shopCats = '/api/v1/cabinet/shop_categories'
const post = (url: string, payload: object, token = seller.accessToken) => t.request({ method: 'POST', url, token, payload })

describe('category tree', () => {
  test('categories nest by parent and sort by position; reorder moves them; a cycle is refused', async () => {
    const books = (await post(cats, { name: 'Books' })).json()
    const music = (await post(cats, { name: 'Music' })).json()
    const novels = (await post(cats, { name: 'Novels', parent_id: books.id })).json()
    expect(novels).toMatchObject({ parent_id: books.id, position: 0 })
    const tree = (await t.request({ method: 'GET', url: cats, token: seller.accessToken })).json().list
    expect(tree.map((n: any) => n.name)).toEqual(['Books', 'Music'])
    expect(tree[0].children.map((n: any) => n.name)).toEqual(['Novels'])

    const moved = await post(`${cats}/reorder`, { items: [{ id: music.id, parent_id: null, position: 0 }, { id: books.id, parent_id: null, position: 1 }, { id: novels.id, parent_id: music.id, position: 0 }] })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().list.map((n: any) => n.name)).toEqual(['Music', 'Books'])
    expect(moved.json().list[0].children[0].name).toBe('Novels')

    const cycle = await post(`${cats}/reorder`, { items: [{ id: music.id, parent_id: novels.id, position: 0 }] })
    expect(cycle.statusCode).toBe(422)
    const selfParent = await t.request({ method: 'PATCH', url: `${cats}/${music.id}`, token: seller.accessToken, payload: { parent_id: novels.id } })
    expect(selfParent.statusCode).toBe(422)

    const renamed = await t.request({ method: 'PATCH', url: `${cats}/${books.id}`, token: seller.accessToken, payload: { name: 'E-books' } })
    expect(renamed.json().name).toBe('E-books')
    expect((await t.request({ method: 'DELETE', url: `${cats}/${music.id}`, token: seller.accessToken })).statusCode).toBe(204)
    const after = (await t.request({ method: 'GET', url: cats, token: seller.accessToken })).json().list
    // The children of a deleted category move up to its parent.
    expect(after.map((n: any) => n.name).sort()).toEqual(['E-books', 'Novels'])
  })

  test('products are filed under categories and the list filters by category_id', async () => {
    const cat = (await post(cats, { name: 'Courses' })).json()
    const product = await createProduct(t, seller.accessToken, { category_ids: [cat.id] })
    expect(product.category_ids).toEqual([cat.id])
    await createProduct(t, seller.accessToken)
    const list = await t.request({ method: 'GET', url: `/api/v1/cabinet/products?category_id=${cat.id}`, token: seller.accessToken })
    expect(list.json().list.map((p: any) => p.id)).toEqual([product.id])
  })

  test('another seller\'s categories answer 404 and cannot be used', async () => {
    const mine = (await post(cats, { name: 'Mine' })).json()
    expect((await t.request({ method: 'PATCH', url: `${cats}/${mine.id}`, token: other.accessToken, payload: { name: 'X' } })).statusCode).toBe(404)
    expect((await t.request({ method: 'DELETE', url: `${cats}/${mine.id}`, token: other.accessToken })).statusCode).toBe(404)
    expect((await post(cats, { name: 'Child', parent_id: mine.id }, other.accessToken)).statusCode).toBe(404)
    expect((await post(`${cats}/reorder`, { items: [{ id: mine.id, parent_id: null, position: 3 }] }, other.accessToken)).statusCode).toBe(404)
    expect((await post('/api/v1/cabinet/products', { form: 'digital', name: 'X', category_ids: [mine.id] }, other.accessToken)).statusCode).toBe(404)
    expect(JSON.stringify((await t.request({ method: 'GET', url: cats, token: other.accessToken })).json())).not.toContain('Mine')
  })
})

describe('shop categories', () => {
  test('create, read, update and delete with title, description, colour, hidden, position and products', async () => {
    const a = await createProduct(t, seller.accessToken)
    const b = await createProduct(t, seller.accessToken)
    const created = await post(shopCats, { title: 'Bestsellers', description: 'Our best', color: '#ffc107', product_ids: [a.id, b.id] })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ title: 'Bestsellers', color: '#ffc107', hidden: false, position: 0, product_ids: [a.id, b.id] })
    const id = created.json().id
    const updated = await t.request({ method: 'PATCH', url: `${shopCats}/${id}`, token: seller.accessToken, payload: { hidden: true, product_ids: [b.id] } })
    expect(updated.json()).toMatchObject({ hidden: true, product_ids: [b.id], description: 'Our best' })
    expect((await t.request({ method: 'GET', url: shopCats, token: seller.accessToken })).json().list).toHaveLength(1)
    expect((await t.request({ method: 'GET', url: `${shopCats}/${id}`, token: seller.accessToken })).json().title).toBe('Bestsellers')
    expect((await t.request({ method: 'DELETE', url: `${shopCats}/${id}`, token: seller.accessToken })).statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: `${shopCats}/${id}`, token: seller.accessToken })).statusCode).toBe(404)
  })

  test('a bad colour is a field error; another seller\'s products and shop categories answer 404', async () => {
    const bad = await post(shopCats, { title: 'X', color: 'red' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields[0].path).toBe('color')
    const foreign = await createProduct(t, other.accessToken)
    expect((await post(shopCats, { title: 'X', product_ids: [foreign.id] })).statusCode).toBe(404)
    const mine = (await post(shopCats, { title: 'Mine only' })).json()
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await t.request({ method, url: `${shopCats}/${mine.id}`, token: other.accessToken, ...(method === 'PATCH' ? { payload: { title: 'X' } } : {}) })
      expect(res.statusCode, method).toBe(404)
    }
  })
})
