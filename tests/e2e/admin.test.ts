import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { apiSignIn, startDemoPlatform, stopPlatform, type RunningServer, signedInPage } from './harness'

// The managers' lists in Chromium against the real server with the demo catalogue: a manager makes the
// demo seller a power seller on /admin/sellers (with confirmation), takes a demo product down with a
// reason on /admin/products and restores it; each change is checked through the API.

const manager = { email: 'manager@admin-e2e.test', password: 'Manager-pass1!' }
const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
let errors: string[]

beforeAll(async () => {
  ;({ server, browser } = await startDemoPlatform(demo.password, { managers: [manager] }))
  ;({ context, page, errors } = await signedInPage(browser, server, manager, '**/admin**'))
})

afterAll(async () => {
  await context?.close()
  await stopPlatform(server, browser)
})

/** GET through the API as the manager (a fresh token each time). */
async function adminGet(path: string) {
  const { access_token } = await apiSignIn(server, manager.email, manager.password, 'e2e-admin-api-fingerprint')
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${access_token}` } })
  expect(res.status).toBe(200)
  return res.json() as Promise<{ list: Record<string, any>[]; total_count: number }>
}

/**
 * Clicks the power-seller switch until its confirmation shows. The switch's input is visually hidden, so the
 * click is forced; a forced click skips the stability wait and can land while the page shifts back after a
 * modal released the scroll lock, so it is repeated (the switch is controlled: a click only asks).
 */
async function openFlagDialog() {
  const confirm = page.getByTestId('seller-flag-confirm')
  await expect.poll(async () => {
    if (!(await confirm.isVisible())) await page.getByRole('switch', { name: 'Power seller: demo' }).click({ force: true })
    return confirm.isVisible()
  }, { timeout: 10_000, interval: 300 }).toBe(true)
}

describe('/admin/sellers', () => {
  test('the manager finds the demo seller and makes them a power seller after confirming', async () => {
    await page.getByRole('link', { name: 'Sellers', exact: true }).click()
    await page.waitForURL('**/admin/sellers')
    await page.getByLabel('Search by username, email or company').fill(demo.email)
    const row = page.locator('[data-testid="seller-row"][data-username="demo"]')
    await row.waitFor()
    await expect.poll(() => page.getByTestId('seller-row').count()).toBe(1)
    const power = page.getByTestId('seller-power-demo')
    expect(await power.isChecked()).toBe(false)

    // cancelling changes nothing
    await openFlagDialog()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await power.isChecked()).toBe(false)

    await openFlagDialog()
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Make demo a power seller?')
    await page.getByTestId('seller-flag-confirm-submit').click()
    await expect.poll(() => power.isChecked()).toBe(true)

    const seller = (await adminGet('/admin/sellers?query=demo%40sellfront.test')).list[0]!
    expect(seller).toMatchObject({ username: 'demo', power_seller: true, blocked: false, can_sell: true })
    expect(seller.products_count).toBeGreaterThanOrEqual(8)
    expect(errors).toEqual([])
  })
})

describe('/admin/products', () => {
  test('a demo product is taken down with a reason and restored', async () => {
    const published = await adminGet('/admin/products?publish_state=published&per=1&sort_key=id&sort_dir=asc')
    const product = published.list[0]!
    expect(product.seller_username).toBe('demo')

    await page.getByRole('link', { name: 'Products', exact: true }).click()
    await page.waitForURL('**/admin/products')
    await page.getByLabel('Search by product name').fill(product.name)
    const row = page.locator(`[data-testid="admin-product-row"][data-product-id="${product.id}"]`)
    await row.waitFor()
    const tableRow = page.locator('tr').filter({ has: row })

    // a reason is required
    await tableRow.getByTestId('admin-product-take-down').click()
    await page.getByTestId('take-down-submit').click()
    await page.getByRole('dialog').getByText('This field is required').waitFor()
    await page.getByTestId('take-down-reason').fill('Misleading claims about results')
    await page.getByTestId('take-down-submit').click()
    await expect.poll(() => row.getAttribute('data-state')).toBe('admin_unpublished')
    expect(await tableRow.getByTestId('admin-product-reason').textContent()).toBe('Reason: Misleading claims about results')

    const down = (await adminGet(`/admin/products?query=${encodeURIComponent(product.name)}`)).list.find((p) => p.id === product.id)
    expect(down).toMatchObject({ publish_state: 'admin_unpublished', review_reason: 'Misleading claims about results' })
    const shop = await fetch(`${server.url}/api/v1/shop/demo/products?per=500`)
    expect(((await shop.json()) as { list: { id: number }[] }).list.map((p) => p.id)).not.toContain(product.id)

    await tableRow.getByTestId('admin-product-restore').click()
    await expect.poll(() => row.getAttribute('data-state')).toBe('unpublished')
    const restored = (await adminGet(`/admin/products?query=${encodeURIComponent(product.name)}`)).list.find((p) => p.id === product.id)
    expect(restored).toMatchObject({ publish_state: 'unpublished', review_reason: null })
    expect(errors).toEqual([])
  })
})
