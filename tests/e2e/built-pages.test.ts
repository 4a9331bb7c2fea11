import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { apiSignIn, newPage, startDemoPlatform, stopPlatform, type RunningServer } from './harness'
import { fillPayerDetails, payWithSandbox, watchProblems } from './buyer'

// Built pages served (docs/decisions/0065-serving-built-pages.md): the demo seller builds a shop page, a product
// page and a thank-you page through the API, publishes and activates them; the payer opens the shop, sees the
// blocks, opens the product, buys it at its checkout (/payment) with the sandbox and sees the thank-you page.

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass-built1!' }
let server: RunningServer
let browser: Browser
let token: string

beforeAll(async () => {
  ({ server, browser } = await startDemoPlatform(demo.password))
  token = (await apiSignIn(server, demo.email, demo.password, 'e2e-built-pages')).access_token
})
afterAll(() => stopPlatform(server, browser))

async function api(method: string, path: string, body?: object) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
  })
  expect(res.status, `${method} ${path}: ${res.status}`).toBeLessThan(300)
  return res.json() as Promise<any>
}

async function activePage(pageType: string, name: string, blocks: object[], productId?: number) {
  const page = await api('POST', '/cabinet/pages', { page_type: pageType, name, ...(productId ? { product_id: productId } : {}) })
  await api('PUT', `/cabinet/pages/${page.id}/draft`, { page_type: pageType, document: { blocks } })
  await api('POST', `/cabinet/pages/${page.id}/publish`)
  await api('POST', `/cabinet/pages/${page.id}/activate`)
}

describe('built pages', () => {
  test('the payer opens the built shop, the built product page, buys at its checkout and sees the thank-you page', async () => {
    const products = (await api('GET', '/cabinet/products?per=50')).list as { id: number; slug: string; name: string }[]
    const presets = products.find((p) => p.slug === 'lightroom-presets')!
    await activePage('shop', 'Shop', [
      { id: 'head', kind: 'header', settings: { title: 'Studio Demo' } },
      { id: 'hero', kind: 'banner', settings: { title: 'Learn, create, share' } },
      { id: 'list', kind: 'products', settings: { source: 'seller_products', product_ids: [presets.id] } },
    ])
    await activePage('product', 'Presets', [
      { id: 'what', kind: 'text', settings: { html: '<p>Twenty warm presets</p>' } },
      { id: 'buy', kind: 'button', settings: { button: { type: 'buy', text: 'Get the presets' } } },
    ], presets.id)
    await activePage('thank_you_page', 'Thanks', [{ id: 'thanks', kind: 'thank_you_page', settings: { title: 'Happy editing!' } }], presets.id)

    const { context, page } = await newPage(browser, server.url)
    page.setDefaultTimeout(10_000)
    const problems = watchProblems(page)
    await page.goto('/s/demo')
    expect(await page.getByTestId('built-page').count()).toBe(1)
    expect(await page.getByRole('heading', { name: 'Learn, create, share' }).count()).toBe(1)
    await page.getByTestId('built-products').getByRole('link', { name: presets.name }).first().click()
    await page.waitForURL('**/s/demo/lightroom-presets')
    expect(await page.getByText('Twenty warm presets').count()).toBe(1)
    await page.getByRole('link', { name: 'Get the presets' }).click()
    await page.waitForURL('**/s/demo/lightroom-presets/payment')
    await expect.poll(() => page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
    await fillPayerDetails(page, 'built-pages-payer@example.test')
    await payWithSandbox(page)
    expect(await page.getByTestId('built-thank-you').getByText('Happy editing!').count()).toBe(1)
    expect(await page.getByTestId('sign-in-link').count()).toBe(1)
    expect(problems).toEqual([])
    await context.close()
  })
})
