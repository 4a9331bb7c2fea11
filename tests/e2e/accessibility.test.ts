import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { buyWithSandbox } from './buyer'
import { newPage, signedInPage, type RunningServer, startDemoPlatform, stopPlatform } from './harness'
import { seriousViolations } from './axe'

// axe-core on the pages a payer and a new seller see first: the demo seller's shop and a product page,
// the checkout form, the success page after a sandbox purchase, sign-in and sign-up, and the main cabinet
// pages. Any critical or serious violation fails (docs/decisions/0045-cabinet-on-a-phone.md). Needs the
// built web app and storefront (npm run build:web).

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

/** A page's violations, named by where they were found. */
async function check(page: Page, where: string): Promise<string[]> {
  return (await seriousViolations(page, { dump: process.env.AXE_DUMP })).map((line) => `${where}: ${line}`)
}

async function publicPage() {
  const opened = await newPage(browser, server.url)
  opened.page.setDefaultTimeout(15_000)
  await opened.context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
  return opened
}

describe('accessibility (axe-core: no critical or serious violation)', () => {
  test('the storefront: the shop, a product page, the checkout and the success page', async () => {
    const { context, page } = await publicPage()
    const found: string[] = []
    await page.goto('/s/demo')
    found.push(...await check(page, 'shop page'))
    await page.goto('/s/demo/watercolour-course')
    found.push(...await check(page, 'product page'))
    await page.goto('/s/demo/lightroom-presets')
    await expect.poll(() => page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
    found.push(...await check(page, 'checkout'))
    await buyWithSandbox(page, 'lightroom-presets', 'axe-payer@example.test')
    found.push(...await check(page, 'success page'))
    await context.close()
    expect(found).toEqual([])
  }, 120_000)

  test('the account pages: sign-in and sign-up', async () => {
    const { context, page } = await publicPage()
    const found: string[] = []
    await page.goto('/users/sign_in')
    await page.getByTestId('sign-in-submit').waitFor()
    found.push(...await check(page, 'sign-in'))
    await page.goto('/users/sign_up')
    await page.getByLabel('Email address').waitFor()
    found.push(...await check(page, 'sign-up'))
    await context.close()
    expect(found).toEqual([])
  }, 60_000)

  test('the cabinet: dashboard, products, orders and a product form', async () => {
    const { context, page } = await signedInPage(browser, server, demo, '**/cabinet')
    page.setDefaultTimeout(15_000)
    const found: string[] = []
    await page.getByTestId('area-title').waitFor()
    await page.waitForLoadState('networkidle')
    found.push(...await check(page, 'dashboard'))
    await page.goto('/cabinet/products')
    await page.getByTestId('new-product').waitFor()
    await page.waitForLoadState('networkidle')
    found.push(...await check(page, 'products'))
    await page.goto('/cabinet/orders')
    await page.getByTestId('order-filters').waitFor()
    await page.waitForLoadState('networkidle')
    found.push(...await check(page, 'orders'))
    await page.goto('/cabinet/products')
    await page.getByRole('link', { name: /Watercolour/ }).first().click()
    await page.waitForURL(/\/cabinet\/products\/\d+\/edit$/)
    await page.getByTestId('wizard-title').waitFor()
    await page.waitForLoadState('networkidle')
    found.push(...await check(page, 'product form'))
    await context.close()
    expect(found).toEqual([])
  }, 120_000)
})
