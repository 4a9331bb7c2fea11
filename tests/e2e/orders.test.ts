import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { apiSignIn, signedInPage, type RunningServer, startDemoPlatform, stopPlatform } from './harness'
import { buyWithSandbox, watchProblems } from './buyer'

// The seller's orders area in Chromium (docs/decisions/0030-orders-list-detail-and-csv-exports.md): a payer buys two of the demo
// seller's products with the sandbox and leaves a third order unpaid; the seller filters the orders list by
// product and by payment state (the tabs show the counts), opens an order's detail (amounts, items,
// payments), refunds it from the detail, and downloads the CSV with chosen columns and a decimal comma.
// Needs the built web app (npm run build:web).

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

let token: string | null = null
async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  token ??= (await apiSignIn(server, demo.email, demo.password, 'e2e-orders-api')).access_token
  const headers = { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }
  const res = await fetch(`${server.url}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (res.status === 204 ? null : await res.json()) as T
}

type Product = { id: number; slug: string; name: string; pricing_plans: { id: number }[] }
async function publishedProduct(name: string, price: number): Promise<Product> {
  const slug = `orders-e2e-${randomUUID().slice(0, 8)}`
  const created = await api<Product>('POST', '/cabinet/products', { form: 'digital', name, slug, pricing_plans: [{ form: 'one_time', currency_id: 'eur', price }] })
  return api<Product>('POST', `/cabinet/products/${created.id}/publish`)
}

async function open(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', acceptDownloads: true })
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page, problems: watchProblems(page) }
}

const rows = (page: Page) => page.getByTestId('order-row')

/** Picks `label` in the Mantine select with this test id. */
async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click()
  await page.getByRole('option', { name: label, exact: true }).click()
}

describe('the seller\'s orders area', () => {
  test('filters with counts, the order detail, a refund from the detail, and the CSV export', async () => {
    const alpha = await publishedProduct('Orders e2e alpha', 1900)
    const beta = await publishedProduct('Orders e2e beta', 3100)
    const email = `orders-${Date.now().toString(36)}@payer-e2e.test`
    const buyer = await open()
    const alphaToken = await buyWithSandbox(buyer.page, alpha.slug, email)
    await buyWithSandbox(buyer.page, beta.slug, email)
    expect(buyer.problems).toEqual([])
    await buyer.context.close()
    // A third order of alpha the payer never pays (payment_waiting).
    const unpaid = await fetch(`${server.url}/api/v1/shop/orders`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        product_id: alpha.id, pricing_plan_id: alpha.pricing_plans[0]!.id, payment_method: 'card', terms_accepted: true,
        payer: { email, first_name: 'Pat', last_name: 'Payer', country_code: 'DE', street: 'Hauptstraße', street_number: '1', zip: '10115', city: 'Berlin', phone: '+4930123456' },
      }),
    })
    expect(unpaid.status).toBe(201)

    const seller = await signedInPage(browser, server, demo, '**/cabinet**')
    const page = seller.page
    const problems = watchProblems(page)
    await page.goto('/cabinet/orders')
    await page.getByTestId('orders-page').waitFor()

    // Filter by product: alpha's two orders; the tabs count them per payment state.
    await choose(page, 'filter-product', alpha.name)
    await expect.poll(() => rows(page).count()).toBe(2)
    await expect.poll(() => page.getByTestId('state-count-paid').textContent()).toBe('1')
    // The unpaid order waits (or is pending, as the sandbox answered its creation).
    const unpaidState = (await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).find((s) => s !== 'paid')
    expect(['payment_waiting', 'payment_pending']).toContain(unpaidState)
    await expect.poll(() => page.getByTestId(`state-count-${unpaidState}`).textContent()).toBe('1')
    expect(await page.getByTestId('state-count-payment_refunded').textContent()).toBe('0')
    // ... and by state: only the paid one.
    await page.getByTestId('state-tab-paid').click()
    await expect.poll(() => rows(page).count()).toBe(1)
    expect(await rows(page).first().getAttribute('data-order-token')).toBe(alphaToken)
    expect(await rows(page).first().getAttribute('data-state')).toBe('paid')
    // Beta's paid order instead; then every product again.
    await choose(page, 'filter-product', beta.name)
    await expect.poll(() => rows(page).first().getAttribute('data-product-id')).toBe(String(beta.id))
    expect(await rows(page).count()).toBe(1)
    await choose(page, 'filter-product', alpha.name)
    await expect.poll(() => rows(page).first().getAttribute('data-order-token')).toBe(alphaToken)

    // The CSV of the filtered list: chosen columns, decimal comma.
    await page.getByTestId('export-csv').click()
    const dialog = page.getByTestId('csv-dialog')
    await dialog.getByTestId('csv-no-columns').click()
    for (const column of ['token', 'product', 'payment_state', 'total']) await dialog.getByLabel(column, { exact: true }).check()
    await dialog.getByLabel('Comma (12,50)').check()
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('csv-download').click()])
    expect(download.suggestedFilename()).toBe('orders.csv')
    const csv = readFileSync((await download.path())!, 'utf8').trim().split('\n')
    expect(csv[0]).toBe('token,product,payment_state,total')
    // A token that starts with a minus sign is neutralised like any formula start (a leading apostrophe).
    const tokenCell = /^[=+\-@]/.test(alphaToken) ? `'${alphaToken}` : alphaToken
    expect(csv.slice(1)).toEqual([`${tokenCell},${alpha.name},paid,"19,00"`])

    // The detail: state, amounts, items and the payment.
    await rows(page).first().getByRole('link').click()
    await page.waitForURL(/\/cabinet\/orders\/\d+$/)
    const detail = page.getByTestId('order-detail')
    await detail.waitFor()
    expect(await detail.getAttribute('data-state')).toBe('paid')
    expect(await page.getByTestId('amount-total').textContent()).toContain('19')
    expect(await page.getByTestId('amount-paid').textContent()).toContain('19')
    expect(await page.getByTestId('order-items').textContent()).toContain(alpha.name)
    expect(await page.getByTestId('order-transfers').textContent()).toContain('charge')
    expect(await page.getByTestId('order-payer').textContent()).toContain(email)

    // A full refund from the detail, behind its confirmation.
    await page.getByTestId('action-refund').click()
    await page.getByTestId('action-dialog').waitFor()
    await page.getByTestId('action-confirm').click()
    await expect.poll(() => detail.getAttribute('data-state'), { timeout: 20_000 }).toBe('payment_refunded')
    await expect.poll(() => page.getByTestId('amount-refunded').textContent()).toContain('19')
    expect(await page.getByTestId('action-refund').count()).toBe(0)

    // Back in the list, the refunded tab counts it.
    await page.goto('/cabinet/orders')
    await choose(page, 'filter-product', alpha.name)
    await expect.poll(() => page.getByTestId('state-count-payment_refunded').textContent()).toBe('1')

    expect(seller.errors).toEqual([])
    expect(problems).toEqual([])
    await seller.context.close()
  })
})
