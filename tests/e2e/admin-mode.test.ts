import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { apiSignIn, createProductInWizard, signedInPage, startDemoPlatform, stopPlatform, type RunningServer } from './harness'

// Admin mode in Chromium (docs/decisions/0056-managers-admin-mode.md): a manager finds the demo seller on
// /admin/users, acts as them, sees the banner on two pages, creates a product as the seller, ends admin mode
// back on /admin, and the admin mode log names the product's creation; the platform settings page answers.

const manager = { email: 'manager@admin-mode-e2e.test', password: 'Manager-pass1!' }
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

describe('admin mode', () => {
  test('the manager acts as the demo seller under a banner, ends it, and the log shows what was done', async () => {
    await page.getByRole('link', { name: 'Users', exact: true }).click()
    await page.waitForURL('**/admin/users')
    await page.getByLabel('Search by name, email or username').fill(demo.email)
    await page.locator(`[data-testid="user-row"][data-email="${demo.email}"]`).waitFor()
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1)
    await page.getByTestId('user-open').click()
    await page.getByTestId('admin-user-page').waitFor()

    await page.getByTestId('start-admin-mode').click()
    await page.waitForURL('**/cabinet')
    const banner = page.getByTestId('admin-mode-banner')
    await banner.waitFor()
    expect(await banner.textContent()).toContain('You are acting as Demo Seller (demo@sellfront.test)')

    const productId = await createProductInWizard(page, 'digital', 'Made in admin mode')
    expect(await banner.isVisible()).toBe(true)

    await page.getByTestId('end-admin-mode').click()
    await page.waitForURL('**/admin')
    await page.getByTestId('admin-home').waitFor()
    expect(await page.getByTestId('admin-mode-banner').count()).toBe(0)

    await page.getByRole('link', { name: 'Admin mode log', exact: true }).click()
    await page.locator('[data-testid="audit-entry"][data-route="/api/v1/cabinet/products"]').waitFor()

    // the platform settings: the manager sets a fee over the environment's, sees it recorded, and resets it
    await page.getByRole('link', { name: 'Platform settings', exact: true }).click()
    await expect.poll(() => page.getByTestId('setting-input-home_country').inputValue()).toContain('DE')
    await page.getByTestId('setting-input-platform_fee_bps').fill('250')
    await page.getByTestId('platform-settings-save').click()
    await expect.poll(() => page.getByTestId('setting-source-platform_fee_bps').textContent()).toBe('Set by a manager')
    await expect.poll(() => page.getByTestId('setting-change').first().textContent()).toBe('2.5 %')
    await page.getByTestId('setting-reset-platform_fee_bps').click()
    await expect.poll(() => page.getByTestId('setting-source-platform_fee_bps').textContent()).toBe('From the environment')
    await expect.poll(() => page.getByTestId('setting-input-platform_fee_bps').inputValue()).toBe('0')

    // every seller's refunds and chargebacks
    await page.getByRole('link', { name: 'Refunds', exact: true }).click()
    await page.getByTestId('admin-refunds-page').waitFor()

    // the product is the demo seller's
    const seller = await apiSignIn(server, demo.email, demo.password, 'e2e-admin-mode-demo')
    const res = await fetch(`${server.url}/api/v1/cabinet/products/${productId}`, { headers: { authorization: `Bearer ${seller.access_token}` } })
    expect(res.status).toBe(200)
    expect(errors).toEqual([])
  })
})
