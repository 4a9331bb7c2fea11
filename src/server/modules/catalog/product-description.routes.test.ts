import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'

// The rich description next to the plain one (docs/decisions/0047-product-description-html.md).

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/products'
const patch = (id: number, payload: Record<string, unknown>) => t.request({ method: 'PATCH', url: `${url}/${id}`, token: seller.accessToken, payload })

describe('description_html', () => {
  test('created with rich text: stored sanitised, the plain description derived from its text', async () => {
    const body = await createProduct(t, seller.accessToken, {
      name: 'Rich', description_html: '<h2>Eight modules</h2><p>From <strong>first wash</strong> &amp; more</p><ul><li><p>One</p></li><li><p>Two</p></li></ul>',
    })
    expect(body.description_html).toBe('<h2>Eight modules</h2><p>From <strong>first wash</strong> &amp; more</p><ul><li><p>One</p></li><li><p>Two</p></li></ul>')
    expect(body.description).toBe('Eight modules\n\nFrom first wash & more\n\n- One\n- Two')
  })

  test('hostile HTML is stripped: scripts, handlers, styles, other schemes', async () => {
    const body = await createProduct(t, seller.accessToken, {
      name: 'Hostile',
      description_html: '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a><iframe src="https://evil.example"></iframe>',
    })
    expect(body.description_html).toBe('<p>Hi</p><a>link</a>')
    expect(body.description).toBe('Hi\n\nlink')
  })

  test('text that would hold a script tag is refused, as in the plain field', async () => {
    const res = await t.request({ method: 'POST', url, token: seller.accessToken, payload: { form: 'digital', name: 'Escaped', description_html: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>' } })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json())).toContain('description_html')
  })

  test('both sent: stored as sent (the rich text sanitised)', async () => {
    const body = await createProduct(t, seller.accessToken, { name: 'Both', description: 'Short plain text', description_html: '<p>Long <em>rich</em> text</p>' })
    expect(body).toMatchObject({ description: 'Short plain text', description_html: '<p>Long <em>rich</em> text</p>' })
  })

  test('a derived description is cut to the plain field\'s 50000 characters', async () => {
    const body = await createProduct(t, seller.accessToken, { name: 'Long', description_html: `<p>${'a'.repeat(60_000)}</p>` })
    expect(body.description).toHaveLength(50_000)
    expect(body.description_html).toHaveLength(60_007)
  })

  test('update with only description works as before and drops the rich text', async () => {
    const product = await createProduct(t, seller.accessToken, { name: 'Headless', description_html: '<p>Rich</p>' })
    const res = await patch(product.id, { description: 'Plain from a script\n\nSecond paragraph' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ description: 'Plain from a script\n\nSecond paragraph', description_html: null })
    const plain = await createProduct(t, seller.accessToken, { name: 'Plain only', description: 'Just text' })
    expect(plain).toMatchObject({ description: 'Just text', description_html: null })
    expect((await patch(plain.id, { name: 'Renamed' })).json()).toMatchObject({ description: 'Just text', description_html: null })
  })

  test('updating other fields keeps both; empty rich text clears both; null drops only the rich text', async () => {
    const product = await createProduct(t, seller.accessToken, { name: 'Edited', description_html: '<p>Kept</p>' })
    expect((await patch(product.id, { limit: 5 })).json()).toMatchObject({ description: 'Kept', description_html: '<p>Kept</p>' })
    expect((await patch(product.id, { description_html: '<p>Changed</p>' })).json()).toMatchObject({ description: 'Changed', description_html: '<p>Changed</p>' })
    expect((await patch(product.id, { description_html: null })).json()).toMatchObject({ description: 'Changed', description_html: null })
    await patch(product.id, { description_html: '<p>Again</p>' })
    expect((await patch(product.id, { description_html: '<p></p>' })).json()).toMatchObject({ description: null, description_html: null })
  })

  test('the public product answer carries both; a longer rich text than allowed is refused', async () => {
    const product = await createProduct(t, seller.accessToken, { name: 'Public', description_html: '<p>Shown <strong>rich</strong></p>' })
    const published = await t.request({ method: 'POST', url: `${url}/${product.id}/publish`, token: seller.accessToken })
    expect(published.statusCode).toBe(200)
    const res = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ description: 'Shown rich', description_html: '<p>Shown <strong>rich</strong></p>' })
    expect((await patch(product.id, { description_html: 'x'.repeat(100_001) })).statusCode).toBe(400)
  })
})
