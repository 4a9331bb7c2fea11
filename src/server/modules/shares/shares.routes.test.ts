import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { systemContext } from '../../context'
import { publicShare } from './shares.service'

// Multi-item shares (docs/decisions/0067-multi-item-shares.md): the seller's links presenting several products, what
// may be in them, the slug, and the public page's data.

let t: TestApp
let seller: TestSeller
let other: TestSeller
const url = '/api/v1/cabinet/item_shares'
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

async function published(owner = seller, overrides: Record<string, unknown> = {}) {
  const product = await createProduct(t, owner.accessToken, overrides)
  const res = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: owner.accessToken })
  expect(res.statusCode).toBe(200)
  return product as { id: number; slug: string; name: string }
}
const create = (payload: object, token = seller.accessToken) => t.request({ method: 'POST', url, token, payload })

describe('item shares', () => {
  test('generate a link for several products, read it, change its texts and slug, list, archive', async () => {
    const a = await published()
    const b = await published()
    const res = await create({ title: 'Spring bundle', description: 'Two things together', items: [{ product_id: b.id, text: 'Start here' }, { product_id: a.id }] })
    expect(res.statusCode).toBe(201)
    const share = res.json().share
    expect(share).toMatchObject({ title: 'Spring bundle', description: 'Two things together', button_text: 'Buy now', views: 0, items: [{ product_id: b.id, text: 'Start here' }, { product_id: a.id, text: null }] })
    expect(share.slug).toMatch(/^spring-bundle-[0-9a-f]{6}$/)
    expect(share.url).toMatch(new RegExp(`/v/${seller.username}/${share.slug}$`))

    const patched = await t.request({ method: 'PATCH', url: `${url}/${share.id}`, token: seller.accessToken, payload: { slug: 'spring', button_text: 'Get it', description: '' } })
    expect(patched.statusCode).toBe(200)
    expect(patched.json().share).toMatchObject({ slug: 'spring', button_text: 'Get it', description: null })
    expect((await t.request({ method: 'GET', url: `${url}/${share.id}`, token: seller.accessToken })).json()).toEqual(patched.json())

    const page = await publicShare(systemContext(t.deps), seller.username, 'SPRING', true)
    expect(page.items.map((i) => [i.product.id, i.text])).toEqual([[b.id, 'Start here'], [a.id, null]])
    expect(page.seller.username).toBe(seller.username)
    const list = (await t.request({ method: 'GET', url, token: seller.accessToken, query: { query: 'spring' } })).json()
    expect(list.list.map((s: { id: number }) => s.id)).toContain(share.id)
    expect(list.list.find((s: { id: number }) => s.id === share.id).views).toBe(1)

    // A product archived since drops out of the page; the link stays.
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${a.id}/archive`, token: seller.accessToken })).statusCode).toBe(200)
    expect((await publicShare(systemContext(t.deps), seller.username, 'spring', false)).items.map((i) => i.product.id)).toEqual([b.id])

    expect((await t.request({ method: 'DELETE', url: `${url}/${share.id}`, token: seller.accessToken })).statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: `${url}/${share.id}`, token: seller.accessToken })).statusCode).toBe(404)
    await expect(publicShare(systemContext(t.deps), seller.username, 'spring', false)).rejects.toMatchObject({ type: 'not_found' })
    // The archived link's slug is free again.
    expect((await create({ title: 'Again', slug: 'spring', items: [{ product_id: b.id }] })).statusCode).toBe(201)
  })

  test('refuses products that are not the seller\'s or not on sale, duplicates, a taken or reserved slug, script, too many items', async () => {
    const mine = await published()
    const theirs = await published(other)
    const draft = await createProduct(t, seller.accessToken)
    const locked = await published(seller, { access_password: 'secret-1' })
    for (const id of [theirs.id, draft.id, locked.id, 2_000_000_000]) {
      const res = await create({ title: 'x', items: [{ product_id: mine.id }, { product_id: id }] })
      expect(res.statusCode).toBe(422)
      expect(res.json().error.fields).toEqual([expect.objectContaining({ path: 'items.1.product_id', message: expect.stringContaining('cannot be shared') })])
    }
    expect((await create({ title: 'x', items: [{ product_id: mine.id }, { product_id: mine.id }] })).statusCode).toBe(400)
    expect((await create({ title: 'x', items: [] })).statusCode).toBe(400)
    expect((await create({ title: 'x', items: Array.from({ length: 31 }, (_, i) => ({ product_id: i + 1 })) })).statusCode).toBe(400)
    expect((await create({ title: '<script>alert(1)</script>', items: [{ product_id: mine.id }] })).statusCode).toBe(400)
    expect((await create({ title: 'x', items: [{ product_id: mine.id }], unknown: 1 })).statusCode).toBe(400)
    expect((await create({ title: 'x', slug: 'cabinet', items: [{ product_id: mine.id }] })).statusCode).toBe(422)
    expect((await create({ title: 'x', slug: 'a b', items: [{ product_id: mine.id }] })).statusCode).toBe(400)
    expect((await create({ title: 'x', slug: 'taken-one', items: [{ product_id: mine.id }] })).statusCode).toBe(201)
    const taken = await create({ title: 'y', slug: 'Taken-One', items: [{ product_id: mine.id }] })
    expect(taken.statusCode).toBe(422)
    expect(taken.json().error.fields[0].path).toBe('slug')
    // Another seller may use the same slug, and never sees this seller's links.
    const theirsShare = await create({ title: 'z', slug: 'taken-one', items: [{ product_id: theirs.id }] }, other.accessToken)
    expect(theirsShare.statusCode).toBe(201)
    expect((await t.request({ method: 'GET', url: `${url}/${theirsShare.json().share.id}`, token: seller.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'PATCH', url: `${url}/${theirsShare.json().share.id}`, token: seller.accessToken, payload: { title: 'mine now' } })).statusCode).toBe(404)
  })
})

describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('the public page /v/{username}/{slug}', () => {
  test('shows the texts and each product with the seller\'s text and a button to its page; counts GETs, not HEADs; 404 for an unknown slug', async () => {
    const a = await published(seller, { name: 'Guide <b>one</b>' })
    const hidden = await published(seller, { name: 'Only by link', hidden_in_shop: true })
    const made = (await create({ title: 'Two for you', description: 'Line one\nLine two', button_text: 'Take it', items: [{ product_id: a.id, text: 'Read this first' }, { product_id: hidden.id }] })).json().share
    const page = await t.request({ method: 'GET', url: `/v/${seller.username}/${made.slug}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Two for you')
    expect(page.body).toContain('Guide &lt;b&gt;one&lt;/b&gt;')
    expect(page.body).toContain('Only by link')
    expect(page.body).toContain('Read this first')
    expect(page.body).toContain(`href="/s/${seller.username}/${a.slug}"`)
    expect(page.body).toContain('Take it')
    expect(page.body).not.toContain('<script type="module"')
    await t.request({ method: 'HEAD', url: `/v/${seller.username}/${made.slug}` })
    expect((await t.request({ method: 'GET', url: `${url}/${made.id}`, token: seller.accessToken })).json().share.views).toBe(1)
    expect((await t.request({ method: 'GET', url: `/v/${seller.username}/no-such-link` })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/v/${other.username}/${made.slug}` })).statusCode).toBe(404)
    const shop = await t.request({ method: 'GET', url: `/v/${seller.username}` })
    expect(shop.statusCode).toBe(302)
    expect(shop.headers.location).toBe(`/s/${seller.username}`)
  })
})
