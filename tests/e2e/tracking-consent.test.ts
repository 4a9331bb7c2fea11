import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { wizardSteps } from '../../src/shared/catalog/wizard'
import type { ProductForm } from '../../src/shared/catalog'
import { apiGet, apiSignIn, type RunningServer, signedInPage, startDemoPlatform, stopPlatform } from './harness'

// Tracking with consent in Chromium (docs/decisions/0074-tracking-with-consent.md), against the demo seller whose
// GA4 code (G-DEMO123456) is selected on every demo product: before consent no tracking script and no request
// to a tracking host; after accepting statistics in the storefront's banner, the gtag script is on the page
// and `dataLayer` holds the product page's event with its fields. Every request that would leave 127.0.0.1 is
// answered here by page routing, so nothing reaches the internet.

let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform('Demo-pass1!', { env: { SEED_DEMO_TRACKING: 'true' } })) })
afterAll(() => stopPlatform(server, browser))

type Opened = { context: BrowserContext; page: Page; external: string[]; problems: string[] }

async function open(): Promise<Opened> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' })
  const external: string[] = []
  // Anything not for this server is recorded and answered locally: a tracking host never sees a request.
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url())
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue()
    external.push(url.href)
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: 'window.__sfTrackingStandIn = (window.__sfTrackingStandIn || 0) + 1' })
  })
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(`pageerror: ${String(e)}`))
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`) })
  return { context, page, external, problems }
}

const trackingScripts = (page: Page) => page.evaluate(() => [...document.scripts].map((s) => s.src).filter((src) => /googletagmanager|google-analytics|facebook|tracify/.test(src)))

describe('the storefront\'s tracking with consent', () => {
  test('no tracking before consent on the shop and product page; after accepting statistics the GA4 script loads and dataLayer holds the product_page event', async () => {
    const { context, page, external, problems } = await open()
    try {
      for (const path of ['/s/demo', '/s/demo/watercolour-course']) {
        await page.goto(path)
        await expect.poll(() => page.getByTestId('consent-banner').isVisible()).toBe(true)
        expect(await trackingScripts(page)).toEqual([])
        expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? null)).toBeNull()
      }
      expect(external).toEqual([])

      // Choose: statistics only, then save (the form posts, sets the cookie and returns to the page)
      await page.getByTestId('consent-banner').locator('summary').click()
      await page.getByTestId('consent-banner').getByLabel(/Statistics/).check()
      await Promise.all([page.waitForURL('**/s/demo/watercolour-course'), page.getByTestId('consent-banner').getByRole('button', { name: 'Save choice' }).click()])
      expect((await context.cookies()).find((c) => c.name === 'sf_cookie_consent')?.value).toBe('1,3')

      await expect.poll(() => trackingScripts(page)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-DEMO123456'])
      await expect.poll(() => external.some((u) => u.startsWith('https://www.googletagmanager.com/gtag/js?id=G-DEMO123456'))).toBe(true)
      expect(external.every((u) => /^https:\/\/www\.googletagmanager\.com\//.test(u))).toBe(true)
      const events = await page.evaluate(() => ((window as unknown as { dataLayer: unknown[] }).dataLayer).filter((e) => e && typeof e === 'object' && 'event' in (e as object)))
      expect(events[0]).toMatchObject({ event: 'product_page', seller: 'demo', product_name: expect.any(String), product_id: expect.any(Number), currency: expect.stringMatching(/^[A-Z]{3}$/) })
      expect(await page.getByTestId('consent-banner').count()).toBe(0)
      expect(await page.getByTestId('consent-settings').isVisible()).toBe(true)

      // Changed back from the footer's cookie settings: necessary only, and the tracking is gone again.
      const before = external.length
      await page.getByTestId('consent-settings').locator('summary').first().click()
      await Promise.all([page.waitForURL('**/s/demo/watercolour-course'), page.getByTestId('consent-settings').getByRole('button', { name: 'Necessary only' }).click()])
      expect(await trackingScripts(page)).toEqual([])
      expect(external.length).toBe(before)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('the cabinet\'s tracking codes', () => {
  test('the demo code is listed; a GTM code is added with its id checked as typed; the wizard changes a product\'s selection; the back office loads no tracking even with every cookie accepted', async () => {
    const { context, page, errors } = await signedInPage(browser, server, { email: 'demo@sellfront.test', password: 'Demo-pass1!' }, '**/cabinet**')
    const external: string[] = []
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url())
      if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue()
      external.push(url.href)
      return route.abort()
    })
    try {
      await page.goto('/cabinet/tracking_codes')
      await expect.poll(() => page.getByTestId('tracking-codes-table').textContent()).toContain('G-DEMO123456')
      await page.getByTestId('tracking-add').click()
      await page.getByTestId('tracking-type').click()
      await page.getByRole('option', { name: 'Google Tag Manager' }).click()
      await page.getByTestId('tracking-name').fill('Tag manager')
      await page.getByTestId('tracking-id').fill('GTM_12')
      await expect.poll(() => page.getByText('This ID does not fit the type').isVisible()).toBe(true)
      await page.getByTestId('tracking-id').fill('GTM-ABC1234')
      await page.getByTestId('tracking-save').click()
      await expect.poll(() => page.getByTestId('tracking-codes-table').textContent()).toContain('GTM-ABC1234')
      expect(await trackingScripts(page)).toEqual([])

      // The wizard's market upsell step: the demo product's selection (the demo code), changed to none.
      const { access_token: token } = await apiSignIn(server, 'demo@sellfront.test', 'Demo-pass1!')
      const product = (await apiGet<{ list: { id: number; slug: string; form: ProductForm }[] }>(server, token, '/cabinet/products?per=50')).list.find((p) => p.slug === 'strategy-session')!
      await page.goto(`/cabinet/products/${product.id}/edit?step=${wizardSteps(product.form).indexOf('market_upsell') + 1}`)
      const section = page.getByTestId('product-tracking-codes')
      await expect.poll(() => section.getByLabel(/Demo analytics/).isChecked()).toBe(true)
      await section.getByText('None', { exact: true }).click()
      await expect.poll(async () => (await apiGet(server, token, `/cabinet/products/${product.id}/tracking_codes`)).product_tracking.mode).toBe('none')
      expect(external).toEqual([])
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
