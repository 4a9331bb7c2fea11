import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { systemContext } from '../../context'
import { builtPage } from './built-data.service'

// Serving built pages (docs/decisions/0065-serving-built-pages.md): the data a page's blocks read, the shop,
// product and thank-you pages, the checkout at /payment, the shop at /:slug, the fallback to the default
// layout, the contact form and product views.

let t: TestApp
let seller: TestSeller
let product: { id: number; slug: string; pricing_plans: { id: number }[] }
let other: { id: number; slug: string }
let categoryId: number
let shopPageId: number

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, token: seller.accessToken, ...(payload ? { payload } : {}) })

/** A page built, published and made active through the API; its id. */
async function activePage(pageType: string, blocks: object[], productId?: number): Promise<number> {
  const made = await call('POST', '/cabinet/pages', { page_type: pageType, name: `My ${pageType}`, ...(productId ? { product_id: productId } : {}) })
  expect(made.statusCode, made.body).toBe(201)
  const id = made.json().id as number
  const saved = await call('PUT', `/cabinet/pages/${id}/draft`, { page_type: pageType, document: { blocks } })
  expect(saved.statusCode, saved.body).toBe(200)
  expect((await call('POST', `/cabinet/pages/${id}/publish`)).statusCode).toBe(200)
  expect((await call('POST', `/cabinet/pages/${id}/activate`)).statusCode).toBe(200)
  return id
}

const form = (url: string, body: Record<string, string>) => t.request({
  method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(body).toString(),
})

beforeAll(async () => {
  t = await createTestApp({ PRODUCT_VIEWS_FLUSH_MS: '20' })
  seller = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, { name: 'Watercolour course', pricing_plans: [oneTimePlan(4900)] })
  other = await publishedProduct(t, seller.accessToken, { name: 'Ink basics' })
  const category = await call('POST', '/cabinet/shop_categories', { title: 'Painting', product_ids: [product.id] })
  expect(category.statusCode, category.body).toBe(201)
  categoryId = category.json().id
  shopPageId = await activePage('shop', [
    { id: 'head', kind: 'header', settings: { title: 'Studio Pia' } },
    { id: 'list', kind: 'products', settings: { source: 'seller_products' } },
    { id: 'words', kind: 'text', settings: { html: '<p>Hand-made courses</p>' } },
    { id: 'proof', kind: 'conversion_tools', settings: { tool: 'social_proof', social_proof_type: 'total_purchases', product_id: product.id } },
    { id: 'ask', kind: 'contact_form', settings: { fields: [
      { id: 'name', kind: 'first_name', label: null, type: 'text', required: true },
      { id: 'mail', kind: 'email', label: null, type: 'text', required: true },
      { id: 'msg', kind: 'custom', label: 'Question', type: 'textarea', required: false },
    ] } },
  ])
  await activePage('product', [
    { id: 'intro', kind: 'text', settings: { html: '<p>Learn to paint with water</p>' } },
    { id: 'buy', kind: 'button', settings: { button: { type: 'buy', text: 'Buy the course' } } },
  ], product.id)
  await activePage('thank_you_page', [{ id: 'thanks', kind: 'thank_you_page', settings: { title: 'Welcome to the studio' } }], product.id)
})

afterAll(async () => {
  await t?.close()
})

test('the data service resolves the products, categories and contact action the page names; only the seller\'s own', async () => {
  const answer = await builtPage(systemContext(t.deps), seller.username, { type: 'shop', productId: null, category: categoryId, path: `/s/${seller.username}` })
  expect(answer).not.toBeNull()
  const data = answer!.data
  expect(Object.keys(data.products).map(Number).sort()).toEqual([product.id, other.id].sort())
  expect(data.products[product.id]).toMatchObject({ name: 'Watercolour course', url: `/s/${seller.username}/${product.slug}`, checkout_url: `/s/${seller.username}/${product.slug}/payment`, display_price: 4900, category: 'Painting' })
  expect(data.shopProductIds).toEqual([product.id]) // the category chosen
  expect(answer!.categories).toEqual([{ id: categoryId, title: 'Painting', url: `/s/${seller.username}?category=${categoryId}`, active: true }])
  expect(data.contactFormAction).toBe(`/s/${seller.username}/contact?page=${shopPageId}`)
  expect(data.socialProof[product.id]).toEqual({ total_views: 0, total_purchases: 0, recent_purchase: null })
  expect(await builtPage(systemContext(t.deps), seller.username, { type: 'product', productId: other.id, path: '/' })).toBeNull() // no page: default layout
})

describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('with the storefront built', () => {
  test('the shop is the built page, without JavaScript, with category links; /:slug serves it too and shadows nothing', async () => {
    const res = await t.request({ method: 'GET', url: `/s/${seller.username}` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('data-testid="built-page"')
    expect(res.body).toContain('Hand-made courses')
    expect(res.body).toContain('Ink basics')
    expect(res.body).not.toMatch(/<script[^>]+src=/)
    expect(res.body).toContain(`href="/s/${seller.username}?category=${categoryId}"`)
    const filtered = await t.request({ method: 'GET', url: `/s/${seller.username}?category=${categoryId}` })
    expect(filtered.body).toContain('Watercolour course')
    expect(filtered.body).not.toContain('Ink basics')

    const bySlug = await t.request({ method: 'GET', url: `/${seller.username}` })
    expect(bySlug.statusCode).toBe(200)
    expect(bySlug.body).toContain('Hand-made courses')
    expect((await t.request({ method: 'GET', url: '/cabinet' })).body).not.toContain('built-page')
    expect((await t.request({ method: 'GET', url: '/no-such-seller-here' })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/robots.txt' })).body).toContain('User-agent')
  })

  test('an applied ShopTheme restyles the served shop page at once (the HTML cache is not stale); header links', async () => {
    // docs/decisions/0070-shop-header-and-themes.md
    const before = await t.request({ method: 'GET', url: `/s/${seller.username}` })
    const again = await t.request({ method: 'GET', url: `/s/${seller.username}` })
    expect(again.headers['x-storefront-cache']).toBe('hit')
    expect(before.body).not.toMatch(/--sf-theme-button:/)
    const theme = await call('POST', '/cabinet/themes', { kind: 'ShopTheme', name: 'Blue', settings: { buttonColor: '#1e88e5', backgroundColor: '#f2f2f2' } })
    expect(theme.statusCode, theme.body).toBe(201)
    const apply = await call('POST', `/cabinet/themes/${theme.json().theme.id}/apply`)
    expect(apply.statusCode, apply.body).toBe(200)
    const applied = await t.request({ method: 'GET', url: `/s/${seller.username}` })
    expect(applied.headers['x-storefront-cache']).toBe('miss')
    expect(applied.body).toContain('--sf-theme-button:#1e88e5')
    expect(applied.body).toContain('background:#f2f2f2')
    // a change of the applied theme shows at once too
    expect((await t.request({ method: 'PATCH', url: `/api/v1/cabinet/themes/${theme.json().theme.id}`, token: seller.accessToken, payload: { settings: { buttonColor: '#43a047' } } })).statusCode).toBe(200)
    const changed = await t.request({ method: 'GET', url: `/s/${seller.username}` })
    expect(changed.body).toContain('--sf-theme-button:#43a047')
    expect(changed.body).not.toContain('#1e88e5')
    // the product page takes the shop's theme as its base; a Product theme refines it
    const productPage = await t.request({ method: 'GET', url: `/s/${seller.username}/${product.slug}` })
    expect(productPage.body).toContain('--sf-theme-button:#43a047')
    const productTheme = await call('POST', '/cabinet/themes', { kind: 'Product', name: 'Red', settings: { buttonColor: '#e53935' } })
    expect((await call('POST', `/cabinet/themes/${productTheme.json().theme.id}/apply`)).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: `/s/${seller.username}/${product.slug}` })).body).toContain('--sf-theme-button:#e53935')
    expect((await t.request({ method: 'GET', url: `/s/${seller.username}` })).body).toContain('--sf-theme-button:#43a047')

    // the header's language switcher and cancel-subscription link
    await activePage('shop', [
      { id: 'head', kind: 'header', settings: { title: 'Studio Pia', language_switcher: true, show_cancel_subscription: true } },
      { id: 'list', kind: 'products', settings: { source: 'seller_products' } },
    ])
    const page = await t.request({ method: 'GET', url: `/s/${seller.username}?lang=en` })
    expect(page.body).toContain(`href="/s/${seller.username}?lang=en" hrefLang="en" lang="en" aria-current="true">English</a>`)
    expect(page.body).toContain(`href="/payer/s/${seller.sellerId}#payer-payments" data-testid="built-cancel-subscription"`)
    expect(page.body.startsWith('<!doctype html><html lang="en">')).toBe(true)
    expect((await t.request({ method: 'GET', url: `/s/${seller.username}?lang=xx` })).body).toContain('aria-current="true">English</a>')
    shopPageId = await activePage('shop', [
      { id: 'head', kind: 'header', settings: { title: 'Studio Pia' } },
      { id: 'list', kind: 'products', settings: { source: 'seller_products' } },
      { id: 'words', kind: 'text', settings: { html: '<p>Hand-made courses</p>' } },
      { id: 'proof', kind: 'conversion_tools', settings: { tool: 'social_proof', social_proof_type: 'total_purchases', product_id: product.id } },
      { id: 'ask', kind: 'contact_form', settings: { fields: [
        { id: 'name', kind: 'first_name', label: null, type: 'text', required: true },
        { id: 'mail', kind: 'email', label: null, type: 'text', required: true },
        { id: 'msg', kind: 'custom', label: 'Question', type: 'textarea', required: false },
      ] } },
    ])
    expect((await t.request({ method: 'GET', url: `/s/${seller.username}` })).body).not.toContain('built-cancel-subscription')
  })

  test('the product page is built; Buy leads to /payment, the checkout, whose no-JS form posts there too', async () => {
    const page = await t.request({ method: 'GET', url: `/s/${seller.username}/${product.slug}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Learn to paint with water')
    expect(page.body).toContain(`href="/s/${seller.username}/${product.slug}/payment"`)
    const checkout = await t.request({ method: 'GET', url: `/s/${seller.username}/${product.slug}/payment` })
    expect(checkout.statusCode).toBe(200)
    expect(checkout.body).toContain('name="payer.email"')
    expect(checkout.body).not.toContain('Learn to paint with water')
    const posted = await form(`/s/${seller.username}/${product.slug}/payment`, { sf_action: 'buy', 'payer.email': 'not-an-email' })
    expect(posted.statusCode).toBe(422)
    expect(posted.body).toContain('name="payer.email"')
    // A product without a built page stays as it was.
    expect((await t.request({ method: 'GET', url: `/s/${seller.username}/${other.slug}` })).body).toContain('name="payer.email"')
  })

  test('views of a product page are counted on every GET, also from the cache, not on HEAD', async () => {
    const url = `/s/${seller.username}/${product.slug}?utm_source=views`
    const first = await t.request({ method: 'GET', url })
    const second = await t.request({ method: 'GET', url })
    expect([first.headers['x-storefront-cache'], second.headers['x-storefront-cache']]).toEqual(['miss', 'hit'])
    await t.request({ method: 'HEAD', url })
    await vi.waitFor(async () => {
      const rows = (await t.deps.database.executeSql('select sum(views)::int as views from product_view_counts where product_id = $1', [product.id])).rows
      expect(rows[0]).toMatchObject({ views: expect.any(Number) })
      expect((rows[0] as { views: number }).views).toBeGreaterThanOrEqual(2)
    })
    // the shop's social proof shows them
    // Views are counted after the answer, so some may still land while the page is read: the page shows a
    // count between the one before and the one after its read.
    const viewsNow = async () => ((await t.deps.database.executeSql('select sum(views)::int as views from product_view_counts where product_id = $1', [product.id])).rows[0] as { views: number }).views
    const before = await viewsNow()
    const answer = await builtPage(systemContext(t.deps), seller.username, { type: 'shop', productId: null, path: '/' })
    const after = await viewsNow()
    expect(answer!.data.socialProof[product.id]!.total_views).toBeGreaterThanOrEqual(before)
    expect(answer!.data.socialProof[product.id]!.total_views).toBeLessThanOrEqual(after)
  })

  test('the success page shows the thank-you page above the default thanks, with the access links kept', async () => {
    const payer = fullPayer()
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    await sandboxPay(t, res.json().next_action.payment_id)
    const page = await t.request({ method: 'GET', url: `/s/${seller.username}/payment/${res.json().order.token}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Welcome to the studio')
    expect(page.body).toContain('data-testid="success-page"')
    expect(page.body).toContain('data-testid="sign-in-link"')
    // The purchase now counts, and the latest buyer shows by initial only.
    const answer = await builtPage(systemContext(t.deps), seller.username, { type: 'shop', productId: null, path: '/' })
    expect(answer!.data.socialProof[product.id]).toMatchObject({ total_purchases: 1, recent_purchase: { first_name: 'P.' } })
  })

  test('a page that fails to render falls back to the default layout (logged), never a 500', async () => {
    const broken = await activePage('product', [{ id: 'ok', kind: 'text', settings: { html: '<p>Fine</p>' } }], other.id)
    await t.deps.database.executeSql(`update page_versions set document = jsonb_set(document, '{blocks,0,settings}', 'null'::jsonb) where page_id = $1`, [broken])
    const res = await t.request({ method: 'GET', url: `/s/${seller.username}/${other.slug}?fresh=1` })
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('data-testid="built-page"')
    expect(res.body).toContain('name="payer.email"')
  })

  test('the contact form: stored and mailed to the seller; required, email and honeypot checked', async () => {
    const url = `/s/${seller.username}/contact?page=${shopPageId}`
    const count = async () => ((await t.deps.database.executeSql('select count(*)::int as n from contact_form_submissions where seller_id = $1', [seller.sellerId])).rows[0] as { n: number }).n
    const sent = await form(url, { block_id: 'ask', 'fields.name': 'Pia', 'fields.mail': 'pia@example.test', 'fields.msg': 'Is there a beginners class?', website: '' })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(await count()).toBe(1)
    const mails = (await t.deps.database.executeSql("select text from email_logs where kind = 'contact_form_submission' and \"to\" = $1", [seller.email])).rows as { text: string }[]
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('Question: Is there a beginners class?')

    expect((await form(url, { block_id: 'ask', 'fields.mail': 'pia@example.test' })).statusCode).toBe(422) // name required
    expect((await form(url, { block_id: 'ask', 'fields.name': 'Pia', 'fields.mail': 'not-mail' })).statusCode).toBe(422)
    expect((await form(url, { block_id: 'ask', 'fields.name': 'Bot', 'fields.mail': 'bot@example.test', website: 'http://spam.example' })).statusCode).toBe(200)
    expect((await form(`/s/${seller.username}/contact?page=999999`, { block_id: 'ask', 'fields.name': 'Pia', 'fields.mail': 'pia@example.test' })).statusCode).toBe(404)
    expect(await count()).toBe(1)

    const list = await call('GET', '/cabinet/contact_requests')
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json()).toMatchObject({ total_count: 1, list: [{ page_id: shopPageId, fields: [{ id: 'name', label: 'First name', value: 'Pia' }, { id: 'mail' }, { id: 'msg', label: 'Question' }] }] })
  })
})

describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('the XSS battery on served built pages', () => {
  test('hostile text in blocks, product names and category titles renders as text in the served page', async () => {
    const evil = '"><img src=x onerror=alert(1)>'
    const mallory = await createSeller(t)
    const asMallory = (method: 'POST' | 'PUT', url: string, payload?: object) => t.request({ method, url: `/api/v1${url}`, token: mallory.accessToken, ...(payload ? { payload } : {}) })
    const item = await publishedProduct(t, mallory.accessToken, { name: `Course ${evil}` })
    const category = await asMallory('POST', '/cabinet/shop_categories', { title: `Cat ${evil}`, product_ids: [item.id] })
    expect(category.statusCode, category.body).toBe(201)
    const page = (await asMallory('POST', '/cabinet/pages', { page_type: 'shop', name: evil })).json()
    const saved = await asMallory('PUT', `/cabinet/pages/${page.id}/draft`, { page_type: 'shop', document: { blocks: [
      { id: 'h', kind: 'header', settings: { title: evil, menu: [{ id: 'm', name: evil, url: '/ok', link_type: 'url', submenu: [] }] } },
      { id: 'p', kind: 'products', settings: { show_description: true, show_category: true } },
      { id: 't', kind: 'testimonials', settings: { items: [{ id: 'x', avatar_key: null, full_name: evil, text: evil }] } },
      { id: 'f', kind: 'contact_form', settings: { title: evil, fields: [{ id: 'a', kind: 'custom', label: evil, type: 'text', required: true }] } },
    ] } })
    expect(saved.statusCode, saved.body).toBe(200)
    await asMallory('POST', `/cabinet/pages/${page.id}/publish`)
    await asMallory('POST', `/cabinet/pages/${page.id}/activate`)
    const res = await t.request({ method: 'GET', url: `/s/${mallory.username}` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('data-testid="built-page"')
    expect(res.body).not.toMatch(/<img[^>]+src="?x/i)
    expect(res.body).not.toMatch(/<script(?![^>]*type="application\/(ld\+)?json")/i)
    expect(res.body).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;')
  })
})
