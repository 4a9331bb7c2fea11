import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { publishedProduct } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { activeDocument } from './pages.service'

// Built pages: a draft saved whole and checked against its type, publish, roll back, the active page per type.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) })

const textBlock = (id: string, html: string) => ({ id, kind: 'text', settings: { html } })

describe('pages', () => {
  test('create, save, publish, change, roll back; the active page is what the storefront reads', async () => {
    const made = await call('POST', '/cabinet/pages', seller.accessToken, { page_type: 'shop', name: 'My shop' })
    expect(made.statusCode, made.body).toBe(201)
    const page = made.json()
    expect(page).toMatchObject({ page_type: 'shop', revision: 1, published_version: null, unpublished_changes: true, versions: [] })

    const save = (html: string, revision?: number) => call('PUT', `/cabinet/pages/${page.id}/draft`, seller.accessToken, {
      page_type: 'shop', ...(revision ? { revision } : {}), document: { blocks: [textBlock('t1', html)] },
    })
    const first = await save('<p>Welcome</p>', 1)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().revision).toBe(2)
    expect((await save('<p>Late</p>', 1)).statusCode).toBe(409) // a save over a newer draft

    expect((await call('POST', `/cabinet/pages/${page.id}/activate`, seller.accessToken)).statusCode).toBe(409) // never published
    const v1 = await call('POST', `/cabinet/pages/${page.id}/publish`, seller.accessToken)
    expect(v1.json()).toMatchObject({ published_version: 1, unpublished_changes: false })
    expect((await call('POST', `/cabinet/pages/${page.id}/activate`, seller.accessToken)).json().active).toBe(true)
    const shown = async () => JSON.stringify(await activeDocument(t.deps.db, seller.sellerId, 'shop'))
    expect(await shown()).toContain('Welcome')

    await save('<p>Second</p>')
    expect(await shown()).toContain('Welcome') // the draft is not shown before publishing
    await call('POST', `/cabinet/pages/${page.id}/publish`, seller.accessToken)
    expect(await shown()).toContain('Second')

    const back = await call('POST', `/cabinet/pages/${page.id}/versions/1/restore`, seller.accessToken)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toMatchObject({ published_version: 3, unpublished_changes: false })
    expect(back.json().versions.map((v: { number: number; restored_from: number | null }) => [v.number, v.restored_from])).toEqual([[3, 1], [2, null], [1, null]])
    expect(await shown()).toContain('Welcome')

    // A second shop page made active replaces the first; archiving it leaves the default layout.
    const next = (await call('POST', '/cabinet/pages', seller.accessToken, { page_type: 'shop', name: 'New shop' })).json()
    await call('POST', `/cabinet/pages/${next.id}/publish`, seller.accessToken)
    await call('POST', `/cabinet/pages/${next.id}/activate`, seller.accessToken)
    expect((await call('GET', `/cabinet/pages/${page.id}`, seller.accessToken)).json().active).toBe(false)
    // Stopping its use shows the default layout and keeps the page; using it again works.
    const stopped = await call('POST', `/cabinet/pages/${next.id}/deactivate`, seller.accessToken)
    expect(stopped.json()).toMatchObject({ active: false, published_version: 1 })
    expect(await activeDocument(t.deps.db, seller.sellerId, 'shop')).toBeNull()
    expect((await call('POST', `/cabinet/pages/${next.id}/deactivate`, other.accessToken)).statusCode).toBe(404)
    await call('POST', `/cabinet/pages/${next.id}/activate`, seller.accessToken)
    expect(await activeDocument(t.deps.db, seller.sellerId, 'shop')).not.toBeNull()
    expect((await call('DELETE', `/cabinet/pages/${next.id}`, seller.accessToken)).statusCode).toBe(200)
    expect(await activeDocument(t.deps.db, seller.sellerId, 'shop')).toBeNull()
  })

  test('a document is checked against its page type; script is refused; another seller\'s page is 404', async () => {
    const course = (await call('POST', '/cabinet/pages', seller.accessToken, { page_type: 'course', name: 'Course' })).json()
    const header = await call('PUT', `/cabinet/pages/${course.id}/draft`, seller.accessToken, { page_type: 'course', document: { blocks: [{ id: 'h', kind: 'header', settings: {} }] } })
    expect(header.statusCode).toBe(400) // a course page has no header
    const wrongType = await call('PUT', `/cabinet/pages/${course.id}/draft`, seller.accessToken, { page_type: 'shop', document: { blocks: [] } })
    expect(wrongType.statusCode).toBe(409)
    const link = await call('PUT', `/cabinet/pages/${course.id}/draft`, seller.accessToken, {
      page_type: 'course', document: { blocks: [{ id: 'b', kind: 'button', settings: { button: { type: 'customLink', url: 'javascript:alert(1)' } } }] },
    })
    expect(link.statusCode).toBe(400)
    expect((await call('GET', `/cabinet/pages/${course.id}`, other.accessToken)).statusCode).toBe(404)
    expect((await call('POST', `/cabinet/pages/${course.id}/publish`, other.accessToken)).statusCode).toBe(404)
  })

  test('a product page names one of the seller\'s own products', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    expect((await call('POST', '/cabinet/pages', seller.accessToken, { page_type: 'product', name: 'Sales page' })).statusCode).toBe(400)
    expect((await call('POST', '/cabinet/pages', other.accessToken, { page_type: 'product', name: 'Theirs', product_id: product.id })).statusCode).toBe(404)
    const made = await call('POST', '/cabinet/pages', seller.accessToken, { page_type: 'product', name: 'Sales page', product_id: product.id })
    expect(made.statusCode, made.body).toBe(201)
    const list = await call('GET', `/cabinet/pages?page_type=product&product_id=${product.id}`, seller.accessToken)
    expect(list.json().list.map((p: { id: number }) => p.id)).toEqual([made.json().id])
  })

  test('custom CSS is stored scoped under the page, refused when unsafe, and needs the custom_css feature (docs/decisions/0068-custom-css.md)', async () => {
    const page = (await call('POST', '/cabinet/pages', other.accessToken, { page_type: 'shop', name: 'Styled' })).json()
    const save = (css: string) => call('PUT', `/cabinet/pages/${page.id}/draft`, other.accessToken, { page_type: 'shop', document: { settings: { custom_css: css }, blocks: [] } })
    const saved = await save('@import url(x.css); h1 { color: red }')
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().draft.settings.custom_css).toBe('.sf-built h1 { color: red }')
    const unsafe = await save('h1 { content: "</style>" }')
    expect(unsafe.statusCode).toBe(400)
    expect(unsafe.json().error.fields[0].path).toBe('document.settings.custom_css')
    await t.deps.database.executeSql(`update sellers set features = features || '{"custom_css": false}'::jsonb where id = $1`, [other.sellerId])
    const off = await save('h1 { color: blue }')
    expect(off.statusCode).toBe(403)
    expect(off.json().error.type).toBe('feature_disabled')
    expect((await save('')).statusCode).toBe(200)
  })
})
